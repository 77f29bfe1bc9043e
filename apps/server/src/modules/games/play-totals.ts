import type { Queryable } from '../../db/database.ts';
import * as store from './play-totals-store.ts';

export interface PlayTotals {
  /** Stakes, minor units. */
  bet: bigint;
  /** Stakes less their low-risk part (what counts as turnover), minor units. */
  validBet: bigint;
  /** Rounds with a stake. */
  bets: number;
  /** When the last of these rounds was last settled. */
  lastAt: Date;
}

/**
 * What members played in a window, per member: their settled money rounds placed (started) in [from, to), of one
 * product type or all. A round is one row whatever happens to it (a payout, a re-settlement, a refund change the
 * row), so a round counts once, as it stands now; open, void and play-money rounds count nothing.
 */
export async function playTotalsBetween(
  db: Queryable,
  window: { from: Date; to: Date },
  options: { product: string | null; memberIds: readonly number[] | null },
): Promise<Map<number, PlayTotals>> {
  const rows = await store.playTotals(db, window, options.product, options.memberIds);
  return new Map(
    rows.map((row) => [
      row.member_id,
      { bet: BigInt(row.bet), validBet: BigInt(row.valid_bet), bets: row.bets, lastAt: row.last_at },
    ]),
  );
}
