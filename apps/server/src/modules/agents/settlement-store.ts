import type { Queryable } from '../../db/database.ts';

/**
 * SQL of the agents' settlement: the bills and the runs (the contracts in force are the contracts' store's, read
 * through contracts.ts). Rules live in settlement.ts.
 */

export interface BillDb {
  id: bigint;
  contract_id: bigint;
  agent_id: number;
  username: string;
  kind: string;
  product: string;
  period_start: Date;
  period_end: Date;
  metrics: Record<string, string | number | null>;
  tier: number | null;
  gross: bigint;
  downline_gross: bigint;
  carried_in: bigint;
  amount: bigint;
  /** A daily salary's spread before its cap, when the cap cut it (null otherwise). */
  uncapped_amount: bigint | null;
  paid: bigint;
  status: string;
  payer: 'platform' | 'upline';
  payer_member_id: number | null;
  payer_username: string | null;
  first_approved_by: number | null;
  first_approved_by_name: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  rejected_by: number | null;
  rejected_at: Date | null;
  reversed_by: number | null;
  reversed_at: Date | null;
  reason: string;
  payments: number;
  run_id: bigint | null;
  created_at: Date;
}

const BILL_SELECT = `select b.id, b.contract_id, b.agent_id, m.username, b.kind, b.product, b.period_start,
    b.period_end, b.metrics, b.tier, b.gross, b.downline_gross, b.carried_in, b.amount,
    b.uncapped_amount, b.paid, b.status, b.payer,
    b.payer_member_id, p.username as payer_username, b.first_approved_by, fa.username as first_approved_by_name,
    b.approved_by, ap.username as approved_by_name, b.approved_at, b.rejected_by, b.rejected_at, b.reversed_by,
    b.reversed_at, b.reason, b.payments, b.run_id, b.created_at
  from agent_bills b
  join members m on m.id = b.agent_id
  left join members p on p.id = b.payer_member_id
  left join operators fa on fa.id = b.first_approved_by
  left join operators ap on ap.id = b.approved_by`;

export interface NewBill {
  contractId: bigint;
  agentId: number;
  kind: string;
  product: string;
  periodStart: Date;
  periodEnd: Date;
  metrics: Record<string, string | number | null>;
  tier: number | null;
  gross: bigint;
  downlineGross: bigint;
  carriedIn: bigint;
  amount: bigint;
  uncappedAmount: bigint | null;
  status: string;
  payer: 'platform' | 'upline';
  payerMemberId: number | null;
  runId: bigint | null;
  at: Date;
}

/** Inserts the bill of (agent, kind, product, period) unless it exists: the id, or null when it was made before. */
export async function insertBill(tx: Queryable, bill: NewBill): Promise<bigint | null> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into agent_bills (contract_id, agent_id, kind, product, period_start, period_end, metrics, tier, gross,
       downline_gross, carried_in, amount, status, payer, payer_member_id, run_id, created_at, uncapped_amount)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     on conflict (agent_id, kind, product, period_start) do nothing
     returning id`,
    [
      bill.contractId,
      bill.agentId,
      bill.kind,
      bill.product,
      bill.periodStart,
      bill.periodEnd,
      JSON.stringify(bill.metrics),
      bill.tier,
      bill.gross,
      bill.downlineGross,
      bill.carriedIn,
      bill.amount,
      bill.status,
      bill.payer,
      bill.payerMemberId,
      bill.runId,
      bill.at,
      bill.uncappedAmount,
    ],
  );
  return row?.id ?? null;
}

export async function billExists(
  db: Queryable,
  key: { agentId: number; kind: string; product: string; periodStart: Date },
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from agent_bills where agent_id = $1 and kind = $2 and product = $3 and period_start = $4',
    [key.agentId, key.kind, key.product, key.periodStart],
  );
  return rows.length > 0;
}

/** The bill of the period that ended where this one starts (the carry of a negative dividend period). */
export async function billEndingAt(
  db: Queryable,
  key: { agentId: number; kind: string; product: string; periodEnd: Date },
): Promise<BillDb | null> {
  const rows = await db.query<BillDb>(
    `${BILL_SELECT} where b.agent_id = $1 and b.kind = $2 and b.product = $3 and b.period_end = $4
     order by b.period_start desc limit 1`,
    [key.agentId, key.kind, key.product, key.periodEnd],
  );
  return rows[0] ?? null;
}

export async function findBill(db: Queryable, id: number | bigint): Promise<BillDb | null> {
  const rows = await db.query<BillDb>(`${BILL_SELECT} where b.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks a bill's row until the transaction ends and answers it. */
