import { FIELD_ERRORS, type FieldErrorKey, fieldMessage, languageLocale } from '@tessera/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { findBadText } from './input-text.ts';

/** Parses input against a contract schema; a failure becomes validation_failed with a translated message per field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  language: string | undefined,
): z.output<S> {
  const checked = checkInput(schema, input, language);
  if (checked.ok) return checked.value;
  throw new AppError('validation_failed', checked.fields);
}

/**
 * Checks input against a contract schema, after the text checks every input passes (no NUL, no lone surrogate):
 * the value, or a translated message per field. For callers that answer a refusal in a protocol of their own (a
 * game provider's signed wallet calls); routes use parseInput.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  language?: string,
): { ok: true; value: z.output<S> } | { ok: false; fields: Record<string, string> } {
  const bad = findBadText(input);
  if (bad) return { ok: false, fields: { [bad]: fieldMessage('invalid_value', language) } };
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!fields[path]) fields[path] = describeIssue(issue, language);
  }
  return { ok: false, fields };
}

function describeIssue(issue: z.core.$ZodIssue, language: string | undefined): string {
  switch (issue.code) {
    case 'too_small': {
      // Contract numbers are integers, so an exclusive minimum (positive()) means one more.
      const min = Number(issue.minimum) + (issue.inclusive === false && issue.origin !== 'string' ? 1 : 0);
      if (issue.origin === 'string')
        return fieldMessage(min <= 1 ? 'required' : 'too_short', language, { min });
      return fieldMessage('too_small', language, { min: numberText(min, issue.origin, language) });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return fieldMessage('too_long', language, { max });
      return fieldMessage('too_big', language, { max: numberText(max, issue.origin, language) });
    }
    case 'invalid_type':
      return fieldMessage(issue.input === undefined ? 'required' : 'invalid_value', language);
    case 'invalid_format':
      return fieldMessage('invalid_format', language);
    default:
      return fieldMessage(
        issue.message in FIELD_ERRORS ? (issue.message as FieldErrorKey) : 'invalid_value',
        language,
      );
  }
}

/** A limit of a number as the reader writes numbers ("1,000,000"); other limits (array sizes) as they are. */
const numberText = (value: number, origin: string, language: string | undefined) =>
  origin === 'number' ? value.toLocaleString(languageLocale(language)) : String(value);
