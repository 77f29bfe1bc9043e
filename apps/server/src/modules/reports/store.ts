import type { Queryable } from '../../db/database.ts';

/**
 * The reports' reads: every figure from the day roll-ups (0050's report_day_totals, report_game_days,
 * report_player_days and report_channel_days; the agents' agent_money_days per member for depositing players), days
 * as 'YYYY-MM-DD' in the merchant's time zone, both ends included. Trial accounts (type 4) never count (the report
 * roll-ups leave them out).
 */

const REAL = 'join members m on m.id = r.member_id and m.type <> 4';

export interface DayTotalsRow {
  day: string;
  rounds: number;
  stakes: bigint;
  payouts: bigint;
  deposits: bigint;
  deposit_count: number;
  first_depositors: number;
  first_deposits: bigint;
  withdrawals: bigint;
  withdrawal_count: number;
  bonuses: bigint;
  rebates: bigint;
  salaries: bigint;
}

/** The platform's days: play and money. */
export function dayTotals(db: Queryable, from: string, to: string): Promise<DayTotalsRow[]> {
  return db.query<DayTotalsRow>(
    `select to_char(day, 'YYYY-MM-DD') as day, rounds::int as rounds, stakes, payouts, deposits, deposit_count,
            first_depositors, first_deposits, withdrawals, withdrawal_count, bonuses, rebates, salaries
       from report_day_totals where day between $1::date and $2::date order by day`,
    [from, to],
  );
}

/**
 * Players with a settled real-money bet, per day (`day` set) and over the whole period (`day` null, each player
 * once), in one pass over the period's player days.
 */
