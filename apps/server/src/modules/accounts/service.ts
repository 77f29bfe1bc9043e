import { randomInt } from 'node:crypto';
import {
  AGENT_CENTRE_IS_AGENT_VALUES,
  fieldMessage,
  type LanguageCode,
  type LoginValue,
  type loginBody,
  type MemberInfo,
  PASSWORD_RULE,
  PLAYER_SITE_TYPES,
  REGISTER_FIELDS,
  type RegisterRule,
  type registerBody,
  registerRuleMessage,
  SMS_CODE_MAX_TRIES,
  type SmsPurpose,
  TOO_MANY_REQUESTS_WAIT_MINUTES,
  TRIAL_ACCOUNT_IS_AGENT,
  toTranslatedLanguage,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import {
  type AttemptPolicy,
  clearFailures,
  failureCount,
  lockedUntil,
  recordFailure,
} from '../../platform/attempts.ts';
import {
  decoyPasswordHash,
  hashPassword,
  newToken,
  sha256Hex,
  verifyPassword,
} from '../../platform/crypto.ts';
import { openSession, revokeOtherSessions, revokeSubjectSessions } from '../../platform/sessions.ts';
import * as system from '../system/service.ts';
import type { HumanVerifier } from './captcha.ts';
import type { Delivery } from './delivery.ts';
import { isDefaultPassword, passwordProblem, randomText } from './passwords.ts';
import * as store from './store.ts';

/** What the rules of this area work with. */
export interface Accounts {
  db: Database;
  config: Config;
  verifier: HumanVerifier;
  delivery: Delivery;
}

/** Who is asking, as the request says. */
export interface Visit {
  ip: string;
  device: string;
  userAgent: string;
  language: string;
  now: Date;
}

// Failure counters (platform/attempts), shared by every server process through the database.
export const loginKey = (username: string) => `member-login:${username.toLowerCase()}`;
const smsLoginKey = (countryDialingCode: string, mobile: string) =>
  `member-login-sms:${countryDialingCode}:${mobile}`;
const loginIpKey = (ip: string) => `member-login-ip:${ip}`;

function loginPolicy(config: Config): AttemptPolicy {
  return {
    windowMinutes: config.memberLogin.lockMinutes,
    maxFailures: config.memberLogin.maxAttempts,
    lockMinutes: config.memberLogin.lockMinutes,
  };
}

/** A sending limit: `max` uses in an hour, then a wait of 5 minutes ("too many requests, retry after 5 minutes"). */
const sendingPolicy = (max: number): AttemptPolicy => ({
  windowMinutes: 60,
  maxFailures: max,
  lockMinutes: TOO_MANY_REQUESTS_WAIT_MINUTES,
});

/** Counts one use against every key; refused with too_many_requests while any of them is locked. */
async function throttle(db: Queryable, limits: [string, AttemptPolicy][], now: Date) {
  for (const [key] of limits) {
    if (await lockedUntil(db, key, now)) throw new AppError('too_many_requests');
  }
  for (const [key, policy] of limits) await recordFailure(db, key, policy, now);
}

async function requireFlag(db: Queryable, modId: string) {
  if (!(await system.moduleEnabled(db, modId))) throw new AppError('feature_disabled');
}

function passwordExpiry(config: Config, now: Date): Date | null {
  return config.passwordExpiryDays > 0
    ? new Date(now.getTime() + config.passwordExpiryDays * 86_400_000)
    : null;
}

/** A new password's rule problem as a translated message, or null. */
function newPasswordMessage(password: string, language: string): string | null {
  const problem = passwordProblem(password);
  return problem
    ? fieldMessage(problem, language, { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength })
    : null;
}

async function setNewPassword(db: Queryable, config: Config, memberId: number, password: string, now: Date) {
  await store.setPassword(db, memberId, {
    hash: await hashPassword(password),
    changedAt: now,
    expiresAt: passwordExpiry(config, now),
    mustChange: false,
  });
}

// Sessions.

/** Opens a session for the member (each login a new token) and records the login; answers the login value of §3. */
export async function startSession(
  accounts: Accounts,
  member: store.MemberDb,
  loginType: 'username' | 'sms' | 'register' | 'freeplay' | 'resetPassword',
  visit: Visit,
  password?: string,
): Promise<LoginValue> {
  const { db, config } = accounts;
  const session = await openSession(
    db,
    { kind: 'member', id: member.id },
    config.memberSession,
    visit.now,
    visit.ip,
  );
  const before = await store.recordLogin(
    db,
    member.id,
    { type: loginType, ip: visit.ip, device: visit.device, userAgent: visit.userAgent },
    visit.now,
  );
  let passwordExpired = false;
  if (loginType === 'username') {
    const expired = member.password_expires_at !== null && member.password_expires_at <= visit.now;
    passwordExpired =
      (password !== undefined && isDefaultPassword(password)) ||
      member.must_change_password ||
      (expired && (await system.moduleEnabled(db, 'PWDEXPFORCECHANGE3')));
  }
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    firstTimeLogin: before?.first_login_at === null,
    passwordExpired,
    userName: member.username,
    account: member.username,
    customerId: member.id,
    isAgent: member.type,
    memberLabel: member.member_labels,
    previousLoginAt: before?.last_login_at?.toISOString() ?? null,
    previousLoginIp: before?.last_login_ip || null,
  };
}

