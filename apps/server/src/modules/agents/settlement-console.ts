import {
  type AgentBillRow,
  BILL_EXPORT_MAX_ROWS,
  type ConsoleBillRow,
  type SettlementRunRow,
  toMajor,
} from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator, type Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { csvField } from '../../platform/csv.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import { settingDocument } from '../system/settings.ts';
import * as ledger from '../wallet/ledger.ts';
import { type Currency, currencyOf, minorLimit } from '../wallet/settings.ts';
import { payOutstanding } from './settlement.ts';
import { RATE_SCALE } from './settlement-rules.ts';
import * as store from './settlement-store.ts';

/**
 * The bills as the agent centre and the console read them, and the operator's decisions on them: approval of a
 * dividend (two different operators at or above the second-approval amount, as the lottery's results are), its
 * rejection, and the reversal of a paid bill by a new posting. Every decision is audited (operatorWrite).
 */

/** site_settings key of the settlement's settings. */
export const SETTLEMENT_SETTINGS_KEY = 'agents.settlement';
export interface SettlementSettings {
  /** A dividend of at least this (major units) needs a second operator's approval; 0 = never. */
  dividendSecondApprovalFrom: number;
}
const DEFAULT_SETTLEMENT_SETTINGS: SettlementSettings = { dividendSecondApprovalFrom: 0 };

export async function settlementSettings(db: Queryable): Promise<SettlementSettings> {
  const stored = await settingDocument<Partial<SettlementSettings>>(db, SETTLEMENT_SETTINGS_KEY);
  return { ...DEFAULT_SETTLEMENT_SETTINGS, ...stored };
}

const metric = (bill: store.BillDb, name: string): bigint => {
  const value = bill.metrics[name];
  return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;
};

function agentBillView(bill: store.BillDb, currency: Currency): AgentBillRow {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  const rateType =
    bill.metrics.rateType === 'P' || bill.metrics.rateType === 'F' ? bill.metrics.rateType : null;
  const rate = metric(bill, 'rate');
  return {
    id: Number(bill.id),
    kind: bill.kind as AgentBillRow['kind'],
    product: bill.product,
    periodStart: bill.period_start.toISOString(),
    periodEnd: bill.period_end.toISOString(),
    tier: bill.tier === null ? null : bill.tier + 1,
    turnover: major(metric(bill, 'turnover')),
    netLoss: major(metric(bill, 'netLoss')),
    carriedIn: major(bill.carried_in),
    activeMembers: Number(bill.metrics.activeMembers ?? 0),
    base: major(metric(bill, 'base')),
    rateType,
    // A percentage: millionths of the base → percent (5000 → 0.5).
    rate:
      rateType === null ? null : rateType === 'P' ? Number(rate) / Number(RATE_SCALE / 100n) : major(rate),
    gross: major(bill.gross),
    downlineGross: major(bill.downline_gross),
    amount: major(bill.amount),
    capped: bill.uncapped_amount !== null,
    uncappedAmount: bill.uncapped_amount === null ? null : major(bill.uncapped_amount),
    paid: major(bill.paid),
    status: bill.status as AgentBillRow['status'],
    payer: bill.payer,
    createdAt: bill.created_at.toISOString(),
  };
}

function consoleBillView(
  bill: store.BillDb,
  currency: Currency,
  settings: SettlementSettings,
): ConsoleBillRow {
  const threshold = settings.dividendSecondApprovalFrom;
  return {
    ...agentBillView(bill, currency),
    agentId: bill.agent_id,
    username: bill.username,
    payerUsername: bill.payer_username,
    runId: bill.run_id === null ? null : Number(bill.run_id),
    firstApprovedBy: bill.first_approved_by_name,
    approvedBy: bill.approved_by_name,
    approvedAt: bill.approved_at?.toISOString() ?? null,
    decidedAt: (bill.reversed_at ?? bill.rejected_at ?? bill.approved_at)?.toISOString() ?? null,
    reason: bill.reason,
    needsSecondApproval:
      bill.kind === 'dividend' && threshold > 0 && bill.amount >= minorLimit(threshold, currency),
  };
}

const pageOf = (query: { pageNo: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});

