import { z } from 'zod';
import { PASSWORD_RULE, registerRuleMessage } from '../account-rules.ts';
import { REGISTER_FIELDS } from '../constants.ts';
import { patternTest } from '../patterns.ts';
import type { RegisterRule } from '../system/player.ts';

/**
 * Registration's field checks from the server's rules (§5, /wps/system/setting/register), shared by the server,
 * which checks every registration with them, and the player site's form, which shows the same messages beside
 * the fields before sending. What needs the database (a taken name, a known dialing code, the captcha's answer,
 * a common password) stays on the server.
 */

type RuleKey = (typeof REGISTER_FIELDS)[number];
/** The fields `registerFieldProblems` checks, as typed (strings; absent means empty). */
export type RegisterFieldValues = Partial<
  Record<RuleKey | 'confirmPassword' | 'verificationCode', string | undefined>
>;

export interface RegisterFormOptions {
  /** The tab: by user name, or by mobile number (MOBILENUMREG3). */
  tab: 'username' | 'mobile';
  /** A password is asked: always on the user-name tab, on the mobile tab with MOBILENUMPASSREG3. */
  passwordAsked: boolean;
  /** REGMOBVERF3: a given mobile number needs its SMS code. */
  smsVerification: boolean;
  /** The language of the rules' messages. */
  language: string | undefined;
  /**
   * The password's length (PASSWORD_RULE: 'too_short', 'too_long'): the form's check; the server checks it with the
   * common passwords and says it in the member's language.
   */
  passwordLength?: boolean;
}

/** A mobile number: digits only, 4 to 20 of them (as the contract's mobileNumber). */
const MOBILE_DIGITS = /^\d{4,20}$/;

/**
 * Whether a value breaks its rule: its length, or the accepted pattern. The pattern runs on RE2 (linear time), so
 * an operator's pattern cannot freeze the server or the page.
 */
export function breaksRegisterRule(
  rule: Pick<RegisterRule, 'acceptedPattern' | 'minLength' | 'maxLength'>,
  value: string,
): boolean {
  if (value.length < rule.minLength || value.length > rule.maxLength) return true;
  return patternTest(rule.acceptedPattern, value) === false;
}

/** The fields of §5 checked alike (on when their rule is on): all but username, password, mobileNum, captcha. */
export const OPTIONAL_RULE_FIELDS = /* @__PURE__ */ REGISTER_FIELDS.filter(
  (key) => !['username', 'password', 'mobileNum', 'captcha'].includes(key),
);

/**
 * The problems of a registration's fields, by field: a field error key ('required', 'mismatch',
 * 'invalid_format', 'too_short', 'too_long') or, for a broken rule, its message in `options.language`.
 * Empty when every field passes.
 */
export function registerFieldProblems(
  rules: readonly RegisterRule[],
  options: RegisterFormOptions,
  values: RegisterFieldValues,
): Record<string, string> {
  const byKey = new Map(rules.map((rule) => [rule.key, rule]));
  const problems: Record<string, string> = {};
  const text = (key: string) => values[key as keyof RegisterFieldValues]?.trim() ?? '';

  /** A field against its rule: checked when the rule is on, or always when forced. */
  const check = (key: RuleKey, force = false) => {
    const rule = byKey.get(key);
    if (!force && !rule?.enabled) return;
    const value = text(key);
    if (value === '') {
      if (force || rule?.required) problems[key] = 'required';
    } else if (rule && breaksRegisterRule(rule, value)) {
      problems[key] = registerRuleMessage(rule, options.language);
    }
  };

  if (options.tab === 'username') check('username', true);
  check('mobileNum', options.tab === 'mobile');
  const mobile = byKey.get('mobileNum')?.enabled || options.tab === 'mobile' ? text('mobileNum') : '';
  if (mobile !== '' && !problems.mobileNum && !MOBILE_DIGITS.test(mobile))
    problems.mobileNum = 'invalid_format';

  if (options.passwordAsked) {
    const password = values.password ?? '';
    const rule = byKey.get('password');
    if (password === '') problems.password = 'required';
    else if (rule?.enabled && breaksRegisterRule(rule, password)) {
      problems.password = registerRuleMessage(rule, options.language);
    } else if (options.passwordLength && password.length < PASSWORD_RULE.minLength) {
      problems.password = 'too_short';
    } else if (options.passwordLength && password.length > PASSWORD_RULE.maxLength) {
      problems.password = 'too_long';
    }
    if (password !== '' && values.confirmPassword !== password) {
      problems.confirmPassword = values.confirmPassword ? 'mismatch' : 'required';
    }
  }
  for (const key of OPTIONAL_RULE_FIELDS) check(key);
  // The mobile tab always needs the code; the user-name tab once a number is given.
  if (
    options.smsVerification &&
    (options.tab === 'mobile' || mobile !== '') &&
    !values.verificationCode?.trim()
  ) {
    problems.verificationCode = 'required';
  }
  if (byKey.get('captcha')?.enabled && !values.captcha?.trim()) problems.captcha = 'required';
  return problems;
}

/** The registration form's text fields: the rules' fields, the password's confirmation and the SMS code. */
const REGISTER_FORM_TEXT_FIELDS = [...REGISTER_FIELDS, 'confirmPassword', 'verificationCode'] as const;
/** The registration form's values: every text field as typed, and the two consents (§1: 18+ and the terms). */
export type RegisterFormValues = Record<(typeof REGISTER_FORM_TEXT_FIELDS)[number], string> & {
  ageConfirmed: boolean;
  termsAccepted: boolean;
};

/** A form with nothing typed and nothing ticked. */
export function emptyRegisterForm(): RegisterFormValues {
  const texts = Object.fromEntries(REGISTER_FORM_TEXT_FIELDS.map((key) => [key, '']));
  return {
    ...(texts as Record<(typeof REGISTER_FORM_TEXT_FIELDS)[number], string>),
    ageConfirmed: false,
    termsAccepted: false,
  };
}

/**
 * The registration form's schema, built from the rules: `registerFieldProblems` on each field, and both consents
 * given ('must_accept'). `skip` names fields the form does not show (the affiliate code applied from the link).
 */
export function registerFormSchema(
  rules: readonly RegisterRule[],
  options: RegisterFormOptions & { skip?: readonly string[] },
) {
  // Built on demand: a page that does not register ships no schema of it (the home page's first download).
  const values = z.object({
    ...(Object.fromEntries(REGISTER_FORM_TEXT_FIELDS.map((key) => [key, z.string()])) as Record<
      (typeof REGISTER_FORM_TEXT_FIELDS)[number],
      z.ZodString
    >),
    ageConfirmed: z.boolean(),
    termsAccepted: z.boolean(),
  });
  return values.superRefine((values, context) => {
    const problems = registerFieldProblems(rules, options, values);
    for (const [field, message] of Object.entries(problems)) {
      if (!options.skip?.includes(field)) context.addIssue({ code: 'custom', path: [field], message });
    }
    for (const field of ['ageConfirmed', 'termsAccepted'] as const) {
      if (!values[field]) context.addIssue({ code: 'custom', path: [field], message: 'must_accept' });
    }
  });
}
