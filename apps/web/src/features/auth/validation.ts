import { ApiError, type RegisterRule } from '@tessera/contract';
import type { TFunction } from 'i18next';

/**
 * The password rule of issue 4 (contract PASSWORD_RULE: 8 to 64 characters; the server also refuses the most
 * common passwords). Repeated here because the contract's accounts module builds zod schemas when it loads;
 * e2e/accounts.test.ts checks that the figures agree.
 */
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const;
/** SMS codes are 6 digits (contract SMS_CODE_LENGTH). */
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** A mobile number: digits only, 4 to 20 of them (contract mobileNumber); the mobileNum rule narrows it. */
export const MOBILE_PATTERN = /^\d{4,20}$/;

export type FieldErrors = Record<string, string>;

/** The text of a refusal: the envelope's message, translated by the server in the Language header's language. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error') return t('errors.network');
    return error.message || t('errors.unknown');
  }
  return t('errors.unknown');
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

const PATTERN_KEYS = [
  'registerPatterns.p0',
  'registerPatterns.p1',
  'registerPatterns.p2',
  'registerPatterns.p3',
  'registerPatterns.p4',
  'registerPatterns.p5',
  'registerPatterns.p6',
  'registerPatterns.p7',
  'registerPatterns.p8',
  'registerPatterns.p9',
  'registerPatterns.p10',
  'registerPatterns.p11',
  'registerPatterns.p12',
] as const;

/**
 * The message of a registration rule (§5): the pattern text of its patternId (0–12) with the range filled in,
 * a single number when min equals max. The texts are the contract's REGISTER_PATTERN_MESSAGES, in the bundles.
 */
export function ruleMessage(t: TFunction, rule: Pick<RegisterRule, 'patternId' | 'minLength' | 'maxLength'>) {
  const range =
    rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength}-${rule.maxLength}`;
  return t(PATTERN_KEYS[rule.patternId] ?? PATTERN_KEYS[0], { range });
}

/** Whether a value breaks its rule: its length, or the accepted pattern (checked again by the server). */
export function breaksRule(
  rule: Pick<RegisterRule, 'acceptedPattern' | 'minLength' | 'maxLength'>,
  value: string,
) {
  if (value.length < rule.minLength || value.length > rule.maxLength) return true;
  try {
    return !new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    return false;
  }
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
  if (rule?.enabled && breaksRule(rule, mobile)) return ruleMessage(t, rule);
  return null;
}

/** An SMS code's problem, or null. */
export function smsCodeProblem(t: TFunction, code: string): string | null {
  if (code === '') return t('validation.required');
  return SMS_CODE_PATTERN.test(code) ? null : t('validation.smsCodeInvalid');
}
