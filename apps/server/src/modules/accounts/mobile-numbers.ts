import type { MobileChange } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import type { Accounts, Visit } from './accounts.ts';
import { checkCurrentPassword } from './password-change.ts';
import { masked } from './profile.ts';
import { memberSecurity } from './security.ts';
import { checkMobileRule, knownDialingCode, useSmsCode } from './sms-codes.ts';
import * as store from './store.ts';

/**
 * The dialing code of the one account with this mobile number, for a client that sends the number alone (the
 * original's reset by phone). '' when no account, or more than one, has it: the code check then fails as for a
 * wrong number.
 */
export async function dialingCodeOf(db: Queryable, mobile: string): Promise<string> {
  const codes = await store.dialingCodesOfMobile(db, mobile);
  return codes.length === 1 ? (codes[0] as string) : '';
}

/**
 * Binds a mobile number to the signed-in member, or changes the bound one (security centre): the number must pass
 * the mobileNum rule and be nobody's, the SMS code sent to it (purpose 'bindMobile') proves the member holds it, and
 * the login password proves the member is at the keyboard. The change is kept (member_mobile_changes).
 */
export async function bindMobile(
  accounts: Accounts,
  memberId: number,
  input: { countryDialingCode: string; mobileNum: string; verificationCode: string; password: string },
  visit: Visit,
) {
  const { db } = accounts;
  const { countryDialingCode, mobileNum: mobile } = input;
  if (!(await knownDialingCode(db, countryDialingCode))) {
    throw new AppError('validation_failed', { countryDialingCode: 'invalid_value' });
  }
  await checkMobileRule(db, mobile, 'mobileNum', visit.language);
  await checkCurrentPassword(accounts, memberId, input.password, 'password', visit);
  if (await store.mobileTaken(db, countryDialingCode, mobile)) {
    throw new AppError('mobile_taken', { mobileNum: 'taken' });
  }
  const result = await useSmsCode(
    db,
    countryDialingCode,
    mobile,
    'bindMobile',
    input.verificationCode,
    visit.now,
  );
  if (result !== 'ok') {
    throw new AppError(result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid', {
      verificationCode: 'invalid_value',
    });
  }
  await write(db, { isolation: 'read committed' }, async (tx) => {
    await store.changeMobile(tx, { memberId, countryDialingCode, mobile, ip: visit.ip }, visit.now);
    await publish(tx, { type: 'member.changed', areas: ['profile'] }, { member: memberId });
  }).catch((error: unknown) => {
    // Two members binding the same number at once: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      throw new AppError('mobile_taken', { mobileNum: 'taken' });
    throw error;
  });
  return memberSecurity(db, memberId);
}

/** The member's number changes, newest first, each number masked as member info masks it. */
export async function mobileChanges(db: Queryable, memberId: number, limit = 50): Promise<MobileChange[]> {
  return (await store.listMobileChanges(db, memberId, limit)).map((row) => ({
    at: row.changed_at.toISOString(),
    oldCountryDialingCode: row.old_country_dialing_code,
    oldMobileNum: row.old_mobile === null ? null : masked(row.old_mobile),
    countryDialingCode: row.new_country_dialing_code,
    mobileNum: masked(row.new_mobile),
  }));
}
