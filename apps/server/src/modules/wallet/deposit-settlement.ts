import { type CallbackOutcome, formatMoney, toMajor } from '@tessera/contract';
import type { Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { findBadText } from '../../platform/input-text.ts';
import { write } from '../../platform/write.ts';
import { type Localized, sendMessage } from '../inbox/service.ts';
import { checkDeposit } from '../risk/flags.ts';
import * as store from './deposit-store.ts';
import { post, publishBalance } from './ledger.ts';
import { type Fields, minorOfDecimal } from './payment-gateway.ts';
import { rejectReason } from './review-reasons.ts';
import { type Currency, currencyOf, walletSettingsOf } from './settings.ts';
import { openObligation } from './turnover.ts';

/**
 * Settling a deposit: every way one ends (a gateway's callback, a status query, the site failing it, a finance
 * operator) goes through settle(), in one transaction with the row lock.
 */

/** A callback's body larger than this is logged as its size only. */
const LOGGED_BODY_MAX = 4000;
/** A callback's body nesting deeper than this is logged as that fact only (a gateway's body is flat). */
const LOGGED_BODY_DEPTH = 16;

/** The reasons the site itself gives for a failed deposit (stored as these keys; operators write their own). */
const SYSTEM_REASONS = {
  gateway_failed: {
    EN: 'the payment was not completed at the payment gateway',
    VI: 'thanh toán chưa được hoàn tất tại cổng thanh toán',
    CN: '支付网关未完成付款',
  },
  gateway_refused: {
    EN: 'the payment gateway refused the order',
    VI: 'cổng thanh toán đã từ chối đơn',
    CN: '支付网关拒绝了该订单',
  },
  expired: {
    EN: 'the order expired before it was paid',
    VI: 'đơn đã hết hạn trước khi được thanh toán',
    CN: '订单在付款前已过期',
  },
} as const satisfies Record<string, Localized>;
type SystemReason = keyof typeof SYSTEM_REASONS;

type Deposit = store.DepositDb;

type Settlement =
  | { status: 'confirmed' }
  | { status: 'failed'; reason: SystemReason }
  | { status: 'rejected'; reason: string };

/**
 * Ends a deposit that is pending, in the caller's transaction: the status, and for a confirmation the ledger
 * posting (key deposit:<order>, so an order is credited once whatever happens), the turnover requirement and the
 * DEPOSIT_SUCCESS message; otherwise DEPOSIT_FAILED with the reason. False when the deposit was not pending.
 */
export async function settle(
  tx: Transaction,
  deposit: Deposit,
  settlement: Settlement,
  context: { operatorId: number | null; currency: Currency; now: Date },
): Promise<boolean> {
  const { currency, now } = context;
  const moved = await store.settleDeposit(tx, deposit.id, {
    status: settlement.status,
    reason: settlement.status === 'confirmed' ? '' : settlement.reason,
    ...(settlement.status === 'failed' && settlement.reason === 'gateway_refused'
      ? { gatewayMessage: 'gateway_refused' as const }
      : {}),
    reviewedBy: context.operatorId,
    at: now,
  });
  if (!moved) return false;
  const message = {
    amount: formatMoney(toMajor(deposit.amount, currency.digits), currency.digits),
    currency: currency.currency,
    orderNo: deposit.order_no,
  };
  if (settlement.status !== 'confirmed') {
    const reason =
      settlement.status === 'failed' ? SYSTEM_REASONS[settlement.reason] : rejectReason(settlement.reason);
    await sendMessage(tx, deposit.member_id, 'DEPOSIT_FAILED', { ...message, reason }, now);
    await publishBalance(tx, deposit.member_id);
    return true;
  }
  const posted = await post(
    tx,
    {
      key: `deposit:${deposit.order_no}`,
      kind: 'deposit',
      memberId: deposit.member_id,
      reference: `deposit:${deposit.order_no}`,
      operatorId: context.operatorId,
      legs: [
        { account: { member: deposit.member_id, wallet: 'main' }, amount: deposit.amount },
        { account: { system: 'merchant:cash' }, amount: -deposit.amount },
      ],
    },
    now,
  );
  if (posted.replayed) return true;
  await openObligation(
    tx,
    {
      memberId: deposit.member_id,
      source: 'deposit',
      sourceRef: deposit.order_no,
      amount: deposit.amount,
      multiple: (await walletSettingsOf(tx)).turnoverMultiple,
    },
    now,
  );
  await checkDeposit(tx, { memberId: deposit.member_id, subject: `deposit:${deposit.order_no}`, at: now });
  await sendMessage(tx, deposit.member_id, 'DEPOSIT_SUCCESS', message, now);
  return true;
}

type GatewayResult = 'success' | 'failed' | 'pending';

/**
 * What a gateway said about an order (a verified callback, or the answer to a status query), applied under the
 * deposit's row lock and logged with what it did: credited or failed once; a repeat is a duplicate; a result for
 * an order already ended otherwise is logged as not_pending for finance to look at.
 */
export async function applyGatewayResult(
  deps: AppDeps,
  deposit: Deposit,
  result: GatewayResult,
  record: { source: 'callback' | 'query'; body: unknown; ip: string },
  now: Date,
): Promise<CallbackOutcome> {
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const locked = await store.lockDeposit(tx, deposit.id);
    if (!locked) throw new Error(`deposit ${deposit.id} vanished`);
    let outcome: CallbackOutcome;
    if (result === 'pending') {
      outcome = 'still_pending';
    } else if (locked.status !== 'pending') {
      const same =
        (result === 'success' && locked.status === 'confirmed') ||
        (result === 'failed' && locked.status === 'failed');
      outcome = same ? 'duplicate' : 'not_pending';
    } else {
      const settlement: Settlement =
        result === 'success' ? { status: 'confirmed' } : { status: 'failed', reason: 'gateway_failed' };
      await settle(tx, locked, settlement, { operatorId: null, currency, now });
      outcome = result === 'success' ? 'credited' : 'failed';
    }
    if (!(record.source === 'query' && outcome === 'still_pending')) {
      await store.insertCallback(tx, {
        channelId: locked.channel_id,
        depositId: locked.id,
        orderNo: locked.order_no,
        source: record.source,
        outcome,
        body: loggedBody(record.body),
        ip: record.ip,
        at: now,
      });
    }
    return outcome;
  });
}

