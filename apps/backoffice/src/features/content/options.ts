import { ALL_LANGUAGES, SUPPORTED_LANGUAGES } from '@tessera/contract';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../ui/Select.tsx';

/** A language as the console names it: its name and code, or the code where the console has no name for it. */
export function languageLabel(t: TFunction, code: string): string {
  const name = t(`languages.${code}`, { defaultValue: code });
  return name === code ? code : `${name} (${code})`;
}

/** Content languages: the three translated ones first, then the others by code. */
export function languageOptions(t: TFunction): SelectOption[] {
  const rest = ALL_LANGUAGES.filter((code) => !(SUPPORTED_LANGUAGES as readonly string[]).includes(code));
  return [...SUPPORTED_LANGUAGES, ...rest].map((code) => ({ value: code, label: languageLabel(t, code) }));
}

/** A sort order's text: empty means the contract's default (0). */
export function toSort(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}
