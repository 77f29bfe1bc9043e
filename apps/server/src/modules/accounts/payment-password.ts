import { AppError } from '../../platform/app-error.ts';
import { type AttemptPolicy, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { write } from '../../platform/write.ts';
import type { Accounts } from './accounts.ts';
import * as store from './store.ts';

/**
 * The payment password (withdraw password of §3): six digits, separate from the login password, asked before
 * money leaves the account (withdrawals, transfers to other members, points redemption). Wrong answers count per
 * member; past the policy's limit it is locked for the policy's minutes.
 */
const paymentPasswordKey = (memberId: number) => `payment-password:${memberId}`;

/** Six identical digits or a run (123456, 654321) are refused: they are the first guesses. */
function trivialPaymentPassword(value: string): boolean {
  if (/^(\d)\1+$/.test(value)) return true;
  const steps = [...value].slice(1).map((digit, index) => Number(digit) - Number(value[index]));
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

export async function verifyPaymentPassword(
  accounts: Pick<Accounts, 'db'>,
  memberId: number,
  password: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<void> {
  const { db } = accounts;
  const key = paymentPasswordKey(memberId);
  if (await lockedUntil(db, key, now)) throw new AppError('payment_password_locked');
  const hash = await store.paymentPasswordHash(db, memberId);
  if (!hash) {
    await verifyPassword(await decoyPasswordHash(), password);
    throw new AppError('payment_password_not_set');
  }
  if (await verifyPassword(hash, password)) return;
  const failures = await write(db, { isolation: 'read committed' }, (tx) =>
    recordFailure(tx, key, policy, now),
  );
  if (failures >= policy.maxFailures) throw new AppError('payment_password_locked');
  throw new AppError('payment_password_wrong', { paymentPassword: 'payment_password_wrong' });
}

/**
 * Sets or changes the payment password: changing it needs the current one (counted like any wrong answer);
 * setting the first one needs the login password.
 */
export async function setPaymentPassword(
  accounts: Pick<Accounts, 'db'>,
  memberId: number,
  input: {
    oldPaymentPassword?: string | undefined;
    loginPassword?: string | undefined;
    newPaymentPassword: string;
    confirmPaymentPassword: string;
  },
  policy: AttemptPolicy,
  now: Date,
): Promise<{ ok: true }> {
  const { db } = accounts;
  if (input.newPaymentPassword !== input.confirmPaymentPassword) {
    throw new AppError('validation_failed', { confirmPaymentPassword: 'mismatch' });
  }
  if (trivialPaymentPassword(input.newPaymentPassword)) {
    throw new AppError('validation_failed', { newPaymentPassword: 'password_weak' });
  }
  const member = await store.findMember(db, memberId);
  if (!member) throw new AppError('unauthorized');
  if (await store.paymentPasswordHash(db, memberId)) {
    if (!input.oldPaymentPassword)
      throw new AppError('validation_failed', { oldPaymentPassword: 'required' });
    await verifyPaymentPassword(accounts, memberId, input.oldPaymentPassword, policy, now);
  } else {
    if (!input.loginPassword) throw new AppError('validation_failed', { loginPassword: 'required' });
    if (!member.password_hash || !(await verifyPassword(member.password_hash, input.loginPassword))) {
      throw new AppError('password_incorrect', { loginPassword: 'invalid_value' });
    }
  }
  const hash = await hashPassword(input.newPaymentPassword);
  await write(db, { isolation: 'read committed' }, (tx) => store.setPaymentPasswordHash(tx, memberId, hash));
  return { ok: true };
}

/** Whether the member has set a payment password (the withdrawal page links to setting one when not). */
export async function hasPaymentPassword(accounts: Pick<Accounts, 'db'>, memberId: number): Promise<boolean> {
  return (await store.paymentPasswordHash(accounts.db, memberId)) !== null;
}
