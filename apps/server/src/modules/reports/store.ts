import type { Queryable } from '../../db/database.ts';

/**
 * The reports' reads: every figure from the day roll-ups (agents' agent_play_days and agent_money_days per member,
 * 0050's report_game_days and report_channel_days), days as 'YYYY-MM-DD' in the merchant's time zone, both ends
 * included. Trial accounts (type 4) never count.
 */

const REAL = 'join members m on m.id = r.member_id and m.type <> 4';

export interface MoneyDayRow {
  day: string;
  deposits: bigint;
  deposit_count: number;
  first_depositors: number;
  first_deposits: bigint;
  withdrawals: bigint;
  withdrawal_count: number;
  bonuses: bigint;
  rebates: bigint;
  salaries: bigint;
  depositors: number;
}

export function moneyDays(db: Queryable, from: string, to: string): Promise<MoneyDayRow[]> {
  return db.query<MoneyDayRow>(
    `select to_char(r.day, 'YYYY-MM-DD') as day,
            coalesce(sum(r.deposits), 0)::bigint as deposits, coalesce(sum(r.deposit_count), 0)::int as deposit_count,
            (count(*) filter (where r.first_deposit > 0))::int as first_depositors,
            coalesce(sum(r.first_deposit), 0)::bigint as first_deposits,
            coalesce(sum(r.withdrawals), 0)::bigint as withdrawals,
            coalesce(sum(r.withdrawal_count), 0)::int as withdrawal_count,
            coalesce(sum(r.bonuses), 0)::bigint as bonuses, coalesce(sum(r.rebates), 0)::bigint as rebates,
            coalesce(sum(r.salaries), 0)::bigint as salaries,
            (count(*) filter (where r.deposit_count > 0))::int as depositors
       from agent_money_days r ${REAL}
      where r.day between $1::date and $2::date
      group by r.day order by r.day`,
    [from, to],
  );
}

export interface PlayRow {
  rounds: number;
  stakes: bigint;
  payouts: bigint;
}
const PLAY_SUMS = `coalesce(sum(r.rounds), 0)::int as rounds, coalesce(sum(r.valid_bet), 0)::bigint as stakes,
  coalesce(sum(r.payout), 0)::bigint as payouts`;

export function playDays(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<PlayRow & { day: string; active: number }>> {
  return db.query(
    `select to_char(r.day, 'YYYY-MM-DD') as day, ${PLAY_SUMS},
            count(distinct r.member_id) filter (where r.rounds > 0)::int as active
       from agent_play_days r ${REAL}
      where r.day between $1::date and $2::date
      group by r.day order by r.day`,
    [from, to],
  );
}

export function playByGameType(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<PlayRow & { game_type: string }>> {
  return db.query(
    `select r.product as game_type, ${PLAY_SUMS}
       from agent_play_days r ${REAL}
      where r.day between $1::date and $2::date
      group by r.product order by stakes desc, r.product`,
    [from, to],
  );
}

const GAME_SUMS = `coalesce(sum(r.rounds), 0)::int as rounds, coalesce(sum(r.stakes), 0)::bigint as stakes,
  coalesce(sum(r.payouts), 0)::bigint as payouts`;

export function playByVendor(
  db: Queryable,
  from: string,
  to: string,
): Promise<Array<PlayRow & { vendor_id: number; vendor: string; game_type: string }>> {
  return db.query(
    `select v.id as vendor_id, v.display_name as vendor, v.game_type, ${GAME_SUMS}
       from report_game_days r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
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
       from report_game_days r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
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
    `select r.member_id, m.username, sum(r.valid_bet)::bigint as stakes, sum(r.payout)::bigint as payouts
       from agent_play_days r ${REAL}
      where r.day between $1::date and $2::date
      group by r.member_id, m.username
     having sum(r.payout) > sum(r.valid_bet)
      order by sum(r.payout) - sum(r.valid_bet) desc, r.member_id limit $3`,
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

/** Each member counted once over the period: active (a settled real-money bet) and depositing. */
export async function distinctPlayers(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ active: number; depositing: number }> {
  const [row] = await db.query<{ active: number; depositing: number }>(
    `select (select count(distinct r.member_id) from agent_play_days r ${REAL}
              where r.day between $1::date and $2::date and r.rounds > 0)::int as active,
            (select count(distinct r.member_id) from agent_money_days r ${REAL}
              where r.day between $1::date and $2::date and r.deposit_count > 0)::int as depositing`,
    [from, to],
  );
  return row ?? { active: 0, depositing: 0 };
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
         from agent_play_days r join cohort c on c.id = r.member_id
        where r.rounds > 0 and r.day >= c.week and r.day <= $4::date
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
