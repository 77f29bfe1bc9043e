import {
  AGENT_CENTRE_IS_AGENT_VALUES,
  type LoginValue,
  OPTIONAL_RULE_FIELDS,
  type REGISTER_FIELDS,
  type RegisterRule,
  type registerBody,
  registerFieldProblems,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { text } from '../../platform/rng.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import * as system from '../system/service.ts';
import { type Accounts, blankMember, requireFlag, type Visit } from './accounts.ts';
import { startSession } from './login.ts';
import { newPasswordMessage, passwordExpiry } from './passwords.ts';
import { knownDialingCode, useSmsCode } from './sms-codes.ts';
import * as store from './store.ts';

/** Both registration bodies: the mobile tab has no user name, and a password only when MOBILENUMPASSREG3 is on. */
export type RegisterInput = Omit<z.output<typeof registerBody>, 'username' | 'password'> & {
  username?: string;
  password?: string | undefined;
};

/** The registration's answer: the session's token and first-login flag also at the top, where the original reads them. */
export interface Registered {
  customerId: number;
  userName: string;
  token: string | null;
  firstTimeLogin: boolean;
  session: LoginValue | null;
}

/**
 * Registers a member by user name (tab "register") or by mobile number (tab "registerMobile"), checking every
 * field again with the registration rules and module flags the form used, so a client cannot skip them.
 */
export async function register(
  accounts: Accounts,
  tab: 'username' | 'mobile',
  input: RegisterInput,
  visit: Visit,
  idempotency: IdempotencyKey | null = null,
): Promise<Registered> {
  const { db, config, verifier, rng } = accounts;
  const { now, language } = visit;
  const earlier = await earlierAnswer<Registered>(db, idempotency);
  if (earlier) return earlier;
  const site = await system.siteSettings(db);
  if (!site.directRegistration) throw new AppError('feature_disabled');
  await requireFlag(db, tab === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
  const smsVerification = await system.moduleEnabled(db, 'REGMOBVERF3');
  const passwordAsked = tab === 'username' || (await system.moduleEnabled(db, 'MOBILENUMPASSREG3'));
  const ruleList = await system.registerRules(db);
  const rules = new Map(ruleList.map((rule) => [rule.key, rule]));
  const values = input as unknown as Record<string, string | undefined>;
  // The form's own checks (contract registerFieldProblems), then what needs the database.
  const errors = registerFieldProblems(ruleList, { tab, passwordAsked, smsVerification, language }, values);

  /** A field's value to keep: trimmed, '' when its rule is off (and it is not forced). */
  const kept = (key: string, force = false): string =>
    force || rules.get(key as RegisterRule['key'])?.enabled ? (values[key]?.trim() ?? '') : '';

  const username = tab === 'username' ? kept('username', true) : '';
  const mobile = kept('mobileNum', tab === 'mobile');
  let password = '';
  if (passwordAsked) {
    password = values.password ?? '';
    const problem = errors.password ? null : newPasswordMessage(password, language);
    if (problem) errors.password = problem;
  }
  const extra = Object.fromEntries(OPTIONAL_RULE_FIELDS.map((key) => [key, kept(key)])) as Record<
    (typeof REGISTER_FIELDS)[number],
    string
  >;
  const countryDialingCode = input.countryDialingCode ?? '';
  if (mobile) {
    if (!countryDialingCode) errors.countryDialingCode = 'required';
    else if (!(await knownDialingCode(db, countryDialingCode))) errors.countryDialingCode = 'invalid_value';
  }
  const smsNeeded = smsVerification && mobile !== '';
  const captchaNeeded = rules.get('captcha')?.enabled ?? false;
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', errors);

  if (captchaNeeded && !(await verifier.verify(db, input, now))) {
    throw new AppError('captcha_invalid', { captcha: 'invalid_value' });
  }
  const affiliate = extra.affiliateCode
    ? await store.findAffiliate(db, extra.affiliateCode, AGENT_CENTRE_IS_AGENT_VALUES)
    : null;
  if (extra.affiliateCode && !affiliate)
    throw new AppError('affiliate_invalid', { affiliateCode: 'invalid_value' });
  if (username && (await store.usernameTaken(db, username))) {
    throw new AppError('username_taken', { username: 'taken' });
  }
  if (mobile && (await store.mobileTaken(db, countryDialingCode, mobile))) {
    throw new AppError('mobile_taken', { mobileNum: 'taken' });
  }
  if (smsNeeded) {
    const result = await useSmsCode(
      db,
      countryDialingCode,
      mobile,
      'register',
      input.verificationCode ?? '',
      now,
    );
    if (result !== 'ok') {
      throw new AppError(result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid', {
        verificationCode: 'invalid_value',
      });
    }
  }
  const referrer = input.referralCode ? await store.findMemberByReferralCode(db, input.referralCode) : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const paymentPasswordHash = extra.paymentPassword ? await hashPassword(extra.paymentPassword) : null;

  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    let name = username || `m${countryDialingCode}${mobile}`;
    while (!username && (await store.usernameTaken(tx, name)))
      name = `m${countryDialingCode}${mobile}${rng.int(1000, 10_000)}`;
    const member = await store.insertMember(
      tx,
      {
        ...blankMember(visit),
        username: name,
        nickname: input.nickname?.trim() ?? '',
        password_hash: passwordHash,
        password_changed_at: passwordHash ? now : null,
        password_expires_at: passwordHash ? passwordExpiry(config, now) : null,
        country_dialing_code: mobile ? countryDialingCode : null,
        mobile: mobile || null,
        email: extra.email.toLowerCase(),
        payee_name: extra.payeeName,
        payment_password_hash: paymentPasswordHash,
        qq_num: extra.qqNum,
        line: extra.line,
        whatsapp: extra.whatsapp,
        facebook: extra.facebook,
        wechat: extra.wechat,
        zalo: input.zalo?.trim() ?? '',
        id_number: extra.idNumber,
        recommender_id: extra.recommenderId,
        upline_id: affiliate?.id ?? null,
        referral_code: text(rng, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
        referred_by: referrer?.id ?? null,
        register_domain: input.domain ?? '',
        register_url: input.registerUrl ?? '',
        register_method: input.registerMethod,
      },
      now,
    );
    const session = input.login ? await startSession(accounts, tx, member, 'register', visit) : null;
    return {
      customerId: member.id,
      userName: member.username,
      token: session?.token ?? null,
      firstTimeLogin: session?.firstTimeLogin ?? false,
      session,
    };
  }).catch((error: unknown) => {
    // Two registrations racing for the same name or number: the unique index decides.
    if ((error as { code?: string }).code !== '23505') throw error;
    const constraint = String((error as { constraint?: string }).constraint ?? (error as Error).message);
    if (constraint.includes('mobile')) throw new AppError('mobile_taken', { mobileNum: 'taken' });
    throw new AppError('username_taken', { username: 'taken' });
  });
}

/** The affiliate check of §7: an active agent's code. */
export async function checkAffiliate(db: Queryable, code: string) {
  const agent = await store.findAffiliate(db, code, AGENT_CENTRE_IS_AGENT_VALUES);
  if (!agent) throw new AppError('affiliate_invalid', { code: 'invalid_value' });
  return { code: agent.affiliate_code ?? code, valid: true as const };
}
