import { TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { clearFailures, lockedUntil } from '../../platform/attempts.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { publish } from '../../platform/realtime.ts';
import { text } from '../../platform/rng.ts';
import { revokeSubjectSessions } from '../../platform/sessions.ts';
import { type Accounts, loginKey, type Visit } from './accounts.ts';
import { mobileChanges } from './mobile-numbers.ts';
import { sendResetMail } from './password-reset.ts';
import { passwordExpiry, UNAMBIGUOUS } from './passwords.ts';
import * as store from './store.ts';

/** A player as the console's list shows it. */
export function playerRow(member: store.MemberDb) {
  return {
    id: member.id,
    username: member.username,
    nickname: member.nickname,
    type: member.type,
    status: member.status,
    countryDialingCode: member.country_dialing_code ?? '',
    mobileNum: member.mobile ?? '',
    email: member.email,
    createdAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
    lastLoginIp: member.last_login_ip,
  };
}

const RECENT = 20;

/** The console's player page: status, recent logins with address and device, recent failures, number changes. */
export async function playerDetail(db: Queryable, id: number, now: Date) {
  const member = await store.findMember(db, id);
  if (!member) throw new AppError('not_found');
  const [logins, failures, lockEnds, mobiles, edits] = await Promise.all([
    store.recentLogins(db, id, RECENT),
    store.listLoginFailures(db, { memberId: id, pageNo: 1, pageSize: RECENT }),
    lockedUntil(db, loginKey(member.username), now),
    mobileChanges(db, id, RECENT),
    store.profileChanges(db, id, RECENT),
  ]);
  return {
    ...playerRow(member),
    payeeName: member.payee_name,
    language: member.language,
    lockedReason: member.locked_reason,
    loginLockedUntil: lockEnds?.toISOString() ?? null,
    mustChangePassword: member.must_change_password,
    passwordChangedAt: member.password_changed_at?.toISOString() ?? null,
    passwordExpiresAt: member.password_expires_at?.toISOString() ?? null,
    affiliateCode: member.affiliate_code ?? '',
    referralCode: member.referral_code ?? '',
    uplineId: member.upline_id,
    registerIp: member.register_ip,
    registerDomain: member.register_domain,
    recentLogins: logins.map((row) => ({
      at: row.created_at.toISOString(),
      ip: row.ip,
      device: row.device,
      userAgent: row.user_agent,
      loginType: row.login_type,
    })),
    mobileChanges: mobiles,
    profileChanges: edits.map((row) => ({
      at: row.created_at.toISOString(),
      field: row.field,
      oldValue: row.old_value,
      newValue: row.new_value,
      operator: row.operator,
    })),
    recentFailures: failures.rows.map((row) => ({
      at: row.created_at.toISOString(),
      ip: row.ip,
      device: row.device,
      reason: row.reason,
    })),
  };
}

/** The part of a player an operator's write changes, for the audit log. */
const auditState = (member: store.MemberDb) => ({
  status: member.status,
  lockedReason: member.locked_reason,
  mustChangePassword: member.must_change_password,
});

async function existingPlayer(db: Queryable, id: number) {
  const member = await store.findMember(db, id);
  if (!member) throw new AppError('not_found');
  return member;
}

/** Locks a player out: every session ends and logins are refused with member_locked until unlocked. */
export async function lockPlayer(tx: Queryable, id: number, reason: string, now: Date) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { status: 'locked', locked_reason: reason });
  await revokeSubjectSessions(tx, 'member', id, now);
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

/** Unlocks a player, and lifts a lock left by failed logins too. */
export async function unlockPlayer(tx: Queryable, id: number) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { status: 'active', locked_reason: '' });
  await clearFailures(tx, loginKey(before.username));
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

export async function forcePasswordChange(tx: Queryable, id: number) {
  const before = await existingPlayer(tx, id);
  await store.updateMember(tx, id, { must_change_password: true });
  // An open page of the player asks for the new password at once.
  await publish(tx, { type: 'member.changed', areas: ['password'] }, { member: id });
  return { before: auditState(before), after: auditState(await existingPlayer(tx, id)) };
}

/**
 * Resets a player's password. 'temporary': a random 12-character password, answered once to the operator, that
 * the player must change at the next login (every session ends). 'email': the forgot-password mail.
 */
export async function resetPlayerPassword(
  accounts: Accounts,
  tx: Queryable,
  id: number,
  method: 'temporary' | 'email',
  visit: Visit,
): Promise<{
  before: unknown;
  after: unknown;
  result: { method: 'temporary' | 'email'; temporaryPassword: string | null; emailedTo: string | null };
}> {
  const member = await existingPlayer(tx, id);
  if (member.type === TRIAL_ACCOUNT_IS_AGENT) throw new AppError('in_need_true_account');
  if (method === 'email') {
    if (!member.email) throw new AppError('email_not_found');
    await sendResetMail(accounts, tx, member, visit);
    return {
      before: auditState(member),
      after: { ...auditState(member), resetMailTo: member.email },
      result: { method, temporaryPassword: null, emailedTo: member.email },
    };
  }
  const temporary = text(accounts.rng, 12, UNAMBIGUOUS);
  await store.setPassword(tx, id, {
    hash: await hashPassword(temporary),
    changedAt: visit.now,
    expiresAt: passwordExpiry(accounts.config, visit.now),
    mustChange: true,
  });
  await revokeSubjectSessions(tx, 'member', id, visit.now);
  await clearFailures(tx, loginKey(member.username));
  return {
    before: auditState(member),
    after: { ...auditState(await existingPlayer(tx, id)), temporaryPasswordIssued: true },
    result: { method, temporaryPassword: temporary, emailedTo: null },
  };
}
