import {
  type CallbackOutcome,
  DEPOSIT_EXPORT_MAX_ROWS,
  type DepositRow,
  type DepositStatus,
  type GatewayCallbackRow,
  toMajor,
} from '@tessera/contract';
import { asOperator, type Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { csvField } from '../../platform/csv.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { settle } from './deposit-settlement.ts';
import * as store from './deposit-store.ts';
import { depositView } from './deposits.ts';
import { decimalText } from './payment-gateway.ts';
import { type Currency, currencyOf } from './settings.ts';

/** The finance console's deposits: confirming and rejecting, the list, its CSV export and the gateways' callback log. */

function consoleView(row: store.DepositDb, currency: Currency): DepositRow {
  return {
    ...depositView(row, currency),
    paymentUrl: row.payment_url,
    id: Number(row.id),
    memberId: row.member_id,
    username: row.username,
    gatewayOrder: row.gateway_order,
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

type OperatorCall = { caller: Caller; ip: string; now: Date; idempotency: IdempotencyKey | null };

/** A finance operator's decision on a pending deposit, audited in the transaction that applies it. */
async function review(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  decision: { status: 'confirmed' } | { status: 'rejected'; reason: string },
): Promise<DepositRow> {
  const who = asOperator(call.caller);
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed', idempotency: call.idempotency }, async (tx) => {
    const deposit = await store.lockDeposit(tx, id);
    if (!deposit) throw new AppError('not_found');
    if (deposit.status !== 'pending') throw new AppError('deposit_not_pending');
    if (decision.status === 'confirmed' && deposit.kind !== 'bank') {
      throw new AppError('deposit_gateway_managed');
    }
    await settle(tx, deposit, decision, { operatorId: who.operatorId, currency, now: call.now });
    const after = await store.findDeposit(tx, deposit.id);
    if (!after) throw new Error('the reviewed deposit vanished');
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'deposit',
        action: decision.status === 'confirmed' ? 'confirm' : 'reject',
        entityId: deposit.order_no,
        before: { status: deposit.status },
        after: {
          status: after.status,
          memberId: deposit.member_id,
          amount: toMajor(deposit.amount, currency.digits),
          ...(decision.status === 'rejected' ? { reason: decision.reason } : {}),
        },
      },
      call.now,
    );
    return consoleView(after, currency);
  });
}

export const confirmDeposit = (deps: AppDeps, call: OperatorCall, id: number) =>
  review(deps, call, id, { status: 'confirmed' });

export const rejectDeposit = (deps: AppDeps, call: OperatorCall, id: number, reason: string) =>
  review(deps, call, id, { status: 'rejected', reason });

export interface ConsoleQuery {
  status?: DepositStatus | undefined;
  kind?: 'bank' | 'gateway' | undefined;
  member?: string | undefined;
  orderNo?: string | undefined;
  channelId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: store.ConsoleFilter['sort'];
}

function consoleFilter(query: ConsoleQuery): store.ConsoleFilter {
  return {
    ...query,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

export async function consoleDeposits(
  deps: AppDeps,
  query: ConsoleQuery & { pageNo: number; pageSize: number },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.consoleDeposits(deps.db, consoleFilter(query), {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    list: rows.map((row) => consoleView(row, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: currency.currency,
    currencySymbol: currency.currencySymbol,
    digits: currency.digits,
  };
}

const CSV_COLUMNS = [
  'orderNo',
  'createdAt',
  'settledAt',
  'status',
  'kind',
  'channel',
  'username',
  'memberId',
  'amount',
  'currency',
  'payerReference',
  'gatewayOrder',
  'reason',
  'reviewedBy',
  'reviewedAt',
] as const;

/** The deposits the filter finds as CSV (UTF-8 with a byte-order mark, CRLF lines), in the filter's order. */
export async function exportDepositsCsv(deps: AppDeps, query: ConsoleQuery): Promise<string> {
  const currency = await currencyOf(deps);
  const { rows, more } = await store.exportDeposits(deps.db, consoleFilter(query), DEPOSIT_EXPORT_MAX_ROWS);
  if (more) throw new AppError('export_too_large');
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values: Record<(typeof CSV_COLUMNS)[number], string> = {
      orderNo: row.order_no,
      createdAt: row.created_at.toISOString(),
      settledAt: row.settled_at?.toISOString() ?? '',
      status: row.status,
      kind: row.kind,
      channel: row.channel_name,
      username: row.username,
      memberId: String(row.member_id),
      amount: decimalText(row.amount, currency.digits),
      currency: currency.currency,
      payerReference: row.payer_reference,
      gatewayOrder: row.gateway_order ?? '',
      reason: row.reason,
      reviewedBy: row.reviewed_by ?? '',
      reviewedAt: row.reviewed_at?.toISOString() ?? '',
    };
    lines.push(CSV_COLUMNS.map((column) => csvField(values[column])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function callbackLog(
  deps: AppDeps,
  query: {
    orderNo?: string | undefined;
    outcome?: CallbackOutcome | undefined;
    channelId?: number | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const { rows, total } = await store.callbacksPage(deps.db, query, {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    list: rows.map(
      (row): GatewayCallbackRow => ({
        id: Number(row.id),
        channelId: row.channel_id,
        channelName: row.channel_name,
        orderNo: row.order_no,
        source: row.source,
        outcome: row.outcome,
        body: row.body,
        ip: row.ip,
        receivedAt: row.received_at.toISOString(),
      }),
    ),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
