import { z } from 'zod';
import { PASSWORD_RULE, SMS_CODE_LENGTH } from '../account-rules.ts';
import { languageCode, okValue } from '../common.ts';
import { ENCRYPTION_KEY_PATH } from '../encryption.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Accounts: registration, login, sessions, passwords, SMS codes, captcha, member info and demo play (§3, §4, §5,
 * §7 "Login and registration"), as the player site calls them; the console's player pages are in console.ts.
 *
 * Encrypted bodies (bodyType 'encrypted') are described in ../encryption.ts.
 */
/** Types that may log in to the player site; any other type is refused with not_member. */
export const PLAYER_SITE_TYPES = [0, 1, 2, 4, 41, 42] as const;

/** A dialing code with or without its '+', sent on as digits only ("+84" becomes "84"). */
const countryDialingCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'invalid_format')
  .transform((value) => value.replace(/^\+/, ''));
/** A mobile number: digits only (the registration rule for mobileNum narrows its length). */
const mobileNumber = z
  .string()
  .trim()
  .regex(/^\d{4,20}$/, 'invalid_format');
const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'invalid_format');
/** A new password: length here; "not a common password" is checked by the server (password_rule). */
const newPassword = z.string().min(PASSWORD_RULE.minLength).max(PASSWORD_RULE.maxLength);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** A nickname: 1 to 20 characters, no control characters and no angle brackets. */
const nickname = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[^\p{C}<>]+$/u, 'invalid_format');
const captchaFields = {
  /** The id of the captcha image the answer is for (from GET /wps/captcha). */
  captchaId: z.string().trim().max(100).optional(),
  /** The drawn captcha's text, or the token of the Turnstile or hCaptcha widget. */
  captcha: z.string().trim().max(4096).optional(),
};

const encryptionKey = z.object({
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** The public key as base64 DER SubjectPublicKeyInfo (WebCrypto importKey 'spki'). */
  spki: z.string(),
  /** The same key as a JWK (kty RSA, alg RSA-OAEP-256). */
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string(), alg: z.string() }),
});

/**
 * The captcha image as the original reads it: the value is the base64 PNG (no data: prefix). The challenge's id
 * travels in the CAPTCHA_ID_HEADER header and the CAPTCHA_COOKIE cookie; a login or registration names it with
 * captchaId, or, like the original's client, sends only the answer and the cookie. With a third-party provider the
 * value is empty: the form shows the provider's widget (captchaProvider) and sends its token as `captcha`.
 */
const captchaImage = z.string();

/** Which human check the forms show: the drawn image, or a provider's widget with its site key. */
const captchaProvider = z.object({
  provider: z.enum(['image', 'turnstile', 'hcaptcha']),
  siteKey: z.string(),
});

/** The login value of §3 plus the session values the site keeps (token, isAgent, customerId, account …). */
const loginValue = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** True on the account's first login: the first-login action fires. */
  firstTimeLogin: z.boolean(),
  /**
   * True when the change-password modal must open: the password is the default 123456, or it has expired while
   * PWDEXPFORCECHANGE3 is on, or an operator asked for a change. Always false after an sms login.
   */
  passwordExpired: z.boolean(),
  userName: z.string(),
  account: z.string(),
  customerId: z.number().int(),
  isAgent: z.number().int(),
  memberLabel: z.array(z.string()),
  previousLoginAt: z.string().nullable(),
  previousLoginIp: z.string().nullable(),
  /** The original's names: id is customerId, customerType is isAgent. */
  id: z.number().int(),
  customerType: z.number().int(),
});
export type LoginValue = z.infer<typeof loginValue>;

/** Login by user name; the original sends type "" (or none). */
export const usernameLoginBody = z.object({
  type: z.literal(['username', '']).optional(),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  ...captchaFields,
});
/** Login by SMS code (MOBILEVERCODELOGIN3): username carries the mobile number and password the code (purpose 'login'). */
export const smsLoginBody = z.object({
  type: z.literal('sms'),
  username: mobileNumber,
  password: smsCode,
  countryDialingCode,
  ...captchaFields,
});
/** Login by user name, or by SMS code. */
export const loginBody = z
  .discriminatedUnion('type', [usernameLoginBody, smsLoginBody])
  .transform((body) => (body.type === 'sms' ? body : { ...body, type: 'username' as const }));

