import type { Queryable } from '../../src/db/database.ts';

/** Helpers for the rewards-centre tests: rewards issued to claim, as the VIP and rebate jobs issue them. */

/** A VIP weekly or monthly reward to claim, as the VIP job issues it; answers its id. */
export async function issueVipReward(
  db: Queryable,
  memberId: number,
  reward: {
    kind?: 'weekly' | 'monthly';
    period: string;
    amount: bigint;
    turnoverMultiple?: number;
    at: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `insert into vip_rewards (member_id, kind, period, rank, amount, turnover_multiple, status, created_at)
     values ($1, $2, $3, 1, $4, $5, 'available', $6) returning id::text`,
    [
      memberId,
      reward.kind ?? 'weekly',
      reward.period,
      reward.amount,
      reward.turnoverMultiple ?? 1,
      reward.at,
    ],
  );
  return Number(row?.id);
}

/** A manual rebate of a day to claim until `expiresAt`, as the rebate job issues it; answers its id. */
export async function issueRebate(
  db: Queryable,
  memberId: number,
  rebate: { day: string; product?: string; amount: bigint; at: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `insert into rebates (member_id, day, product, valid_bet, rate_bp, amount, turnover_multiple, status, created_at,
                          expires_at)
     values ($1, $2, $3, $4 * 100, 100, $4, 1, 'available', $5, $6) returning id::text`,
    [memberId, rebate.day, rebate.product ?? 'RNG', rebate.amount, rebate.at, rebate.expiresAt],
  );
  return Number(row?.id);
}
