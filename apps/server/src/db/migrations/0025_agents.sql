-- Agents: the tree of members under their upline agents, the daily and 5-minute roll-ups that team reports and
-- contracts read, the contracts an upline (or the platform) offers a downline agent, and the bills their
-- settlement makes. The rules live in the agents area (apps/server/src/modules/agents); see docs/architecture.md.

-- The merchant's days (reports, salaries and dividends) are counted in its time zone.
alter table merchant add column time_zone text not null default 'UTC';

-- The tree. agent_path is the ids from the top of the member's branch down to the member itself, so
-- "is X in Y's team" is `agent_path @> array[Y]` on X's row and "Y's whole team" one GIN index scan. The database
-- keeps it: a new member's path is its upline's plus its own id, and a move re-roots the whole branch.
alter table members add column agent_path int[];

create function members_agent_path() returns trigger language plpgsql as $$
declare
  upline_path int[];
begin
  if new.upline_id is null then
    new.agent_path := array[new.id];
    return new;
  end if;
  select agent_path into upline_path from members where id = new.upline_id;
  if upline_path is null then
    raise exception 'upline % has no agent path', new.upline_id using errcode = '23503';
  end if;
  if new.id = any (upline_path) then
    raise exception 'member % cannot move under its own team', new.id using errcode = '23514';
  end if;
  new.agent_path := upline_path || new.id;
  return new;
end $$;

create trigger members_agent_path_insert before insert on members
  for each row execute function members_agent_path();
create trigger members_agent_path_move before update of upline_id on members
  for each row when (old.upline_id is distinct from new.upline_id) execute function members_agent_path();

-- After a move, every member below the moved one takes the new path above it.
create function members_agent_branch_moved() returns trigger language plpgsql as $$
begin
  update members
     set agent_path = new.agent_path || agent_path[array_position(agent_path, new.id) + 1:]
   where agent_path @> array[new.id] and id <> new.id;
  return null;
end $$;

create trigger members_agent_branch_moved after update of upline_id on members
  for each row when (old.upline_id is distinct from new.upline_id) execute function members_agent_branch_moved();

-- Existing members: walk down from the tops.
with recursive tree (id, path) as (
  select id, array[id] from members where upline_id is null
  union all
  select m.id, tree.path || m.id from members m join tree on m.upline_id = tree.id
)
update members set agent_path = tree.path from tree where members.id = tree.id;

alter table members alter column agent_path set not null;
create index members_agent_path on members using gin (agent_path);
create index members_upline on members (upline_id) where upline_id is not null;

-- Roll-ups: what the team reports and the contracts read, never the bets themselves. Filled by the agents area's
-- roll-up job from settled rounds and ledger postings, each source row exactly once; a re-settled or voided round
-- corrects them. `day` is the merchant's calendar day (its time zone); `product` a game type code (LOTT, ELOTT,
-- LIVE, RNG, FISH, PVP, SPORTS, ESPORTS). Money is in minor units.
create table agent_play_days (
  member_id int not null references members (id),
  day date not null,
  product text not null,
  -- Settled rounds (a void round counts none), their stakes (valid bet), and what they paid back.
  rounds int not null default 0,
  valid_bet bigint not null default 0,
  payout bigint not null default 0,
  primary key (member_id, day, product)
);
create index agent_play_days_day on agent_play_days (day, member_id);

-- The same, per 5-minute window of settlement time (real-time and hourly salary).
create table agent_play_windows (
  member_id int not null references members (id),
  window_start timestamptz not null,
  product text not null,
  rounds int not null default 0,
  valid_bet bigint not null default 0,
  payout bigint not null default 0,
  primary key (member_id, window_start, product)
);
create index agent_play_windows_window on agent_play_windows (window_start, member_id);

-- Money in and out of a member per day (not per product).
create table agent_money_days (
  member_id int not null references members (id),
  day date not null,
  deposits bigint not null default 0,
  deposit_count int not null default 0,
  -- The member's first ever deposit fell on this day.
  first_deposit bigint not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count int not null default 0,
  bonuses bigint not null default 0,
  rebates bigint not null default 0,
  -- Agent pay received (salaries and dividends) and red envelopes received.
  salaries bigint not null default 0,
  red_envelopes bigint not null default 0,
  primary key (member_id, day)
);
create index agent_money_days_day on agent_money_days (day, member_id);

