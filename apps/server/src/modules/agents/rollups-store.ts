import type { Queryable } from '../../db/database.ts';

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
  const [row] = await tx.query<{ applied: number }>(
    `with zone as (
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
         set rounds = agent_play_days.rounds + excluded.rounds,
             valid_bet = agent_play_days.valid_bet + excluded.valid_bet,
             payout = agent_play_days.payout + excluded.payout
       returning 1
     ), play_windows as (
       insert into agent_play_windows (member_id, window_start, product, rounds, valid_bet, payout)
       select member_id, window_start, product, sum(rounds), sum(valid_bet), sum(payout)
         from dated where product is not null
        group by member_id, window_start, product order by member_id, window_start, product
       on conflict (member_id, window_start, product) do update
         set rounds = agent_play_windows.rounds + excluded.rounds,
             valid_bet = agent_play_windows.valid_bet + excluded.valid_bet,
             payout = agent_play_windows.payout + excluded.payout
       returning 1
     ), money_days as (
       insert into agent_money_days (member_id, day, deposits, deposit_count, first_deposit, withdrawals,
         withdrawal_count, bonuses, rebates, salaries, red_envelopes)
       select member_id, day, sum(deposits), sum(deposit_count), sum(first_deposit), sum(withdrawals),
              sum(withdrawal_count), sum(bonuses), sum(rebates), sum(salaries), sum(red_envelopes)
         from dated where product is null
        group by member_id, day order by member_id, day
       on conflict (member_id, day) do update
         set deposits = agent_money_days.deposits + excluded.deposits,
             deposit_count = agent_money_days.deposit_count + excluded.deposit_count,
             first_deposit = agent_money_days.first_deposit + excluded.first_deposit,
             withdrawals = agent_money_days.withdrawals + excluded.withdrawals,
             withdrawal_count = agent_money_days.withdrawal_count + excluded.withdrawal_count,
             bonuses = agent_money_days.bonuses + excluded.bonuses,
             rebates = agent_money_days.rebates + excluded.rebates,
             salaries = agent_money_days.salaries + excluded.salaries,
             red_envelopes = agent_money_days.red_envelopes + excluded.red_envelopes
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
         set rounds = report_day_totals.rounds + excluded.rounds,
             stakes = report_day_totals.stakes + excluded.stakes,
             payouts = report_day_totals.payouts + excluded.payouts,
             deposits = report_day_totals.deposits + excluded.deposits,
             deposit_count = report_day_totals.deposit_count + excluded.deposit_count,
             first_depositors = report_day_totals.first_depositors + excluded.first_depositors,
             first_deposits = report_day_totals.first_deposits + excluded.first_deposits,
             withdrawals = report_day_totals.withdrawals + excluded.withdrawals,
             withdrawal_count = report_day_totals.withdrawal_count + excluded.withdrawal_count,
             bonuses = report_day_totals.bonuses + excluded.bonuses,
             rebates = report_day_totals.rebates + excluded.rebates,
             salaries = report_day_totals.salaries + excluded.salaries
       returning 1
     ), game_days as (
       insert into report_game_days (day, game_id, rounds, stakes, payouts)
       select day, game_id, sum(rounds), sum(valid_bet), sum(payout)
         from reported where game_id is not null
        group by day, game_id order by day, game_id
       on conflict (day, game_id) do update
         set rounds = report_game_days.rounds + excluded.rounds,
             stakes = report_game_days.stakes + excluded.stakes,
             payouts = report_game_days.payouts + excluded.payouts
       returning 1
     ), player_days as (
       insert into report_player_days (day, member_id, rounds, stakes, payouts)
       select day, member_id, sum(rounds), sum(valid_bet), sum(payout)
         from reported where game_id is not null
        group by day, member_id order by day, member_id
       on conflict (day, member_id) do update
         set rounds = report_player_days.rounds + excluded.rounds,
             stakes = report_player_days.stakes + excluded.stakes,
             payouts = report_player_days.payouts + excluded.payouts
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
         set amount = report_channel_days.amount + excluded.amount,
             count = report_channel_days.count + excluded.count
       returning 1
     )
     select (select count(*) from batch)::int as applied`,
    [limit],
  );
  return row?.applied ?? 0;
}

/** Queued changes not yet applied (the console and the bench read it). */
export async function queuedCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from agent_rollup_queue');
  return row?.n ?? 0;
}