const registerExtras = {
  confirmPassword: z.string().max(128).optional(),
  payeeName: optionalText(100),
  email: optionalText(200),
  qqNum: optionalText(40),
  recommenderId: optionalText(40),
  affiliateCode: optionalText(40),
  /** From the URL's referralCode query parameter; an unknown code is ignored. */
  referralCode: optionalText(40),
  paymentPassword: z.string().max(64).optional(),
  line: optionalText(60),
  whatsapp: optionalText(40),
  facebook: optionalText(100),
  wechat: optionalText(60),
  zalo: optionalText(40),
  idNumber: optionalText(40),
  nickname: z.union([z.literal(''), nickname]).optional(),
  verificationCode: z.string().trim().max(10).optional(),
  ...captchaFields,
  /**
   * Registration must confirm age 18+ and accept the terms (§1). The original's client asks both in its form and
   * sends neither, so they may be left out; sent, they must be true.
   */
  ageConfirmed: z.literal(true, { error: 'must_accept' }).optional(),
  termsAccepted: z.literal(true, { error: 'must_accept' }).optional(),
  /** §3: login true logs the new member in; the answer then carries a session. */
  login: z.boolean().default(true),
  registerUrl: optionalText(500),
  registerMethod: z.literal('WEB').default('WEB'),
  domain: optionalText(200),
};

/** Username registration (tab "register"). The fields and their rules come from /wps/system/setting/register. */
export const registerBody = z.object({
  username: z.string().trim().max(64),
  password: z.string().max(128),
  mobileNum: z.string().trim().max(20).optional(),
  /** The original sends "" when no mobile number is given. */
  countryDialingCode: z.union([z.literal('').transform(() => undefined), countryDialingCode]).optional(),
  ...registerExtras,
});
/** Mobile registration (tab "registerMobile", MOBILENUMREG3): the password only when MOBILENUMPASSREG3 is on. */
const registerMobileBody = z.object({
  mobileNum: mobileNumber,
  countryDialingCode,
  password: z.string().max(128).optional(),
  ...registerExtras,
});
const registerValue = z.object({
  customerId: z.number().int(),
  userName: z.string(),
  /** The session's token, as the original reads it (null when the body asked for no login). */
  token: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  /** The session, when the body asked for login (the default). */
  session: loginValue.nullable(),
});

const smsSent = z.object({
  /** Minutes the code stays valid; the send button counts down expiredMinutes x 60 s. */
  expiredMinutes: z.number().int(),
});

const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** isAgent of §3: 4 is a trial account. */
  type: z.number().int(),
  toUpline: z.union([z.literal(0), z.literal(1)]),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.string()),
  avatar: z.object({ avatarType: z.literal('STATIC'), avatar: z.string(), url: z.string() }),
  language: z.string(),
  email: z.string(),
  countryDialingCode: z.string(),
  mobileNum: z.string(),
  firstLoginAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  previousLoginAt: z.string().nullable(),
  previousLoginIp: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordExpiresAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

const avatarOption = z.object({ avatar: z.string(), name: z.string(), url: z.string() });
const playerAvatar = z.object({
  avatarType: z.literal('STATIC'),
  avatar: z.string(),
  url: z.string(),
  options: z.array(avatarOption),
});

/** Which second factors and security settings the member has (GET /wps/v2/member/securityConfig). */
export const securityConfig = z.object({
  /** A login from an address the member has not used asks for a second factor (LOGINIPVERF3), with these methods. */
  loginVerification: z.object({
    enabled: z.boolean(),
    methods: z.array(z.enum(['mobile', 'email', 'bankAccountName', 'googleAuthenticator'])),
  }),
  mobile: z.object({ bound: z.boolean(), countryDialingCode: z.string(), mobileNum: z.string() }),
  email: z.object({ bound: z.boolean(), email: z.string() }),
  paymentPassword: z.object({ set: z.boolean() }),
  /** The bank account (payee) name, which can answer a second-factor question. */
  payeeName: z.object({ set: z.boolean() }),
  googleAuthenticator: z.object({ bound: z.boolean() }),
  password: z.object({ expiresAt: z.string().nullable(), mustChange: z.boolean() }),
});

