import {
  type AdjustmentCategory,
  type AdjustmentRequest,
  fieldMessage,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator, type Caller, type OperatorCaller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { uuid } from '../../platform/rng.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import * as relations from '../accounts/relations.ts';
import { riskRules } from '../risk/settings.ts';
import * as store from './adjustment-store.ts';
import { walletSetup } from './balances.ts';
import { accountCode, memberAccounts, post } from './ledger.ts';
import { belowMinimum, type Currency, currencyOf, moneyText } from './settings.ts';
import type { VendorWallets } from './vendor-wallets.ts';

/**
 * A manual adjustment (owner only): credits or debits a member's wallet against the house's adjustments account,
 * with a reason category and a note, audited with the balance before and after. A debit never takes the wallet
 * below zero: one larger than the balance is refused with the member's balance (adjustment_exceeds_balance).
 * One larger (either way) than the risk rules' second-approval amount is only recorded as a request; a different
 * operator's approval posts it (the two-person rule the lottery's results and the agents' dividends use).
 */

type Context = {
  caller: Caller;
  ip: string;
  now: Date;
  idempotency: IdempotencyKey | null;
  language: string;
};

interface Adjustment {
  memberId: number;
  wallet: string;
  amount: bigint;
  category: AdjustmentCategory;
  note: string;
}

const walletRef = (adjustment: Pick<Adjustment, 'memberId' | 'wallet'>) =>
  adjustment.wallet === 'main' ? ('main' as const) : { vendor: adjustment.wallet };

async function balanceOf(db: Queryable, memberId: number, wallet: string) {
  return (
    (await memberAccounts(db, memberId)).find((account) =>
      wallet === 'main' ? account.kind === 'main' : account.vendor === wallet,
    )?.balance ?? 0n
  );
}

/** Posts an adjustment in the caller's transaction with its audit entry; answers the posting and the balance. */
async function postAdjustment(
  tx: Transaction,
  who: OperatorCaller,
  context: { ip: string; now: Date },
  adjustment: Adjustment,
  key: string,
  currency: Currency,
  audit: object = {},
) {
  const wallet = walletRef(adjustment);
  const posted = await post(
    tx,
    {
      key,
      kind: 'adjustment',
      memberId: adjustment.memberId,
      reference: `operator:${who.username}`,
      remark: adjustment.note,
      operatorId: who.operatorId,
      legs: [
        { account: { member: adjustment.memberId, wallet }, amount: adjustment.amount },
        { account: { system: 'house:adjustments' }, amount: -adjustment.amount },
      ],
    },
    context.now,
  );
  const balanceAfter = await balanceOf(tx, adjustment.memberId, adjustment.wallet);
  await recordAudit(
    tx,
    who,
    context.ip,
    {
      entity: 'wallet',
      action: 'adjust',
      entityId: accountCode({ member: adjustment.memberId, wallet }),
      before: { balance: toMajor(balanceAfter - adjustment.amount, currency.digits) },
      after: {
        balance: toMajor(balanceAfter, currency.digits),
        amount: toMajor(adjustment.amount, currency.digits),
        category: adjustment.category,
        reason: adjustment.note,
        transactionId: Number(posted.transactionId),
        ...audit,
      },
    },
    context.now,
  );
  return { transactionId: posted.transactionId, balance: balanceAfter };
}

/** A debit larger than the balance: the operator is told the member's balance, not "your balance". */
async function exceedsBalance<T>(
  deps: AppDeps,
  adjustment: Pick<Adjustment, 'memberId' | 'wallet'>,
  currency: Currency,
  language: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'insufficient_balance')) throw error;
    const balance = moneyText(
      await balanceOf(deps.db, adjustment.memberId, adjustment.wallet),
      currency,
      language,
    );
    throw new AppError('adjustment_exceeds_balance', {
      amount: fieldMessage('balance_too_low', language, { balance }),
    });
  }
}