function memberMayEnter(member: store.MemberDb) {
  if (member.status === 'locked') throw new AppError('member_locked');
  if (!(PLAYER_SITE_TYPES as readonly number[]).includes(member.type)) throw new AppError('not_member');
}

export type LoginInput = z.output<typeof loginBody>;

/**
 * Logs a member in by user name and password, or by mobile number and SMS code. After `captchaAfter` failures a
 * captcha is required (refusals then carry fields.captcha); after `maxAttempts` the account is locked for
 * `lockMinutes`. Failures are counted per account and per address (four times as many), and logged.
 */
export async function login(accounts: Accounts, input: LoginInput, visit: Visit): Promise<LoginValue> {
  const { db, config, verifier } = accounts;
  const { now } = visit;
  const sms = input.type === 'sms';
  if (sms) await requireFlag(db, 'MOBILEVERCODELOGIN3');
  const key = sms ? smsLoginKey(input.countryDialingCode, input.username) : loginKey(input.username);
  const policy = loginPolicy(config);
  const ipPolicy = { ...policy, maxFailures: policy.maxFailures * 4 };
  const member = sms
    ? await store.findMemberByMobile(db, input.countryDialingCode, input.username)
    : await store.findMemberByUsername(db, input.username);
  const fail = async (reason: string) =>
    store.insertLoginFailure(
      db,
      {
        username: sms ? `+${input.countryDialingCode} ${input.username}` : input.username,
        memberId: member?.id ?? null,
        loginType: input.type,
        reason,
        ip: visit.ip,
        device: visit.device,
      },
      now,
    );

  if ((await lockedUntil(db, key, now)) || (await lockedUntil(db, loginIpKey(visit.ip), now))) {
    await fail('locked');
    throw new AppError('account_locked');
  }
  const captchaNeeded = (await failureCount(db, key, policy, now)) >= config.memberLogin.captchaAfter;
  if (captchaNeeded) {
    if (!input.captcha) throw new AppError('captcha_required', { captcha: 'required' });
    if (!(await verifier.verify(db, input, now))) {
      await fail('captcha');
      throw new AppError('captcha_invalid', { captcha: 'invalid_value' });
    }
  }

  let refusal: 'invalid_credentials' | 'sms_code_invalid' | 'sms_code_expired' | null = null;
  if (sms) {
    const result = member
      ? await useSmsCode(db, input.countryDialingCode, input.username, 'login', input.password, now)
      : 'invalid';
    if (result !== 'ok') refusal = result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid';
  } else {
    const valid = await verifyPassword(member?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!member?.password_hash || !valid) refusal = 'invalid_credentials';
  }
  if (refusal || !member) {
    const failures = await recordFailure(db, key, policy, now);
    await recordFailure(db, loginIpKey(visit.ip), ipPolicy, now);
    await fail(member ? (refusal ?? 'invalid_credentials') : 'unknown_account');
    if (failures >= policy.maxFailures) throw new AppError('account_locked');
    const fields = failures >= config.memberLogin.captchaAfter ? { captcha: 'required' } : undefined;
    throw new AppError(refusal ?? 'invalid_credentials', fields);
  }
  try {
    memberMayEnter(member);
  } catch (error) {
    await fail((error as AppError).code);
    throw error;
  }
  await clearFailures(db, key);
  return startSession(accounts, member, input.type, visit, sms ? undefined : input.password);
}

