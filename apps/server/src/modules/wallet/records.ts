import { type LedgerKind, type LedgerRecord, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import * as store from './ledger-store.ts';
import { currencyOf } from './settings.ts';

const DAY_MS = 86_400_000;

function record(row: store.EntryRow, currencyDigits: number): LedgerRecord {
  const digits = row.accountKind === 'points' ? 0 : currencyDigits;
  return {
    id: Number(row.id),
    transactionId: Number(row.transactionId),
    kind: row.kind as LedgerKind,
    wallet: row.accountKind === 'vendor' ? (row.vendor ?? '') : row.accountKind,
    reference: row.reference,
    remark: row.remark,
    amount: toMajor(row.amount, digits),
    balanceBefore: toMajor(row.before, digits),
    balanceAfter: toMajor(row.after, digits),
    createdAt: row.at.toISOString(),
  };
}

/** A page of entries of some of a member's accounts, newest first. */
export async function entriesPage(
  db: Queryable,
  digits: number,
  memberId: number,
  filter: { type?: LedgerKind | undefined; startTime?: string | undefined; endTime?: string | undefined },
  paging: { pageNo: number; pageSize: number },
  accountKinds: readonly store.AccountKind[],
) {
  const { rows, total } = await store.memberEntries(
    db,
    memberId,
    {
      kinds: filter.type ? [filter.type] : null,
      from: filter.startTime ? new Date(filter.startTime) : null,
      to: filter.endTime ? new Date(filter.endTime) : null,
      accountKinds,
    },
    { offset: (paging.pageNo - 1) * paging.pageSize, limit: paging.pageSize },
  );
  return {
    list: rows.map((row) => record(row, digits)),
    total,
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
}

/**
 * The account record (transactionHistory, ODSFE2_MemTransDet): what moved the member's spendable money, and their
 * points (wallet 'points', amounts in whole points).
 */
export async function accountRecord(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  query: {
    type?: LedgerKind | undefined;
    startTime?: string | undefined;
    endTime?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const currency = await currencyOf(deps);
  return entriesPage(deps.db, currency.digits, memberId, query, query, ['main', 'vendor', 'points']);
}

export type ProfitPeriod = 'today' | 'yesterday' | 'last7Days' | 'last30Days' | 'thisMonth' | 'lastMonth';

/** The period's bounds, in UTC days: [start, end). */
function periodRange(period: ProfitPeriod, now: Date): { start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  switch (period) {
    case 'today':
      return { start: new Date(today), end: new Date(today + DAY_MS) };
    case 'yesterday':
      return { start: new Date(today - DAY_MS), end: new Date(today) };
    case 'last7Days':
      return { start: new Date(today - 6 * DAY_MS), end: new Date(today + DAY_MS) };
    case 'last30Days':
      return { start: new Date(today - 29 * DAY_MS), end: new Date(today + DAY_MS) };
    case 'thisMonth':
      return { start: new Date(month), end: new Date(today + DAY_MS) };
    case 'lastMonth':
      return {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
        end: new Date(month),
      };
  }
}

/**
 * Profit and loss (personalProfit) of a period, from what moved the member's spendable money: deposits,
 * withdrawals, transfers with other members, and (with the games) bets, payouts, bonuses and rebates.
 */
export async function profitAndLoss(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  period: ProfitPeriod,
  now: Date,
) {
  const currency = await currencyOf(deps);
  const { start, end } = periodRange(period, now);
  const rows = await store.memberTotalsByKind(deps.db, memberId, start, end);
  const sum = (...kinds: LedgerKind[]) =>
    rows
      .filter((row) => kinds.includes(row.kind as LedgerKind))
      .reduce((total, row) => total + row.total, 0n);
  const transfers = await store.memberTransferTotals(deps.db, memberId, start, end);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  const bets = -sum('bet');
  const payouts = sum('payout', 'refund');
  const bonuses = sum('bonus', 'rebate');
  const adjustments = sum('adjustment');
  return {
    period,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    ...currency,
    deposits: major(sum('deposit')),
    withdrawals: major(-sum('withdrawal', 'withdrawal_returned')),
    transfersIn: major(transfers.in),
    transfersOut: major(transfers.out),
    bets: major(bets),
    payouts: major(payouts),
    bonuses: major(bonuses),
    adjustments: major(adjustments),
    profit: major(payouts - bets + bonuses + adjustments),
  };
}
