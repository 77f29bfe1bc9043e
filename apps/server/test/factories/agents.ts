import type { Queryable } from '../../src/db/database.ts';

/** Helpers for the agents tests: members placed in the tree, and roll-up rows written as the roll-up job would. */

let placed = 0;

/** A member (type 0) or agent (type 1, 2, 41, 42) under the upline, straight into the table. */
export async function placeMember(
  db: Queryable,
  options: { upline?: number | null; type?: number; username?: string } = {},
): Promise<number> {
  placed += 1;
  const username = options.username ?? `tree${process.pid % 10_000}n${placed}`;
  const [row] = await db.query<{ id: number }>(
    'insert into members (username, type, upline_id) values ($1, $2, $3) returning id',
    [username, options.type ?? 0, options.upline ?? null],
  );
  return row?.id as number;
}

export async function addPlayDay(
  db: Queryable,
  row: { memberId: number; day: string; product: string; rounds?: number; validBet: bigint; payout?: bigint },
): Promise<void> {
  await db.query(
    `insert into agent_play_days (member_id, day, product, rounds, valid_bet, payout) values ($1, $2, $3, $4, $5, $6)
     on conflict (member_id, day, product) do update set rounds = agent_play_days.rounds + excluded.rounds,
       valid_bet = agent_play_days.valid_bet + excluded.valid_bet, payout = agent_play_days.payout + excluded.payout`,
    [row.memberId, row.day, row.product, row.rounds ?? 1, row.validBet, row.payout ?? 0n],
  );
}

export async function addMoneyDay(
  db: Queryable,
  row: {
    memberId: number;
    day: string;
    deposits?: bigint;
    bonuses?: bigint;
    rebates?: bigint;
    salaries?: bigint;
  },
): Promise<void> {
  await db.query(
    `insert into agent_money_days (member_id, day, deposits, deposit_count, bonuses, rebates, salaries)
     values ($1, $2, $3, case when $3::bigint > 0 then 1 else 0 end, $4, $5, $6)
     on conflict (member_id, day) do update set deposits = agent_money_days.deposits + excluded.deposits,
       deposit_count = agent_money_days.deposit_count + excluded.deposit_count,
       bonuses = agent_money_days.bonuses + excluded.bonuses, rebates = agent_money_days.rebates + excluded.rebates,
       salaries = agent_money_days.salaries + excluded.salaries`,
    [row.memberId, row.day, row.deposits ?? 0n, row.bonuses ?? 0n, row.rebates ?? 0n, row.salaries ?? 0n],
  );
}
