-- Prize tickets, raffles (the prize wheel) and the red envelope rain (the raffle area, modules/raffle; issue 24
-- parts 5 and 6, design note §B6 and §B7). Money in minor units; points and tickets are whole numbers.

-- Tickets are not money: they never move against a house account and are not reconciled with the cash, so they
-- are a balance per member (never below zero, by the check) and a log of every movement, each with a unique key
-- (source and ref), so a grant or a spend is written once whatever the retries.
create table ticket_balances (
  member_id int primary key references members (id),
  balance int not null check (balance >= 0),
  updated_at timestamptz not null
);
create table ticket_movements (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  delta int not null check (delta <> 0),
  balance_after int not null check (balance_after >= 0),
  source text not null check (source in ('raffle', 'raffle_entry', 'mission', 'mall', 'promotion', 'operator')),
  ref text not null,
  created_at timestamptz not null,
  unique (source, ref)
);
create index ticket_movements_member on ticket_movements (member_id, id desc);

create table raffles (
  id int generated always as identity primary key,
  names jsonb not null,
  enabled boolean not null,
  entry_kind text not null check (entry_kind in ('tickets', 'points')),
  entry_cost int not null check (entry_cost > 0),
  daily_limit int not null check (daily_limit > 0),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- stock: prizes that may still be won (null: unlimited); won: how many were. A draw takes the raffle's prize rows
-- for update, so stock never goes below zero (the check holds it too).
create table raffle_prizes (
  id int generated always as identity primary key,
  raffle_id int not null references raffles (id),
  position int not null,
  names jsonb not null,
  kind text not null check (kind in ('cash', 'points', 'tickets', 'physical', 'none')),
  value bigint not null check (value >= 0),
  turnover_multiple numeric(8, 2) not null default 0,
  weight int not null check (weight >= 0),
  stock int check (stock >= 0),
  won int not null default 0,
  retired boolean not null default false
);
create index raffle_prizes_raffle on raffle_prizes (raffle_id, position);

-- One draw per (raffle, member, request): the claim's key. roll and weights are what decided it: the prize is the
-- one whose cumulative weight range (in the order of weights) holds roll, drawn uniformly in [0, total_weight).
create table raffle_draws (
  id bigint generated always as identity primary key,
  raffle_id int not null references raffles (id),
  member_id int not null references members (id),
  request_id text not null,
  day date not null,
  prize_id int not null references raffle_prizes (id),
  entry_kind text not null,
  entry_cost int not null,
  roll int not null,
  total_weight int not null,
  weights jsonb not null,
  created_at timestamptz not null,
  unique (raffle_id, member_id, request_id)
);
create index raffle_draws_member_day on raffle_draws (raffle_id, member_id, day);
create index raffle_draws_recent on raffle_draws (id desc);

-- The rain's schedules: the rounds of each listed weekday at each time (merchant time zone), each open for
-- duration_seconds. grab_rules: [{minDeposit (minor units, text), grabs}].
create table rain_schedules (
  id int generated always as identity primary key,
  name text not null,
  enabled boolean not null,
  weekdays int[] not null,
  times text[] not null,
  duration_seconds int not null check (duration_seconds > 0),
  pool bigint not null check (pool > 0),
  envelopes int not null check (envelopes > 0),
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null check (max_amount >= min_amount),
  turnover_multiple numeric(8, 2) not null,
  grab_rules jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (min_amount * envelopes <= pool and max_amount * envelopes >= pool)
);

-- A round, written once per (schedule, opening) by whoever opens it, with its envelopes, in one transaction. The
-- round keeps the schedule's figures as they were when it opened.
create table rain_rounds (
  id bigint generated always as identity primary key,
  schedule_id int not null references rain_schedules (id),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  pool bigint not null,
  envelopes int not null,
  turnover_multiple numeric(8, 2) not null,
  grab_rules jsonb not null,
  created_at timestamptz not null,
  unique (schedule_id, opens_at)
);
create index rain_rounds_live on rain_rounds (closes_at, opens_at);

create table rain_envelopes (
  id bigint generated always as identity primary key,
  round_id bigint not null references rain_rounds (id),
  position int not null,
  amount bigint not null check (amount > 0),
  member_id int references members (id),
  grabbed_at timestamptz,
  transaction_id bigint references ledger_transactions (id),
  unique (round_id, position)
);
create index rain_envelopes_free on rain_envelopes (round_id, position) where member_id is null;

-- A member's grabs in a round and the last one's time (at most one grab per 300 ms), under this row's lock.
create table rain_grabbers (
  round_id bigint not null references rain_rounds (id),
  member_id int not null references members (id),
  grabs int not null,
  last_grab_at timestamptz not null,
  primary key (round_id, member_id)
);
