-- Agents: the team roll-ups. agent_team_play_days and agent_team_money_days hold, per agent and day, the sums of the
-- per-member roll-ups (0025's agent_play_days, agent_money_days) of the agent's downlines: the members whose
-- agent_path contains the agent, the agent itself and trial accounts left out (TEAM_OF_AGENT without the agent;
-- metrics-store.ts adds the agent's own row when its play counts). A team report then reads a few rows per day
-- instead of every member's.
--
-- Kept exactly by the database:
-- - each insert or update of a per-member roll-up (the roll-up job's one statement per batch, so exactly once per
--   queued change) adds its difference to every agent above the member, in the same transaction;
-- - a move (a member's upline changes) takes the moved branch's sums (the moved member's team and its own rows)
--   from every agent above it before and adds them to every agent above it after.
-- Both take the tree's advisory lock (tree-store.lockTree): the move exclusively, the roll-ups shared, so a batch
-- applied during a move is added along the path it reads after the move committed, never along the old one.

create table agent_team_play_days (
  agent_id int not null references members (id),
  day date not null,
  product text not null,
  rounds int not null default 0,
  valid_bet bigint not null default 0,
  payout bigint not null default 0,
  primary key (agent_id, day, product)
);

create table agent_team_money_days (
  agent_id int not null references members (id),
  day date not null,
  deposits bigint not null default 0,
  deposit_count int not null default 0,
  first_deposit bigint not null default 0,
  -- Downlines whose first ever deposit fell on this day.
  first_deposit_count int not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count int not null default 0,
  bonuses bigint not null default 0,
  rebates bigint not null default 0,
  salaries bigint not null default 0,
  red_envelopes bigint not null default 0,
  primary key (agent_id, day)
);

-- Adds rows (agent_id, day, product, rounds, valid_bet, payout) to the agents' team roll-ups, in key order (two
-- writers lock the same rows in the same order). The one writer of agent_team_play_days.
create function agent_team_play_put(rows jsonb) returns void language plpgsql as $$
begin
  insert into agent_team_play_days (agent_id, day, product, rounds, valid_bet, payout)
  select r.agent_id, r.day, r.product, sum(r.rounds), sum(r.valid_bet), sum(r.payout)
    from jsonb_to_recordset(rows) as r(agent_id int, day date, product text, rounds int, valid_bet bigint,
                                       payout bigint)
   group by r.agent_id, r.day, r.product
   order by r.agent_id, r.day, r.product
  on conflict (agent_id, day, product) do update
    set rounds = agent_team_play_days.rounds + excluded.rounds,
        valid_bet = agent_team_play_days.valid_bet + excluded.valid_bet,
        payout = agent_team_play_days.payout + excluded.payout;
end $$;

-- Adds per-member differences (member_id, day, product, rounds, valid_bet, payout) to the agents above each member.
create function agent_team_play_add(deltas jsonb) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(hashtext('agents:tree'));
  perform agent_team_play_put((
    select jsonb_agg(f) from (
      select up.agent_id, d.day, d.product, d.rounds, d.valid_bet, d.payout
        from jsonb_to_recordset(deltas) as d(member_id int, day date, product text, rounds int, valid_bet bigint,
                                            payout bigint)
        join members m on m.id = d.member_id and m.type <> 4
        cross join lateral unnest(m.agent_path) as up(agent_id)
       where up.agent_id <> m.id
    ) f));
end $$;

create function agent_team_play_days_inserted() returns trigger language plpgsql as $$
begin
  perform agent_team_play_add(
    (select jsonb_agg(n) from (select member_id, day, product, rounds, valid_bet, payout from new_rows) n));
  return null;
end $$;

create function agent_team_play_days_updated() returns trigger language plpgsql as $$
begin
  perform agent_team_play_add((
    select jsonb_agg(d) from (
      select n.member_id, n.day, n.product, n.rounds - o.rounds as rounds, n.valid_bet - o.valid_bet as valid_bet,
             n.payout - o.payout as payout
        from new_rows n join old_rows o using (member_id, day, product)
       where (n.rounds, n.valid_bet, n.payout) is distinct from (o.rounds, o.valid_bet, o.payout)
    ) d));
  return null;
end $$;

create trigger agent_team_play_days_inserted after insert on agent_play_days
  referencing new table as new_rows for each statement execute function agent_team_play_days_inserted();
create trigger agent_team_play_days_updated after update on agent_play_days
  referencing old table as old_rows new table as new_rows for each statement
  execute function agent_team_play_days_updated();

-- Adds rows (agent_id, day and the money columns) to the agents' team money roll-ups, in key order. The one writer
-- of agent_team_money_days.
create function agent_team_money_put(rows jsonb) returns void language plpgsql as $$
begin
  insert into agent_team_money_days (agent_id, day, deposits, deposit_count, first_deposit, first_deposit_count,
    withdrawals, withdrawal_count, bonuses, rebates, salaries, red_envelopes)
  select r.agent_id, r.day, sum(r.deposits), sum(r.deposit_count), sum(r.first_deposit), sum(r.first_deposit_count),
         sum(r.withdrawals), sum(r.withdrawal_count), sum(r.bonuses), sum(r.rebates), sum(r.salaries),
         sum(r.red_envelopes)
    from jsonb_to_recordset(rows) as r(agent_id int, day date, deposits bigint, deposit_count int,
                                       first_deposit bigint, first_deposit_count int, withdrawals bigint,
                                       withdrawal_count int, bonuses bigint, rebates bigint, salaries bigint,
                                       red_envelopes bigint)
   group by r.agent_id, r.day
   order by r.agent_id, r.day
  on conflict (agent_id, day) do update
    set deposits = agent_team_money_days.deposits + excluded.deposits,
        deposit_count = agent_team_money_days.deposit_count + excluded.deposit_count,
        first_deposit = agent_team_money_days.first_deposit + excluded.first_deposit,
        first_deposit_count = agent_team_money_days.first_deposit_count + excluded.first_deposit_count,
        withdrawals = agent_team_money_days.withdrawals + excluded.withdrawals,
        withdrawal_count = agent_team_money_days.withdrawal_count + excluded.withdrawal_count,
        bonuses = agent_team_money_days.bonuses + excluded.bonuses,
        rebates = agent_team_money_days.rebates + excluded.rebates,
        salaries = agent_team_money_days.salaries + excluded.salaries,
        red_envelopes = agent_team_money_days.red_envelopes + excluded.red_envelopes;
end $$;

-- Adds per-member differences (member_id, day and the money columns) to the agents above each member.
create function agent_team_money_add(deltas jsonb) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(hashtext('agents:tree'));
  perform agent_team_money_put((
    select jsonb_agg(f) from (
      select up.agent_id, d.day, d.deposits, d.deposit_count, d.first_deposit, d.first_deposit_count, d.withdrawals,
             d.withdrawal_count, d.bonuses, d.rebates, d.salaries, d.red_envelopes
        from jsonb_to_recordset(deltas) as d(member_id int, day date, deposits bigint, deposit_count int,
                                            first_deposit bigint, first_deposit_count int, withdrawals bigint,
                                            withdrawal_count int, bonuses bigint, rebates bigint, salaries bigint,
                                            red_envelopes bigint)
        join members m on m.id = d.member_id and m.type <> 4
        cross join lateral unnest(m.agent_path) as up(agent_id)
       where up.agent_id <> m.id
    ) f));
end $$;

-- A member-day counts as one first deposit while its first_deposit is above zero (the team overview's count).
create function agent_team_money_days_inserted() returns trigger language plpgsql as $$
begin
  perform agent_team_money_add((
    select jsonb_agg(n) from (
      select member_id, day, deposits, deposit_count, first_deposit,
             (first_deposit > 0)::int as first_deposit_count, withdrawals, withdrawal_count, bonuses, rebates,
             salaries, red_envelopes
        from new_rows
    ) n));
  return null;
end $$;

create function agent_team_money_days_updated() returns trigger language plpgsql as $$
begin
  perform agent_team_money_add((
    select jsonb_agg(d) from (
      select n.member_id, n.day, n.deposits - o.deposits as deposits, n.deposit_count - o.deposit_count as deposit_count,
             n.first_deposit - o.first_deposit as first_deposit,
             (n.first_deposit > 0)::int - (o.first_deposit > 0)::int as first_deposit_count,
             n.withdrawals - o.withdrawals as withdrawals, n.withdrawal_count - o.withdrawal_count as withdrawal_count,
             n.bonuses - o.bonuses as bonuses, n.rebates - o.rebates as rebates, n.salaries - o.salaries as salaries,
             n.red_envelopes - o.red_envelopes as red_envelopes
        from new_rows n join old_rows o using (member_id, day)
    ) d));
  return null;
end $$;

create trigger agent_team_money_days_inserted after insert on agent_money_days
  referencing new table as new_rows for each statement execute function agent_team_money_days_inserted();
create trigger agent_team_money_days_updated after update on agent_money_days
  referencing old table as old_rows new table as new_rows for each statement
  execute function agent_team_money_days_updated();

-- A move: the moved member's branch (its team's rows and its own) leaves the agents above it before the move and
-- joins those above it after. Runs after the path triggers of 0025 (names sort after members_agent_*); the moved
-- member's own team rows do not change, since the members below it keep it in their paths.
create function members_agent_team_moved() returns trigger language plpgsql as $$
declare
  old_above int[] := old.agent_path[1:cardinality(old.agent_path) - 1];
  new_above int[] := new.agent_path[1:cardinality(new.agent_path) - 1];
begin
  perform pg_advisory_xact_lock(hashtext('agents:tree'));
  perform agent_team_play_put((
    select jsonb_agg(f) from (
      select up.agent_id, b.day, b.product, up.sign * b.rounds as rounds, up.sign * b.valid_bet as valid_bet,
             up.sign * b.payout as payout
        from (
          select day, product, rounds, valid_bet, payout from agent_team_play_days where agent_id = new.id
          union all
          select day, product, rounds, valid_bet, payout from agent_play_days
           where member_id = new.id and new.type <> 4
        ) b
        cross join (
          select a, -1 from unnest(old_above) a where a <> all (new_above)
          union all
          select a, 1 from unnest(new_above) a where a <> all (old_above)
        ) as up(agent_id, sign)
    ) f));
  perform agent_team_money_put((
    select jsonb_agg(f) from (
      select up.agent_id, b.day, up.sign * b.deposits as deposits, up.sign * b.deposit_count as deposit_count,
             up.sign * b.first_deposit as first_deposit, up.sign * b.first_deposit_count as first_deposit_count,
             up.sign * b.withdrawals as withdrawals, up.sign * b.withdrawal_count as withdrawal_count,
             up.sign * b.bonuses as bonuses, up.sign * b.rebates as rebates, up.sign * b.salaries as salaries,
             up.sign * b.red_envelopes as red_envelopes
        from (
          select day, deposits, deposit_count, first_deposit, first_deposit_count, withdrawals, withdrawal_count,
                 bonuses, rebates, salaries, red_envelopes
            from agent_team_money_days where agent_id = new.id
          union all
          select day, deposits, deposit_count, first_deposit, (first_deposit > 0)::int, withdrawals,
                 withdrawal_count, bonuses, rebates, salaries, red_envelopes
            from agent_money_days where member_id = new.id and new.type <> 4
        ) b
        cross join (
          select a, -1 from unnest(old_above) a where a <> all (new_above)
          union all
          select a, 1 from unnest(new_above) a where a <> all (old_above)
        ) as up(agent_id, sign)
    ) f));
  return null;
end $$;

create trigger members_agent_team_moved after update of upline_id on members
  for each row when (old.upline_id is distinct from new.upline_id) execute function members_agent_team_moved();

-- Backfill from the per-member roll-ups and the tree as they are.
insert into agent_team_play_days (agent_id, day, product, rounds, valid_bet, payout)
select up.agent_id, p.day, p.product, sum(p.rounds), sum(p.valid_bet), sum(p.payout)
  from agent_play_days p
  join members m on m.id = p.member_id and m.type <> 4
  cross join lateral unnest(m.agent_path) as up(agent_id)
 where up.agent_id <> m.id
 group by up.agent_id, p.day, p.product;

insert into agent_team_money_days (agent_id, day, deposits, deposit_count, first_deposit, first_deposit_count,
  withdrawals, withdrawal_count, bonuses, rebates, salaries, red_envelopes)
select up.agent_id, d.day, sum(d.deposits), sum(d.deposit_count), sum(d.first_deposit),
       count(*) filter (where d.first_deposit > 0), sum(d.withdrawals), sum(d.withdrawal_count), sum(d.bonuses),
       sum(d.rebates), sum(d.salaries), sum(d.red_envelopes)
  from agent_money_days d
  join members m on m.id = d.member_id and m.type <> 4
  cross join lateral unnest(m.agent_path) as up(agent_id)
 where up.agent_id <> m.id
 group by up.agent_id, d.day;
