import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the rebates area (rebates, rebate_runs). */

export interface RebateDb {
  id: bigint;
  member_id: number;
  day: string;
  product: string;
  valid_bet: bigint;
  rate_bp: number;
  amount: bigint;
  turnover_multiple: number;
  status: 'paid' | 'available' | 'claimed' | 'expired';
  created_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
  transaction_id: bigint | null;
}

const COLUMNS = `r.id, r.member_id, r.day::text as day, r.product, r.valid_bet, r.rate_bp, r.amount, r.turnover_multiple,
  r.status, r.created_at, r.expires_at, r.paid_at, r.transaction_id`;

/** Claims a merchant day for the job: true for the first caller only (the others wait for its commit). */
export async function claimRun(tx: Transaction, day: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'insert into rebate_runs (day, finished_at) values ($1, $2) on conflict do nothing returning day',
    [day, now],
  );
  return rows.length > 0;
}

export interface NewRebate {
  memberId: number;
  day: string;
  product: string;
  validBet: bigint;
  rateBp: number;
  amount: bigint;
  turnoverMultiple: number;
  status: 'paid' | 'available';
  expiresAt: Date | null;
}

/** Inserts the rebate unless (member, product, day) has one; answers the new row, or null. */
export async function insertRebate(tx: Transaction, row: NewRebate, now: Date): Promise<RebateDb | null> {
  const [inserted] = await tx.query<RebateDb>(
    `insert into rebates as r (member_id, day, product, valid_bet, rate_bp, amount, turnover_multiple, status,
       created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (member_id, product, day) do nothing
     returning ${COLUMNS}`,
    [
      row.memberId,
      row.day,
      row.product,
      row.validBet,
      row.rateBp,
      row.amount,
      row.turnoverMultiple,
      row.status,
      now,
      row.expiresAt,
    ],
  );
  return inserted ?? null;
}

export async function markPaid(
  tx: Transaction,
  id: bigint,
  status: 'paid' | 'claimed',
  transactionId: bigint,
  now: Date,
): Promise<RebateDb> {
  const [row] = await tx.query<RebateDb>(
    `update rebates r set status = $2, paid_at = $4, transaction_id = $3 where id = $1 returning ${COLUMNS}`,
    [id, status, transactionId, now],
  );
  if (!row) throw new Error(`rebate ${id} vanished`);
  return row;
}

export async function rebateForUpdate(
  tx: Transaction,
  memberId: number,
  id: number,
): Promise<RebateDb | null> {
  const [row] = await tx.query<RebateDb>(
    `select ${COLUMNS} from rebates r where id = $1 and member_id = $2 for update`,
    [id, memberId],
  );
  return row ?? null;
}

/** Available rebates whose claim period has ended become expired; answers their members. */
export async function expire(tx: Transaction, now: Date): Promise<number[]> {
  const rows = await tx.query<{ member_id: number }>(
    `update rebates set status = 'expired' where status = 'available' and expires_at <= $1 returning member_id`,
    [now],
  );
  return [...new Set(rows.map((row) => row.member_id))];
}

/** The member's rebates to claim now (manual rebate), soonest expiry first. */
export function claimableOf(db: Queryable, memberId: number, now: Date) {
  return db.query<RebateDb>(
    `select ${COLUMNS} from rebates r where member_id = $1 and status = 'available' and expires_at > $2
      order by expires_at, id`,
    [memberId, now],
  );
}

/** The member's rebates paid or claimed since the instant, newest first. */
export function receivedSince(db: Queryable, memberId: number, since: Date, limit: number) {
  return db.query<RebateDb>(
    `select ${COLUMNS} from rebates r where member_id = $1 and status in ('paid', 'claimed') and paid_at >= $2
      order by paid_at desc, id desc limit $3`,
    [memberId, since, limit],
  );
}

export async function rebatesOf(db: Queryable, memberId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.query<RebateDb>(
      `select ${COLUMNS} from rebates r where member_id = $1 order by day desc, id desc limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    db.query<{ total: number }>('select count(*)::int as total from rebates where member_id = $1', [
      memberId,
    ]),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export interface RebateFilter {
  status: string | null;
  product: string | null;
  from: string | null;
  to: string | null;
  username: string | null;
}

export async function listRebates(db: Queryable, filter: RebateFilter, limit: number, offset: number) {
  const where = `($1::text is null or r.status = $1) and ($2::text is null or r.product = $2)
    and ($3::date is null or r.day >= $3) and ($4::date is null or r.day <= $4)
    and ($5::text is null or lower(m.username) = lower($5))`;
  const params = [filter.status, filter.product, filter.from, filter.to, filter.username];
  const [rows, [count]] = await Promise.all([
    db.query<RebateDb & { username: string }>(
      `select ${COLUMNS}, m.username from rebates r join members m on m.id = r.member_id
        where ${where} order by r.day desc, r.id desc limit $6 offset $7`,
      [...params, limit, offset],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from rebates r join members m on m.id = r.member_id where ${where}`,
      params,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}
