-- Reports: the day roll-ups the console's reports need beyond the agents' per-member ones (0025, 0027), fed by the
-- same queue and triggers, so one roll-up job run fills both: per game (its vendor and game type follow from the
-- catalogue) and per payment channel (deposits by payment channel, withdrawals by the payee's bank). Days are the
-- merchant's, as in the agents' roll-ups; a change counts on the day it happened (a re-settled round, a returned
-- withdrawal correct the day of the change).

alter table agent_rollup_queue add column game_id int, add column channel text;

create table report_game_days (
  day date not null,
  game_id int not null references games (id),
  rounds int not null default 0,
  stakes bigint not null default 0,
  payouts bigint not null default 0,
  primary key (day, game_id)
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

-- Backfill from the sources (rows still queued from before carry no game or channel, so nothing counts twice).
insert into report_game_days (day, game_id, rounds, stakes, payouts)
select (r.updated_at at time zone z.tz)::date, r.game_id, count(*), sum(r.bet), sum(r.win)
  from game_rounds r,
       (select coalesce((select time_zone from merchant order by code limit 1), 'UTC') as tz) z
 where r.status = 'settled' and not r.play_money
 group by 1, 2;

insert into report_channel_days (day, direction, channel, amount, count)
select (t.created_at at time zone z.tz)::date,
       case when t.kind = 'deposit' then 'deposit' else 'withdrawal' end,
       coalesce(report_channel_of(t.kind, t.reference), ''),
       sum(case when t.kind = 'deposit' then e.amount else -e.amount end),
       sum(case t.kind when 'withdrawal_returned' then -1 else 1 end)
  from ledger_transactions t
  join ledger_entries e on e.transaction_id = t.id
  join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money',
       (select coalesce((select time_zone from merchant order by code limit 1), 'UTC') as tz) z
 where t.kind in ('deposit', 'withdrawal', 'withdrawal_returned')
 group by 1, 2, 3;
