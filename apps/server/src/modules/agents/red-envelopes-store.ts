import type { Queryable } from '../../db/database.ts';

/** Red envelopes: the envelope and its shares (SQL only; rules in red-envelopes.ts). */

export interface EnvelopeDb {
  id: number;
  total: bigint;
  split: 'fixed' | 'random';
  recipient_count: number;
  created_at: Date;
}

export interface ShareDb {
  envelope_id: number;
  member_id: number;
  username: string;
  amount: bigint;
}

export async function insertEnvelope(
  tx: Queryable,
  envelope: { agentId: number; total: bigint; split: string; recipientCount: number; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into agent_red_envelopes (agent_id, total, split, recipient_count, created_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [envelope.agentId, envelope.total, envelope.split, envelope.recipientCount, envelope.at],
  );
  if (!row) throw new Error('red envelope not inserted');
  return row.id;
}

/** The shares in the listed order, and the ledger transaction that paid them. */
export async function recordShares(
  tx: Queryable,
  envelopeId: number,
  transactionId: bigint,
  shares: readonly { memberId: number; amount: bigint }[],
): Promise<void> {
  await tx.query(
    `insert into agent_red_envelope_shares (envelope_id, position, member_id, amount)
     select $1, s.position - 1, s.member_id, s.amount
       from unnest($2::int[], $3::bigint[]) with ordinality as s(member_id, amount, position)`,
    [envelopeId, shares.map((share) => share.memberId), shares.map((share) => share.amount)],
  );
  await tx.query('update agent_red_envelopes set transaction_id = $2 where id = $1', [
    envelopeId,
    transactionId,
  ]);
}

/** A page of the agent's envelopes, newest first, and how many it sent. */
export async function listEnvelopes(
  db: Queryable,
  agentId: number,
  limit: number,
  offset: number,
): Promise<{ rows: EnvelopeDb[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<EnvelopeDb>(
      `select id, total, split, recipient_count, created_at from agent_red_envelopes
        where agent_id = $1 order by created_at desc, id desc limit $2 offset $3`,
      [agentId, limit, offset],
    ),
    db.query<{ n: number }>('select count(*)::int as n from agent_red_envelopes where agent_id = $1', [
      agentId,
    ]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The shares of these envelopes with the recipients' user names, each envelope's in its listed order. */
export async function sharesOf(db: Queryable, envelopeIds: readonly number[]): Promise<ShareDb[]> {
  return db.query<ShareDb>(
    `select s.envelope_id, s.member_id, m.username, s.amount
       from agent_red_envelope_shares s join members m on m.id = s.member_id
      where s.envelope_id = any($1::int[]) order by s.envelope_id, s.position`,
    [envelopeIds],
  );
}
