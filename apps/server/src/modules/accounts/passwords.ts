import { readFileSync } from 'node:fs';
import {
  DEFAULT_PASSWORD_FORCING_CHANGE,
  type FieldErrorKey,
  fieldMessage,
  PASSWORD_RULE,
} from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { strengthProblem } from '../../platform/password-strength.ts';
import * as store from './store.ts';

/** The most common passwords (common-passwords.txt beside this file), lower-cased, read once. */
const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const commonPasswordCount = () => COMMON.size;
/** The zxcvbn score (0 to 4) a player's new password needs. */
const PLAYER_MIN_STRENGTH = 2;

/** Why a new password breaks the rule (8 to 64 characters, not common, not trivially weak), or null when it passes. */
export function passwordProblem(password: string): FieldErrorKey | null {
  if (password.length < PASSWORD_RULE.minLength) return 'too_short';
  if (password.length > PASSWORD_RULE.maxLength) return 'too_long';
  if (COMMON.has(password.toLowerCase())) return 'password_common';
  // Trivially weak ones too (aaaaaaaa, qwertyuiop, abcd1234): zxcvbn's score under 2 (about a million guesses).
  return strengthProblem(password, PLAYER_MIN_STRENGTH);
}

export const isDefaultPassword = (password: string) => password === DEFAULT_PASSWORD_FORCING_CHANGE;

/** Characters of generated passwords and captchas: no 0/O, 1/I/L look-alikes. */
export const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** When a password set now expires, or null when passwords do not expire. */
export function passwordExpiry(config: Config, now: Date): Date | null {
  return config.passwordExpiryDays > 0
    ? new Date(now.getTime() + config.passwordExpiryDays * 86_400_000)
    : null;
}

/** A new password's rule problem as a translated message, or null. */
export function newPasswordMessage(password: string, language: string): string | null {
  const problem = passwordProblem(password);
  return problem
    ? fieldMessage(problem, language, { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength })
    : null;
}

/** Refuses a confirmation that differs from the new password (an absent one is not checked). */
export function checkConfirmation(newPassword: string, confirmation: string | undefined) {
  if (confirmation !== undefined && confirmation !== newPassword) {
    throw new AppError('validation_failed', { confirmNewPassword: 'mismatch' });
  }
}

/** Refuses a new password that breaks the rule, with the translated message on its field. */
export function checkNewPassword(password: string, language: string, field = 'newPassword') {
  const problem = newPasswordMessage(password, language);
  if (problem) throw new AppError('password_rule', { [field]: problem });
}

/**
 * Stores the member's new password hash (hashed before the transaction: argon2 takes a while) with its expiry;
 * the member no longer has to change it.
 */
export async function setNewPassword(
  tx: Queryable,
  config: Config,
  memberId: number,
  passwordHash: string,
  now: Date,
) {
  await store.setPassword(tx, memberId, {
    hash: passwordHash,
    changedAt: now,
    expiresAt: passwordExpiry(config, now),
    mustChange: false,
  });
}
