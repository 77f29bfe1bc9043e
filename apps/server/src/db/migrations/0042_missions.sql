-- Missions and leaderboards (the missions area, modules/missions; issue 24 part 4). Money in minor units; a count
-- measure's targets are whole numbers. Progress is not stored: it is computed from the facts (settled rounds,
-- deposit postings, logins) each time, so a re-settled round counts once.

-- kind: daily (a merchant day), weekly (a merchant week from Monday) or event (starts_at..ends_at). measure: what is
-- counted; product: the product type whose play counts (null: all). milestones: [{target, cash, points,
-- turnoverMultiple}] in rising targets (cash and target as minor-unit text). leaderboard (events only): {size,
-- prizeTurnoverMultiple, prizes: [{cash, points}]} from rank 1. settled_at: when the job paid its prizes (once).
create table missions (
  id int generated always as identity primary key,
  kind text not null check (kind in ('daily', 'weekly', 'event')),
  measure text not null check (measure in ('bet_amount', 'valid_bet', 'deposits', 'bet_count', 'login_days')),
  product text,
  titles jsonb not null,
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean not null default true,
  milestones jsonb not null,
  leaderboard jsonb,
  settled_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (kind <> 'event' or (starts_at is not null and ends_at is not null)),
  check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create index missions_events_to_settle on missions (ends_at) where kind = 'event' and settled_at is null;

-- A milestone claimed by a member in one period (period: the day or Monday as YYYY-MM-DD, 'event' for an event):
-- the unique key makes a claim pay once, whatever the number of concurrent calls. What it paid is kept as paid.
create table mission_claims (
  id bigint generated always as identity primary key,
  mission_id int not null references missions (id),
  member_id int not null references members (id),
  period text not null,
  milestone int not null,
  target bigint not null,
  value bigint not null,
  cash bigint not null,
  points bigint not null,
  turnover_multiple int not null,
  created_at timestamptz not null,
  unique (mission_id, member_id, period, milestone)
);
create index mission_claims_member on mission_claims (member_id, id desc);

-- An event's final ranking, written once by the settling job with the prizes it paid (rank from 1).
create table mission_results (
  mission_id int not null references missions (id),
  rank int not null,
  member_id int not null references members (id),
  value bigint not null,
  reached_at timestamptz not null,
  cash bigint not null,
  points bigint not null,
  primary key (mission_id, rank),
  unique (mission_id, member_id)
);

-- An event's leaderboard reads every member's sign-ins of its window (rounds have game_rounds_started).
create index login_history_created on login_history (created_at);
