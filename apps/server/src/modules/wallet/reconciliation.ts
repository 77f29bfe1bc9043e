import { type ReconciliationReport, toMajor } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import * as store from './reconciliation-store.ts';
import { currencyOf } from './settings.ts';

const RECONCILE_JOB = 'wallet.reconcile';

/**
 * Checks the whole ledger from one snapshot: every transaction's entries sum to zero per unit, every account's
 * balance is the sum of its entries and each entry's balance before is the one after of the entry before it, no
 * player's account is below zero. The report is stored whatever it finds.
 */
export async function reconcile(deps: AppDeps, requestedBy: number | null): Promise<number> {
  const startedAt = deps.clock.now();
  return write(deps.db, { isolation: 'repeatable read' }, async (tx) => {
    const found = await store.findings(tx);
    const clean =
      found.unbalanced.length === 0 &&
      found.mismatched.length === 0 &&
      found.negative.length === 0 &&
      found.totals.every((total) => total.total === 0n);
    return store.insertReport(tx, {
      requestedBy,
      status: clean ? 'clean' : 'problems',
      startedAt,
      finishedAt: deps.clock.now(),
      ...found.counts,
      totals: Object.fromEntries(found.totals.map((total) => [total.unit, String(total.total)])),
      unbalanced: found.unbalanced.map((row) => ({
        ...row,
        transactionId: String(row.transactionId),
        sum: String(row.sum),
      })),
      mismatched: found.mismatched.map((row) => ({
        code: row.code,
        unit: row.unit,
        balance: String(row.balance),
        entriesSum: String(row.entriesSum),
        brokenChainAt: row.brokenChainAt === null ? null : String(row.brokenChainAt),
      })),
      negative: found.negative.map((row) => ({
        code: row.code,
        unit: row.unit,
        balance: String(row.balance),
      })),
    });
  });
}

/** Asks for a reconciliation now: a job, so that it runs once on whichever process is free. */
export function requestReconciliation(
  deps: AppDeps,
  operatorId: number,
  idempotency: IdempotencyKey | null,
  now: Date,
): Promise<{ jobId: number }> {
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => ({
    jobId: await enqueue(
      tx,
      { kind: RECONCILE_JOB, payload: { requestedBy: operatorId }, runAt: now, maxAttempts: 3 },
      now,
    ),
  }));
}

/** The reconciliation job, and its daily schedule. */
export function defineReconciliationJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(RECONCILE_JOB, {
    run: async (job) => {
      const requestedBy = typeof job.payload.requestedBy === 'number' ? job.payload.requestedBy : null;
      await reconcile(deps, requestedBy);
    },
  });
  runner.schedule({
    name: 'wallet.reconcile.daily',
    kind: RECONCILE_JOB,
    cron: deps.config.reconcileCron,
    timeZone: 'UTC',
    missed: 'skip',
  });
}

/** Money in the currency's major units; points as they are. */
function amountOf(unit: string, minor: string, digits: number): number {
  return unit === 'points' ? Number(minor) : toMajor(BigInt(minor), digits);
}

export async function reports(
  deps: AppDeps,
  paging: { pageNo: number; pageSize: number },
): Promise<{ list: ReconciliationReport[]; total: number; pageNo: number; pageSize: number }> {
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.listReports(deps.db, (paging.pageNo - 1) * paging.pageSize, paging.pageSize),
  ]);
  const digits = currency.digits;
  return {
    list: rows.map((row) => ({
      id: row.id,
      status: row.status,
      requestedBy: row.requestedBy,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      transactions: Number(row.transactions),
      entries: Number(row.entries),
      accounts: Number(row.accounts),
      totals: Object.fromEntries(
        Object.entries(row.totals).map(([unit, sum]) => [unit, amountOf(unit, sum, digits)]),
      ),
      unbalanced: row.unbalanced.map((item) => ({
        transactionId: Number(item.transactionId),
        unit: item.unit,
        sum: amountOf(item.unit, item.sum, digits),
      })),
      mismatched: row.mismatched.map((item) => ({
        code: item.code,
        balance: amountOf(item.unit, item.balance, digits),
        entriesSum: amountOf(item.unit, item.entriesSum, digits),
        brokenChainAt: item.brokenChainAt === null ? null : Number(item.brokenChainAt),
      })),
      negative: row.negative.map((item) => ({
        code: item.code,
        balance: amountOf(item.code, item.balance, digits),
      })),
    })),
    total,
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
}
