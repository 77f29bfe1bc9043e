-- Reports: the day roll-ups the console's reports read, fed by the agents' queue and triggers (0025, 0027), so one
-- roll-up job run fills both. A month's report reads a few rows per day whatever the number of rounds:
-- - report_day_totals: the platform's day (play, money);
-- - report_game_days: per game (its vendor and game type follow from the catalogue);
-- - report_player_days: per player and day (active players, the biggest winners, retention);
-- - report_channel_days: deposits per payment channel, withdrawals per payee's bank.
-- Days are the merchant's, as in the agents' roll-ups; a change counts on the day it happened (a re-settled round, a
-- returned withdrawal correct the day of the change). Trial accounts (type 4) never count.

-- Rows queued before this migration are counted by the backfill below, not again when applied.
alter table agent_rollup_queue add column game_id int, add column channel text,
  add column reports boolean not null default false;
alter table agent_rollup_queue alter column reports set default true;

create table report_day_totals (
  day date primary key,
  rounds bigint not null default 0,
  stakes bigint not null default 0,
  payouts bigint not null default 0,
  deposits bigint not null default 0,
  deposit_count int not null default 0,
  -- Members whose first ever deposit fell on the day, and those deposits.
  first_depositors int not null default 0,
  first_deposits bigint not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count int not null default 0,
  bonuses bigint not null default 0,
  rebates bigint not null default 0,
  -- Agent salaries and dividends.
  salaries bigint not null default 0
);

create table report_game_days (
  day date not null,
  game_id int not null references games (id),
  rounds int not null default 0,
  stakes bigint not null default 0,
  payouts bigint not null default 0,
  primary key (day, game_id)
);

create table report_player_days (
  day date not null,
  member_id int not null references members (id),
  rounds int not null default 0,
  stakes bigint not null default 0,
  payouts bigint not null default 0,
  primary key (day, member_id)
);

-- direction: 'deposit' (channel: the payment channel's id) or 'withdrawal' (channel: the payee's bank name).
create table report_channel_days (
  day date not null,
  direction text not null check (direction in ('deposit', 'withdrawal')),
  channel text not null,
  amount bigint not null default 0,
  count int not null default 0,
  primary key (day, direction, channel)
);

-- 0027's triggers, now also naming the round's game and the posting's channel.
create or replace function agent_rollup_rounds_inserted() returns trigger language plpgsql as $$
begin
  insert into agent_rollup_queue (member_id, at, product, game_id, rounds, valid_bet, payout)
  select n.member_id, n.updated_at, v.game_type, n.game_id, 1, n.bet, n.win
    from new_rows n join games g on g.id = n.game_id join game_vendors v on v.id = g.vendor_id
   where n.status = 'settled' and not n.play_money;
  return null;
end $$;

create or replace function agent_rollup_rounds_updated() returns trigger language plpgsql as $$
begin
  insert into agent_rollup_queue (member_id, at, product, game_id, rounds, valid_bet, payout)
  select d.member_id, d.updated_at, v.game_type, d.game_id, d.rounds, d.bet, d.win
    from (
      select n.member_id, n.game_id, n.updated_at,
             (case when n.status = 'settled' and not n.play_money then 1 else 0 end)
               - (case when o.status = 'settled' and not o.play_money then 1 else 0 end) as rounds,
             (case when n.status = 'settled' and not n.play_money then n.bet else 0 end)
               - (case when o.status = 'settled' and not o.play_money then o.bet else 0 end) as bet,
             (case when n.status = 'settled' and not n.play_money then n.win else 0 end)
               - (case when o.status = 'settled' and not o.play_money then o.win else 0 end) as win
        from new_rows n join old_rows o on o.id = n.id
       where (n.status = 'settled' and not n.play_money) or (o.status = 'settled' and not o.play_money)
    ) d join games g on g.id = d.game_id join game_vendors v on v.id = g.vendor_id
   where d.rounds <> 0 or d.bet <> 0 or d.win <> 0;
  return null;
end $$;

-- The channel of a deposit or withdrawal posting, from its order (reference deposit:<order> or withdrawal:<order>).
create function report_channel_of(kind text, reference text) returns text language sql stable as $$
  select case
    when kind = 'deposit' then
      (select d.channel_id::text from deposits d where d.order_no = substr(reference, 9)
        and reference like 'deposit:%')
    when kind in ('withdrawal', 'withdrawal_returned') then
      (select w.bank_name from withdrawals w where w.order_no = substr(reference, 12)
        and reference like 'withdrawal:%')
  end
$$;

create or replace function agent_rollup_money_posted() returns trigger language plpgsql as $$
declare
  channel text := case when new.kind in ('deposit', 'withdrawal', 'withdrawal_returned')
                       then coalesce(report_channel_of(new.kind, new.reference), '') end;
