import { ApiError, PASSWORD_RULE, type RegisterRule, registerRuleMessage } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getSiteLanguage } from '../../i18n/language.ts';

/** The password rule of issue 4 (the server also refuses the most common passwords). */
export const PASSWORD_LENGTH = { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength } as const;

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

/** What a field says for the schema's codes that depend on the field (see schemaText). */
export interface SchemaTexts {
  length?: string;
  format?: string;
  accept?: string;
  value?: string;
}

/**
 * A form's field message from its schema (react-hook-form's error), in the site's language: the contract's codes
 * ('required', 'mismatch', 'invalid_format', 'must_accept', 'too_short', 'too_long') by the bundle's keys, a length bound as `length` says
 * (an empty required field by default), a server's message or a rule's (already in the site's language) as it is;
 * `value`, when given and empty, makes any schema message 'required'.
 */
export function schemaText(
  t: TFunction,
  error: FieldError | undefined,
  texts: SchemaTexts = {},
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  // An empty field that a pattern refuses is simply missing.
  if (texts.value === '') return t('validation.required');
  switch (error.message) {
    case 'required':
      return t('validation.required');
    case 'mismatch':
      return t('validation.inconsistentTwice');
    case 'invalid_format':
      return texts.format ?? t('validation.required');
    case 'must_accept':
      return texts.accept ?? t('validation.required');
    case 'too_short':
    case 'too_long':
      return texts.length ?? t('validation.required');
  }
  if (error.type === 'too_small' || error.type === 'too_big') return texts.length ?? t('validation.required');
  if (error.type === 'invalid_format') return texts.format ?? t('validation.required');
  return error.message;
}

/** A new password's confirmation: required, and equal to the new password ('mismatch'). */
export function confirmation<T extends { newPassword: string; confirmNewPassword?: string | undefined }>(
  value: T,
  context: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) {
  if (!value.confirmNewPassword) {
    context.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'required' });
  } else if (value.confirmNewPassword !== value.newPassword) {
    context.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'mismatch' });
  }
}

/** A refusal's per-field messages onto a react-hook-form form, beside their fields (type 'server'). */
export function showFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: FieldErrors) {
  for (const [name, message] of Object.entries(fields)) {
    if (message) setError(name as Path<T>, { type: 'server', message });
  }
}
