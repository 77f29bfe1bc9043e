import type { CallbackOutcome, DepositStatus, GatewayMessage } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { ChannelTranslations } from './payment-channel-store.ts';

export interface DepositDb {
  id: bigint;
  order_no: string;
  member_id: number;
  username: string;
  channel_id: number;
  channel_name: string;
  channel_translations: ChannelTranslations;
  kind: 'bank' | 'gateway';
  amount: bigint;
  payer_reference: string;
  status: DepositStatus;
  gateway_order: string | null;
  payment_url: string | null;
  gateway_message: GatewayMessage;
  last_checked_at: Date | null;
  reason: string;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  return_path: string;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
}

const SELECT = `select d.id, d.order_no, d.member_id, m.username, d.channel_id, c.name as channel_name,
    c.translations as channel_translations, d.kind, d.amount,
    d.payer_reference, d.status, d.gateway_order, d.payment_url, d.gateway_message, d.last_checked_at, d.reason,
    o.username as reviewed_by, d.reviewed_at, d.return_path, d.created_at, d.updated_at, d.settled_at
  from deposits d
  join members m on m.id = d.member_id
  join payment_channels c on c.id = d.channel_id
  left join operators o on o.id = d.reviewed_by`;

export async function insertDeposit(
  tx: Queryable,
  row: {
    orderNo: string;
    memberId: number;
    channelId: number;
    kind: 'bank' | 'gateway';
    amount: bigint;
    payerReference: string;
    returnPath: string;
    at: Date;
  },
): Promise<bigint> {
  const [inserted] = await tx.query<{ id: bigint }>(
    `insert into deposits (order_no, member_id, channel_id, kind, amount, payer_reference, return_path, status,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) returning id`,
    [
      row.orderNo,
      row.memberId,
      row.channelId,
      row.kind,
      row.amount,
      row.payerReference,
      row.returnPath,
      row.at,
    ],
  );
  if (!inserted) throw new Error('deposit insert returned nothing');
  return inserted.id;
}

export async function findDeposit(db: Queryable, id: bigint | number): Promise<DepositDb | null> {
  const [row] = await db.query<DepositDb>(`${SELECT} where d.id = $1`, [id]);
  return row ?? null;
}

export async function findDepositByOrder(db: Queryable, orderNo: string): Promise<DepositDb | null> {
  const [row] = await db.query<DepositDb>(`${SELECT} where d.order_no = $1`, [orderNo]);
  return row ?? null;
}

/** The deposit under its row lock, so that one settlement at a time decides what happens to it. */
export async function lockDeposit(tx: Queryable, id: bigint | number): Promise<DepositDb | null> {
  const [row] = await tx.query<DepositDb>(`${SELECT} where d.id = $1 for update of d`, [id]);
  return row ?? null;
}

