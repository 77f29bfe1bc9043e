import type { AdjustmentCategory } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

export interface AdjustmentRequestDb {
  id: number;
  member_id: number;
  username: string;
  wallet: string;
  amount: bigint;
  category: AdjustmentCategory;
  note: string;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: number;
  requester: string;
  requested_at: Date;
  decider: string | null;
  decided_at: Date | null;
  decision_note: string;
  transaction_id: bigint | null;
}

const SELECT = `select r.id, r.member_id, m.username, r.wallet, r.amount, r.category, r.note, r.status, r.requested_by,
    q.username as requester, r.requested_at, d.username as decider, r.decided_at, r.decision_note, r.transaction_id
  from adjustment_requests r join members m on m.id = r.member_id join operators q on q.id = r.requested_by
  left join operators d on d.id = r.decided_by`;

export async function insertRequest(
  tx: Queryable,
  row: {
    memberId: number;
    wallet: string;
    amount: bigint;
    category: AdjustmentCategory;
    note: string;
    operatorId: number;
    at: Date;
  },
): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into adjustment_requests (member_id, wallet, amount, category, note, status, requested_by, requested_at)
     values ($1, $2, $3, $4, $5, 'pending', $6, $7) returning id`,
    [row.memberId, row.wallet, row.amount, row.category, row.note, row.operatorId, row.at],
  );
  if (!inserted) throw new Error('adjustment request insert returned nothing');
  return inserted.id;
}

export async function byId(db: Queryable, id: number): Promise<AdjustmentRequestDb | null> {
  const [row] = await db.query<AdjustmentRequestDb>(`${SELECT} where r.id = $1`, [id]);
  return row ?? null;
}

/** The request under its row lock (the decision reads and changes it in one transaction). */
export async function lock(tx: Queryable, id: number): Promise<AdjustmentRequestDb | null> {
  await tx.query('select id from adjustment_requests where id = $1 for update', [id]);
  return byId(tx, id);
}

export async function decide(
  tx: Queryable,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    operatorId: number;
    note: string;
    transactionId: bigint | null;
    at: Date;
  },
) {
  await tx.query(
    `update adjustment_requests set status = $2, decided_by = $3, decision_note = $4, transaction_id = $5,
       decided_at = $6 where id = $1 and status = 'pending'`,
    [id, decision.status, decision.operatorId, decision.note, decision.transactionId, decision.at],
  );
}

export async function list(
  db: Queryable,
  status: 'pending' | 'approved' | 'rejected' | undefined,
  offset: number,
  limit: number,
) {
  const [counted] = await db.query<{ total: number }>(
    'select count(*)::int as total from adjustment_requests where $1::text is null or status = $1',
    [status ?? null],
  );
  const rows = await db.query<AdjustmentRequestDb>(
    `${SELECT} where $1::text is null or r.status = $1 order by r.requested_at desc, r.id desc offset $2 limit $3`,
    [status ?? null, offset, limit],
  );
  return { rows, total: counted?.total ?? 0 };
}
