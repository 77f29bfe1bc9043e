import { toMajor, type WithdrawalReview } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { linkedBySignIns, payeeNameOf, signInPlaces } from '../accounts/linked-accounts.ts';
import { checkWithdrawal, hasOpenFlags, memberFlags } from '../risk/flags.ts';
import { riskRules } from '../risk/settings.ts';
import * as bankStore from './bank-account-store.ts';
import * as depositStore from './deposit-store.ts';
import * as ledgerStore from './ledger-store.ts';
import { payoutSettingsOf, sendThroughProvider } from './payouts.ts';
import { type Currency, currencyOf } from './settings.ts';
import { openObligations } from './turnover.ts';
import { markApproved } from './withdrawal-review.ts';
import * as store from './withdrawal-store.ts';
import { withdrawalRowView } from './withdrawals.ts';

/**
 * A withdrawal and the risk rules (issue 25 item 3): the flags its request raises, the automatic approval of a small
 * one for a member without open flags, the second operator a flagged one needs, and what the review shows beside
 * the request.
 */

/** Who the audit names for what the system did by itself. */
const SYSTEM = { operatorId: null, username: 'system' } as const;

type Requested = Pick<
  store.WithdrawalDb,
  'id' | 'order_no' | 'member_id' | 'amount' | 'payee_name' | 'account_number' | 'created_at'
>;

/**
 * In the request's transaction: the rules of a withdrawal request (withdrawal_velocity, payee_name, quick_withdrawal,
 * shared_payment_account), then, under the auto-approval amount and with no open flag, the approval by the system
 * (audited as the system). Answers whether it was approved.
 */
export async function checkRequest(
  tx: Transaction,
  row: Requested,
  context: { autoReceiptMinutes: number; currency: Currency; now: Date },
): Promise<boolean> {
  const { now } = context;
  const [realName, lastDeposit, sharedWith] = [
    await payeeNameOf(tx, row.member_id),
    await ledgerStore.lastDepositAndStakes(tx, row.member_id),
    await bankStore.othersWithNumber(tx, row.member_id, row.account_number, 20),
  ];
  await checkWithdrawal(tx, {
    memberId: row.member_id,
    subject: `withdrawal:${row.order_no}`,
    amount: row.amount,
    at: now,
    payeeName: row.payee_name,
    realName,
    lastDeposit: lastDeposit && {
      subject: lastDeposit.reference,
      amount: lastDeposit.amount,
      at: lastDeposit.created_at,
      stakedSince: lastDeposit.staked,
    },
    accountSharedWith: sharedWith,
  });
  const below = (await riskRules(tx)).minor.autoApproveWithdrawalsBelow;
  if (below <= 0n || row.amount >= below || (await hasOpenFlags(tx, row.member_id))) return false;
  // Through the payout provider when one is set (it pays, then the withdrawal is approved), else approved as paid.
  const { channelId } = await payoutSettingsOf(tx);
  const approved =
    channelId === null
      ? await markApproved(tx, row, null, context.autoReceiptMinutes, context.currency, now)
      : await sendThroughProvider(tx, row, { channelId, operatorId: null }, now);
  await recordAudit(
    tx,
    SYSTEM,
    '',
    {
      entity: 'withdrawal',
      action: 'auto_approve',
      entityId: Number(row.id),
      before: { status: 'pending' },
      after: {
        orderNo: row.order_no,
        status: 'approved',
        amount: toMajor(row.amount, context.currency.digits),
        autoApproveBelow: toMajor(below, context.currency.digits),
        ...approved,
      },
    },
    now,
  );
  return true;
}

/**
 * The two-person rule of a flagged withdrawal, under its row lock: the first approval of a withdrawal whose member
 * has open flags is recorded and answers true (it stays pending); once a first approval is recorded, only a
 * different operator's approval goes on (the same one is refused with withdrawal_needs_second_operator).
 */