begin
  if new.kind = 'deposit' then
    insert into agent_first_deposits (member_id, transaction_id, amount, at)
    select a.member_id, new.id, e.amount, new.created_at
      from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
     where e.transaction_id = new.id and e.amount > 0
    on conflict (member_id) do nothing;
  end if;
  insert into agent_rollup_queue (member_id, at, channel, deposits, deposit_count, first_deposit, withdrawals,
    withdrawal_count, bonuses, rebates, salaries, red_envelopes)
  select a.member_id, new.created_at, channel,
         case when new.kind = 'deposit' then e.amount else 0 end,
         case when new.kind = 'deposit' then sign(e.amount)::int else 0 end,
         case when new.kind = 'deposit' and exists (
           select 1 from agent_first_deposits f where f.member_id = a.member_id and f.transaction_id = new.id
         ) then e.amount else 0 end,
         case when new.kind in ('withdrawal', 'withdrawal_returned') then -e.amount else 0 end,
         case new.kind when 'withdrawal' then 1 when 'withdrawal_returned' then -1 else 0 end,
         case when new.kind = 'bonus' then e.amount else 0 end,
         case when new.kind = 'rebate' then e.amount else 0 end,
         case when new.kind in ('salary', 'dividend') then e.amount else 0 end,
         case when new.kind = 'red_envelope' then e.amount else 0 end
    from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
   where e.transaction_id = new.id and not (new.kind = 'red_envelope' and e.amount < 0);
  return null;
end $$;

-- Backfill from the sources: what happened before this migration (its queued rows are marked not for reports).
create temporary table report_zone on commit drop as
  select coalesce((select time_zone from merchant order by code limit 1), 'UTC') as tz;

create temporary table report_rounds on commit drop as
  select (r.updated_at at time zone z.tz)::date as day, r.game_id, r.member_id, r.bet, r.win
    from game_rounds r join members m on m.id = r.member_id and m.type <> 4, report_zone z
   where r.status = 'settled' and not r.play_money;

insert into report_game_days (day, game_id, rounds, stakes, payouts)
select day, game_id, count(*), sum(bet), sum(win) from report_rounds group by day, game_id;

insert into report_player_days (day, member_id, rounds, stakes, payouts)
select day, member_id, count(*), sum(bet), sum(win) from report_rounds group by day, member_id;

create temporary table report_money on commit drop as
  select (t.created_at at time zone z.tz)::date as day, t.kind, e.amount, a.member_id,
         coalesce(report_channel_of(t.kind, t.reference), '') as channel,
         (f.transaction_id = t.id) as first
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
    join members m on m.id = a.member_id and m.type <> 4
    left join agent_first_deposits f on f.member_id = a.member_id,
         report_zone z
   where t.kind in ('deposit', 'withdrawal', 'withdrawal_returned', 'bonus', 'rebate', 'salary', 'dividend');

insert into report_day_totals (day, rounds, stakes, payouts, deposits, deposit_count, first_depositors, first_deposits,
  withdrawals, withdrawal_count, bonuses, rebates, salaries)
select day, sum(rounds), sum(stakes), sum(payouts), sum(deposits), sum(deposit_count), sum(first_depositors),
       sum(first_deposits), sum(withdrawals), sum(withdrawal_count), sum(bonuses), sum(rebates), sum(salaries)
  from (
    select day, count(*) as rounds, sum(bet) as stakes, sum(win) as payouts, 0 as deposits, 0 as deposit_count,
           0 as first_depositors, 0 as first_deposits, 0 as withdrawals, 0 as withdrawal_count, 0 as bonuses,
           0 as rebates, 0 as salaries
      from report_rounds group by day
    union all
    select day, 0, 0, 0,
           sum(case when kind = 'deposit' then amount else 0 end),
           sum(case when kind = 'deposit' then sign(amount) else 0 end),
           count(*) filter (where kind = 'deposit' and first),
           sum(case when kind = 'deposit' and first then amount else 0 end),
           sum(case when kind in ('withdrawal', 'withdrawal_returned') then -amount else 0 end),
           sum(case kind when 'withdrawal' then 1 when 'withdrawal_returned' then -1 else 0 end),
           sum(case when kind = 'bonus' then amount else 0 end),
           sum(case when kind = 'rebate' then amount else 0 end),
           sum(case when kind in ('salary', 'dividend') then amount else 0 end)
      from report_money group by day
  ) parts
 group by day;

insert into report_channel_days (day, direction, channel, amount, count)
select day, case when kind = 'deposit' then 'deposit' else 'withdrawal' end, channel,
       sum(case when kind = 'deposit' then amount else -amount end),
       sum(case kind when 'withdrawal_returned' then -1 else 1 end)
  from report_money
 where kind in ('deposit', 'withdrawal', 'withdrawal_returned')
 group by 1, 2, 3;