/** A change of the member's mobile number: when, and the number before (null for the first) and after, masked. */
export const mobileChange = z.object({
  at: z.string(),
  oldCountryDialingCode: z.string().nullable(),
  oldMobileNum: z.string().nullable(),
  countryDialingCode: z.string(),
  mobileNum: z.string(),
});
export type MobileChange = z.infer<typeof mobileChange>;
/** Binding or changing the mobile number: the SMS code sent to the new number, and the login password. */
export const bindMobileBody = z.object({
  countryDialingCode,
  mobileNum: mobileNumber,
  verificationCode: smsCode,
  password: z.string().min(1).max(128),
});

/** Forgot password by e-mail: the user name and the account's e-mail. */
export const forgotPasswordEmailBody = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(1).max(200),
});
/** A new password with the token of the e-mailed link. */
export const resetPasswordBody = z.object({
  token: z.string().trim().min(20).max(100),
  newPassword,
  confirmNewPassword: z.string().max(128),
});
/** A new password with the SMS code sent to the account's mobile number (the dialing code may be left out). */
export const resetPasswordByPhoneBody = z.object({
  mobileNum: mobileNumber,
  countryDialingCode: countryDialingCode.optional(),
  verificationCode: smsCode,
  newPassword,
  confirmNewPassword: z.string().max(128).optional(),
});
/** Change password: the current one and the new one twice. */
export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword,
  confirmNewPassword: z.string().max(128),
});

/** A VIP level in the original's shape: its growth threshold (totalTurnover) and its monthly keep (monthlyTurnover), in growth points. */
const vipLevel = z.object({
  rank: z.number().int(),
  rankName: z.string(),
  monthlyTurnover: z.number(),
  totalTurnover: z.number(),
});
const progressAmount = z.object({ actual: z.number(), expected: z.number() });
/**
 * The member's VIP level and progress to the next (MCSFE_getPlayerRankProgress), from the VIP area's growth model:
 * its figures are growth points, not money.
 */
const rankProgress = z.object({
  playerRank: z.number().int(),
  playerRankName: z.string(),
  nextRank: z.number().int().nullable(),
  nextRankName: z.string().nullable(),
  /** This merchant month's growth, against what keeps the member's level. */
  monthlyTurnover: progressAmount,
  /** The member's growth, against the next level's threshold (the top level: expected 0). */
  totalTurnover: progressAmount,
  /** 0 to 100: the way from the level's threshold to the next's; 100 at the top level. */
  progress: z.number().min(0).max(100),
  levels: z.array(vipLevel),
});
export type RankProgress = z.infer<typeof rankProgress>;

