import type { ClaimStatus, ConfirmationKind, PayoutStatus, WithdrawalStatus } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

export interface WithdrawalDb {
  id: bigint;
  order_no: string;
  member_id: number;
  username: string;
  bank_account_id: number;
  bank_name: string;
  account_number: string;
  payee_name: string;
  amount: bigint;
  status: WithdrawalStatus;
  confirmation: ConfirmationKind | null;
  received_amount: bigint | null;
  confirm_by: Date | null;
  confirmed_at: Date | null;
  proof_images: string[];
  reason: string;
  reviewed_by: number | null;
  reviewer: string | null;
  reviewed_at: Date | null;
  claim_status: ClaimStatus | null;
  claim_note: string;
  claim_resolver: string | null;
  claim_resolved_at: Date | null;
  refunded_amount: bigint;
  created_at: Date;
  first_approver: string | null;
  first_approved_by: number | null;
  first_approved_at: Date | null;
  auto_approved: boolean;
  payout_channel_id: number | null;
  payout_status: PayoutStatus | null;
  payout_reference: string;
  payout_error: string;
}

/** A withdrawal with its member's user name and the names of the operators who acted on it. */
const SELECT = `select w.id, w.order_no, w.member_id, m.username, w.bank_account_id, w.bank_name, w.account_number,
    w.payee_name, w.amount, w.status, w.confirmation, w.received_amount, w.confirm_by, w.confirmed_at,
    w.proof_images, w.reason, w.reviewed_by, r.username as reviewer, w.reviewed_at, w.claim_status, w.claim_note,
    c.username as claim_resolver, w.claim_resolved_at, w.refunded_amount, w.created_at,
    f.username as first_approver, w.first_approved_by, w.first_approved_at, w.auto_approved, w.payout_channel_id,
    w.payout_status, w.payout_reference, w.payout_error
  from withdrawals w
  join members m on m.id = w.member_id
  left join operators r on r.id = w.reviewed_by
  left join operators c on c.id = w.claim_resolved_by
  left join operators f on f.id = w.first_approved_by`;

export async function byId(db: Queryable, id: bigint | number): Promise<WithdrawalDb | null> {
  const [row] = await db.query<WithdrawalDb>(`${SELECT} where w.id = $1`, [id]);
  return row ?? null;
}

export async function byOrderNo(
  db: Queryable,
  memberId: number,
  orderNo: string,
): Promise<WithdrawalDb | null> {
  const [row] = await db.query<WithdrawalDb>(`${SELECT} where w.member_id = $1 and w.order_no = $2`, [
    memberId,
    orderNo,
  ]);
  return row ?? null;
}

export async function insertWithdrawal(
  tx: Queryable,
  row: {
    orderNo: string;
    memberId: number;
    bankAccount: { id: number; bank_name: string; account_number: string; payee_name: string };
    amount: bigint;
    at: Date;
  },
): Promise<bigint> {
  const [inserted] = await tx.query<{ id: bigint }>(
    `insert into withdrawals (order_no, member_id, bank_account_id, bank_name, account_number, payee_name, amount,
       status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) returning id`,
    [
      row.orderNo,
      row.memberId,
      row.bankAccount.id,
      row.bankAccount.bank_name,
      row.bankAccount.account_number,
      row.bankAccount.payee_name,
      row.amount,
      row.at,
    ],
  );
  if (!inserted) throw new Error('withdrawal insert returned nothing');
  return inserted.id;
}

/**
 * Counts one request of the member on the day, as one atomic upsert: false (nothing counted) when the member has
 * already made `max` requests that day. Concurrent requests queue on the row, so `max` is never passed.
 */
