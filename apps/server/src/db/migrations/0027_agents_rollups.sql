-- Agents: how the roll-ups of 0025 (agent_play_days, agent_play_windows, agent_money_days) are filled, exactly once
-- per change of their sources. Triggers append the change (a delta) to agent_rollup_queue in the SAME transaction
-- as its cause, so a change exists in the queue if and only if it committed; the roll-up job (agents/rollup-jobs.ts)
-- deletes a batch of queue rows and adds them to the roll-ups in one statement of one transaction, so each queue row
-- is applied once, whatever the number of runners (claimed rows are skipped by the others: for update skip locked).

create table agent_rollup_queue (
  id bigint generated always as identity primary key,
  member_id int not null,
  -- When the change happened (a round's settlement or re-settlement, a posting): its day in the merchant's time
  -- zone and its 5-minute window are taken when it is applied.
  at timestamptz not null,
  -- Play: the game type of the round's game (its vendor's, game_vendors.game_type); null for money.
  product text,
  rounds int not null default 0,
  valid_bet bigint not null default 0,
  payout bigint not null default 0,
  deposits bigint not null default 0,
  deposit_count int not null default 0,
  first_deposit bigint not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count int not null default 0,
  bonuses bigint not null default 0,
  rebates bigint not null default 0,
  salaries bigint not null default 0,
  red_envelopes bigint not null default 0
);

-- A member's first ever deposit (the team overview's first deposits), taken once by the posting trigger below.
create table agent_first_deposits (
  member_id int primary key references members (id),
  transaction_id bigint not null references ledger_transactions (id),
  amount bigint not null,
  at timestamptz not null
);

-- Rounds: what a round contributes is (1 round, its bet, its win) while it is settled and played with money, and
-- nothing otherwise. Each insert or update queues the difference (new − old) at the round's updated_at, so a round
-- settled late, re-settled or voided corrects the roll-ups on the day and window in which that happened.
-- Statement-level with transition tables: a lottery draw settling thousands of tickets queues them in one insert.
create function agent_rollup_rounds_inserted() returns trigger language plpgsql as $$
begin
  insert into agent_rollup_queue (member_id, at, product, rounds, valid_bet, payout)
  select n.member_id, n.updated_at, v.game_type, 1, n.bet, n.win
    from new_rows n join games g on g.id = n.game_id join game_vendors v on v.id = g.vendor_id
   where n.status = 'settled' and not n.play_money;
  return null;
end $$;

create function agent_rollup_rounds_updated() returns trigger language plpgsql as $$
begin
  insert into agent_rollup_queue (member_id, at, product, rounds, valid_bet, payout)
  select d.member_id, d.updated_at, v.game_type, d.rounds, d.bet, d.win
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

create trigger agent_rollup_rounds_inserted after insert on game_rounds
  referencing new table as new_rows for each statement execute function agent_rollup_rounds_inserted();
create trigger agent_rollup_rounds_updated after update on game_rounds
  referencing old table as old_rows new table as new_rows for each statement
  execute function agent_rollup_rounds_updated();

-- Money: a posting of one of these kinds queues what it moved on members' main wallets. It runs at commit (like the
-- balance check of 0007), when all its entries are written. Deposits; withdrawals (a request takes the money out of
-- the main wallet, a returned one puts it back and counts off); bonuses; rebates; agent pay (salaries and
-- dividends); red envelopes received (the sender's debit is not income).
create function agent_rollup_money_posted() returns trigger language plpgsql as $$
begin
  if new.kind = 'deposit' then
    insert into agent_first_deposits (member_id, transaction_id, amount, at)
    select a.member_id, new.id, e.amount, new.created_at
      from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
     where e.transaction_id = new.id and e.amount > 0
    on conflict (member_id) do nothing;
  end if;
  insert into agent_rollup_queue (member_id, at, deposits, deposit_count, first_deposit, withdrawals,
    withdrawal_count, bonuses, rebates, salaries, red_envelopes)
  select a.member_id, new.created_at,
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

create constraint trigger agent_rollup_money_posted after insert on ledger_transactions
  deferrable initially deferred for each row
  when (new.kind in ('deposit', 'withdrawal', 'withdrawal_returned', 'bonus', 'rebate', 'salary', 'dividend',
                     'red_envelope'))
  execute function agent_rollup_money_posted();

-- Team betting pages a branch's rounds newest first.
create index game_rounds_started on game_rounds (started_at desc, id desc);

-- Backfill: what already happened goes through the queue once, like any later change.
insert into agent_first_deposits (member_id, transaction_id, amount, at)
select distinct on (a.member_id) a.member_id, t.id, e.amount, t.created_at
  from ledger_transactions t
  join ledger_entries e on e.transaction_id = t.id
  join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
 where t.kind = 'deposit' and e.amount > 0
 order by a.member_id, t.created_at, t.id;

insert into agent_rollup_queue (member_id, at, product, rounds, valid_bet, payout)
select r.member_id, r.updated_at, v.game_type, 1, r.bet, r.win
  from game_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
 where r.status = 'settled' and not r.play_money;

insert into agent_rollup_queue (member_id, at, deposits, deposit_count, first_deposit, withdrawals,
  withdrawal_count, bonuses, rebates, salaries, red_envelopes)
select a.member_id, t.created_at,
       case when t.kind = 'deposit' then e.amount else 0 end,
       case when t.kind = 'deposit' then sign(e.amount)::int else 0 end,
       case when t.kind = 'deposit' and f.transaction_id = t.id then e.amount else 0 end,
       case when t.kind in ('withdrawal', 'withdrawal_returned') then -e.amount else 0 end,
       case t.kind when 'withdrawal' then 1 when 'withdrawal_returned' then -1 else 0 end,
       case when t.kind = 'bonus' then e.amount else 0 end,
       case when t.kind = 'rebate' then e.amount else 0 end,
       case when t.kind in ('salary', 'dividend') then e.amount else 0 end,
       case when t.kind = 'red_envelope' then e.amount else 0 end
  from ledger_transactions t
  join ledger_entries e on e.transaction_id = t.id
  join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
  left join agent_first_deposits f on f.member_id = a.member_id
 where t.kind in ('deposit', 'withdrawal', 'withdrawal_returned', 'bonus', 'rebate', 'salary', 'dividend',
                  'red_envelope')
   and not (t.kind = 'red_envelope' and e.amount < 0);
