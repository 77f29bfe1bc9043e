import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_PASSWORD_FORCING_CHANGE, type FieldErrorKey, PASSWORD_RULE } from '@tessera/contract';

/** The most common passwords (common-passwords.txt beside this file), lower-cased, read once. */
const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const commonPasswordCount = () => COMMON.size;

/** Why a new password breaks the rule (8 to 64 characters, not a common password), or null when it passes. */
export function passwordProblem(password: string): FieldErrorKey | null {
  if (password.length < PASSWORD_RULE.minLength) return 'too_short';
  if (password.length > PASSWORD_RULE.maxLength) return 'too_long';
  if (COMMON.has(password.toLowerCase())) return 'password_common';
  return null;
}

export const isDefaultPassword = (password: string) => password === DEFAULT_PASSWORD_FORCING_CHANGE;

/** Characters of generated passwords and captchas: no 0/O, 1/I/L look-alikes. */
export const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export function randomText(length: number, alphabet = UNAMBIGUOUS): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}
