import type { Queryable } from '../../db/database.ts';

/** An upsert's update that adds the row's new values to the stored ones, column by column. */
const addedUp = (table: string, columns: string[]) =>
  `set ${columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ')}`;

const APPLY_QUEUED = `with zone as (
       select coalesce((select time_zone from merchant order by code limit 1), 'UTC') as tz
     ), batch as (
       delete from agent_rollup_queue
        where id in (select id from agent_rollup_queue order by id limit $1 for update skip locked)
       returning *
     ), dated as (
       select batch.*, (batch.at at time zone zone.tz)::date as day,
              date_bin('5 minutes', batch.at, timestamptz '2000-01-01 00:00:00+00') as window_start
         from batch, zone
     ), play_days as (
       insert into agent_play_days (member_id, day, product, rounds, valid_bet, payout)
       select member_id, day, product, sum(rounds), sum(valid_bet), sum(payout)
         from dated where product is not null
        group by member_id, day, product order by member_id, day, product
       on conflict (member_id, day, product) do update
         ${addedUp('agent_play_days', ['rounds', 'valid_bet', 'payout'])}
       returning 1
     ), play_windows as (
       insert into agent_play_windows (member_id, window_start, product, rounds, valid_bet, payout)
       select member_id, window_start, product, sum(rounds), sum(valid_bet), sum(payout)
         from dated where product is not null
        group by member_id, window_start, product order by member_id, window_start, product
       on conflict (member_id, window_start, product) do update
         ${addedUp('agent_play_windows', ['rounds', 'valid_bet', 'payout'])}
       returning 1
     ), money_days as (
       insert into agent_money_days (member_id, day, deposits, deposit_count, first_deposit, withdrawals,
         withdrawal_count, bonuses, rebates, salaries, red_envelopes)
       select member_id, day, sum(deposits), sum(deposit_count), sum(first_deposit), sum(withdrawals),
              sum(withdrawal_count), sum(bonuses), sum(rebates), sum(salaries), sum(red_envelopes)
         from dated where product is null
        group by member_id, day order by member_id, day
       on conflict (member_id, day) do update
         ${addedUp('agent_money_days', ['deposits', 'deposit_count', 'first_deposit', 'withdrawals', 'withdrawal_count', 'bonuses', 'rebates', 'salaries', 'red_envelopes'])}
       returning 1
     ), reported as (
       -- The console's reports (0050): the same changes, trial accounts left out.
       select dated.* from dated join members m on m.id = dated.member_id and m.type <> 4 where dated.reports
     ), day_totals as (
       insert into report_day_totals (day, rounds, stakes, payouts, deposits, deposit_count, first_depositors,
         first_deposits, withdrawals, withdrawal_count, bonuses, rebates, salaries)
       select day, sum(rounds), sum(valid_bet), sum(payout), sum(deposits), sum(deposit_count),
              count(*) filter (where first_deposit > 0), sum(first_deposit), sum(withdrawals), sum(withdrawal_count),
              sum(bonuses), sum(rebates), sum(salaries)
         from reported group by day order by day
       on conflict (day) do update
         ${addedUp('report_day_totals', ['rounds', 'stakes', 'payouts', 'deposits', 'deposit_count', 'first_depositors', 'first_deposits', 'withdrawals', 'withdrawal_count', 'bonuses', 'rebates', 'salaries'])}
       returning 1
     ), game_days as (
       insert into report_game_days (day, game_id, rounds, stakes, payouts)
       select day, game_id, sum(rounds), sum(valid_bet), sum(payout)
         from reported where game_id is not null
        group by day, game_id order by day, game_id
       on conflict (day, game_id) do update
         ${addedUp('report_game_days', ['rounds', 'stakes', 'payouts'])}
       returning 1
     ), player_days as (
       insert into report_player_days (day, member_id, rounds, stakes, payouts)
       select day, member_id, sum(rounds), sum(valid_bet), sum(payout)
         from reported where game_id is not null
        group by day, member_id order by day, member_id
       on conflict (day, member_id) do update
         ${addedUp('report_player_days', ['rounds', 'stakes', 'payouts'])}
       returning 1
     ), player_weeks as (
       insert into report_player_weeks (week, member_id, rounds)
       select date_trunc('week', day)::date, member_id, sum(rounds)
         from reported where game_id is not null
        group by 1, 2 order by 1, 2
       on conflict (week, member_id) do update ${addedUp('report_player_weeks', ['rounds'])}
       returning 1
     ), channel_days as (
       insert into report_channel_days (day, direction, channel, amount, count)
       select day, direction, channel, sum(amount), sum(count)
         from (select day, 'deposit' as direction, channel, deposits as amount, deposit_count as count
                 from reported where channel is not null and (deposits <> 0 or deposit_count <> 0)
               union all
               select day, 'withdrawal', channel, withdrawals, withdrawal_count
                 from reported where channel is not null and (withdrawals <> 0 or withdrawal_count <> 0)) c
        group by day, direction, channel order by day, direction, channel
       on conflict (day, direction, channel) do update
         ${addedUp('report_channel_days', ['amount', 'count'])}
       returning 1
     )
     select (select count(*) from batch)::int as applied`;

/**
 * Applies up to `limit` queued changes to the roll-ups and removes them from the queue, in one statement: the rows
 * are claimed with `for update skip locked` (a concurrent runner takes others), deleted, and added to the day,
 * window and money roll-ups (the merchant's day of each change, its 5-minute window). The upserts go in key order,
 * so two runners lock the same roll-up rows in the same order. The same changes feed the console's report roll-ups
 * (0050: per day, game, player and channel). Answers how many queue rows were applied. Runs in
 * the caller's transaction.
 */
export async function applyQueued(tx: Queryable, limit: number): Promise<number> {
  // The tree's lock, shared, before any roll-up row: the team roll-ups' triggers (0033) take it too, and a move
  // takes it exclusively before it locks members, so a move and a batch never wait on each other in both orders.
  await tx.query("select pg_advisory_xact_lock_shared(hashtext('agents:tree'))");
  const [row] = await tx.query<{ applied: number }>(APPLY_QUEUED, [limit]);
  return row?.applied ?? 0;
}

/** Queued changes not yet applied (the console and the bench read it). */
export async function queuedCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from agent_rollup_queue');
  return row?.n ?? 0;
}
