import type { Queryable } from '../../db/database.ts';

/** Settled rounds summed per member (the missions' measures of play), SQL only. */
export interface PlayTotalsDb {
  member_id: number;
  bet: bigint;
  valid_bet: bigint;
  bets: number;
  last_at: Date;
}

export function playTotals(
  db: Queryable,
  window: { from: Date; to: Date },
  product: string | null,
  memberIds: readonly number[] | null,
) {
  return db.query<PlayTotalsDb>(
    `select r.member_id, sum(r.bet)::bigint as bet, sum(greatest(r.bet - r.low_risk_stake, 0))::bigint as valid_bet,
            count(*)::int as bets, max(r.updated_at) as last_at
       from game_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
      where r.status = 'settled' and not r.play_money and r.bet > 0
        and r.started_at >= $1 and r.started_at < $2
        and ($3::text is null or v.game_type = $3)
        and ($4::int[] is null or r.member_id = any($4::int[]))
      group by r.member_id`,
    [window.from, window.to, product, memberIds],
  );
}
