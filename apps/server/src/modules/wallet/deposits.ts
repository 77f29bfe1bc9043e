import { type DepositStatus, type DepositView, fieldMessage, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { MemberCaller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { mayAct } from '../responsible/check.ts';
import { CREATE_PAYMENT_ATTEMPTS, CREATE_PAYMENT_JOB } from './deposit-jobs.ts';
import * as store from './deposit-store.ts';
import { orderNo as newOrderNo } from './orders.ts';
import { depositsAvailable, findChannel, localizedChannel } from './payment-channels.ts';
import { type Currency, currencyOf, minorAmount, moneyText } from './settings.ts';

/**
 * Deposits. A bank transfer waits for a finance operator to confirm or reject it. An online order is created in
 * the database first (with a job in the same transaction); the job then asks the gateway for a payment page,
 * outside any transaction, and the player's page polls the order until the page's address is there. The result
 * arrives as a signed callback, or the status-query job asks the gateway about orders that got none. Every way a
 * deposit ends (callback, query, operator) goes through settle(): one transaction that moves the deposit from
 * pending, posts the ledger once per order, adds the turnover requirement and stores the inbox message.
 *
 * The member's side is here (creating an order, the member's orders); settling an order in deposit-settlement.ts,
 * the gateway's callbacks in deposit-callbacks.ts, the gateway jobs in deposit-jobs.ts and the finance console
 * (review, list, CSV, callback log) in deposit-review.ts.
 */

/** A deposit as its member sees it, the channel named in the member's language (the console's in its own). */
export function depositView(row: store.DepositDb, currency: Currency, language = 'EN'): DepositView {
  return {
    orderNo: row.order_no,
    channelId: row.channel_id,
    channelName: localizedChannel(
      { name: row.channel_name, instructions: '', translations: row.channel_translations },
      language,
    ).name,
    kind: row.kind,
    amount: toMajor(row.amount, currency.digits),
    status: row.status,
    payerReference: row.payer_reference,
    paymentUrl: row.status === 'pending' ? row.payment_url : null,
    gatewayMessage: row.gateway_message,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

/**
 * A member's deposit order: checked against the channel (enabled, its minimum and maximum, the currency's
 * decimals), stored pending; an online order also queues the job that creates its payment at the gateway.
 */
export async function createDeposit(
  deps: AppDeps,
  member: MemberCaller,
  input: { channelId: number; amount: number; payerReference: string; returnPath?: string | undefined },
  context: { idempotency: IdempotencyKey | null; language: string; now: Date },
): Promise<DepositView> {
  const earlier = await earlierAnswer<DepositView>(deps.db, context.idempotency);
  if (earlier) return earlier;
  if (!(await depositsAvailable(deps.db))) throw new AppError('feature_disabled');
  const channel = await findChannel(deps.db, input.channelId);
  if (!channel?.enabled || (channel.kind === 'gateway' && !channel.gateway_secret)) {
    throw new AppError('channel_unavailable', { channelId: 'invalid_value' });
  }
  const currency = await currencyOf(deps);
  const amount = minorAmount(input.amount, currency, context.language, {
    min: channel.min_amount,
    belowMin: 'deposit_amount_out_of_range',
  });
  if (amount > channel.max_amount) {
    throw new AppError('deposit_amount_out_of_range', {
      amount: fieldMessage('too_big', context.language, {
        max: moneyText(channel.max_amount, currency, context.language),
      }),
    });
  }
  if (channel.kind === 'bank' && input.payerReference === '') {
    throw new AppError('validation_failed', { payerReference: 'required' });
  }
  const order = newOrderNo('D', deps.rng, context.now);
  return write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
    await mayAct(tx, member.memberId, 'deposit', { amount, now: context.now });
    const id = await store.insertDeposit(tx, {
      orderNo: order,
      memberId: member.memberId,
      channelId: channel.id,
      kind: channel.kind,
      amount,
      payerReference: channel.kind === 'bank' ? input.payerReference : '',
      returnPath: input.returnPath ?? '/',
      at: context.now,
    });
    if (channel.kind === 'gateway') {
      await enqueue(
        tx,
        {
          kind: CREATE_PAYMENT_JOB,
          payload: { depositId: Number(id) },
          runAt: context.now,
          maxAttempts: CREATE_PAYMENT_ATTEMPTS,
        },
        context.now,
      );
    }
    const created = await store.findDeposit(tx, id);
    if (!created) throw new Error('the new deposit vanished');
    return depositView(created, currency, context.language);
  });
}

export async function memberDeposits(
  deps: AppDeps,
  memberId: number,
  query: { status?: DepositStatus | undefined; pageNo: number; pageSize: number },
  language: string,
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.memberDeposits(
    deps.db,
    memberId,
    { status: query.status },
    { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    list: rows.map((row) => depositView(row, currency, language)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function memberDeposit(
  deps: AppDeps,
  memberId: number,
  orderNo: string,
  language: string,
): Promise<DepositView> {
  const row = await store.findDepositByOrder(deps.db, orderNo);
  if (!row || row.member_id !== memberId) throw new AppError('not_found');
  return depositView(row, await currencyOf(deps), language);
}

/** A member's confirmed deposits, oldest first (minor units): what a deposit bonus is figured from. */
export async function confirmedDeposits(db: Queryable, memberId: number) {
  const rows = await store.confirmedDeposits(db, memberId);
  return rows.map((row) => ({ orderNo: row.order_no, amount: row.amount, confirmedAt: row.confirmed_at }));
}
