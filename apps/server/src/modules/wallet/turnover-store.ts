import type { ObligationSource } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

/** Turnover obligations and what settled rounds contributed to them (0031), SQL only. */

export interface ObligationDb {
  id: bigint;
  member_id: number;
  source_kind: ObligationSource;
  source_ref: string;
  amount: bigint;
  required: bigint;
  contributed: bigint;
  product_scope: string | null;
  status: 'open' | 'met' | 'expired' | 'cancelled';
  created_at: Date;
  expires_at: Date | null;
  cancel_reason: string | null;
}

const COLUMNS = `id, member_id, source_kind, source_ref, amount, required, contributed, product_scope, status,
  created_at, expires_at, cancel_reason`;

/** Opens an obligation; answers its id, or null when the credit already opened one. */
export async function insertObligation(
  tx: Queryable,
  row: {
    memberId: number;
    source: ObligationSource;
    sourceRef: string;
    amount: bigint;
    required: bigint;
    productScope: string | null;
    expiresAt: Date | null;
    maxStake: bigint | null;
  },
  now: Date,
): Promise<bigint | null> {
  const [inserted] = await tx.query<{ id: bigint }>(
    `insert into turnover_obligations (member_id, source_kind, source_ref, amount, required, product_scope,
       status, created_at, expires_at, max_stake)
     values ($1, $2, $3, $4, $5, $6, case when $5::bigint = 0 then 'met' else 'open' end, $7, $8, $9)
     on conflict (member_id, source_kind, source_ref) do nothing
     returning id`,
    [
      row.memberId,
      row.source,
      row.sourceRef,
      row.amount,
      row.required,
      row.productScope,
      now,
      row.expiresAt,
      row.maxStake,
    ],
  );
  return inserted?.id ?? null;
}

/** The smallest max stake of the member's open, unexpired obligations in the product type's scope; null: none. */
export async function maxStake(db: Queryable, memberId: number, productType: string, now: Date) {
  const [row] = await db.query<{ max_stake: bigint | null }>(
    `select min(max_stake) as max_stake from turnover_obligations
     where member_id = $1 and status = 'open' and (expires_at is null or expires_at > $3)
       and (product_scope is null or product_scope = $2) and max_stake is not null`,
    [memberId, productType, now],
  );
  return row?.max_stake ?? null;
}

/** Whether the obligation of a credit is still open (not met, expired or cancelled). */
export async function isOpen(
  db: Queryable,
  memberId: number,
  source: ObligationSource,
  sourceRef: string,
  now: Date,
) {
  const rows = await db.query(
    `select 1 from turnover_obligations where member_id = $1 and source_kind = $2 and source_ref = $3
       and status = 'open' and (expires_at is null or expires_at > $4)`,
    [memberId, source, sourceRef, now],
  );
  return rows.length > 0;
}

/**
 * The member's open, unexpired obligations a stake of the product type counts towards, oldest first, held for
 * update (two stakes of the member fill them one after the other).
 */
export function lockOpenObligations(
  tx: Queryable,
  memberId: number,
  productType: string,
  now: Date,
): Promise<{ id: bigint; required: bigint; contributed: bigint }[]> {
  return tx.query(
    `select id, required, contributed from turnover_obligations
     where member_id = $1 and status = 'open' and (expires_at is null or expires_at > $3)
       and (product_scope is null or product_scope = $2)
     order by created_at, id
     for update`,
    [memberId, productType, now],
  );
}

/** Of these members, those with an open, unexpired obligation (of any scope). */
export async function membersWithOpenObligations(tx: Queryable, memberIds: number[], now: Date) {
  const rows = await tx.query<{ member_id: number }>(
    `select distinct member_id from turnover_obligations
     where member_id = any($1::int[]) and status = 'open' and (expires_at is null or expires_at > $2)`,
    [memberIds, now],
  );
  return new Set(rows.map((row) => row.member_id));
}