export async function recordFirstApproval(
  tx: Transaction,
  row: Pick<store.WithdrawalDb, 'id' | 'member_id'>,
  operatorId: number,
  now: Date,
): Promise<boolean> {
  const locked = await store.lockForApproval(tx, Number(row.id));
  if (locked?.status !== 'pending') throw new AppError('withdrawal_not_pending');
  if (locked.first_approved_by === null) {
    if (!(await hasOpenFlags(tx, row.member_id))) return false;
    await store.firstApproval(tx, Number(row.id), operatorId, now);
    return true;
  }
  if (locked.first_approved_by === operatorId) throw new AppError('withdrawal_needs_second_operator');
  return false;
}

const HISTORY = 100;
const LIST = 20;

/** Sums of a member's postings per kind, as the review and the player page show them (major units). */
export function moneyTotals(rows: { kind: string; amount: bigint }[], digits: number) {
  const sum = (...kinds: string[]) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amount, 0n);
  const major = (minor: bigint) => toMajor(minor, digits);
  const stakes = -sum('bet');
  const payouts = sum('payout');
  // A refund gives a stake back (or takes a payout back): it counts against the house's result.
  const ggr = -sum('bet', 'payout', 'refund');
  return {
    deposits: major(sum('deposit')),
    withdrawals: major(-sum('withdrawal', 'withdrawal_returned')),
    stakes: major(stakes),
    payouts: major(payouts),
    ggr: major(ggr),
    bonuses: major(sum('bonus', 'rebate', 'red_envelope', 'salary', 'dividend')),
    adjustments: major(sum('adjustment')),
  };
}

/** The other members sharing a sign-in place or a payment account number with the member. */
export async function linkedAccounts(db: Queryable, memberId: number) {
  const [bySignIn, byAccount] = await Promise.all([
    linkedBySignIns(db, memberId),
    bankStore.sharedNumbers(db, memberId, 50),
  ]);
  return [
    ...byAccount.map((row) => ({
      memberId: row.member_id,
      username: row.username,
      via: 'payment_account' as const,
      value: row.account_number,
    })),
    ...bySignIn,
  ];
}

/**
 * What finance reads beside a withdrawal request: the balance's history since the member's previous withdrawal,
 * the deposits since then with their channels, the money totals, the turnover still owed, bonuses, the largest
 * wins, where the member signed in from, linked accounts and the flags.
 */
export async function withdrawalReview(deps: AppDeps, id: number, now: Date): Promise<WithdrawalReview> {
  const { db } = deps;
  const row = await store.byId(db, id);
  if (!row) throw new AppError('not_found');
  const currency = await currencyOf(deps);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  const since = await store.previousRequest(db, row.member_id, row.created_at, row.id);
  const [history, totals, deposits, obligations, wins, places, linked, flags] = await Promise.all([
    ledgerStore.mainEntriesSince(db, row.member_id, since, HISTORY),
    ledgerStore.memberKindTotals(db, row.member_id, since, null),
    depositStore.depositsSince(db, row.member_id, since, LIST),
    openObligations(db, row.member_id, currency.digits, now),
    ledgerStore.largestPayouts(db, row.member_id, since, 5),
    signInPlaces(db, row.member_id),
    linkedAccounts(db, row.member_id),
    memberFlags(db, row.member_id),
  ]);
  const flagged = flags.some((flag) => flag.resolvedAt === null);
  return {
    withdrawal: withdrawalRowView(row, currency.digits),
    currency: currency.currency,
    digits: currency.digits,
    since: since?.toISOString() ?? null,
    balanceHistory: history.map((entry) => ({
      at: entry.at.toISOString(),
      kind: entry.kind,
      reference: entry.reference,
      amount: major(entry.amount),
      balance: major(entry.balance_after),
    })),
    totals: moneyTotals(totals, currency.digits),
    deposits: deposits.map((deposit) => ({
      orderNo: deposit.order_no,
      channel: deposit.channel_name,
      amount: major(deposit.amount),
      status: deposit.status,
      createdAt: deposit.created_at.toISOString(),
    })),
    turnover: {
      required: major(obligations.required),
      contributed: major(obligations.contributed),
      remaining: major(obligations.remaining),
    },
    bigWins: wins.map((win) => ({
      at: win.at.toISOString(),
      reference: win.reference,
      amount: major(win.amount),
    })),
    places,
    linkedAccounts: linked,
    flags,
    needsSecondApproval: row.status === 'pending' && (flagged || row.first_approved_by !== null),
  };
}
