import { formatMoney, toMajor, type WithdrawalRow } from '@tessera/contract';
import type { Transaction } from '../../db/database.ts';
import { asOperator, type Caller, type OperatorCaller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { csvField } from '../../platform/csv.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { write } from '../../platform/write.ts';
import { sendMessage } from '../inbox/service.ts';
import { post } from './ledger.ts';
import { payoutChoice, recordPaid, sendThroughProvider } from './payouts.ts';
import { rejectReason } from './review-reasons.ts';
import { type Currency, currencyOf, walletSettingsOf } from './settings.ts';
import { recordFirstApproval } from './withdrawal-risk.ts';
import * as store from './withdrawal-store.ts';
import { utcDay, withdrawalRowView } from './withdrawals.ts';

/**
 * Finance's side of withdrawals: the queue (paged, filtered and sorted on the server, and as CSV), approval and
 * rejection of pending requests, the proofs of a confirmation that the money did not arrive, and what finance
 * does about such a claim. Each write changes the withdrawal only from the state it must be in (a conditional
 * update), posts its ledger transaction, tells the member and is audited, all in one transaction: of two
 * operators acting at once on one withdrawal, exactly one succeeds.
 */

interface OperatorCall {
  caller: Caller;
  ip: string;
  now: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A reviewed withdrawal in one transaction: its row before, the change, its audit entry, its row after. */
async function review(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  action: string,
  change: (
    tx: Transaction,
    row: store.WithdrawalDb,
    who: OperatorCaller,
    currency: Currency,
  ) => Promise<unknown>,
): Promise<WithdrawalRow> {
  const who = asOperator(call.caller);
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const before = await store.byId(tx, id);
    if (!before) throw new AppError('not_found');
    const audit = await change(tx, before, who, currency);
    const after = await store.byId(tx, id);
    if (!after) throw new Error(`withdrawal ${id} vanished`);
    const view = withdrawalRowView(after, currency.digits);
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'withdrawal',
        action,
        entityId: id,
        before: { status: before.status, claimStatus: before.claim_status },
        after: {
          orderNo: view.orderNo,
          status: view.status,
          claimStatus: view.claimStatus,
          ...(audit as object),
        },
      },
      call.now,
    );
    return view;
  });
}

const money = (minor: bigint, currency: Currency) =>
  formatMoney(toMajor(minor, currency.digits), currency.digits);

/**
 * Approves a pending withdrawal (or one whose payout through the provider failed). A flagged withdrawal's first
 * approval is only recorded (withdrawal-risk.ts): a different operator's approval goes on. Paid by hand: the money
 * leaves the member's pending account for the merchant's cash (paid out), the member is told, and has
 * autoReceiptMinutes to confirm what arrived. Through the payout provider (the payout settings' channel, unless `via`
 * is manual): the withdrawal stays pending while the provider pays (payouts.ts).
 */
export async function approveWithdrawal(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  via?: 'manual' | 'provider',
) {
  const channelId = await payoutChoice(deps, via);
  const settings = await walletSettingsOf(deps.db);
  return review(deps, call, id, 'approve', async (tx, row, who, currency) => {
    if (await recordFirstApproval(tx, row, who.operatorId, call.now)) {
      return { awaitingSecondApproval: true };
    }
    if (channelId !== null) {
      return sendThroughProvider(tx, row, { channelId, operatorId: who.operatorId }, call.now);
    }
    return markApproved(tx, row, who.operatorId, settings.autoReceiptMinutes, currency, call.now);
  });
}

/**
 * A pending withdrawal approved by an operator, or by the system (operatorId null) under the auto-approval
 * amount: the payout posting and the member's message, in the caller's transaction.
 */
export async function markApproved(
  tx: Transaction,
  row: Pick<store.WithdrawalDb, 'id' | 'order_no' | 'member_id' | 'amount'>,
  operatorId: number | null,
  autoReceiptMinutes: number,
  currency: Currency,
  now: Date,
) {
  const confirmBy = new Date(now.getTime() + autoReceiptMinutes * MINUTE_MS);
  if (!(await store.approve(tx, Number(row.id), operatorId, confirmBy, now))) {
    throw new AppError('withdrawal_not_pending');
  }
  const posted = await recordPaid(tx, row, operatorId, currency, now);
  return { confirmBy: confirmBy.toISOString(), transactionId: Number(posted.transactionId) };
}

/**
 * Rejects a pending withdrawal with a reason: the money goes back from the pending account to the main wallet, and
 * the request no longer counts toward the member's requests of the day it was made.
 */
export async function rejectWithdrawal(deps: AppDeps, call: OperatorCall, id: number, reason: string) {
  return review(deps, call, id, 'reject', async (tx, row, who, currency) => {
    if (!(await store.reject(tx, id, who.operatorId, reason, call.now))) {
      throw new AppError('withdrawal_not_pending');
    }
    await store.releaseRequest(tx, row.member_id, utcDay(row.created_at));
    const posted = await post(
      tx,
      {
        key: `withdrawal:${row.order_no}:returned`,
        kind: 'withdrawal_returned',
        memberId: row.member_id,
        reference: `withdrawal:${row.order_no}`,
        remark: reason,
        operatorId: who.operatorId,
        legs: [
          { account: { member: row.member_id, wallet: 'pending' }, amount: -row.amount },
          { account: { member: row.member_id, wallet: 'main' }, amount: row.amount },
        ],
      },
      call.now,
    );
    await sendMessage(
      tx,
      row.member_id,
      'WITHDRAWAL_REJECTED',
      {
        amount: money(row.amount, currency),
        currency: currency.currency,
        orderNo: row.order_no,
        reason: rejectReason(reason),
      },
      call.now,
    );
    return { reason, transactionId: Number(posted.transactionId) };
  });
}