export async function countRequest(
  tx: Queryable,
  memberId: number,
  day: string,
  max: number,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into withdrawal_daily_counts as d (member_id, day, requests) values ($1, $2::date, 1)
     on conflict (member_id, day) do update set requests = d.requests + 1 where d.requests < $3
     returning requests`,
    [memberId, day, max],
  );
  return rows.length > 0;
}

/**
 * Gives back one request of the member's count for that day (a request the operator rejected does not use the
 * allowance). The counter keeps only days with requests, so its last one is removed rather than set to zero.
 */
export async function releaseRequest(tx: Queryable, memberId: number, day: string): Promise<void> {
  const lowered = await tx.query(
    `update withdrawal_daily_counts set requests = requests - 1
     where member_id = $1 and day = $2::date and requests > 1 returning requests`,
    [memberId, day],
  );
  if (lowered.length === 0) {
    await tx.query(
      'delete from withdrawal_daily_counts where member_id = $1 and day = $2::date and requests = 1',
      [memberId, day],
    );
  }
}

export async function requestsOn(db: Queryable, memberId: number, day: string): Promise<number> {
  const [row] = await db.query<{ requests: number }>(
    'select requests from withdrawal_daily_counts where member_id = $1 and day = $2::date',
    [memberId, day],
  );
  return row?.requests ?? 0;
}

/** The member's withdrawals, newest first, optionally of one status. */
export async function memberWithdrawals(
  db: Queryable,
  memberId: number,
  status: WithdrawalStatus | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: WithdrawalDb[]; total: number }> {
  const where = `w.member_id = $1 and ($2::text is null or w.status = $2)`;
  const [rows, [count]] = await Promise.all([
    db.query<WithdrawalDb>(
      `${SELECT} where ${where} order by w.created_at desc, w.id desc offset $3 limit $4`,
      [memberId, status ?? null, offset, limit],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from withdrawals w where ${where}`, [
      memberId,
      status ?? null,
    ]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Approved withdrawals the member can still confirm (before confirm_by), oldest first. */
export async function awaitingConfirmation(
  db: Queryable,
  memberId: number,
  now: Date,
  offset: number,
  limit: number,
): Promise<{ rows: WithdrawalDb[]; total: number }> {
  const where = `w.member_id = $1 and w.status = 'approved' and w.confirmation is null and w.confirm_by > $2`;
  const [rows, [count]] = await Promise.all([
    db.query<WithdrawalDb>(`${SELECT} where ${where} order by w.confirm_by, w.id offset $3 limit $4`, [
      memberId,
      now,
      offset,
      limit,
    ]),
    db.query<{ n: number }>(`select count(*)::int as n from withdrawals w where ${where}`, [memberId, now]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Records the member's confirmation, only while the withdrawal is approved, unconfirmed and before confirm_by:
 * the id when it was, null otherwise (already confirmed, too late, or not approved).
 */
export async function confirm(
  tx: Queryable,
  change: {
    memberId: number;
    orderNo: string;
    confirmation: 'received' | 'partly_received' | 'not_received';
    received: bigint;
    claim: 'open' | null;
    at: Date;
  },
): Promise<bigint | null> {
  const [row] = await tx.query<{ id: bigint }>(
    `update withdrawals set confirmation = $3, received_amount = $4, claim_status = $5, confirmed_at = $6,
       updated_at = $6
     where member_id = $1 and order_no = $2 and status = 'approved' and confirmation is null and confirm_by > $6
     returning id`,
    [change.memberId, change.orderNo, change.confirmation, change.received, change.claim, change.at],
  );
  return row?.id ?? null;
}

export async function insertProof(
  tx: Queryable,
  proof: {
    id: string;
    withdrawalId: bigint;
    contentType: string;
    bytes: Uint8Array;
    sha256: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into withdrawal_proofs (id, withdrawal_id, content_type, bytes, size, sha256, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      proof.id,
      proof.withdrawalId,
      proof.contentType,
      proof.bytes,
      proof.bytes.length,
      proof.sha256,
      proof.at,
    ],
  );
}

export async function setProofIds(tx: Queryable, withdrawalId: bigint, ids: string[]): Promise<void> {
  await tx.query('update withdrawals set proof_images = $2::jsonb where id = $1', [
    withdrawalId,
    JSON.stringify(ids),
  ]);
}

export async function proof(
  db: Queryable,
  withdrawalId: number,
  proofId: string,
): Promise<{ content_type: string; bytes: Uint8Array } | null> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'select content_type, bytes from withdrawal_proofs where withdrawal_id = $1 and id = $2',
    [withdrawalId, proofId],
  );
  return row ?? null;
}

/** pending → approved by the operator, with the time the member may confirm until; false when not pending. */
export async function approve(
  tx: Queryable,
  id: number,
  operatorId: number | null,
  confirmBy: Date,
  at: Date,
): Promise<boolean> {
  // No operator: the system approved it under the auto-approval amount.
  const rows = await tx.query(
    `update withdrawals set status = 'approved', reviewed_by = $2, reviewed_at = $4, confirm_by = $3, updated_at = $4,
       auto_approved = $2::int is null, payout_status = null
     where id = $1 and status = 'pending' and payout_status is distinct from 'sending' returning id`,
    [id, operatorId, confirmBy, at],
  );
  return rows.length > 0;
}

/** A pending withdrawal's status and first approval, under its row lock (null when there is no such withdrawal). */
export async function lockForApproval(tx: Queryable, id: number) {
  const [row] = await tx.query<{ status: string; first_approved_by: number | null }>(
    'select status, first_approved_by from withdrawals where id = $1 for update',
    [id],
  );
  return row ?? null;
}

/** Records a flagged withdrawal's first approval (it stays pending for a different operator). */
export async function firstApproval(tx: Queryable, id: number, operatorId: number, at: Date) {
  await tx.query(
    `update withdrawals set first_approved_by = $2, first_approved_at = $3, updated_at = $3
     where id = $1 and status = 'pending' and first_approved_by is null`,
    [id, operatorId, at],
  );
}

/** pending → rejected with the reason; false when not pending. */
export async function reject(
  tx: Queryable,
  id: number,
  operatorId: number,
  reason: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `update withdrawals set status = 'rejected', reviewed_by = $2, reviewed_at = $4, reason = $3, updated_at = $4,
       payout_status = null
     where id = $1 and status = 'pending' and payout_status is distinct from 'sending' returning id`,
    [id, operatorId, reason, at],
  );
  return rows.length > 0;
}

/** An open claim → refunded or dismissed; false when the claim is not open. */
export async function resolveClaim(
  tx: Queryable,
  id: number,
  change: { status: 'refunded' | 'dismissed'; note: string; refunded: bigint; operatorId: number; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `update withdrawals set claim_status = $2, claim_note = $3, refunded_amount = $4, claim_resolved_by = $5,
       claim_resolved_at = $6, updated_at = $6
     where id = $1 and claim_status = 'open' returning id`,
    [id, change.status, change.note, change.refunded, change.operatorId, change.at],
  );
  return rows.length > 0;
}

/**
 * Approved withdrawals nobody confirmed before confirm_by count as received (auto_received), each once: the
 * update's condition holds for a row only until it is changed.
 */
export function autoReceive(tx: Queryable, now: Date): Promise<{ id: bigint; order_no: string }[]> {
  return tx.query<{ id: bigint; order_no: string }>(
    `update withdrawals set confirmation = 'auto_received', received_amount = amount, confirmed_at = $1,
       updated_at = $1
     where status = 'approved' and confirmation is null and confirm_by <= $1
     returning id, order_no`,
    [now],
  );
}

export interface QueueFilters {
  status?: WithdrawalStatus | undefined;
  confirmation?: ConfirmationKind | 'none' | 'claims' | undefined;
  claim?: ClaimStatus | undefined;
  payout?: 'sending' | 'failed' | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: 'createdAt' | 'amount' | 'reviewedAt' | 'confirmedAt';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<QueueFilters['sort'], string> = {
  createdAt: 'w.created_at',
  amount: 'w.amount',
  reviewedAt: 'w.reviewed_at',
  confirmedAt: 'w.confirmed_at',
};

/** The where clause and parameters of the console's filters (every value a parameter). */
function queueWhere(filters: QueueFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.status) parts.push(`w.status = ${param(filters.status)}`);
  if (filters.confirmation === 'none') parts.push('w.confirmation is null');
  else if (filters.confirmation === 'claims')
    parts.push(`w.confirmation in ('partly_received', 'not_received')`);
  else if (filters.confirmation) parts.push(`w.confirmation = ${param(filters.confirmation)}`);
  if (filters.claim) parts.push(`w.claim_status = ${param(filters.claim)}`);
  if (filters.payout) parts.push(`w.payout_status = ${param(filters.payout)}`);
  if (filters.q) {
    const q = filters.q;
    parts.push(`(lower(m.username) = lower(${param(q)}) or w.order_no = ${param(q.toUpperCase())})`);
  }
  // Days are UTC days, whatever the database session's time zone.
  if (filters.from)
    parts.push(`w.created_at >= (${param(filters.from)}::date)::timestamp at time zone 'UTC'`);
  if (filters.to) parts.push(`w.created_at < (${param(filters.to)}::date + 1)::timestamp at time zone 'UTC'`);
  return { where: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** A page of the console's queue, filtered and sorted on the server (ties broken by id, nulls last). */
export async function queue(
  db: Queryable,
  filters: QueueFilters,
  offset: number,
  limit: number,
): Promise<{ rows: WithdrawalDb[]; total: number }> {
  const { where, params } = queueWhere(filters);
  const direction = filters.order === 'asc' ? 'asc' : 'desc';
  const order = `${SORT_COLUMNS[filters.sort]} ${direction} nulls last, w.id ${direction}`;
  const n = params.length;
  const [rows, [count]] = await Promise.all([
    db.query<WithdrawalDb>(`${SELECT} ${where} order by ${order} offset $${n + 1} limit $${n + 2}`, [
      ...params,
      offset,
      limit,
    ]),
    db.query<{ n: number }>(
      `select count(*)::int as n from withdrawals w join members m on m.id = w.member_id ${where}`,
      params,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Forgets the daily counts of days before `day` (only today's count is ever read). */
export async function purgeDailyCounts(tx: Queryable, day: string): Promise<number> {
  const rows = await tx.query('delete from withdrawal_daily_counts where day < $1::date returning 1', [day]);
  return rows.length;
}

/** The member's last withdrawal requested before this one (its time: the review's "since the last withdrawal"). */
export async function previousRequest(db: Queryable, memberId: number, before: Date, id: bigint) {
  const [row] = await db.query<{ created_at: Date }>(
    `select created_at from withdrawals where member_id = $1 and (created_at, id) < ($2, $3)
     order by created_at desc, id desc limit 1`,
    [memberId, before, id],
  );
  return row?.created_at ?? null;
}