export async function adjust(
  deps: AppDeps,
  vendorWallets: VendorWallets,
  context: Context,
  input: { memberId: number; wallet: string; amount: number; category: AdjustmentCategory; reason: string },
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
  const adjustment: Adjustment = {
    memberId: member.id,
    wallet: input.wallet,
    amount: input.amount < 0 ? -minor : minor,
    category: input.category,
    note: input.reason,
  };
  const threshold = (await riskRules(deps.db)).minor.adjustmentSecondApprovalAbove;
  if (threshold > 0n && minor > threshold) {
    return write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
      const requestId = await store.insertRequest(tx, {
        ...adjustment,
        operatorId: who.operatorId,
        at: context.now,
      });
      await recordAudit(
        tx,
        who,
        context.ip,
        {
          entity: 'adjustment_request',
          action: 'create',
          entityId: requestId,
          before: null,
          after: {
            memberId: member.id,
            wallet: input.wallet,
            amount: toMajor(adjustment.amount, currency.digits),
            category: adjustment.category,
            note: adjustment.note,
            secondApprovalAbove: toMajor(threshold, currency.digits),
          },
        },
        context.now,
      );
      return { status: 'awaiting_approval' as const, transactionId: null, balance: null, requestId };
    });
  }
  return exceedsBalance(deps, adjustment, currency, context.language, () =>
    write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
      const posted = await postAdjustment(
        tx,
        who,
        context,
        adjustment,
        `adjustment:${who.operatorId}:${context.idempotency?.key ?? uuid(deps.rng)}`,
        currency,
      );
      return {
        status: 'posted' as const,
        transactionId: Number(posted.transactionId),
        balance: toMajor(posted.balance, currency.digits),
        requestId: null,
      };
    }),
  );
}

function requestView(row: store.AdjustmentRequestDb, digits: number): AdjustmentRequest {
  return {
    id: row.id,
    memberId: row.member_id,
    username: row.username,
    wallet: row.wallet,
    amount: toMajor(row.amount, digits),
    category: row.category,
    note: row.note,
    status: row.status,
    requestedBy: row.requester,
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decider,
    decidedAt: row.decided_at?.toISOString() ?? null,
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
  };
}

export async function adjustmentRequests(
  deps: AppDeps,
  query: { status?: 'pending' | 'approved' | 'rejected' | undefined; pageNo: number; pageSize: number },
) {
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.list(deps.db, query.status, (query.pageNo - 1) * query.pageSize, query.pageSize),
  ]);
  return {
    list: rows.map((row) => requestView(row, currency.digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Reads a pending request under its lock for a decision by an operator other than the one who entered it. */
async function pendingRequest(tx: Transaction, id: number, operatorId: number) {
  const row = await store.lock(tx, id);
  if (!row) throw new AppError('not_found');
  if (row.status !== 'pending') throw new AppError('adjustment_request_not_pending');
  if (row.requested_by === operatorId) throw new AppError('adjustment_needs_second_operator');
  return row;
}

/** A different operator approves a large adjustment: it is posted once (key adjustment-request:<id>). */
export async function approveAdjustment(deps: AppDeps, context: Context, id: number) {
  const who = asOperator(context.caller);
  const currency = await currencyOf(deps);
  const found = await store.byId(deps.db, id);
  if (!found) throw new AppError('not_found');
  return exceedsBalance(
    deps,
    { memberId: found.member_id, wallet: found.wallet },
    currency,
    context.language,
    () =>
      write(deps.db, { isolation: 'read committed' }, async (tx) => {
        const row = await pendingRequest(tx, id, who.operatorId);
        const adjustment = {
          memberId: row.member_id,
          wallet: row.wallet,
          amount: row.amount,
          category: row.category,
          note: row.note,
        };
        const posted = await postAdjustment(
          tx,
          who,
          context,
          adjustment,
          `adjustment-request:${id}`,
          currency,
          {
            requestId: id,
            requestedBy: row.requester,
          },
        );
        await store.decide(tx, id, {
          status: 'approved',
          operatorId: who.operatorId,
          note: '',
          transactionId: posted.transactionId,
          at: context.now,
        });
        const after = await store.byId(tx, id);
        if (!after) throw new Error(`adjustment request ${id} vanished`);
        return requestView(after, currency.digits);
      }),
  );
}

/** A different operator rejects a large adjustment with a note: nothing moves. */
export async function rejectAdjustment(deps: AppDeps, context: Context, id: number, note: string) {
  const who = asOperator(context.caller);
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const row = await pendingRequest(tx, id, who.operatorId);
    await store.decide(tx, id, {
      status: 'rejected',
      operatorId: who.operatorId,
      note,
      transactionId: null,
      at: context.now,
    });
    await recordAudit(
      tx,
      who,
      context.ip,
      {
        entity: 'adjustment_request',
        action: 'reject',
        entityId: id,
        before: { status: row.status },
        after: { status: 'rejected', note },
      },
      context.now,
    );
    const after = await store.byId(tx, id);
    if (!after) throw new Error(`adjustment request ${id} vanished`);
    return requestView(after, currency.digits);
  });
}
