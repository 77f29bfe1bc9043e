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
 * A team's figures over whole days, from the roll-ups: the team is the agent's branch of the tree (one index scan on
 * agent_path), trial accounts left out. Money parts (deposits, bonuses, rebates, salaries) are not per product.
 */
export async function teamFiguresOverDays(db: Queryable, query: TeamFiguresQuery): Promise<TeamFiguresDb> {
  const [row] = await db.query<TeamFiguresDb>(
    `with team as (${TEAM_OF_AGENT}), play as (
       select member_id, sum(rounds)::int as rounds, sum(valid_bet)::bigint as valid_bet, sum(payout)::bigint as payout
         from agent_play_days
        where member_id in (select id from team) and day between $4::date and $5::date
          and ($3::text is null or product = $3::text)
        group by member_id
     ), money as (
       select member_id, sum(deposits)::bigint as deposits, sum(bonuses)::bigint as bonuses,
              sum(rebates)::bigint as rebates, sum(salaries)::bigint as salaries
         from agent_money_days
        where member_id in (select id from team) and day between $4::date and $5::date
        group by member_id
     )
     select (select count(*)::int from team) as members,
            coalesce(sum(play.rounds), 0)::int as rounds,
            coalesce(sum(play.valid_bet), 0)::bigint as valid_bet,
            coalesce(sum(play.payout), 0)::bigint as payout,
            coalesce(sum(money.deposits), 0)::bigint as deposits,
            coalesce(sum(money.bonuses), 0)::bigint as bonuses,
            coalesce(sum(money.rebates), 0)::bigint as rebates,
            coalesce(sum(money.salaries), 0)::bigint as salaries,
            count(*) filter (
              where money.deposits > 0 and money.deposits >= $6::bigint
                and play.valid_bet > 0 and play.valid_bet >= $7::bigint
            )::int as active_members
       from play full join money using (member_id)`,
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
