import {
  type LoginValue,
  type loginBody,
  PLAYER_SITE_TYPES,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { clearFailures, failureCount, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/crypto.ts';
import { text } from '../../platform/rng.ts';
import { openSession, revokeSession } from '../../platform/sessions.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { mayAct } from '../responsible/check.ts';
import { checkSignIn } from '../risk/flags.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import {
  type Accounts,
  blankMember,
  loginKey,
  loginPolicy,
  requireFlag,
  sendingPolicy,
  throttle,
  type Visit,
} from './accounts.ts';
import { membersOnDevice } from './linked-accounts.ts';
import { isDefaultPassword } from './passwords.ts';
import { useSmsCode } from './sms-codes.ts';
import * as store from './store.ts';

// Failure counters of logins by SMS code and per address (platform/attempts), beside loginKey.
const smsLoginKey = (countryDialingCode: string, mobile: string) =>
  `member-login-sms:${countryDialingCode}:${mobile}`;
const loginIpKey = (ip: string) => `member-login-ip:${ip}`;

/**
 * Opens a session for the member (each login a new token) and records the login, in the caller's transaction;
 * answers the login value of §3.
 */
export async function startSession(
  accounts: Accounts,
  tx: Queryable,
  member: store.MemberDb,
  loginType: 'username' | 'sms' | 'register' | 'freeplay' | 'resetPassword',
  visit: Visit,
  password?: string,
): Promise<LoginValue> {
  const { config } = accounts;
  await mayAct(tx, member.id, 'sign_in', { now: visit.now });
  const session = await openSession(
    tx,
    { kind: 'member', id: member.id },
    config.memberSession,
    visit.now,
    visit.ip,
    accounts.rng,
  );
  const before = await store.recordLogin(
    tx,
    member.id,
    { type: loginType, ip: visit.ip, device: visit.device, userAgent: visit.userAgent },
    visit.now,
  );
  await checkSignIn(tx, { memberId: member.id, device: visit.device, at: visit.now }, () =>
    membersOnDevice(tx, member.id, visit.device),
  );
  let passwordExpired = false;
  if (loginType === 'username') {
    const expired = member.password_expires_at !== null && member.password_expires_at <= visit.now;
    passwordExpired =
      (password !== undefined && isDefaultPassword(password)) ||
      member.must_change_password ||
      (expired && (await moduleEnabled(tx, 'PWDEXPFORCECHANGE3')));
  }
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    firstTimeLogin: before?.first_login_at === null,
    passwordExpired,
    userName: member.username,
    account: member.username,
    customerId: member.id,
    isAgent: member.type,
    memberLabel: member.member_labels,
    previousLoginAt: before?.last_login_at?.toISOString() ?? null,
    previousLoginIp: before?.last_login_ip || null,
    id: member.id,
    customerType: member.type,
  };
}

/** Refuses a locked member, and a type that may not use the player site. */
export function memberMayEnter(member: store.MemberDb) {
  if (member.status === 'locked') throw new AppError('member_locked');
  if (!(PLAYER_SITE_TYPES as readonly number[]).includes(member.type)) throw new AppError('not_member');
}

export type LoginInput = z.output<typeof loginBody>;

/**
 * Logs a member in by user name and password, or by mobile number and SMS code. After `captchaAfter` failures a
 * captcha is required (refusals then carry fields.captcha); after `maxAttempts` the account is locked for
 * `lockMinutes`. Failures are counted per account and per address (four times as many), and logged.
 */