export async function memberDeposits(
  db: Queryable,
  memberId: number,
  filter: { status?: DepositStatus | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: DepositDb[]; total: number }> {
  const where = 'd.member_id = $1 and ($2::text is null or d.status = $2)';
  const params = [memberId, filter.status ?? null];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from deposits d where ${where}`,
    params,
  );
  const rows = await db.query<DepositDb>(
    `${SELECT} where ${where} order by d.created_at desc, d.id desc limit $3 offset $4`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

export interface ConsoleFilter {
  status?: DepositStatus | undefined;
  kind?: 'bank' | 'gateway' | undefined;
  member?: string | undefined;
  orderNo?: string | undefined;
  channelId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: 'newest' | 'oldest' | 'amountDesc' | 'amountAsc';
}

const ORDER_BY: Record<ConsoleFilter['sort'], string> = {
  newest: 'd.created_at desc, d.id desc',
  oldest: 'd.created_at asc, d.id asc',
  amountDesc: 'd.amount desc, d.id desc',
  amountAsc: 'd.amount asc, d.id asc',
};

function consoleWhere(filter: ConsoleFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.status) add((n) => `d.status = ${n}`, filter.status);
  if (filter.kind) add((n) => `d.kind = ${n}`, filter.kind);
  if (filter.member) add((n) => `lower(m.username) = lower(${n})`, filter.member);
  if (filter.orderNo) add((n) => `d.order_no = ${n}`, filter.orderNo);
  if (filter.channelId !== undefined) add((n) => `d.channel_id = ${n}`, filter.channelId);
  if (filter.from) add((n) => `d.created_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `d.created_at < ${n}`, filter.to);
  return { where: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', params };
}

export async function consoleDeposits(
  db: Queryable,
  filter: ConsoleFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DepositDb[]; total: number }> {
  const { where, params } = consoleWhere(filter);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from deposits d join members m on m.id = d.member_id ${where}`,
    params,
  );
  const rows = await db.query<DepositDb>(
    `${SELECT} ${where} order by ${ORDER_BY[filter.sort]} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** Every deposit the filter finds, in its order, at most `limit`; `more` says whether there were more. */
export async function exportDeposits(
  db: Queryable,
  filter: ConsoleFilter,
  limit: number,
): Promise<{ rows: DepositDb[]; more: boolean }> {
  const { where, params } = consoleWhere(filter);
  const rows = await db.query<DepositDb>(
    `${SELECT} ${where} order by ${ORDER_BY[filter.sort]} limit $${params.length + 1}`,
    [...params, limit + 1],
  );
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Records the gateway's payment of a pending order (its id and page); false when the order is no longer pending. */
export async function setPayment(
  tx: Queryable,
  id: bigint,
  payment: { gatewayOrder: string; paymentUrl: string; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `update deposits set gateway_order = $2, payment_url = $3, gateway_message = '', updated_at = $4
     where id = $1 and status = 'pending' returning id`,
    [id, payment.gatewayOrder, payment.paymentUrl, payment.at],
  );
  return rows.length > 0;
}

export async function setGatewayMessage(
  tx: Queryable,
  id: bigint,
  message: GatewayMessage,
  at: Date,
): Promise<void> {
  await tx.query(
    `update deposits set gateway_message = $2, updated_at = $3 where id = $1 and status = 'pending'`,
    [id, message, at],
  );
}

/** Moves a pending deposit to its final state; false when it was not pending. */
export async function settleDeposit(
  tx: Queryable,
  id: bigint,
  change: {
    status: Exclude<DepositStatus, 'pending'>;
    reason: string;
    gatewayMessage?: GatewayMessage;
    reviewedBy: number | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `update deposits set status = $2, reason = $3, gateway_message = coalesce($4, gateway_message),
       reviewed_by = $5, reviewed_at = case when $5::int is null then null else $6::timestamptz end,
       settled_at = $6, updated_at = $6
     where id = $1 and status = 'pending' returning id`,
    [id, change.status, change.reason, change.gatewayMessage ?? null, change.reviewedBy, change.at],
  );
  return rows.length > 0;
}

/**
 * Claims the online orders still pending that were created before `createdBefore` and not asked about since
 * `checkedBefore`, marking them asked about now: concurrent runs of the status-query job take different orders.
 */
export async function claimPendingGatewayDeposits(
  tx: Queryable,
  options: { createdBefore: Date; checkedBefore: Date; limit: number; at: Date },
): Promise<bigint[]> {
  const rows = await tx.query<{ id: bigint }>(
    `update deposits set last_checked_at = $4
     where id in (
       select id from deposits
       where status = 'pending' and kind = 'gateway' and created_at <= $1
         and (last_checked_at is null or last_checked_at <= $2)
       order by created_at, id limit $3
       for update skip locked)
     returning id`,
    [options.createdBefore, options.checkedBefore, options.limit, options.at],
  );
  return rows.map((row) => row.id);
}

export async function insertCallback(
  tx: Queryable,
  row: {
    channelId: number | null;
    depositId: bigint | null;
    orderNo: string;
    source: 'callback' | 'query';
    outcome: CallbackOutcome;
    body: unknown;
    ip: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into gateway_callbacks (channel_id, deposit_id, order_no, source, outcome, body, ip, received_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.channelId,
      row.depositId,
      row.orderNo,
      row.source,
      row.outcome,
      JSON.stringify(row.body),
      row.ip,
      row.at,
    ],
  );
}

export interface CallbackDb {
  id: bigint;
  channel_id: number | null;
  channel_name: string | null;
  order_no: string;
  source: 'callback' | 'query';
  outcome: CallbackOutcome;
  body: Record<string, unknown>;
  ip: string;
  received_at: Date;
}

export async function callbacksPage(
  db: Queryable,
  filter: {
    orderNo?: string | undefined;
    outcome?: CallbackOutcome | undefined;
    channelId?: number | undefined;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: CallbackDb[]; total: number }> {
  const where = `($1::text is null or g.order_no = $1) and ($2::text is null or g.outcome = $2)
    and ($3::int is null or g.channel_id = $3)`;
  const params = [filter.orderNo ?? null, filter.outcome ?? null, filter.channelId ?? null];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway_callbacks g where ${where}`,
    params,
  );
  const rows = await db.query<CallbackDb>(
    `select g.id, g.channel_id, c.name as channel_name, g.order_no, g.source, g.outcome, g.body, g.ip, g.received_at
     from gateway_callbacks g left join payment_channels c on c.id = g.channel_id
     where ${where} order by g.received_at desc, g.id desc limit $4 offset $5`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** A member's confirmed deposits, oldest first (the order they were confirmed in). */
export function confirmedDeposits(db: Queryable, memberId: number) {
  return db.query<{ order_no: string; amount: bigint; confirmed_at: Date }>(
    `select order_no, amount, settled_at as confirmed_at from deposits
     where member_id = $1 and status = 'confirmed' order by settled_at, id`,
    [memberId],
  );
}

/** A member's deposits made since a moment (every status), newest first, with their channel. */
export function depositsSince(db: Queryable, memberId: number, since: Date | null, limit: number) {
  return db.query<DepositDb>(
    `${SELECT} where d.member_id = $1 and ($2::timestamptz is null or d.created_at >= $2)
     order by d.created_at desc, d.id desc limit $3`,
    [memberId, since, limit],
  );
}