export function activeByDay(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<{ day: string | null; active: number }>> {
  return db.query(
    `select to_char(day, 'YYYY-MM-DD') as day, count(distinct member_id)::int as active
       from report_player_days where day between $1::date and $2::date and rounds > 0
      group by grouping sets ((day), ()) order by day nulls first`,
    [from, to],
  );
}

/** Players with a confirmed deposit, per day. */
export function depositorsByDay(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<{ day: string; depositors: number }>> {
  return db.query(
    `select to_char(r.day, 'YYYY-MM-DD') as day, count(*)::int as depositors
       from agent_money_days r ${REAL}
      where r.day between $1::date and $2::date and r.deposit_count > 0
      group by r.day order by r.day`,
    [from, to],
  );
}

export interface PlayRow {
  rounds: number;
  stakes: bigint;
  payouts: bigint;
}
const GAME_SUMS = `coalesce(sum(r.rounds), 0)::int as rounds, coalesce(sum(r.stakes), 0)::bigint as stakes,
  coalesce(sum(r.payouts), 0)::bigint as payouts`;
const GAME_DAYS = `report_game_days r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id`;

export function playByGameType(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<PlayRow & { game_type: string }>> {
  return db.query(
    `select v.game_type, ${GAME_SUMS}
       from ${GAME_DAYS}
      where r.day between $1::date and $2::date
      group by v.game_type order by stakes desc, v.game_type`,
    [from, to],
  );
}

export function playByVendor(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<PlayRow & { vendor_id: number; vendor: string; game_type: string }>> {
  return db.query(
    `select v.id as vendor_id, v.display_name as vendor, v.game_type, ${GAME_SUMS}
       from ${GAME_DAYS}
      where r.day between $1::date and $2::date
      group by v.id order by stakes desc, v.id`,
    [from, to],
  );
}

export function playByGame(
  db: Queryable,
  from: string,
  to: string,
  language: string,
  limit: number,
): Promise<Array<PlayRow & { game_id: number; game: string; vendor: string; game_type: string }>> {
  return db.query(
    `select g.id as game_id, coalesce(g.names ->> $3, g.names ->> 'EN', g.code) as game,
            v.display_name as vendor, v.game_type, ${GAME_SUMS}
       from ${GAME_DAYS}
      where r.day between $1::date and $2::date
      group by g.id, v.id order by stakes desc, g.id limit $4`,
    [from, to, language, limit],
  );
}

export function biggestWinners(
  db: Queryable,
  from: string,
  to: string,
  limit: number,
): Promise<Array<{ member_id: number; username: string; stakes: bigint; payouts: bigint }>> {
  return db.query(
    `select w.member_id, m.username, w.stakes, w.payouts
       from (select r.member_id, sum(r.stakes)::bigint as stakes, sum(r.payouts)::bigint as payouts
               from report_player_days r where r.day between $1::date and $2::date
              group by r.member_id
             having sum(r.payouts) > sum(r.stakes)
              order by sum(r.payouts) - sum(r.stakes) desc, r.member_id limit $3) w
       join members m on m.id = w.member_id
      order by w.payouts - w.stakes desc, w.member_id`,
    [from, to, limit],
  );
}

export function channelTotals(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<{ direction: 'deposit' | 'withdrawal'; channel: string; amount: bigint; count: number }>> {
  return db.query(
    `select r.direction, coalesce(c.name, r.channel) as channel, sum(r.amount)::bigint as amount,
            sum(r.count)::int as count
       from report_channel_days r
       left join payment_channels c on r.direction = 'deposit' and c.id::text = r.channel
      where r.day between $1::date and $2::date
      group by r.direction, coalesce(c.name, r.channel)
      order by r.direction, amount desc, channel`,
    [from, to],
  );
}

/** Sign-ups per merchant day, between two instants. */
export function signUpDays(
  db: Queryable,
  from: Date,
  to: Date,
  timeZone: string,
): Promise<Array<{ day: string; sign_ups: number }>> {
  return db.query(
    `select to_char((created_at at time zone $3)::date, 'YYYY-MM-DD') as day, count(*)::int as sign_ups
       from members where type <> 4 and created_at >= $1 and created_at < $2
      group by 1 order by 1`,
    [from, to, timeZone],
  );
}

/** Players with a confirmed deposit over the period, each counted once. */
export async function depositingPlayers(db: Queryable, from: string, to: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(distinct r.member_id)::int as n from agent_money_days r ${REAL}
      where r.day between $1::date and $2::date and r.deposit_count > 0`,
    [from, to],
  );
  return row?.n ?? 0;
}

/**
 * Retention: the members who signed up in each week (Monday) from `fromWeek` to `to`, and how many of them were
 * active in each week since, up to the week of `to`.
 */
export function cohorts(
  db: Queryable,
  fromInstant: Date,
  toInstant: Date,
  timeZone: string,
  toDay: string,
): Promise<Array<{ week: string; offset: number | null; members: number }>> {
  return db.query(
    `with cohort as (
       select m.id, date_trunc('week', (m.created_at at time zone $3))::date as week
         from members m where m.type <> 4 and m.created_at >= $1 and m.created_at < $2
     ), active as (
       select distinct r.member_id, date_trunc('week', r.day)::date as week
         from report_player_days r join cohort c on c.id = r.member_id
        where r.rounds > 0 and r.day >= c.week and r.day between ($1::timestamptz at time zone $3)::date and $4::date
     )
     select to_char(c.week, 'YYYY-MM-DD') as week, null::int as "offset", count(*)::int as members
       from cohort c group by c.week
     union all
     select to_char(c.week, 'YYYY-MM-DD'), ((a.week - c.week) / 7)::int, count(*)::int
       from cohort c join active a on a.member_id = c.id group by c.week, a.week
     order by 1, 2 nulls first`,
    [fromInstant, toInstant, timeZone, toDay],
  );
}

/** What waits for an operator: deposits and withdrawals to review, promotion applications to decide. */
export async function pendingQueues(
  db: Queryable,
): Promise<{ deposits: number; withdrawals: number; applications: number }> {
  const [row] = await db.query<{ deposits: number; withdrawals: number; applications: number }>(
    `select (select count(*) from deposits where status = 'pending')::int as deposits,
            (select count(*) from withdrawals where status = 'pending')::int as withdrawals,
            (select count(*) from promotion_entries where status = 'applying')::int as applications`,
  );
  return row ?? { deposits: 0, withdrawals: 0, applications: 0 };
}