/** Free demo play (FREEPLAY3): a new trial account (isAgent 4) with no password and no balance, logged in. */
export async function freePlay(accounts: Accounts, visit: Visit): Promise<LoginValue> {
  const { db } = accounts;
  await requireFlag(db, 'FREEPLAY3');
  await throttle(db, [[`freeplay-ip:${visit.ip}`, sendingPolicy(10)]], visit.now);
  const member = await store.insertMember(
    db,
    {
      ...blankMember(visit),
      username: `demo_${randomText(10, 'abcdefghjkmnpqrstuvwxyz23456789')}`,
      nickname: `Guest ${randomInt(1000, 10_000)}`,
      type: TRIAL_ACCOUNT_IS_AGENT,
    },
    visit.now,
  );
  return startSession(accounts, member, 'freeplay', visit);
}

function blankMember(visit: Visit): store.NewMember {
  return {
    username: '',
    nickname: '',
    type: 0,
    password_hash: null,
    password_changed_at: null,
    password_expires_at: null,
    country_dialing_code: null,
    mobile: null,
    email: '',
    payee_name: '',
    payment_password_hash: null,
    qq_num: '',
    line: '',
    whatsapp: '',
    facebook: '',
    wechat: '',
    zalo: '',
    id_number: '',
    recommender_id: '',
    upline_id: null,
    referral_code: null,
    referred_by: null,
    language: toLanguage(visit.language),
    register_ip: visit.ip,
    register_domain: '',
    register_url: '',
    register_method: '',
  };
}

const toLanguage = (language: string) => (/^[A-Z]{2}$/.test(language) ? language : 'EN');

// SMS codes.

const codeHash = (id: number, code: string) => sha256Hex(`${id}:${code}`);

/** Checks a code for the number and purpose: every check is a try (5 at most); a right code is used up. */
export async function useSmsCode(
  db: Queryable,
  countryDialingCode: string,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
): Promise<'ok' | 'invalid' | 'expired'> {
  const found = await store.takeSmsCodeTry(db, { countryDialingCode, mobile, purpose }, SMS_CODE_MAX_TRIES);
  if (!found) return 'invalid';
  if (found.expires_at <= now) return 'expired';
  if (found.code_hash !== codeHash(found.id, code)) return 'invalid';
  return (await store.consumeSmsCode(db, found.id, now)) ? 'ok' : 'invalid';
}

/** A dialing code of one of the site's countries. */
async function knownDialingCode(db: Queryable, countryDialingCode: string) {
  return (await system.countries(db)).some((c) => c.countryDialingCode === countryDialingCode);
}

/** The mobile number against the registration rule for mobileNum, when it is enabled. */
async function checkMobileRule(db: Queryable, mobile: string, field: string, language: string) {
  const rule = (await system.registerRules(db)).find((r) => r.key === 'mobileNum');
  if (rule?.enabled && ruleProblem(rule, mobile)) {
    throw new AppError('validation_failed', { [field]: registerRuleMessage(rule, language) });
  }
}