export async function login(accounts: Accounts, input: LoginInput, visit: Visit): Promise<LoginValue> {
  const { db, config, verifier } = accounts;
  const { now } = visit;
  const sms = input.type === 'sms';
  if (sms) await requireFlag(db, 'MOBILEVERCODELOGIN3');
  const key = sms ? smsLoginKey(input.countryDialingCode, input.username) : loginKey(input.username);
  const policy = loginPolicy(config);
  const ipPolicy = { ...policy, maxFailures: policy.maxFailures * 4 };
  const member = sms
    ? await store.findMemberByMobile(db, input.countryDialingCode, input.username)
    : await store.findMemberByUsername(db, input.username);
  const fail = (reason: string) =>
    write(db, { isolation: 'read committed' }, (tx) =>
      store.insertLoginFailure(
        tx,
        {
          username: sms ? `+${input.countryDialingCode} ${input.username}` : input.username,
          memberId: member?.id ?? null,
          loginType: input.type,
          reason,
          ip: visit.ip,
          device: visit.device,
        },
        now,
      ),
    );

  if ((await lockedUntil(db, key, now)) || (await lockedUntil(db, loginIpKey(visit.ip), now))) {
    await fail('locked');
    throw new AppError('account_locked');
  }
  const captchaNeeded = (await failureCount(db, key, policy, now)) >= config.memberLogin.captchaAfter;
  if (captchaNeeded) {
    if (!input.captcha) throw new AppError('captcha_required', { captcha: 'required' });
    if (!(await verifier.verify(db, input, now))) {
      await fail('captcha');
      throw new AppError('captcha_invalid', { captcha: 'invalid_value' });
    }
  }

  let refusal: 'invalid_credentials' | 'sms_code_invalid' | 'sms_code_expired' | null = null;
  if (sms) {
    const result = member
      ? await useSmsCode(db, input.countryDialingCode, input.username, 'login', input.password, now)
      : 'invalid';
    if (result !== 'ok') refusal = result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid';
  } else {
    const valid = await verifyPassword(member?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!member?.password_hash || !valid) refusal = 'invalid_credentials';
  }
  if (refusal || !member) {
    const failures = await write(db, { isolation: 'read committed' }, async (tx) => {
      await recordFailure(tx, loginIpKey(visit.ip), ipPolicy, now);
      return recordFailure(tx, key, policy, now);
    });
    await fail(member ? (refusal ?? 'invalid_credentials') : 'unknown_account');
    if (failures >= policy.maxFailures) throw new AppError('account_locked');
    const fields = failures >= config.memberLogin.captchaAfter ? { captcha: 'required' } : undefined;
    throw new AppError(refusal ?? 'invalid_credentials', fields);
  }
  try {
    memberMayEnter(member);
  } catch (error) {
    await fail((error as AppError).code);
    throw error;
  }
  return write(db, { isolation: 'read committed' }, async (tx) => {
    await clearFailures(tx, key);
    return startSession(accounts, tx, member, input.type, visit, sms ? undefined : input.password);
  });
}

/** Free demo play (FREEPLAY3): a new trial account (isAgent 4) with no password and no balance, logged in. */
export async function freePlay(
  accounts: Accounts,
  visit: Visit,
  idempotency: IdempotencyKey | null = null,
): Promise<LoginValue> {
  const { db, rng } = accounts;
  const earlier = await earlierAnswer<LoginValue>(db, idempotency);
  if (earlier) return earlier;
  await requireFlag(db, 'FREEPLAY3');
  await throttle(db, [[`freeplay-ip:${visit.ip}`, sendingPolicy(10)]], visit.now);
  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    const member = await store.insertMember(
      tx,
      {
        ...blankMember(visit),
        username: `demo_${text(rng, 10, 'abcdefghjkmnpqrstuvwxyz23456789')}`,
        nickname: `Guest ${rng.int(1000, 10_000)}`,
        type: TRIAL_ACCOUNT_IS_AGENT,
      },
      visit.now,
    );
    return startSession(accounts, tx, member, 'freeplay', visit);
  });
}

/** Logs the member out: the session of this token ends, and its sockets close. */
export async function logout(db: Database, tokenHash: string, now: Date) {
  await write(db, { isolation: 'read committed' }, (tx) => revokeSession(tx, tokenHash, now));
  return { ok: true as const };
}