export async function lockBill(tx: Queryable, id: number | bigint): Promise<BillDb | null> {
  await tx.query('select id from agent_bills where id = $1 for update', [id]);
  return findBill(tx, id);
}

export async function recordPayment(
  tx: Queryable,
  id: bigint,
  change: { paid: bigint; status: string; posted: boolean },
): Promise<void> {
  await tx.query(
    `update agent_bills set paid = $2, status = $3, payments = payments + case when $4 then 1 else 0 end
      where id = $1`,
    [id, change.paid, change.status, change.posted],
  );
}

export async function firstApproval(tx: Queryable, id: bigint, operatorId: number, at: Date): Promise<void> {
  await tx.query('update agent_bills set first_approved_by = $2, first_approved_at = $3 where id = $1', [
    id,
    operatorId,
    at,
  ]);
}

export async function approval(tx: Queryable, id: bigint, operatorId: number, at: Date): Promise<void> {
  await tx.query(
    `update agent_bills set status = 'approved', approved_by = $2, approved_at = $3 where id = $1`,
    [id, operatorId, at],
  );
}

export async function rejection(
  tx: Queryable,
  id: bigint,
  operatorId: number,
  reason: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `update agent_bills set status = 'rejected', rejected_by = $2, rejected_at = $3, reason = $4 where id = $1`,
    [id, operatorId, at, reason],
  );
}

export async function reversal(
  tx: Queryable,
  id: bigint,
  operatorId: number,
  reason: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `update agent_bills set status = 'reversed', reversed_by = $2, reversed_at = $3, reason = $4 where id = $1`,
    [id, operatorId, at, reason],
  );
}

/** Bills paid by an upline that still owe something: a later run tries again. */
export function outstandingUplineBills(db: Queryable, limit: number): Promise<{ id: bigint }[]> {
  return db.query<{ id: bigint }>(
    `select id from agent_bills where status in ('partly_paid', 'insufficient') and payer = 'upline'
      order by id limit $1`,
    [limit],
  );
}

export interface BillFilter {
  agentId?: number | undefined;
  kind?: string | undefined;
  status?: string | undefined;
  product?: string | undefined;
  /** A member's user name, exact and case-insensitive. */
  username?: string | undefined;
  runId?: number | undefined;
  /** Period start in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

function billWhere(filter: BillFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [
    filter.agentId ?? null,
    filter.kind ?? null,
    filter.status ?? null,
    filter.product ?? null,
    filter.username ?? null,
    filter.runId ?? null,
    filter.from ?? null,
    filter.to ?? null,
  ];
  const where = `where ($1::int is null or b.agent_id = $1) and ($2::text is null or b.kind = $2)
    and ($3::text is null or b.status = $3) and ($4::text is null or b.product = $4)
    and ($5::text is null or lower(m.username) = lower($5)) and ($6::bigint is null or b.run_id = $6)
    and ($7::timestamptz is null or b.period_start >= $7) and ($8::timestamptz is null or b.period_start < $8)`;
  return { where, params };
}

export async function listBills(
  db: Queryable,
  filter: BillFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BillDb[]; total: number }> {
  const { where, params } = billWhere(filter);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from agent_bills b join members m on m.id = b.agent_id ${where}`,
    params,
  );
  const rows = await db.query<BillDb>(
    `${BILL_SELECT} ${where} order by b.period_start desc, b.id desc limit $9 offset $10`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

export interface RunDb {
  id: bigint;
  kind: string;
  period_start: Date;
  period_end: Date;
  started_at: Date;
  finished_at: Date | null;
  bills: number;
  total_amount: bigint;
  total_paid: bigint;
  failures: { agentId: number; product: string; error: string }[];
  /** Bills of the run left unpaid or partly paid. */
  unpaid: number;
}