/**
 * Sends a 6-digit code (CSPRNG) bound to the number and the purpose. Limits: SMS_MAX_PER_NUMBER per number and
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
): Promise<{ expiredMinutes: number }> {
  const { db, config } = accounts;
  const { now } = visit;
  const flag = { register: 'MOBILENUMREG3', login: 'MOBILEVERCODELOGIN3', resetPassword: 'CHNGPASSVERIF3' }[
    input.purpose
  ];
  if (input.purpose === 'register' && input.username !== undefined) await requireFlag(db, 'REGMOBVERF3');
  else await requireFlag(db, flag);
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
  if (input.purpose === 'register') {
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
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await store.insertSmsCode(
    db,
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
  const brand = (await system.merchant(db, config.merchantCode)).brand;
  const text = config.sms.template
    .replaceAll('{code}', code)
    .replaceAll('{minutes}', String(config.sms.codeMinutes))
    .replaceAll('{brand}', brand);
  try {
    await accounts.delivery.sms.send(
      db,
      {
        countryDialingCode: input.countryDialingCode,
        mobile: input.mobile,
        purpose: input.purpose,
        text,
        code,
      },
      now,
    );
  } catch (error) {
    await store.consumeSmsCode(db, id, now);
    throw error;
  }
  return answer;
}

// Registration.

function ruleProblem(rule: RegisterRule, value: string): boolean {
  if (value.length < rule.minLength || value.length > rule.maxLength) return true;
  try {
    return !new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    return false;
  }
}

/** Both registration bodies: the mobile tab has no user name, and a password only when MOBILENUMPASSREG3 is on. */
export type RegisterInput = Omit<z.output<typeof registerBody>, 'username' | 'password'> & {
  username?: string;
  password?: string | undefined;
};

/** The fields of §5 that `check` handles alike: all but username, password, mobileNum and captcha. */
const OPTIONAL_RULE_FIELDS = REGISTER_FIELDS.filter(
  (key) => !['username', 'password', 'mobileNum', 'captcha'].includes(key),
);

/**
 * Registers a member by user name (tab "register") or by mobile number (tab "registerMobile"), checking every
 * field again with the registration rules and module flags the form used, so a client cannot skip them.
 */