/**
 * A callback's body as logged: as it came, or only its size when it is large, or only that it nests deeper than
 * LOGGED_BODY_DEPTH (JSON.stringify recurses: a body nested thousands of levels would overflow the stack), or only
 * where it holds text the database cannot store.
 */
export function loggedBody(body: unknown): unknown {
  if (nestsDeeper(body, LOGGED_BODY_DEPTH)) return { truncated: true, deeperThan: LOGGED_BODY_DEPTH };
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is named by where it was, not stored.
  const badText = findBadText(body);
  if (badText !== null) return { truncated: true, badTextAt: badText };
  const text = JSON.stringify(body ?? {});
  return text.length > LOGGED_BODY_MAX ? { truncated: true, size: text.length } : (body ?? {});
}

/** Whether objects and arrays nest more than `limit` levels in the value (walked without recursion). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (!item || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Fails a pending order for a reason of the site's own (gateway refused it, it expired), once. */
export async function failOrder(
  deps: AppDeps,
  deposit: Deposit,
  reason: SystemReason,
  now: Date,
): Promise<boolean> {
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const locked = await store.lockDeposit(tx, deposit.id);
    if (locked?.status !== 'pending') return false;
    return settle(tx, locked, { status: 'failed', reason }, { operatorId: null, currency, now });
  });
}

/** Checks the amount and currency a gateway reports against the order's. */
export function sameAmount(fields: Fields, deposit: Deposit, currency: Currency): boolean {
  const reported = minorOfDecimal(fields.amount ?? '', currency.digits);
  return (
    reported === deposit.amount && (fields.currency ?? '').toUpperCase() === currency.currency.toUpperCase()
  );
}