/** The agent's own bills of one kind (the agent centre's records pages). */
export async function agentBills(
  deps: AppDeps,
  agentId: number,
  query: {
    kind: string;
    status?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listBills(
    deps.db,
    {
      agentId,
      kind: query.kind,
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    pageOf(query),
  );
  return {
    list: rows.map((row) => agentBillView(row, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...currency,
  };
}

export interface ConsoleBillQuery {
  kind?: string | undefined;
  status?: string | undefined;
  product?: string | undefined;
  username?: string | undefined;
  runId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const billFilter = (query: ConsoleBillQuery): store.BillFilter => ({
  kind: query.kind,
  status: query.status,
  product: query.product,
  username: query.username,
  runId: query.runId,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
});

export async function consoleBills(
  deps: AppDeps,
  query: ConsoleBillQuery & { pageNo: number; pageSize: number },
) {
  const [currency, settings] = await Promise.all([currencyOf(deps), settlementSettings(deps.db)]);
  const { rows, total } = await store.listBills(deps.db, billFilter(query), pageOf(query));
  return {
    list: rows.map((row) => consoleBillView(row, currency, settings)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...currency,
  };
}

/** Dividends waiting for an operator. */
export function dividendQueue(deps: AppDeps, query: { pageNo: number; pageSize: number }) {
  return consoleBills(deps, { ...query, kind: 'dividend', status: 'unapproved' });
}

const CSV_COLUMNS = [
  'id',
  'username',
  'kind',
  'product',
  'periodStart',
  'periodEnd',
  'tier',
  'turnover',
  'netLoss',
  'carriedIn',
  'activeMembers',
  'base',
  'rateType',
  'rate',
  'gross',
  'downlineGross',
  'amount',
  'uncappedAmount',
  'paid',
  'currency',
  'status',
  'payer',
  'payerUsername',
  'approvedBy',
  'decidedAt',
  'reason',
] as const;

/** The bills the filter finds as CSV (UTF-8 with a byte-order mark, CRLF lines), newest period first. */
export async function exportBillsCsv(deps: AppDeps, query: ConsoleBillQuery): Promise<string> {
  const [currency, settings] = await Promise.all([currencyOf(deps), settlementSettings(deps.db)]);
  const { rows, total } = await store.listBills(deps.db, billFilter(query), {
    limit: BILL_EXPORT_MAX_ROWS,
    offset: 0,
  });
  if (total > BILL_EXPORT_MAX_ROWS) throw new AppError('export_too_large');
  const lines: string[] = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const view = consoleBillView(row, currency, settings);
    const values: Record<(typeof CSV_COLUMNS)[number], unknown> = { ...view, currency: currency.currency };
    lines.push(
      CSV_COLUMNS.map((column) => csvField(values[column] == null ? '' : String(values[column]))).join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function settlementRuns(
  deps: AppDeps,
  query: {
    kind?: string | undefined;
    failed?: 'true' | 'false' | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listRuns(
    deps.db,
    { kind: query.kind, failedOnly: query.failed === 'true' },
    pageOf(query),
  );
  const list: SettlementRunRow[] = rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as SettlementRunRow['kind'],
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    bills: row.bills,
    totalAmount: toMajor(row.total_amount, currency.digits),
    totalPaid: toMajor(row.total_paid, currency.digits),
    unpaidBills: row.unpaid,
    failures: row.failures,
  }));
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize, ...currency };
}

interface Context {
  caller: Caller;
  ip: string;
  now: Date;
  idempotency: IdempotencyKey | null;
}

/** An operator's decision on a bill: the bill locked, its state checked, the change audited with before and after. */
async function decide(
  deps: AppDeps,
  context: Context,
  billId: number,
  action: string,
  change: (tx: Transaction, bill: store.BillDb, operatorId: number, view: ConsoleBillRow) => Promise<void>,
): Promise<ConsoleBillRow> {
  const operatorId = asOperator(context.caller).operatorId;
  const [currency, settings] = await Promise.all([currencyOf(deps), settlementSettings(deps.db)]);
  return operatorWrite(
    deps,
    context,
    { entity: 'agent_bill', action, idempotency: context.idempotency },
    async (tx) => {
      const bill = await store.lockBill(tx, billId);
      if (!bill) throw new AppError('agent_bill_not_found');
      const before = consoleBillView(bill, currency, settings);
      await change(tx, bill, operatorId, before);
      const after = await store.findBill(tx, bill.id);
      if (!after) throw new Error('bill vanished');
      const result = consoleBillView(after, currency, settings);
      return {
        entityId: billId,
        before: { status: before.status, amount: before.amount, paid: before.paid },
        after: { status: result.status, amount: result.amount, paid: result.paid, reason: result.reason },
        result,
      };
    },
  );
}

/**
 * Approves a dividend and pays it. At or above the second-approval amount the first approval is only recorded, and
 * a different operator's approval pays it.
 */
export function approveBill(deps: AppDeps, context: Context, billId: number) {
  return decide(deps, context, billId, 'approve', async (tx, bill, operatorId, view) => {
    if (bill.kind !== 'dividend' || bill.status !== 'unapproved') throw new AppError('agent_bill_state');
    if (view.needsSecondApproval) {
      if (bill.first_approved_by === null) {
        await store.firstApproval(tx, bill.id, operatorId, context.now);
        return;
      }
      if (bill.first_approved_by === operatorId) throw new AppError('agent_bill_needs_second_operator');
    }
    await store.approval(tx, bill.id, operatorId, context.now);
    await payOutstanding(tx, { ...bill, status: 'approved' }, context.now);
  });
}

export function rejectBill(deps: AppDeps, context: Context, billId: number, reason: string) {
  return decide(deps, context, billId, 'reject', async (tx, bill, operatorId) => {
    if (bill.kind !== 'dividend' || bill.status !== 'unapproved') throw new AppError('agent_bill_state');
    await store.rejection(tx, bill.id, operatorId, reason, context.now);
  });
}

/**
 * Takes back what a bill paid, by a new posting from the agent's main wallet to whoever paid it (refused with
 * insufficient_balance when the agent no longer has it). The bill is marked reversed; a reversed bill is never
 * settled again.
 */
export function reverseBill(deps: AppDeps, context: Context, billId: number, reason: string) {
  return decide(deps, context, billId, 'reverse', async (tx, bill, operatorId) => {
    if (bill.paid <= 0n || (bill.status !== 'paid' && bill.status !== 'partly_paid')) {
      throw new AppError('agent_bill_state');
    }
    await ledger.post(
      tx,
      {
        key: `agents:reverse:${bill.id}`,
        kind: bill.kind === 'dividend' ? 'dividend' : 'salary',
        memberId: bill.agent_id,
        reference: `agent-bill:${bill.id}`,
        remark: reason,
        operatorId,
        legs: [
          { account: { member: bill.agent_id, wallet: 'main' }, amount: -bill.paid },
          {
            account:
              bill.payer === 'upline' && bill.payer_member_id !== null
                ? { member: bill.payer_member_id, wallet: 'main' }
                : { system: 'house:agents' },
            amount: bill.paid,
          },
        ],
      },
      context.now,
    );
    await store.reversal(tx, bill.id, operatorId, reason, context.now);
  });
}
