import type { Queryable } from '../../db/database.ts';

/**
 * The SQL of payouts through a provider: a pending withdrawal's payout_status moves sending → paid (the
 * withdrawal approved) or failed (back to finance), each change conditional on the state before it, so that a
 * duplicate callback or a job running twice changes nothing.
 */

const changed = (rows: unknown[]) => rows.length > 0;

/** A pending withdrawal (not already on its way) handed to the provider of `channelId`. */
export async function startSending(
  tx: Queryable,
  id: number,
  payout: { channelId: number; operatorId: number | null; at: Date },
): Promise<boolean> {
  return changed(
    await tx.query(
      `update withdrawals set payout_status = 'sending', payout_channel_id = $2, payout_error = '', payout_reference = '',
         reviewed_by = $3, reviewed_at = $4, updated_at = $4, auto_approved = $3::int is null
       where id = $1 and status = 'pending' and payout_status is distinct from 'sending' returning id`,
      [id, payout.channelId, payout.operatorId, payout.at],
    ),
  );
}

/** The provider accepted the payout (its id), or could not be reached (error): the payout stays on its way. */
export async function noteSending(
  tx: Queryable,
  id: number,
  note: { reference?: string; error: string; at: Date },
): Promise<void> {
  await tx.query(
    `update withdrawals set payout_reference = coalesce($2, payout_reference), payout_error = $3, updated_at = $4
     where id = $1 and payout_status = 'sending'`,
    [id, note.reference ?? null, note.error, note.at],
  );
}

/** The provider failed the payout: back to finance, the money still held. */
export async function markFailed(tx: Queryable, id: number, reason: string, at: Date): Promise<boolean> {
  return changed(
    await tx.query(
      `update withdrawals set payout_status = 'failed', payout_error = $2, payout_at = $3, updated_at = $3
       where id = $1 and status = 'pending' and payout_status = 'sending' returning id`,
      [id, reason, at],
    ),
  );
}

/** The provider paid: the withdrawal is approved, and the member may confirm until confirmBy. */
export async function markPaid(tx: Queryable, id: number, confirmBy: Date, at: Date): Promise<boolean> {
  return changed(
    await tx.query(
      `update withdrawals set status = 'approved', payout_status = 'paid', payout_error = '', confirm_by = $2,
         payout_at = $3, updated_at = $3
       where id = $1 and status = 'pending' and payout_status = 'sending' returning id`,
      [id, confirmBy, at],
    ),
  );
}

/** The withdrawal of an order number, whoever's. */
export async function idByOrderNo(db: Queryable, orderNo: string): Promise<number | null> {
  const [row] = await db.query<{ id: string }>('select id::text from withdrawals where order_no = $1', [
    orderNo,
  ]);
  return row ? Number(row.id) : null;
}

/** Payouts on their way since before `before` (their callback may be lost): the status query asks about them. */
export async function sendingSince(db: Queryable, before: Date, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: string }>(
    `select id::text from withdrawals where payout_status = 'sending' and payout_reference <> '' and updated_at < $1
     order by updated_at limit $2`,
    [before, limit],
  );
  return rows.map((row) => Number(row.id));
}