/**
 * Acts on an open claim (partly or not received): `refund` puts the part that did not arrive (amount − received)
 * back in the member's main wallet from the merchant's cash; `dismiss` closes it (finance checked the payment
 * arrived). Either way with a note.
 */
export async function resolveClaim(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: { outcome: 'refund' | 'dismiss'; note: string },
) {
  return review(deps, call, id, `claim_${input.outcome}`, async (tx, row, who, currency) => {
    const refund = input.outcome === 'refund' ? row.amount - (row.received_amount ?? 0n) : 0n;
    const resolved = await store.resolveClaim(tx, id, {
      status: input.outcome === 'refund' ? 'refunded' : 'dismissed',
      note: input.note,
      refunded: refund,
      operatorId: who.operatorId,
      at: call.now,
    });
    if (!resolved) throw new AppError('claim_not_open');
    if (refund <= 0n) return { note: input.note };
    const posted = await post(
      tx,
      {
        key: `withdrawal:${row.order_no}:refund`,
        kind: 'withdrawal_returned',
        memberId: row.member_id,
        reference: `withdrawal:${row.order_no}`,
        remark: input.note,
        operatorId: who.operatorId,
        legs: [
          { account: { system: 'merchant:cash' }, amount: -refund },
          { account: { member: row.member_id, wallet: 'main' }, amount: refund },
        ],
      },
      call.now,
    );
    return {
      note: input.note,
      refunded: toMajor(refund, currency.digits),
      transactionId: Number(posted.transactionId),
    };
  });
}

export async function withdrawalQueue(
  deps: AppDeps,
  query: store.QueueFilters & { pageNo: number; pageSize: number },
) {
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.queue(deps.db, query, (query.pageNo - 1) * query.pageSize, query.pageSize),
  ]);
  return {
    list: rows.map((row) => withdrawalRowView(row, currency.digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: currency.currency,
    digits: currency.digits,
  };
}

/** Rows an export holds at most (a narrower filter gets the rest). */
const EXPORT_MAX_ROWS = 10_000;

const CSV_COLUMNS: [string, (row: WithdrawalRow) => string | number | null][] = [
  ['orderNo', (row) => row.orderNo],
  ['username', (row) => row.username],
  ['amount', (row) => row.amount],
  ['status', (row) => row.status],
  ['bankName', (row) => row.bankName],
  ['accountNumber', (row) => row.accountNumber],
  ['payeeName', (row) => row.payeeName],
  ['createdAt', (row) => row.createdAt],
  ['reviewedBy', (row) => row.reviewedBy],
  ['reviewedAt', (row) => row.reviewedAt],
  ['reason', (row) => row.reason],
  ['confirmation', (row) => row.confirmation],
  ['receivedAmount', (row) => row.receivedAmount],
  ['remainingAmount', (row) => row.remainingAmount],
  ['confirmedAt', (row) => row.confirmedAt],
  ['claimStatus', (row) => row.claimStatus],
  ['refundedAmount', (row) => row.refundedAmount],
  ['claimNote', (row) => row.claimNote],
];

/** The queue of the filters as CSV (a header line, then one line per withdrawal, CRLF line ends). */
export async function exportWithdrawals(deps: AppDeps, filters: store.QueueFilters): Promise<string> {
  const [currency, { rows }] = await Promise.all([
    currencyOf(deps),
    store.queue(deps.db, filters, 0, EXPORT_MAX_ROWS),
  ]);
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const row of rows) {
    const view = withdrawalRowView(row, currency.digits);
    lines.push(CSV_COLUMNS.map(([, value]) => csvField(value(view))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A proof image of a withdrawal, for finance only (base64; the console shows it as a data: URL). */
export async function proofImage(deps: AppDeps, id: number, proofId: string) {
  const found = await store.proof(deps.db, id, proofId);
  if (!found) throw new AppError('not_found');
  return {
    contentType: found.content_type as 'image/png' | 'image/jpeg',
    data: Buffer.from(found.bytes).toString('base64'),
  };
}

export const AUTO_RECEIPT_JOB = 'wallet.withdrawals.auto-receipt';

/**
 * Approved withdrawals whose member did not answer before confirm_by count as received (§4): marked
 * auto_received, each once whatever the number of processes (the update's own condition); answers how many.
 */
export async function autoReceive(deps: AppDeps, now: Date): Promise<number> {
  const marked = await write(deps.db, { isolation: 'read committed' }, (tx) => store.autoReceive(tx, now));
  return marked.length;
}

/**
 * The auto-receipt job and its schedule: every minute (a missed minute needs no run of its own); it also forgets
 * the daily request counts of days gone by.
 */
export function defineWithdrawalJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(AUTO_RECEIPT_JOB, {
    run: async () => {
      const now = deps.clock.now();
      await autoReceive(deps, now);
      // The daily counts of past days are never read again (a day's margin for clocks near midnight).
      await write(deps.db, { isolation: 'read committed' }, (tx) =>
        store.purgeDailyCounts(tx, new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10)),
      );
    },
  });
  runner.schedule({
    name: AUTO_RECEIPT_JOB,
    kind: AUTO_RECEIPT_JOB,
    cron: '* * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
