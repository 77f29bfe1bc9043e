import type { Queryable } from '../../db/database.ts';

/**
 * Counts a stake towards the turnover a member must wager before withdrawing (wallet_turnover.wagered), in the
 * caller's transaction; a negative amount takes a stake back (a bet rolled back), never below zero.
 */
export async function addWagered(tx: Queryable, memberId: number, amount: bigint, now: Date): Promise<void> {
  if (amount === 0n) return;
  await tx.query(
    `insert into wallet_turnover (member_id, required, wagered, updated_at) values ($1, 0, greatest($2::bigint, 0), $3)
     on conflict (member_id) do update
       set wagered = greatest(wallet_turnover.wagered + $2::bigint, 0), updated_at = excluded.updated_at`,
    [memberId, amount, now],
  );
}
