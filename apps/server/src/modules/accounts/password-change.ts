import { AppError } from '../../platform/app-error.ts';
import { lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { revokeOtherSessions } from '../../platform/sessions.ts';
import { write } from '../../platform/write.ts';
import { type Accounts, loginKey, loginPolicy, type Visit } from './accounts.ts';
import { checkConfirmation, checkNewPassword, setNewPassword } from './passwords.ts';
import * as store from './store.ts';

/**
 * The signed-in member's login password, asked again before a change that protects the account (a new password, a
 * new mobile number). Wrong answers count towards the same lock as failed logins; refused with password_incorrect
 * at `field`.
 */
export async function checkCurrentPassword(
  accounts: Accounts,
  memberId: number,
  password: string,
  field: string,
  visit: Visit,
): Promise<store.MemberDb> {
  const { db, config } = accounts;
  const member = await store.findMember(db, memberId);
  if (!member) throw new AppError('unauthorized');
  const key = loginKey(member.username);
  if (await lockedUntil(db, key, visit.now)) throw new AppError('account_locked');
  const valid = await verifyPassword(member.password_hash ?? (await decoyPasswordHash()), password);
  if (!member.password_hash || !valid) {
    const failures = await write(db, { isolation: 'read committed' }, (tx) =>
      recordFailure(tx, key, loginPolicy(config), visit.now),
    );
    if (failures >= config.memberLogin.maxAttempts) throw new AppError('account_locked');
    throw new AppError('password_incorrect', { [field]: 'invalid_value' });
  }
  return member;
}

/**
 * Change password (§3): the old password is required, the new one must pass the rule and differ from it. Wrong
 * old passwords count towards the same lock as failed logins. The member's other sessions end.
 */
export async function changePassword(
  accounts: Accounts,
  caller: { memberId: number; tokenHash: string },
  input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  visit: Visit,
) {
  const { db, config } = accounts;
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  const member = await checkCurrentPassword(
    accounts,
    caller.memberId,
    input.oldPassword,
    'oldPassword',
    visit,
  );
  if (input.newPassword === input.oldPassword) {
    throw new AppError('password_rule', { newPassword: 'password_same' });
  }
  checkNewPassword(input.newPassword, visit.language);
  const passwordHash = await hashPassword(input.newPassword);
  await write(db, { isolation: 'read committed' }, async (tx) => {
    await setNewPassword(tx, config, member.id, passwordHash, visit.now);
    await revokeOtherSessions(tx, 'member', member.id, caller.tokenHash, visit.now);
  });
  return { ok: true as const };
}
