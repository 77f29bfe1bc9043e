import {
  ApiError,
  PASSWORD_RULE,
  patternTest,
  type RegisterRule,
  registerRuleMessage,
  SMS_CODE_LENGTH,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { getSiteLanguage } from '../../i18n/language.ts';

/** The password rule of issue 4 (the server also refuses the most common passwords). */
export const PASSWORD_LENGTH = { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength } as const;
const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
/** A mobile number: digits only, 4 to 20 of them (contract mobileNumber); the mobileNum rule narrows it. */
const MOBILE_PATTERN = /^\d{4,20}$/;

export type FieldErrors = Record<string, string>;

/** The kit's errorText, which the sign-in forms take from here beside the rest of their validation. */
export { errorText };

/**
 * What a form shows of a refusal, each thing once: the fields the server names, beside them (a single field refused
 * for the call's own reason, such as a wrong captcha or a wrong current password, says that reason); the message
 * above the form only when no field of the form carries it. `shown` lists the form's fields, when some of the
 * server's may not be on it. `asSent` keeps the server's own words at a single field (a money form's "Must be at
 * least 100.00" says more than the call's "below the minimum withdrawal").
 */
export function refusal(
  t: TFunction,
  error: unknown,
  {
    rename = {},
    shown,
    asSent = false,
  }: { rename?: Record<string, string>; shown?: readonly string[]; asSent?: boolean } = {},
): { fields: FieldErrors; message: string | null } {
  const message = errorText(t, error);
  const named = Object.entries(serverFieldErrors(error, rename)).filter(
    ([key]) => shown === undefined || shown.includes(key),
  );
  const [only] = named;
  if (!only) return { fields: {}, message };
  if (named.length === 1 && errorCode(error) !== 'validation_failed' && !asSent)
    return { fields: { [only[0]]: message }, message: null };
  return { fields: Object.fromEntries(named), message: null };
}

/** A new password and its confirmation: each required, the first by the password rule, the second equal to it. */
export function newPasswordProblems(t: TFunction, password: string, confirm: string): FieldErrors {
  const found: FieldErrors = {};
  const problem = passwordProblem(t, password);
  if (problem) found.newPassword = problem;
  if (confirm === '') found.confirmNewPassword = t('validation.required');
  else if (confirm !== password) found.confirmNewPassword = t('validation.inconsistentTwice');
  return found;
}

/** The per-field messages of a refusal, renamed to the form's field names where the wire names differ. */
export function serverFieldErrors(error: unknown, rename: Record<string, string> = {}): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(error.fields)) fields[rename[key] ?? key] = message;
  return fields;
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * The message of a registration rule (§5) in the site's language: the same text the server sends in `fields`.
 */
export function ruleMessage(rule: Pick<RegisterRule, 'patternId' | 'minLength' | 'maxLength'>) {
  return registerRuleMessage(rule, getSiteLanguage());
}

/** Whether a value breaks its rule: its length, or the accepted pattern (checked again by the server). */
export function breaksRule(
  rule: Pick<RegisterRule, 'acceptedPattern' | 'minLength' | 'maxLength'>,
  value: string,
) {
  if (value.length < rule.minLength || value.length > rule.maxLength) return true;
  // RE2 (linear time): an operator's pattern cannot freeze the page.
  return patternTest(rule.acceptedPattern, value) === false;
}

/** A new password's problem against the length rule, or null. */
export function passwordProblem(t: TFunction, password: string): string | null {
  if (password === '') return t('validation.required');
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    return t('validation.passwordLength', PASSWORD_LENGTH);
  }
  return null;
}

/** A mobile number's problem (required, digits only, and the mobileNum rule when it is on), or null. */
export function mobileProblem(t: TFunction, mobile: string, rule?: RegisterRule | undefined): string | null {
  if (mobile === '') return t('validation.required');
  if (!MOBILE_PATTERN.test(mobile)) return t('validation.mobileInvalid');
  if (rule?.enabled && breaksRule(rule, mobile)) return ruleMessage(rule);
  return null;
}

/** An SMS code's problem, or null. */
export function smsCodeProblem(t: TFunction, code: string): string | null {
  if (code === '') return t('validation.required');
  return SMS_CODE_PATTERN.test(code) ? null : t('validation.smsCodeInvalid');
}