export const accountsEndpoints = {
  encryptionKey: endpoint({
    method: 'GET',
    path: ENCRYPTION_KEY_PATH,
    access: 'visitor',
    response: encryptionKey,
  }),
  captcha: endpoint({ method: 'GET', path: '/wps/captcha', access: 'visitor', response: captchaImage }),
  captchaProvider: endpoint({
    method: 'GET',
    path: '/wps/captcha/provider',
    access: 'visitor',
    response: captchaProvider,
  }),
  /**
   * The original's RSA key (LEGACY_ENCRYPTION=1 only, refused with feature_disabled otherwise): the 1024-bit
   * modulus as hex text, exponent 10001; `t` is the original's cache breaker. See LEGACY_ENCRYPTION.
   */
  legacyKey: endpoint({
    method: 'GET',
    path: '/wps/session/key/rsa',
    access: 'visitor',
    query: z.object({ t: z.string().max(20).optional(), _: z.string().max(20).optional() }),
    answer: 'text',
    response: z.string(),
  }),
  login: endpoint({
    method: 'POST',
    path: '/wps/session/login',
    access: 'visitor',
    bodyType: 'encrypted',
    body: loginBody,
    response: loginValue,
  }),
  freePlay: endpoint({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    access: 'visitor',
    body: z.object({
      os: optionalText(40),
      platform: z.literal('W').default('W'),
      /** The original client's random string; accepted and ignored. */
      random: optionalText(200),
      gatewayVersion: z.coerce.number().int().optional(),
    }),
    idempotent: true,
    response: loginValue,
  }),
  logout: endpoint({ method: 'DELETE', path: '/wps/session/logout', access: 'member', response: okValue }),
  /** The logout of the other clients of the protocol, which POST. */
  logoutPost: endpoint({ method: 'POST', path: '/wps/session/logout', access: 'member', response: okValue }),
  /**
   * The second factor of a login from an unregistered address (LOGINIPVERF3): refused with feature_disabled
   * while the second-factor work is not built.
   */
  loginVerification: endpoint({
    method: 'POST',
    path: '/wps/session/login/verification',
    access: 'visitor',
    response: loginValue,
  }),
  /** The geetest captcha provider (GEETEST3): refused with feature_disabled while no such provider is built. */
  geetest: endpoint({
    method: 'GET',
    path: '/wps/captcha/geetest',
    access: 'visitor',
    query: z.object({ product: z.string().trim().max(40).optional() }),
    response: z.object({ gt: z.string() }),
  }),
  register: endpoint({
    method: 'PUT',
    path: '/wps/member/register',
    access: 'visitor',
    bodyType: 'encrypted',
    body: registerBody,
    idempotent: true,
    response: registerValue,
  }),
  registerMobile: endpoint({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    access: 'visitor',
    bodyType: 'encrypted',
    body: registerMobileBody,
    idempotent: true,
    response: registerValue,
  }),
  /**
   * The original's quick registration: a user name that fits the username rule and is free now (it is not held;
   * registering it is what takes it).
   */
  autoUsername: endpoint({
    method: 'PUT',
    path: '/wps/member/register/autoUsername',
    access: 'visitor',
    response: z.object({ username: z.string() }),
  }),
  /** Whether a user name can still be registered; a taken one is refused with username_taken (success false). */
  checkUsername: endpoint({
    method: 'GET',
    path: '/wps/check/username',
    access: 'visitor',
    query: z.object({ username: z.string().trim().min(1).max(64) }),
    response: z.object({ username: z.string(), available: z.literal(true) }),
  }),
  /** Affiliate check (§7): valid answers { code, valid: true }; an unknown code is refused with affiliate_invalid. */
  affiliateCheck: endpoint({
    method: 'GET',
    path: '/wps/agent/affiliate',
    access: 'visitor',
    query: z.object({ code: z.string().trim().min(1).max(40), domain: optionalText(200) }),
    response: z.object({ code: z.string(), valid: z.literal(true) }),
  }),
  /** SMS code for the mobile registration tab (purpose 'register'); refused with mobile_taken for a known number. */
  smsRegister: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register',
    access: 'visitor',
    body: z.object({ mobileNo: mobileNumber, countryDialingCode }),
    idempotent: true,
    response: smsSent,
  }),
  /** The username tab's variant: also refuses a user name that is taken (username_taken). */
  smsRegisterUsername: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register/username',
    access: 'visitor',
    body: z.object({
      username: z.string().trim().min(1).max(64),
      mobileNo: mobileNumber,
      countryDialingCode,
    }),
    idempotent: true,
    response: smsSent,
  }),
  /**
   * SMS code without a session: for sms login (purpose 'login', MOBILEVERCODELOGIN3) or forgot password by phone
   * (purpose 'resetPassword', CHNGPASSVERIF3). A number with no account gets the same answer and no SMS.
   */
  smsNoLogin: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    access: 'visitor',
    body: z.object({
      mobileNum: mobileNumber,
      countryDialingCode,
      purpose: z.enum(['login', 'resetPassword']).default('login'),
    }),
    idempotent: true,
    response: smsSent,
  }),
  /**
   * The SMS code for the reset by phone (CHNGPASSVERIF3), as the original asks for it: the code then goes with the
   * new password to /wps/member/password/verification. A number with no account gets the same answer and no SMS.
   */
  passwordSms: endpoint({
    method: 'POST',
    path: '/wps/member/password/sms',
    access: 'visitor',
    body: z.object({ mobileNum: mobileNumber, countryDialingCode }),
    idempotent: true,
    response: smsSent,
  }),
  /** Forgot password by email (§7): form-urlencoded; a mail with a single-use link goes to the member. */
  forgotPasswordEmail: endpoint({
    method: 'POST',
    path: '/wps/member/password/email',
    access: 'visitor',
    bodyType: 'form',
    body: forgotPasswordEmailBody,
    idempotent: true,
    response: z.object({ sent: z.literal(true) }),
  }),
  /** Sets a new password with the token of the emailed link (the link opens the site at /login#resetToken=…, a fragment no server logs). */
  resetPassword: endpoint({
    method: 'POST',
    path: '/wps/member/password/reset',
    access: 'visitor',
    bodyType: 'encrypted',
    body: resetPasswordBody,
    response: z.object({ userName: z.string() }),
  }),
  /**
   * Forgot password by phone (CHNGPASSVERIF3): on success the member is logged in (§4). The original's client may
   * leave out the dialing code: the number's one account then decides it.
   */
  resetPasswordByPhone: endpoint({
    method: 'POST',
    path: '/wps/member/password/verification',
    access: 'visitor',
    bodyType: 'encrypted',
    body: resetPasswordByPhoneBody,
    response: loginValue,
  }),
  /** Change password (§3): the old password is always required; other sessions of the member end. */
  changePassword: endpoint({
    method: 'POST',
    path: '/wps/member/password',
    access: 'realMember',
    bodyType: 'encrypted',
    body: changePasswordBody,
    response: okValue,
  }),
  memberInfo: endpoint({ method: 'GET', path: '/wps/member/info', access: 'member', response: memberInfo }),
  avatar: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    access: 'member',
    response: playerAvatar,
  }),
  /** The same avatar, at the path the original reads it from. */
  avatarIcon: endpoint({
    method: 'GET',
    path: '/wps/member/info/icon',
    access: 'member',
    response: playerAvatar,
  }),
  securityConfig: endpoint({
    method: 'GET',
    path: '/wps/v2/member/securityConfig',
    access: 'member',
    response: securityConfig,
  }),
  /**
   * The SMS code that proves a number the member binds or changes to in the security centre (purpose 'bindMobile');
   * the same sending limits as every SMS code. A number another account has is refused with mobile_taken.
   */
  mobileSms: endpoint({
    method: 'POST',
    path: '/wps/member/mobile/sms',
    access: 'realMember',
    body: z.object({ mobileNum: mobileNumber, countryDialingCode }),
    idempotent: true,
    response: smsSent,
  }),
  /** Binds the number (or changes the bound one) with its SMS code and the login password; the change is kept. */
  bindMobile: endpoint({
    method: 'PUT',
    path: '/wps/member/mobile',
    access: 'realMember',
    bodyType: 'encrypted',
    body: bindMobileBody,
    response: securityConfig,
  }),
  /** The member's mobile number changes, newest first. */
  mobileChanges: endpoint({
    method: 'GET',
    path: '/wps/member/mobile/changes',
    access: 'realMember',
    response: z.array(mobileChange),
  }),
  rankProgress: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    access: 'member',
    response: rankProgress,
  }),
  setAvatar: endpoint({
    method: 'POST',
    path: '/wps/member/info/icon',
    access: 'realMember',
    body: z.object({ avatarType: z.literal('STATIC').default('STATIC'), avatar: z.string().trim().max(40) }),
    response: playerAvatar,
  }),
  setNickname: endpoint({
    method: 'POST',
    path: '/wps/member/info/nickname',
    access: 'realMember',
    body: z.object({ nickname }),
    response: memberInfo,
  }),
  /** The language update call of §4: the member's language, used for mails and SMS. */
  setLanguage: endpoint({
    method: 'PUT',
    path: '/wps/member/language',
    access: 'member',
    body: z.object({ language: languageCode }),
    response: z.object({ language: languageCode }),
  }),
};