export async function register(
  accounts: Accounts,
  tab: 'username' | 'mobile',
  input: RegisterInput,
  visit: Visit,
): Promise<{ customerId: number; userName: string; session: LoginValue | null }> {
  const { db, config, verifier } = accounts;
  const { now, language } = visit;
  const site = await system.siteSettings(db);
  if (!site.directRegistration) throw new AppError('feature_disabled');
  await requireFlag(db, tab === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
  const smsVerification = await system.moduleEnabled(db, 'REGMOBVERF3');
  const passwordAsked = tab === 'username' || (await system.moduleEnabled(db, 'MOBILENUMPASSREG3'));
  const rules = new Map((await system.registerRules(db)).map((rule) => [rule.key, rule]));
  const errors: Record<string, string> = {};
  const values = input as unknown as Record<string, string | undefined>;

  /** Checks a field against its rule; answers the value to keep ('' when the field is off or empty). */
  const check = (key: string, options: { force?: boolean } = {}): string => {
    const rule = rules.get(key as RegisterRule['key']);
    const value = values[key]?.trim() ?? '';
    if (!options.force && !rule?.enabled) return '';
    if (value === '') {
      if (options.force || rule?.required) errors[key] = 'required';
      return '';
    }
    if (rule && ruleProblem(rule, value)) errors[key] = registerRuleMessage(rule, language);
    return value;
  };

  const username = tab === 'username' ? check('username', { force: true }) : '';
  const mobile = check('mobileNum', { force: tab === 'mobile' });
  let password = '';
  if (passwordAsked) {
    password = values.password ?? '';
    const rule = rules.get('password');
    if (password === '') errors.password = 'required';
    else if (rule?.enabled && ruleProblem(rule, password))
      errors.password = registerRuleMessage(rule, language);
    else {
      const problem = newPasswordMessage(password, language);
      if (problem) errors.password = problem;
    }
    if (password !== '' && input.confirmPassword !== password) {
      errors.confirmPassword = input.confirmPassword ? 'mismatch' : 'required';
    }
  }
  const extra = Object.fromEntries(OPTIONAL_RULE_FIELDS.map((key) => [key, check(key)])) as Record<
    (typeof REGISTER_FIELDS)[number],
    string
  >;
  const countryDialingCode = input.countryDialingCode ?? '';
  if (mobile) {
    if (!countryDialingCode) errors.countryDialingCode = 'required';
    else if (!(await knownDialingCode(db, countryDialingCode))) errors.countryDialingCode = 'invalid_value';
  }
  const smsNeeded = smsVerification && mobile !== '';
  if (smsNeeded && !input.verificationCode) errors.verificationCode = 'required';
  const captchaNeeded = rules.get('captcha')?.enabled ?? false;
  if (captchaNeeded && !input.captcha) errors.captcha = 'required';
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

  const member = await db
    .transaction(async (tx) => {
      let name = username || `m${countryDialingCode}${mobile}`;
      while (!username && (await store.usernameTaken(tx, name)))
        name = `m${countryDialingCode}${mobile}${randomInt(1000, 10_000)}`;
      return store.insertMember(
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
          referral_code: randomText(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
          referred_by: referrer?.id ?? null,
          register_domain: input.domain ?? '',
          register_url: input.registerUrl ?? '',
          register_method: input.registerMethod,
        },
        now,
      );
    })
    .catch((error: unknown) => {
      // Two registrations racing for the same name or number: the unique index decides.
      if ((error as { code?: string }).code !== '23505') throw error;
      const constraint = String((error as { constraint?: string }).constraint ?? (error as Error).message);
      if (constraint.includes('mobile')) throw new AppError('mobile_taken', { mobileNum: 'taken' });
      throw new AppError('username_taken', { username: 'taken' });
    });
  const session = input.login ? await startSession(accounts, member, 'register', visit) : null;
  return { customerId: member.id, userName: member.username, session };
}

/** The affiliate check of §7: an active agent's code. */
export async function checkAffiliate(db: Queryable, code: string) {
  const agent = await store.findAffiliate(db, code, AGENT_CENTRE_IS_AGENT_VALUES);
  if (!agent) throw new AppError('affiliate_invalid', { code: 'invalid_value' });
  return { code: agent.affiliate_code ?? code, valid: true as const };
}

// Passwords.

const MAIL_TEXT = {
  EN: {
    subject: 'Reset your password',
    body: (name: string, link: string, minutes: number) =>
      `Hello ${name},\n\nUse this link to set a new password. It works once and expires in ${minutes} minutes:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  },
  VI: {
    subject: 'Đặt lại mật khẩu',
    body: (name: string, link: string, minutes: number) =>
      `Xin chào ${name},\n\nDùng liên kết này để đặt mật khẩu mới. Liên kết chỉ dùng một lần và hết hạn sau ${minutes} phút:\n\n${link}\n\nNếu bạn không yêu cầu, hãy bỏ qua thư này; mật khẩu của bạn không thay đổi.\n`,
  },
  CN: {
    subject: '重置密码',
    body: (name: string, link: string, minutes: number) =>
      `${name}，您好：\n\n请使用以下链接设置新密码。链接仅可使用一次，${minutes} 分钟后失效：\n\n${link}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。\n`,
  },
};

/** Mails the member a single-use link that expires (RESET_LINK_MINUTES) to set a new password. */
export async function sendResetMail(accounts: Accounts, db: Queryable, member: store.MemberDb, visit: Visit) {
  const { config } = accounts;
  const token = newToken();
  await store.insertResetToken(
    db,
    {
      hash: sha256Hex(token),
      memberId: member.id,
      ip: visit.ip,
      expiresAt: new Date(visit.now.getTime() + config.resetLinkMinutes * 60_000),
    },
    visit.now,
  );
  const link = `${config.siteUrl}/login?resetToken=${token}`;
  const text = MAIL_TEXT[toTranslatedLanguage(member.language)];
  await accounts.delivery.mailer.send(
    db,
    {
      to: member.email,
      subject: text.subject,
      text: text.body(member.nickname || member.username, link, config.resetLinkMinutes),
      secret: link,
    },
    visit.now,
  );
}

/** Forgot password by email (§4): the user name and the email must match an account. */
export async function forgotPasswordByEmail(
  accounts: Accounts,
  input: { username: string; email: string },
  visit: Visit,
) {
  const { db } = accounts;
  await throttle(
    db,
    [
      [`reset-mail:${input.username.toLowerCase()}`, sendingPolicy(5)],
      [`reset-mail-ip:${visit.ip}`, sendingPolicy(20)],
    ],
    visit.now,
  );
  const member = await store.findMemberByUsername(db, input.username);
  if (
    !member?.email ||
    member.email !== input.email.toLowerCase() ||
    member.type === TRIAL_ACCOUNT_IS_AGENT
  ) {
    throw new AppError('email_not_found');
  }
  await sendResetMail(accounts, db, member, visit);
  return { sent: true as const };
}

function checkConfirmation(newPassword: string, confirmation: string | undefined) {
  if (confirmation !== undefined && confirmation !== newPassword) {
    throw new AppError('validation_failed', { confirmNewPassword: 'mismatch' });
  }
}

function checkNewPassword(password: string, language: string, field = 'newPassword') {
  const problem = newPasswordMessage(password, language);
  if (problem) throw new AppError('password_rule', { [field]: problem });
}

/** Sets a new password with the emailed link's token; the link is then used up and every session ends. */
export async function resetPassword(
  accounts: Accounts,
  input: { token: string; newPassword: string; confirmNewPassword: string },
  visit: Visit,
) {
  const { db, config } = accounts;
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  const hash = sha256Hex(input.token);
  if (!(await store.resetTokenUsable(db, hash, visit.now))) throw new AppError('reset_link_invalid');
  checkNewPassword(input.newPassword, visit.language);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const memberId = await store.consumeResetToken(tx, hash, visit.now);
    const member = memberId === null ? null : await store.findMember(tx, memberId);
    if (!member) throw new AppError('reset_link_invalid');
    await store.setPassword(tx, member.id, {
      hash: passwordHash,
      changedAt: visit.now,
      expiresAt: passwordExpiry(config, visit.now),
      mustChange: false,
    });
    await revokeSubjectSessions(tx, 'member', member.id, visit.now);
    await clearFailures(tx, loginKey(member.username));
    return { userName: member.username };
  });
}

/** Forgot password by phone (CHNGPASSVERIF3): the SMS code (purpose resetPassword) sets a new password and logs in. */
export async function resetPasswordByPhone(
  accounts: Accounts,
  input: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    newPassword: string;
    confirmNewPassword?: string | undefined;
  },
  visit: Visit,
): Promise<LoginValue> {
  const { db, config } = accounts;
  await requireFlag(db, 'CHNGPASSVERIF3');
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  checkNewPassword(input.newPassword, visit.language);
  const member = await store.findMemberByMobile(db, input.countryDialingCode, input.mobileNum);
  const result = member
    ? await useSmsCode(
        db,
        input.countryDialingCode,
        input.mobileNum,
        'resetPassword',
        input.verificationCode,
        visit.now,
      )
    : 'invalid';
  if (!member || result !== 'ok') {
    throw new AppError(result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid', {
      verificationCode: 'invalid_value',
    });
  }
  memberMayEnter(member);
  await setNewPassword(db, config, member.id, input.newPassword, visit.now);
  await revokeSubjectSessions(db, 'member', member.id, visit.now);
  await clearFailures(db, loginKey(member.username));
  return startSession(accounts, member, 'resetPassword', visit);
}

/**
 * Change password (§3): the old password is required, the new one must pass the rule and differ from it. Wrong
 * old passwords count towards the same lock as failed logins. The member's other sessions end.
 */
export async function changePassword(
  accounts: Accounts,
  caller: { memberId: number; tokenHash: string },
  input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  visit: Visit,
) {
  const { db, config } = accounts;
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  const member = await store.findMember(db, caller.memberId);
  if (!member) throw new AppError('unauthorized');
  const key = loginKey(member.username);
  if (await lockedUntil(db, key, visit.now)) throw new AppError('account_locked');
  const valid = await verifyPassword(member.password_hash ?? (await decoyPasswordHash()), input.oldPassword);
  if (!member.password_hash || !valid) {
    const failures = await recordFailure(db, key, loginPolicy(config), visit.now);
    if (failures >= config.memberLogin.maxAttempts) throw new AppError('account_locked');
    throw new AppError('password_incorrect', { oldPassword: 'invalid_value' });
  }
  if (input.newPassword === input.oldPassword) {
    throw new AppError('password_rule', { newPassword: 'password_same' });
  }
  checkNewPassword(input.newPassword, visit.language);
  await setNewPassword(db, config, member.id, input.newPassword, visit.now);
  await revokeOtherSessions(db, 'member', member.id, caller.tokenHash, visit.now);
  return { ok: true as const };
}

// Member info.

export const avatarUrl = (avatar: string) => `/images/avatars/${avatar}.svg`;
const DEFAULT_AVATAR = 'a01';

const masked = (value: string, keep = 3) =>
  value.length <= keep ? value : `${'*'.repeat(value.length - keep)}${value.slice(-keep)}`;
const maskedEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return email ? `${name.slice(0, 2)}***@${domain}` : '';
};

export function memberInfoView(member: store.MemberDb): MemberInfo {
  const avatar = member.avatar || DEFAULT_AVATAR;
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.type,
    toUpline: member.to_upline ? 1 : 0,
    clubLabel: { labelName: member.club_label, rankLevel: member.club_rank },
    memberLabel: member.member_labels,
    avatar: { avatarType: 'STATIC', avatar, url: avatarUrl(avatar) },
    language: member.language,
    email: maskedEmail(member.email),
    countryDialingCode: member.country_dialing_code ?? '',
    mobileNum: member.mobile ? masked(member.mobile) : '',
    firstLoginAt: member.first_login_at?.toISOString() ?? null,
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
    previousLoginAt: member.previous_login_at?.toISOString() ?? null,
    previousLoginIp: member.previous_login_ip,
    mustChangePassword: member.must_change_password,
    passwordExpiresAt: member.password_expires_at?.toISOString() ?? null,
  };
}

export async function memberInfo(db: Queryable, memberId: number): Promise<MemberInfo> {
  const member = await store.findMember(db, memberId);
  if (!member) throw new AppError('unauthorized');
  return memberInfoView(member);
}

export async function playerAvatar(db: Queryable, memberId: number) {
  const [member, options] = await Promise.all([store.findMember(db, memberId), store.listAvatars(db)]);
  if (!member) throw new AppError('unauthorized');
  const avatar = member.avatar || DEFAULT_AVATAR;
  return {
    avatarType: 'STATIC' as const,
    avatar,
    url: avatarUrl(avatar),
    options: options.map((option) => ({ avatar: option.id, name: option.name, url: avatarUrl(option.id) })),
  };
}

export async function setAvatar(db: Queryable, memberId: number, avatar: string) {
  if (!(await store.avatarExists(db, avatar)))
    throw new AppError('validation_failed', { avatar: 'invalid_value' });
  await store.updateMember(db, memberId, { avatar });
  return playerAvatar(db, memberId);
}

export async function setNickname(db: Queryable, memberId: number, nickname: string) {
  await store.updateMember(db, memberId, { nickname });
  return memberInfo(db, memberId);
}

export async function setLanguage(db: Queryable, memberId: number, language: LanguageCode) {
  await store.updateMember(db, memberId, { language });
  return { language };
}

// Console.

export function playerRow(member: store.MemberDb) {
  return {
    id: member.id,
    username: member.username,
    nickname: member.nickname,
    type: member.type,
    status: member.status,
    countryDialingCode: member.country_dialing_code ?? '',
    mobileNum: member.mobile ?? '',
    email: member.email,
    createdAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
    lastLoginIp: member.last_login_ip,
  };
}

const RECENT = 20;

/** The console's player page: status, recent logins with address and device, recent failures. */
export async function playerDetail(db: Queryable, id: number, now: Date) {
  const member = await store.findMember(db, id);
  if (!member) throw new AppError('not_found');
  const [logins, failures, lockEnds] = await Promise.all([
    store.recentLogins(db, id, RECENT),
    store.listLoginFailures(db, { memberId: id, pageNo: 1, pageSize: RECENT }),
    lockedUntil(db, loginKey(member.username), now),
  ]);
  return {
    ...playerRow(member),
    payeeName: member.payee_name,
    language: member.language,
    lockedReason: member.locked_reason,
    loginLockedUntil: lockEnds?.toISOString() ?? null,
    mustChangePassword: member.must_change_password,
    passwordChangedAt: member.password_changed_at?.toISOString() ?? null,
    passwordExpiresAt: member.password_expires_at?.toISOString() ?? null,
    affiliateCode: member.affiliate_code ?? '',
    referralCode: member.referral_code ?? '',
    uplineId: member.upline_id,
    registerIp: member.register_ip,
    registerDomain: member.register_domain,
    recentLogins: logins.map((row) => ({
      at: row.created_at.toISOString(),
      ip: row.ip,
      device: row.device,
      userAgent: row.user_agent,
      loginType: row.login_type,
    })),
    recentFailures: failures.rows.map((row) => ({
      at: row.created_at.toISOString(),
      ip: row.ip,
      device: row.device,
      reason: row.reason,
    })),
  };
}

/** The part of a player an operator's write changes, for the audit log. */
const auditState = (member: store.MemberDb) => ({
  status: member.status,
  lockedReason: member.locked_reason,
  mustChangePassword: member.must_change_password,
});

async function existingPlayer(db: Queryable, id: number) {
  const member = await store.findMember(db, id);
  if (!member) throw new AppError('not_found');
  return member;
}

/** Locks a player out: every session ends and logins are refused with member_locked until unlocked. */
export async function lockPlayer(tx: Queryable, id: number, reason: string, now: Date) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { status: 'locked', locked_reason: reason });
  await revokeSubjectSessions(tx, 'member', id, now);
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

/** Unlocks a player, and lifts a lock left by failed logins too. */
export async function unlockPlayer(tx: Queryable, id: number) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { status: 'active', locked_reason: '' });
  await clearFailures(tx, loginKey(before.username));
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

export async function forcePasswordChange(tx: Queryable, id: number) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { must_change_password: true });
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

/**
 * Resets a player's password. 'temporary': a random 12-character password, answered once to the operator, that
 * the player must change at the next login (every session ends). 'email': the forgot-password mail.
 */
export async function resetPlayerPassword(
  accounts: Accounts,
  tx: Queryable,
  id: number,
  method: 'temporary' | 'email',
  visit: Visit,
): Promise<{
  before: unknown;
  after: unknown;
  result: { method: 'temporary' | 'email'; temporaryPassword: string | null; emailedTo: string | null };
}> {
  const member = await existingPlayer(tx, id);
  if (member.type === TRIAL_ACCOUNT_IS_AGENT) throw new AppError('in_need_true_account');
  if (method === 'email') {
    if (!member.email) throw new AppError('email_not_found');
    await sendResetMail(accounts, tx, member, visit);
    return {
      before: auditState(member),
      after: { ...auditState(member), resetMailTo: member.email },
      result: { method, temporaryPassword: null, emailedTo: member.email },
    };
  }
  const temporary = randomText(12);
  await store.setPassword(tx, id, {
    hash: await hashPassword(temporary),
    changedAt: visit.now,
    expiresAt: passwordExpiry(accounts.config, visit.now),
    mustChange: true,
  });
  await revokeSubjectSessions(tx, 'member', id, visit.now);
  await clearFailures(tx, loginKey(member.username));
  return {
    before: auditState(member),
    after: { ...auditState(await existingPlayer(tx, id)), temporaryPasswordIssued: true },
    result: { method, temporaryPassword: temporary, emailedTo: null },
  };
}
