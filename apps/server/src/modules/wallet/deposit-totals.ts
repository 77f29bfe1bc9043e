import type { Queryable } from '../../db/database.ts';
import * as store from './deposit-totals-store.ts';

/**
 * What members deposited in [from, to), per member: the deposit postings credited to their main wallet (minor units)
 * and when the last one was posted. Each deposit is one posting, once per key, so none counts twice.
 */
export async function depositTotalsBetween(
  db: Queryable,
  window: { from: Date; to: Date },
  memberIds: readonly number[] | null,
): Promise<Map<number, { amount: bigint; lastAt: Date }>> {
  const rows = await store.depositTotals(db, window, memberIds);
  return new Map(rows.map((row) => [row.member_id, { amount: BigInt(row.amount), lastAt: row.last_at }]));
}
