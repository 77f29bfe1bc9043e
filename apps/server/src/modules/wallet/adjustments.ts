import { fieldMessage, toMajor, toMinor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator, type Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { uuid } from '../../platform/rng.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import * as relations from '../accounts/relations.ts';
import { walletSetup } from './balances.ts';
import { accountCode, memberAccounts, post } from './ledger.ts';
import { belowMinimum, moneyText } from './settings.ts';
import type { VendorWallets } from './vendor-wallets.ts';

/**
 * A manual adjustment (owner only): credits or debits a member's wallet against the house's adjustments account,
 * with a reason, audited with the balance before and after. A debit never takes the wallet below zero: one larger
 * than the balance is refused with the member's balance (adjustment_exceeds_balance).
 */
export async function adjust(
  deps: AppDeps,
  vendorWallets: VendorWallets,
  context: { caller: Caller; ip: string; now: Date; idempotency: IdempotencyKey | null; language: string },
  input: { memberId: number; wallet: string; amount: number; reason: string },
) {
  const who = asOperator(context.caller);
  const member = await relations.relativeById(deps.db, input.memberId);
  if (!member) throw new AppError('not_found');
  const { wallets, currency } = await walletSetup(deps, vendorWallets);
  if (!wallets.some((wallet) => wallet.code === input.wallet)) {
    throw new AppError('wallet_unknown', { wallet: 'invalid_value' });
  }
  const magnitude = Math.abs(input.amount);
  const minor = toMinor(magnitude, currency.digits);
  if (minor === null) throw new AppError('amount_invalid', { amount: 'invalid_value' });
  if (minor === 0n)
    throw new AppError('amount_invalid', { amount: belowMinimum(1n, currency, context.language) });
  const amount = input.amount < 0 ? -minor : minor;
  const wallet = input.wallet === 'main' ? ('main' as const) : { vendor: input.wallet };
  const code = accountCode({ member: member.id, wallet });
  const balanceOf = async (db: Queryable) =>
    (await memberAccounts(db, member.id)).find((account) =>
      input.wallet === 'main' ? account.kind === 'main' : account.vendor === input.wallet,
    )?.balance ?? 0n;
  try {
    return await write(
      deps.db,
      { isolation: 'read committed', idempotency: context.idempotency },
      async (tx) => {
        const posted = await post(
          tx,
          {
            key: `adjustment:${who.operatorId}:${context.idempotency?.key ?? uuid(deps.rng)}`,
            kind: 'adjustment',
            memberId: member.id,
            reference: `operator:${who.username}`,
            remark: input.reason,
            operatorId: who.operatorId,
            legs: [
              { account: { member: member.id, wallet }, amount },
              { account: { system: 'house:adjustments' }, amount: -amount },
            ],
          },
          context.now,
        );
        const balanceAfter = await balanceOf(tx);
        await recordAudit(
          tx,
          who,
          context.ip,
          {
            entity: 'wallet',
            action: 'adjust',
            entityId: code,
            before: { balance: toMajor(balanceAfter - amount, currency.digits) },
            after: {
              balance: toMajor(balanceAfter, currency.digits),
              amount: toMajor(amount, currency.digits),
              reason: input.reason,
              transactionId: Number(posted.transactionId),
            },
          },
          context.now,
        );
        return {
          transactionId: Number(posted.transactionId),
          balance: toMajor(balanceAfter, currency.digits),
        };
      },
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'insufficient_balance')) throw error;
    // A deduction larger than the balance: the operator is told the member's balance, not "your balance".
    const balance = moneyText(await balanceOf(deps.db), currency, context.language);
    throw new AppError('adjustment_exceeds_balance', {
      amount: fieldMessage('balance_too_low', context.language, { balance }),
    });
  }
}
