import {
  breaksRegisterRule,
  registerRuleMessage,
  SMS_CODE_MAX_TRIES,
  type SmsPurpose,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { merchant } from '../system/merchant.ts';
import { countries } from '../system/regions.ts';
import { registerRules } from '../system/registration-rules.ts';
import { type Accounts, requireFlag, sendingPolicy, throttle, type Visit } from './accounts.ts';
import { queueSms } from './delivery.ts';
import * as store from './store.ts';

const codeHash = (id: number, code: string) => sha256Hex(`${id}:${code}`);

/**
 * Checks a code for the number and purpose in a write of its own (a wrong try counts even when the request then
 * fails): every check is a try (5 at most); a right code is used up.
 */
export async function useSmsCode(
  db: Database,
  countryDialingCode: string,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
): Promise<'ok' | 'invalid' | 'expired'> {
  return write(db, { isolation: 'read committed' }, async (tx) => {
    const found = await store.takeSmsCodeTry(tx, { countryDialingCode, mobile, purpose }, SMS_CODE_MAX_TRIES);
    if (!found) return 'invalid';
    if (found.expires_at <= now) return 'expired';
    if (found.code_hash !== codeHash(found.id, code)) return 'invalid';
    return (await store.consumeSmsCode(tx, found.id, now)) ? 'ok' : 'invalid';
  });
}

/** A dialing code of one of the site's countries. */
export async function knownDialingCode(db: Queryable, countryDialingCode: string) {
  return (await countries(db)).some((c) => c.countryDialingCode === countryDialingCode);
}

/** The mobile number against the registration rule for mobileNum, when it is enabled. */
export async function checkMobileRule(db: Queryable, mobile: string, field: string, language: string) {
  const rule = (await registerRules(db)).find((r) => r.key === 'mobileNum');
  if (rule?.enabled && breaksRegisterRule(rule, mobile)) {
    throw new AppError('validation_failed', { [field]: registerRuleMessage(rule, language) });
  }
}

/**
 * Sends a 6-digit code (CSPRNG) bound to the number and the purpose ('bindMobile': a number the signed-in member
 * binds, refused with mobile_taken when an account has it, the member's own included). Limits: SMS_MAX_PER_NUMBER per number and
 * SMS_MAX_PER_IP per address in an hour, then too_many_requests for 5 minutes.
 */
export async function sendSmsCode(
  accounts: Accounts,
  input: {
    countryDialingCode: string;
    mobile: string;
    purpose: SmsPurpose;
    username?: string;
    field: string;
  },
  visit: Visit,
  idempotency: IdempotencyKey | null = null,
): Promise<{ expiredMinutes: number }> {
  const { db, config } = accounts;
  const { now } = visit;
  const earlier = await earlierAnswer<{ expiredMinutes: number }>(db, idempotency);
  if (earlier) return earlier;
  // Binding a number in the security centre needs no module flag: the member is signed in (realMember).
  const flag = { register: 'MOBILENUMREG3', login: 'MOBILEVERCODELOGIN3', resetPassword: 'CHNGPASSVERIF3' }[
    input.purpose as Exclude<SmsPurpose, 'bindMobile'>
  ];
  if (input.purpose === 'register' && input.username !== undefined) await requireFlag(db, 'REGMOBVERF3');
  else if (input.purpose !== 'bindMobile') await requireFlag(db, flag);
  if (!(await knownDialingCode(db, input.countryDialingCode))) {
    throw new AppError('validation_failed', { countryDialingCode: 'invalid_value' });
  }
  await checkMobileRule(db, input.mobile, input.field, visit.language);
  await throttle(
    db,
    [
      [`sms-number:${input.countryDialingCode}:${input.mobile}`, sendingPolicy(config.sms.maxPerNumber)],
      [`sms-ip:${visit.ip}`, sendingPolicy(config.sms.maxPerIp)],
    ],
    now,
  );
  const answer = { expiredMinutes: config.sms.codeMinutes };
  if (input.purpose === 'register' || input.purpose === 'bindMobile') {
    if (input.username !== undefined && (await store.usernameTaken(db, input.username))) {
      throw new AppError('username_taken', { username: 'taken' });
    }
    if (await store.mobileTaken(db, input.countryDialingCode, input.mobile)) {
      throw new AppError('mobile_taken', { [input.field]: 'taken' });
    }
  } else {
    // A number without an account gets the same answer, and no SMS, so numbers cannot be probed.
    const member = await store.findMemberByMobile(db, input.countryDialingCode, input.mobile);
    if (!member || member.type === TRIAL_ACCOUNT_IS_AGENT) return answer;
  }
  const brand = (await merchant(db, config.merchantCode)).brand;
  const code = String(accounts.rng.int(0, 1_000_000)).padStart(6, '0');
  const text = config.sms.template
    .replaceAll('{code}', code)
    .replaceAll('{minutes}', String(config.sms.codeMinutes))
    .replaceAll('{brand}', brand);
  // The code and its SMS are written together; the SMS leaves after commit (the outbox's delivery job).
  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    await store.insertSmsCode(
      tx,
      {
        countryDialingCode: input.countryDialingCode,
        mobile: input.mobile,
        purpose: input.purpose,
        ip: visit.ip,
        expiresAt: new Date(now.getTime() + config.sms.codeMinutes * 60_000),
      },
      (rowId) => codeHash(rowId, code),
      now,
    );
    await queueSms(
      tx,
      config,
      {
        countryDialingCode: input.countryDialingCode,
        mobile: input.mobile,
        purpose: input.purpose,
        text,
        code,
      },
      now,
    );
    return answer;
  });
}
