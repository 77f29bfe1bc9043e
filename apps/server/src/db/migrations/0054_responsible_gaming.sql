-- Responsible gaming (issue 27): one row per member that has controls or has played, locked by the one check
-- (responsible/check.ts mayAct) in the transaction of every deposit and stake, so two actions at once cannot pass a
-- limit together.
create table responsible_members (
  member_id int primary key references members (id),
  -- Reality check: the interval chosen (null: off) and when the next interruption is due.
  reality_minutes int check (reality_minutes in (15, 30, 45, 60)),
  reality_due_at timestamptz,
  -- The session of play: from its first round (a sign-in or a pause of 30 minutes starts a new one).
  session_started_at timestamptz,
  last_play_at timestamptz,
  -- Seconds played on the merchant's day play_day (for the daily time limit).
  play_day date,
  day_seconds int not null default 0,
  -- A time-out or self-exclusion: starts at once, cannot end early, no operator lifts it.
  block_kind text check (block_kind in ('time_out', 'self_exclusion')),
  block_started_at timestamptz,
  block_until timestamptz,
  -- After a self-exclusion ended, the member asked to reopen (play opens a day later).
  reopen_requested_at timestamptz,
  updated_at timestamptz not null
);
create index responsible_members_blocked on responsible_members (block_until desc) where block_kind is not null;

-- Limits: money in minor units, time in minutes. A raise or removal waits (pending_*) until confirmed.
create table responsible_limits (
  member_id int not null references members (id),
  kind text not null check (kind in ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week',
    'loss_month', 'stake_day', 'stake_week', 'stake_month', 'session_minutes', 'daily_minutes')),
  value bigint check (value > 0),
  pending boolean not null default false,
  pending_value bigint check (pending_value > 0),
  pending_at timestamptz,
  updated_at timestamptz not null,
  primary key (member_id, kind)
);

-- Every change of a member's controls (their history, read by the console): never changed or removed.
create table responsible_events (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  kind text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null
);
create index responsible_events_member on responsible_events (member_id, id desc);
