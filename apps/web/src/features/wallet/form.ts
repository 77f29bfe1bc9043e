import { MAX_AMOUNT } from '@tessera/contract';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { money } from './queries.ts';

/**
 * The message of a field the contract's schema refused in the browser: the schema's own codes
 * (invalid_value, invalid_format) and zod's kinds (too small, not a number) as the reader's words.
 */
export function schemaMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'too_big') return t('wallet.errors.tooBig', { max: money(MAX_AMOUNT, 0) });
  if (error.type === 'too_small' || error.type === 'invalid_type') {
    return t('wallet.errors.amount');
  }
  if (error.message === 'invalid_format') return t('wallet.errors.format');
  return t('wallet.errors.value');
}
