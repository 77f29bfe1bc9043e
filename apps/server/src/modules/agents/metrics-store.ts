import type { Queryable } from '../../db/database.ts';

/**
 * Team(A) of §A2 as SQL, the one definition every team query uses: A's branch of the tree (one GIN index scan on
 * agent_path), trial accounts left out, A itself only when $2 (includeAgent). $1 is A's id.
 */
export const TEAM_OF_AGENT =
  'select id from members where agent_path @> array[$1::int] and type <> 4 and ($2::boolean or id <> $1::int)';

export interface TeamFiguresDb {
  members: number;
  rounds: number;
  valid_bet: bigint;
  payout: bigint;
  deposits: bigint;
  bonuses: bigint;
  rebates: bigint;
  salaries: bigint;
  active_members: number;
}

export interface TeamFiguresQuery {
  agentId: number;
  /** Whether the agent's own play and money count in its team's. */
  includeAgent: boolean;
  /** A game type code, or null for every product. */
  product: string | null;
  /** Days (YYYY-MM-DD), both included. */
  fromDay: string;
  toDay: string;
  activeMinDeposit: bigint;
  activeMinValidBet: bigint;
}

/**
 * The team's per-day roll-up rows (0033): its downlines' sums per agent and day, and the agent's own rows when its
 * play counts ($2, includeAgent, as in TEAM_OF_AGENT). $1 is the agent's id. A few rows per day, whatever the team.
 */
export const TEAM_PLAY_DAYS = `select day, product, rounds, valid_bet, payout from agent_team_play_days where agent_id = $1::int
  union all
  select p.day, p.product, p.rounds, p.valid_bet, p.payout
    from agent_play_days p join members m on m.id = p.member_id and m.type <> 4
   where p.member_id = $1::int and $2::boolean`;

export const TEAM_MONEY_DAYS = `select day, deposits, deposit_count, first_deposit, first_deposit_count, withdrawals,
         withdrawal_count, bonuses, rebates, salaries
    from agent_team_money_days where agent_id = $1::int
  union all
  select d.day, d.deposits, d.deposit_count, d.first_deposit, (d.first_deposit > 0)::int, d.withdrawals,
         d.withdrawal_count, d.bonuses, d.rebates, d.salaries
    from agent_money_days d join members m on m.id = d.member_id and m.type <> 4
   where d.member_id = $1::int and $2::boolean`;

/**
 * A team's figures over whole days: the sums from the team roll-ups (TEAM_PLAY_DAYS, TEAM_MONEY_DAYS); active
 * members per member, from the members who deposited in the period (money rows of the team) and their valid bets.
 * Money parts (deposits, bonuses, rebates, salaries) are not per product.
 */
export async function teamFiguresOverDays(db: Queryable, query: TeamFiguresQuery): Promise<TeamFiguresDb> {
  const [row] = await db.query<TeamFiguresDb>(
    `with team as (${TEAM_OF_AGENT}), play as (
       select coalesce(sum(rounds), 0)::int as rounds, coalesce(sum(valid_bet), 0)::bigint as valid_bet,
              coalesce(sum(payout), 0)::bigint as payout
         from (${TEAM_PLAY_DAYS}) p
        where day between $4::date and $5::date and ($3::text is null or product = $3::text)
     ), money as (
       select coalesce(sum(deposits), 0)::bigint as deposits, coalesce(sum(bonuses), 0)::bigint as bonuses,
              coalesce(sum(rebates), 0)::bigint as rebates, coalesce(sum(salaries), 0)::bigint as salaries
         from (${TEAM_MONEY_DAYS}) d
        where day between $4::date and $5::date
     ), depositors as (
       select member_id from agent_money_days
        where member_id in (select id from team) and day between $4::date and $5::date
        group by member_id
       having sum(deposits) > 0 and sum(deposits) >= $6::bigint
     ), active as (
       -- Each depositor's valid bets by its own rows (the primary key), not a scan of every member's days.
       select d.member_id from depositors d
        cross join lateral (
          select sum(p.valid_bet) as valid_bet from agent_play_days p
           where p.member_id = d.member_id and p.day between $4::date and $5::date
             and ($3::text is null or p.product = $3::text)
        ) p
        where p.valid_bet > 0 and p.valid_bet >= $7::bigint
     )
     select (select count(*)::int from team) as members, play.*, money.*,
            (select count(*)::int from active) as active_members
       from play, money`,
    [
      query.agentId,
      query.includeAgent,
      query.product,
      query.fromDay,
      query.toDay,
      query.activeMinDeposit,
      query.activeMinValidBet,
    ],
  );
  if (!row) throw new Error('team figures: no row');
  return row;
}

export interface TeamWindowFiguresDb {
  rounds: number;
  valid_bet: bigint;
  payout: bigint;
  active_members: number;
}

/** A team's play in [from, to) by settlement time, from the 5-minute roll-ups. */
export async function teamFiguresOverWindows(
  db: Queryable,
  query: {
    agentId: number;
    includeAgent: boolean;
    product: string | null;
    from: Date;
    to: Date;
    activeMinValidBet: bigint;
  },
): Promise<TeamWindowFiguresDb> {
  const [row] = await db.query<TeamWindowFiguresDb>(
    `with team as (${TEAM_OF_AGENT}), play as (
       select member_id, sum(rounds)::int as rounds, sum(valid_bet)::bigint as valid_bet, sum(payout)::bigint as payout
         from agent_play_windows
        where member_id in (select id from team) and window_start >= $4 and window_start < $5
          and ($3::text is null or product = $3::text)
        group by member_id
     )
     select coalesce(sum(rounds), 0)::int as rounds,
            coalesce(sum(valid_bet), 0)::bigint as valid_bet,
            coalesce(sum(payout), 0)::bigint as payout,
            count(*) filter (where valid_bet > 0 and valid_bet >= $6::bigint)::int as active_members
       from play`,
    [query.agentId, query.includeAgent, query.product, query.from, query.to, query.activeMinValidBet],
  );
  if (!row) throw new Error('team window figures: no row');
  return row;
}
