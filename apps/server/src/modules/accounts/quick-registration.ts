import { breaksRegisterRule, registerRuleMessage } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { type Rng, text } from '../../platform/rng.ts';
import { registerRules } from '../system/registration-rules.ts';
import { siteSettings } from '../system/settings.ts';
import { requireFlag } from './accounts.ts';
import * as store from './store.ts';

// The original's quick registration (a generated user name) and the other clients' user-name check.

const LETTERS = 'abcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ATTEMPTS = 20;

/** Registration by user name is open: direct registration (REG3) and USERNAMEREG3. */
async function requireUsernameRegistration(db: Queryable) {
  if (!(await siteSettings(db)).directRegistration) throw new AppError('feature_disabled');
  await requireFlag(db, 'USERNAMEREG3');
}

/**
 * A user name for the quick registration: letters then digits, as long as the username rule allows (8 when it
 * allows more), that fits the rule and is not taken now. It is not held: registering it is what takes it. A rule no
 * generated name fits (say, Chinese characters only) is refused with feature_disabled.
 */
export async function autoUsername(db: Queryable, rng: Rng): Promise<{ username: string }> {
  await requireUsernameRegistration(db);
  const rule = (await registerRules(db)).find((candidate) => candidate.key === 'username');
  const length = Math.max(rule?.minLength ?? 0, Math.min(rule?.maxLength ?? 8, 8), 2);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const digits = Math.min(4, length - 1);
    const username = text(rng, length - digits, LETTERS) + text(rng, digits, DIGITS);
    if (rule && breaksRegisterRule(rule, username)) continue;
    if (!(await store.usernameTaken(db, username))) return { username };
  }
  throw new AppError('feature_disabled');
}

/**
 * Whether a user name can be registered: refused with username_taken when a member has it, and with the username
 * rule's message when it does not fit the rule.
 */
export async function checkUsername(db: Queryable, username: string, language: string) {
  const rule = (await registerRules(db)).find((candidate) => candidate.key === 'username');
  if (rule?.enabled && breaksRegisterRule(rule, username)) {
    throw new AppError('validation_failed', { username: registerRuleMessage(rule, language) });
  }
  if (await store.usernameTaken(db, username)) throw new AppError('username_taken', { username: 'taken' });
  return { username, available: true as const };
}
