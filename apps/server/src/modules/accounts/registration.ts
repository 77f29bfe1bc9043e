import {
  AGENT_CENTRE_IS_AGENT_VALUES,
  breaksRegisterRule,
  type LoginValue,
  OPTIONAL_RULE_FIELDS,
  type REGISTER_FIELDS,
  type RegisterRule,
  type registerBody,
  registerFieldProblems,
  registerRuleMessage,
} from '@tessera/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { text } from '../../platform/rng.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { assertNotExcludedIdentity } from '../responsible/controls.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { registerRules } from '../system/registration-rules.ts';
import { siteSettings } from '../system/settings.ts';
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
  const site = await siteSettings(db);
  if (!site.directRegistration) throw new AppError('feature_disabled');
  await requireFlag(db, tab === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
  const smsVerification = await moduleEnabled(db, 'REGMOBVERF3');
  const passwordAsked = tab === 'username' || (await moduleEnabled(db, 'MOBILENUMPASSREG3'));
  const ruleList = await registerRules(db);
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
  const placement = extra.affiliateCode ? await affiliatePlacement(accounts, extra.affiliateCode) : null;
  if (extra.affiliateCode && !placement)
    throw new AppError('affiliate_invalid', { affiliateCode: 'invalid_value' });
  if (username && (await store.usernameTaken(db, username))) {
    throw new AppError('username_taken', { username: 'taken' });
  }
  if (mobile && (await store.mobileTaken(db, countryDialingCode, mobile))) {
    throw new AppError('mobile_taken', { mobileNum: 'taken' });
  }
  await assertNotExcludedIdentity(
    db,
    { email: extra.email, dialingCode: countryDialingCode, mobile, deviceId: visit.deviceId },
    now,
  );
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
        type: placement?.type ?? 0,
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
        upline_id: placement?.agentId ?? null,
        referral_code: text(rng, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
        referred_by: referrer?.id ?? null,
        register_domain: input.domain ?? '',
        register_url: input.registerUrl ?? '',
        register_method: input.registerMethod,
      },
      now,
    );
    if (placement?.linkId) await accounts.affiliateLinks?.signedUp(tx, placement.linkId);
    const session = input.login ? await startSession(accounts, tx, member, 'register', visit) : null;
    return {
      customerId: member.id,
      userName: member.username,
      token: session?.token ?? null,
      firstTimeLogin: session?.firstTimeLogin ?? false,
      session,
    };
  }).catch(takenRefusal);
}

/** Two registrations racing for the same name or number: the unique index decides. */
function takenRefusal(error: unknown): never {
  if ((error as { code?: string }).code !== '23505') throw error;
  const constraint = String((error as { constraint?: string }).constraint ?? (error as Error).message);
  if (constraint.includes('mobile')) throw new AppError('mobile_taken', { mobileNum: 'taken' });
  throw new AppError('username_taken', { username: 'taken' });
}

/** The password of §5: the password rule when it is on, then the password policy; the confirmation must match. */
function checkPassword(
  rules: Map<string, RegisterRule>,
  input: { password?: string | undefined; confirmPassword?: string | undefined },
  language: string,
  errors: Record<string, string>,
): string {
  const password = input.password ?? '';
  const rule = rules.get('password');
  if (password === '') errors.password = 'required';
  else if (rule?.enabled && breaksRegisterRule(rule, password))
    errors.password = registerRuleMessage(rule, language);
  else {
    const problem = newPasswordMessage(password, language);
    if (problem) errors.password = problem;
  }
  if (password !== '' && input.confirmPassword !== password) {
    errors.confirmPassword = input.confirmPassword ? 'mismatch' : 'required';
  }
  return password;
}

/** The user name of §5: required, and fitting the username rule. */
function checkUsername(
  rules: Map<string, RegisterRule>,
  value: string,
  language: string,
  errors: Record<string, string>,
): string {
  const username = value.trim();
  const rule = rules.get('username');
  if (username === '') errors.username = 'required';
  else if (rule && breaksRegisterRule(rule, username)) errors.username = registerRuleMessage(rule, language);
  return username;
}

/**
 * Where an affiliate code places a new member: under the agent of a live affiliate link with the link's account
 * type, or under the active agent whose own default code it is, as a member.
 */
async function affiliatePlacement(
  accounts: Pick<Accounts, 'db' | 'affiliateLinks'>,
  code: string,
): Promise<{ code: string; agentId: number; type: number; linkId: number | null } | null> {
  const link = accounts.affiliateLinks ? await accounts.affiliateLinks.find(accounts.db, code) : null;
  if (link) return link;
  const agent = await store.findAffiliate(accounts.db, code, AGENT_CENTRE_IS_AGENT_VALUES);
  return agent ? { code: agent.affiliate_code ?? code, agentId: agent.id, type: 0, linkId: null } : null;
}

/**
 * An account an agent opens under itself from the agent centre: a member (type 0) or an agent (type 1), its user
 * name and password checked by the same registration rules as register's (the other fields of the form are the
 * new member's to fill in later). No session is opened: the agent hands the credentials over.
 */
export async function registerDownline(
  accounts: Pick<Accounts, 'db' | 'config' | 'rng'>,
  uplineId: number,
  input: {
    username: string;
    password: string;
    confirmPassword: string;
    type: number;
    nickname?: string | undefined;
  },
  visit: Visit,
  idempotency: IdempotencyKey | null = null,
): Promise<{ id: number; username: string; type: number }> {
  const { db, config, rng } = accounts;
  const earlier = await earlierAnswer<{ id: number; username: string; type: number }>(db, idempotency);
  if (earlier) return earlier;
  const rules = new Map((await registerRules(db)).map((rule) => [rule.key, rule]));
  const errors: Record<string, string> = {};
  const username = checkUsername(rules, input.username, visit.language, errors);
  const password = checkPassword(rules, input, visit.language, errors);
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', errors);
  if (await store.usernameTaken(db, username)) throw new AppError('username_taken', { username: 'taken' });
  const passwordHash = await hashPassword(password);
  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    const member = await store.insertMember(
      tx,
      {
        ...blankMember(visit),
        username,
        type: input.type,
        nickname: input.nickname?.trim() ?? '',
        password_hash: passwordHash,
        password_changed_at: visit.now,
        password_expires_at: passwordExpiry(config, visit.now),
        upline_id: uplineId,
        referral_code: text(rng, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
        register_method: 'AGENT',
      },
      visit.now,
    );
    return { id: member.id, username: member.username, type: member.type };
  }).catch(takenRefusal);
}

/** The affiliate check of §7: an active agent's default code or one of its live affiliate links. */
export async function checkAffiliate(accounts: Pick<Accounts, 'db' | 'affiliateLinks'>, code: string) {
  const placement = await affiliatePlacement(accounts, code);
  if (!placement) throw new AppError('affiliate_invalid', { code: 'invalid_value' });
  return { code: placement.code, valid: true as const };
}
