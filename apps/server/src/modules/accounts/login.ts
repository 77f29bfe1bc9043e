import { randomInt } from 'node:crypto';
import {
  type LoginValue,
  type loginBody,
  PLAYER_SITE_TYPES,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { clearFailures, failureCount, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/crypto.ts';
import { openSession } from '../../platform/sessions.ts';
import * as system from '../system/service.ts';
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
import { isDefaultPassword, randomText } from './passwords.ts';
import { useSmsCode } from './sms-codes.ts';
import * as store from './store.ts';

// Failure counters of logins by SMS code and per address (platform/attempts), beside loginKey.
const smsLoginKey = (countryDialingCode: string, mobile: string) =>
  `member-login-sms:${countryDialingCode}:${mobile}`;
const loginIpKey = (ip: string) => `member-login-ip:${ip}`;

/** Opens a session for the member (each login a new token) and records the login; answers the login value of §3. */
export async function startSession(
  accounts: Accounts,
  member: store.MemberDb,
  loginType: 'username' | 'sms' | 'register' | 'freeplay' | 'resetPassword',
  visit: Visit,
  password?: string,
): Promise<LoginValue> {
  const { db, config } = accounts;
  const session = await openSession(
    db,
    { kind: 'member', id: member.id },
    config.memberSession,
    visit.now,
    visit.ip,
  );
  const before = await store.recordLogin(
    db,
    member.id,
    { type: loginType, ip: visit.ip, device: visit.device, userAgent: visit.userAgent },
    visit.now,
  );
  let passwordExpired = false;
  if (loginType === 'username') {
    const expired = member.password_expires_at !== null && member.password_expires_at <= visit.now;
    passwordExpired =
      (password !== undefined && isDefaultPassword(password)) ||
      member.must_change_password ||
      (expired && (await system.moduleEnabled(db, 'PWDEXPFORCECHANGE3')));
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
  const fail = async (reason: string) =>
    store.insertLoginFailure(
      db,
      {
        username: sms ? `+${input.countryDialingCode} ${input.username}` : input.username,
        memberId: member?.id ?? null,
        loginType: input.type,
        reason,
        ip: visit.ip,
        device: visit.device,
      },
      now,
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
    const failures = await recordFailure(db, key, policy, now);
    await recordFailure(db, loginIpKey(visit.ip), ipPolicy, now);
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
  await clearFailures(db, key);
  return startSession(accounts, member, input.type, visit, sms ? undefined : input.password);
}

/** Free demo play (FREEPLAY3): a new trial account (isAgent 4) with no password and no balance, logged in. */
export async function freePlay(accounts: Accounts, visit: Visit): Promise<LoginValue> {
  const { db } = accounts;
  await requireFlag(db, 'FREEPLAY3');
  await throttle(db, [[`freeplay-ip:${visit.ip}`, sendingPolicy(10)]], visit.now);
  const member = await store.insertMember(
    db,
    {
      ...blankMember(visit),
      username: `demo_${randomText(10, 'abcdefghjkmnpqrstuvwxyz23456789')}`,
      nickname: `Guest ${randomInt(1000, 10_000)}`,
      type: TRIAL_ACCOUNT_IS_AGENT,
    },
    visit.now,
  );
  return startSession(accounts, member, 'freeplay', visit);
}
