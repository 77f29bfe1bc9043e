import type { Queryable } from '../../db/database.ts';

/** Per-member figures of the daily roll-ups (agent_play_days, agent_money_days) for other areas (VIP, referral). */

export function playOfDay(db: Queryable, day: string) {
  return db.query<{ member_id: number; product: string; valid_bet: bigint }>(
    `select member_id, product, valid_bet from agent_play_days where day = $1 and valid_bet <> 0`,
    [day],
  );
}

export function depositsOfDay(db: Queryable, day: string) {
  return db.query<{ member_id: number; deposits: bigint }>(
    'select member_id, deposits from agent_money_days where day = $1 and deposits <> 0',
    [day],
  );
}

export function validBetsBetween(
  db: Queryable,
  from: string,
  to: string,
  memberIds: readonly number[] | null,
) {
  return db.query<{ member_id: number; valid_bet: bigint }>(
    `select member_id, sum(valid_bet)::bigint as valid_bet from agent_play_days
      where day between $1 and $2 and ($3::int[] is null or member_id = any($3::int[]))
      group by member_id having sum(valid_bet) > 0`,
    [from, to, memberIds],
  );
}

export async function depositsBetween(
  db: Queryable,
  memberId: number,
  from: string,
  to: string,
): Promise<bigint> {
  const [row] = await db.query<{ deposits: bigint | null }>(
    `select sum(deposits)::bigint as deposits from agent_money_days where member_id = $1 and day between $2 and $3`,
    [memberId, from, to],
  );
  return row?.deposits ?? 0n;
}

export function playOfMemberDay(db: Queryable, memberId: number, day: string) {
  return db.query<{ product: string; valid_bet: bigint }>(
    `select product, valid_bet from agent_play_days where member_id = $1 and day = $2 and valid_bet <> 0`,
    [memberId, day],
  );
}
