import { TOO_MANY_REQUESTS_WAIT_MINUTES } from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { type AttemptPolicy, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import type { Rng } from '../../platform/rng.ts';
import { write } from '../../platform/write.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import type { AffiliateLinks } from './affiliates.ts';
import type { HumanVerifier } from './captcha.ts';
import type * as store from './store.ts';

// What every part of the accounts area shares: its dependencies, the visit, limits, module flags, a new member.

/**
 * What the rules of this area work with. `db` is for reads and for opening writes (platform/write.ts); inside a
 * write only its transaction is used.
 */
export interface Accounts {
  db: Database;
  config: Config;
  rng: Rng;
  verifier: HumanVerifier;
  /** Agents' affiliate links (the agents area answers; absent, only agents' default codes register under them). */
  affiliateLinks?: AffiliateLinks | undefined;
}

/** Who is asking, as the request says. */
export interface Visit {
  ip: string;
  /** What login_history records as the device: the browser's device id when it sent one, else the platform. */
  device: string;
  /** The browser's own random device id (Device-Id header), '' when none was sent or it is not well formed. */
  deviceId: string;
  userAgent: string;
  language: string;
  now: Date;
}

// Failure counters (platform/attempts), shared by every server process through the database.
export const loginKey = (username: string) => `member-login:${username.toLowerCase()}`;

export function loginPolicy(config: Config): AttemptPolicy {
  return {
    windowMinutes: config.memberLogin.lockMinutes,
    maxFailures: config.memberLogin.maxAttempts,
    lockMinutes: config.memberLogin.lockMinutes,
  };
}

/** A sending limit: `max` uses in an hour, then a wait of 5 minutes ("too many requests, retry after 5 minutes"). */
export const sendingPolicy = (max: number): AttemptPolicy => ({
  windowMinutes: 60,
  maxFailures: max,
  lockMinutes: TOO_MANY_REQUESTS_WAIT_MINUTES,
});

/**
 * Counts one use against every key, in a write of its own (a use counts even when the request then fails);
 * refused with too_many_requests while any of them is locked.
 */
export async function throttle(db: Database, limits: [string, AttemptPolicy][], now: Date) {
  for (const [key] of limits) {
    if (await lockedUntil(db, key, now)) throw new AppError('too_many_requests');
  }
  await write(db, { isolation: 'read committed' }, async (tx) => {
    for (const [key, policy] of limits) await recordFailure(tx, key, policy, now);
  });
}

/**
 * Registrations one address may make in an hour, then 5 minutes of too_many_requests: every way of opening an
 * account (register, register by mobile, an agent's downline registration) counts against the same limit.
 */
export const registrationLimit = {
  name: 'register-ip',
  policy: (config: Config) => sendingPolicy(config.limits.registerPerIp),
};

export async function requireFlag(db: Queryable, modId: string) {
  if (!(await moduleEnabled(db, modId))) throw new AppError('feature_disabled');
}

/** A new member with every field empty, registered from the visit's address and in its language. */
export function blankMember(visit: Visit): store.NewMember {
  return {
    username: '',
    nickname: '',
    type: 0,
    password_hash: null,
    password_changed_at: null,
    password_expires_at: null,
    country_dialing_code: null,
    mobile: null,
    email: '',
    payee_name: '',
    payment_password_hash: null,
    qq_num: '',
    line: '',
    whatsapp: '',
    facebook: '',
    wechat: '',
    zalo: '',
    id_number: '',
    recommender_id: '',
    upline_id: null,
    referral_code: null,
    referred_by: null,
    language: toLanguage(visit.language),
    register_ip: visit.ip,
    register_domain: '',
    register_device: visit.deviceId,
    register_url: '',
    register_method: '',
  };
}

const toLanguage = (language: string) => (/^[A-Z]{2}$/.test(language) ? language : 'EN');