/** The run of (kind, period): made on the first try of its slot, found again on a retry. */
export async function openRun(
  tx: Queryable,
  run: { kind: string; periodStart: Date; periodEnd: Date; at: Date },
): Promise<bigint> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into agent_settlement_runs (kind, period_start, period_end, started_at) values ($1, $2, $3, $4)
     on conflict (kind, period_start, period_end) do update set started_at = excluded.started_at, finished_at = null
     returning id`,
    [run.kind, run.periodStart, run.periodEnd, run.at],
  );
  if (!row) throw new Error('settlement run: no row');
  return row.id;
}

/** Ends a run: its totals from its bills, and the failures of this try. */
export async function closeRun(
  tx: Queryable,
  id: bigint,
  failures: { agentId: number; product: string; error: string }[],
  at: Date,
): Promise<void> {
  await tx.query(
    `update agent_settlement_runs r set finished_at = $3, failures = $2,
       bills = t.bills, total_amount = t.amount, total_paid = t.paid
       from (select count(*)::int as bills, coalesce(sum(amount), 0)::bigint as amount,
                    coalesce(sum(paid), 0)::bigint as paid
               from agent_bills where run_id = $1) t
      where r.id = $1`,
    [id, JSON.stringify(failures), at],
  );
}

export async function listRuns(
  db: Queryable,
  filter: { kind?: string | undefined; failedOnly: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: RunDb[]; total: number }> {
  const where = `where ($1::text is null or r.kind = $1)
    and (not $2::boolean or jsonb_array_length(r.failures) > 0
         or exists (select 1 from agent_bills b where b.run_id = r.id and b.status in ('partly_paid', 'insufficient')))`;
  const params = [filter.kind ?? null, filter.failedOnly];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from agent_settlement_runs r ${where}`,
    params,
  );
  const rows = await db.query<RunDb>(
    `select r.id, r.kind, r.period_start, r.period_end, r.started_at, r.finished_at, r.bills, r.total_amount,
            r.total_paid, r.failures,
            (select count(*)::int from agent_bills b
              where b.run_id = r.id and b.status in ('partly_paid', 'insufficient')) as unpaid
       from agent_settlement_runs r ${where}
      order by r.period_start desc, r.id desc limit $3 offset $4`,
    [...params, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * Leases the settlement cursor `name` until `leaseUntil` (made at `initial` the first time) and answers where it
 * stands, or null while another run holds it.
 */
export async function leaseCursor(
  tx: Queryable,
  cursor: { name: string; initial: Date; now: Date; leaseUntil: Date },
): Promise<Date | null> {
  await tx.query(
    'insert into agent_settlement_cursors (name, settled_until) values ($1, $2) on conflict (name) do nothing',
    [cursor.name, cursor.initial],
  );
  const [row] = await tx.query<{ settled_until: Date }>(
    `update agent_settlement_cursors set lease_until = $3
      where name = $1 and (lease_until is null or lease_until <= $2)
      returning settled_until`,
    [cursor.name, cursor.now, cursor.leaseUntil],
  );
  return row?.settled_until ?? null;
}

/** Moves the cursor on to `until` (never back) and ends the lease. */
export async function releaseCursor(tx: Queryable, name: string, until: Date): Promise<void> {
  await tx.query(
    `update agent_settlement_cursors set settled_until = greatest(settled_until, $2), lease_until = null
      where name = $1`,
    [name, until],
  );
}

/** The starts of the `step`-long windows (aligned on `from`) in [from, to) in which anything was settled. */
export async function playedWindows(
  db: Queryable,
  query: { from: Date; to: Date; step: '5 minutes' | '1 hour'; limit: number },
): Promise<Date[]> {
  const rows = await db.query<{ start: Date }>(
    `select distinct date_bin($3::interval, window_start, $1) as start from agent_play_windows
      where window_start >= $1 and window_start < $2 order by 1 limit $4`,
    [query.from, query.to, query.step, query.limit],
  );
  return rows.map((row) => row.start);
}

/** The merchant days in [from, to) (YYYY-MM-DD) on which anything was settled. */
export async function playedDays(
  db: Queryable,
  query: { from: string; to: string; limit: number },
): Promise<string[]> {
  const rows = await db.query<{ day: string }>(
    `select distinct to_char(day, 'YYYY-MM-DD') as day from agent_play_days
      where day >= $1::date and day < $2::date order by 1 limit $3`,
    [query.from, query.to, query.limit],
  );
  return rows.map((row) => row.day);
}