/** Adds to what an obligation was contributed (met once it reaches its requirement) and to the round's share. */
export async function addContribution(
  tx: Queryable,
  obligationId: bigint,
  roundId: bigint,
  amount: bigint,
  now: Date,
) {
  await tx.query(
    `update turnover_obligations set contributed = contributed + $2,
       status = case when contributed + $2 >= required then 'met' else status end,
       closed_at = case when contributed + $2 >= required then $3 else closed_at end
     where id = $1`,
    [obligationId, amount, now],
  );
  await tx.query(
    `insert into turnover_contributions (round_id, obligation_id, amount) values ($1, $2, $3)
     on conflict (round_id, obligation_id) do update set amount = turnover_contributions.amount + excluded.amount`,
    [roundId, obligationId, amount],
  );
}

/**
 * What the round contributed, per obligation, oldest obligation first, each held for update (in the order stakes
 * hold them, so a reversal and a stake never wait for each other in a cycle).
 */
export function roundContributions(
  tx: Queryable,
  roundId: bigint,
): Promise<{ obligation_id: bigint; amount: bigint }[]> {
  return tx.query(
    `select c.obligation_id, c.amount from turnover_contributions c
       join turnover_obligations o on o.id = c.obligation_id
     where c.round_id = $1 order by o.created_at, o.id
     for update of o`,
    [roundId],
  );
}

/** Takes back part of a round's contribution; a met obligation owing again opens again. */
export async function removeContribution(
  tx: Queryable,
  obligationId: bigint,
  roundId: bigint,
  amount: bigint,
) {
  await tx.query(
    `update turnover_obligations set contributed = contributed - $2,
       status = case when status = 'met' then 'open' else status end,
       closed_at = case when status = 'met' then null else closed_at end
     where id = $1`,
    [obligationId, amount],
  );
  await tx.query(
    `with changed as (
       update turnover_contributions set amount = amount - $3 where round_id = $1 and obligation_id = $2
       returning round_id, obligation_id, amount)
     delete from turnover_contributions c using changed
     where c.round_id = changed.round_id and c.obligation_id = changed.obligation_id and changed.amount = 0`,
    [roundId, obligationId, amount],
  );
}

/** The member's obligations, oldest first: all of them, or only the open ones. */
export function memberObligations(
  db: Queryable,
  memberId: number,
  onlyOpen: boolean,
): Promise<ObligationDb[]> {
  return db.query(
    `select ${COLUMNS} from turnover_obligations
     where member_id = $1 and ($2::boolean = false or status = 'open')
     order by created_at, id`,
    [memberId, onlyOpen],
  );
}

/** What remains to wager on the member's open, unexpired obligations. */
export async function remaining(db: Queryable, memberId: number, now: Date): Promise<bigint> {
  const [row] = await db.query<{ remaining: bigint }>(
    `select coalesce(sum(required - contributed), 0)::bigint as remaining from turnover_obligations
     where member_id = $1 and status = 'open' and (expires_at is null or expires_at > $2)`,
    [memberId, now],
  );
  return row?.remaining ?? 0n;
}

export async function lockObligation(
  tx: Queryable,
  memberId: number,
  id: bigint,
): Promise<ObligationDb | null> {
  const rows = await tx.query<ObligationDb>(
    `select ${COLUMNS} from turnover_obligations where id = $1 and member_id = $2 for update`,
    [id, memberId],
  );
  return rows[0] ?? null;
}

export async function cancelObligation(
  tx: Queryable,
  id: bigint,
  reason: string,
  operatorId: number,
  now: Date,
): Promise<ObligationDb> {
  const [row] = await tx.query<ObligationDb>(
    `update turnover_obligations set status = 'cancelled', cancel_reason = $2, cancelled_by = $3, closed_at = $4
     where id = $1 returning ${COLUMNS}`,
    [id, reason, operatorId, now],
  );
  if (!row) throw new Error(`obligation ${id} vanished`);
  return row;
}

/**
 * Marks up to `limit` open obligations whose expiry has passed as expired (closed when they expired); answers them.
 * Rows another transaction is expiring are skipped, so concurrent passes never take one twice.
 */
export function expireDue(tx: Queryable, now: Date, limit: number) {
  return tx.query<{ id: bigint; member_id: number }>(
    `update turnover_obligations set status = 'expired', closed_at = expires_at
      where id in (select id from turnover_obligations
                    where status = 'open' and expires_at <= $1
                    order by expires_at, id limit $2 for update skip locked)
        and status = 'open'
      returning id, member_id`,
    [now, limit],
  );
}