-- Contracts. A row is one offer or contract; every change is a new row or a status change with its event, so the
-- history of which contract applied when is kept. Tiers: [{minimumBet, netLoss, activeMember, rateType, rate}],
-- money in minor units as decimal strings, rateType 'P' (rate in millionths of the base: 0.30 % = 3000) or
-- 'F' (rate a fixed amount in minor units).
create table agent_contracts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  -- A game type code, or CONS for all products combined.
  product text not null,
  agent_id int not null references members (id),
  -- The upline agent that offered it, or null when the platform (an operator) did.
  upline_id int references members (id),
  operator_id int references operators (id),
  payer text not null check (payer in ('platform', 'upline')),
  status text not null check (status in (
    'pending', 'edited', 'active', 'termination_requested', 'rejected', 'terminated', 'cancelled', 'expired',
    'replaced'
  )),
  tiers jsonb not null,
  -- Dividends: the period and what happens to a negative period.
  period text not null default 'semimonthly' check (period in ('daily', 'weekly', 'semimonthly', 'monthly')),
  carry text not null default 'month' check (carry in ('none', 'month', 'forever')),
  -- The parts subtracted from the house result to make the net loss (dividends).
  net_loss_parts jsonb not null default '["bonuses", "rebates", "salaries"]',
  -- The active contract this offer replaces once accepted.
  replaces_id bigint references agent_contracts (id),
  offered_at timestamptz not null,
  expires_at timestamptz,
  accepted_at timestamptz,
  ended_at timestamptz,
  end_reason text not null default ''
);
create unique index agent_contracts_one_pending on agent_contracts (agent_id, kind, product)
  where status in ('pending', 'edited');
create unique index agent_contracts_one_active on agent_contracts (agent_id, kind, product)
  where status in ('active', 'termination_requested');
create index agent_contracts_upline on agent_contracts (upline_id, kind, product) where upline_id is not null;

create table agent_contract_events (
  id bigint generated always as identity primary key,
  contract_id bigint not null references agent_contracts (id),
  -- offered, edited, accepted, rejected, termination_requested, termination_refused, terminated, cancelled,
  -- expired, replaced
  action text not null,
  member_id int references members (id),
  operator_id int references operators (id),
  reason text not null default '',
  at timestamptz not null
);
create index agent_contract_events_contract on agent_contract_events (contract_id, id);

-- Bills: one per (agent, kind, product, period), made by the settlement jobs exactly once.
create table agent_bills (
  id bigint generated always as identity primary key,
  contract_id bigint not null references agent_contracts (id),
  agent_id int not null references members (id),
  kind text not null,
  product text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  -- What the tiers were read against: turnover, net loss, active members, and the base the rate applied to.
  metrics jsonb not null,
  tier int,
  gross bigint not null default 0,
  -- What the contracts this agent gave its direct downlines yield on theirs (the agent keeps the spread).
  downline_gross bigint not null default 0,
  -- A negative dividend brought in from earlier periods.
  carried_in bigint not null default 0,
  amount bigint not null default 0,
  paid bigint not null default 0,
  status text not null check (status in (
    'not_reached', 'unapproved', 'approved', 'paid', 'partly_paid', 'insufficient', 'negative', 'rejected',
    'reversed'
  )),
  payer text not null check (payer in ('platform', 'upline')),
  payer_member_id int references members (id),
  approved_by int references operators (id),
  approved_at timestamptz,
  reversed_by int references operators (id),
  reversed_at timestamptz,
  created_at timestamptz not null,
  unique (agent_id, kind, product, period_start)
);
create index agent_bills_agent on agent_bills (agent_id, created_at desc);
create index agent_bills_status on agent_bills (status, kind) where status in ('unapproved', 'insufficient', 'partly_paid');
