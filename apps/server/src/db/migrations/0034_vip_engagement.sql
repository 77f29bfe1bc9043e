-- VIP levels, member labels and referral rewards (the vip area, modules/vip). Money in minor units, growth in whole
-- points. members.club_rank / club_label / member_labels stay the member info's answer; the vip area keeps them in
-- step with vip_members and member_label_assignments through the accounts area.

-- A level's growth threshold, what keeps it, and its rewards (0 = none). turnover_multiple: the wagering
-- requirement of the level's bonuses, as a multiple of the bonus.
alter table vip_levels
  add column growth bigint not null default 0 check (growth >= 0),
  add column keep_growth bigint not null default 0 check (keep_growth >= 0),
  add column level_up_bonus bigint not null default 0 check (level_up_bonus >= 0),
  add column weekly_reward bigint not null default 0 check (weekly_reward >= 0),
  add column weekly_min_valid_bet bigint not null default 0 check (weekly_min_valid_bet >= 0),
  add column monthly_reward bigint not null default 0 check (monthly_reward >= 0),
  add column monthly_min_valid_bet bigint not null default 0 check (monthly_min_valid_bet >= 0),
  add column turnover_multiple int not null default 1 check (turnover_multiple between 0 and 100);

-- A member's growth and level (rank). A member without a row has 0 and rank 0.
create table vip_members (
  member_id int primary key references members (id),
  growth bigint not null default 0 check (growth >= 0),
  rank int not null default 0,
  updated_at timestamptz not null
);

-- Growth accrued per member and merchant day: the primary key makes each day count once, whatever the runners.
create table vip_growth_days (
  member_id int not null references members (id),
  day date not null,
  deposits bigint not null,
  weighted_bet bigint not null,
  growth bigint not null,
  primary key (member_id, day)
);
create index vip_growth_days_day on vip_growth_days (day);

-- Periods a VIP job has finished ('growth' per day, 'weekly' per week's Monday, 'monthly' and 'review' per month).
create table vip_runs (
  kind text not null,
  period text not null,
  finished_at timestamptz not null,
  primary key (kind, period)
);

-- Rewards: a level-up bonus once per member and level (period = the rank), a weekly or monthly reward once per
-- member and period. Level-up bonuses are paid when issued; weekly and monthly ones wait for the member's claim.
create table vip_rewards (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  kind text not null check (kind in ('level_up', 'weekly', 'monthly')),
  period text not null,
  rank int not null,
  amount bigint not null check (amount > 0),
  turnover_multiple int not null,
  status text not null check (status in ('available', 'claimed')),
  created_at timestamptz not null,
  claimed_at timestamptz,
  transaction_id bigint references ledger_transactions (id),
  unique (member_id, kind, period)
);
create index vip_rewards_member on vip_rewards (member_id, id desc);

-- The monthly keep-or-drop review: once per member and month.
create table vip_reviews (
  member_id int not null references members (id),
  month text not null,
  rank_before int not null,
  rank_after int not null,
  growth bigint not null,
  reviewed_at timestamptz not null,
  primary key (member_id, month)
);

-- Member labels the operators create and assign by hand.
create table member_label_defs (
  id int generated always as identity primary key,
  name text not null,
  color text not null default '',
  created_at timestamptz not null
);
create unique index member_label_defs_name on member_label_defs (lower(name));

create table member_label_assignments (
  member_id int not null references members (id),
  label_id int not null references member_label_defs (id) on delete cascade,
  operator_id int references operators (id),
  assigned_at timestamptz not null,
  primary key (member_id, label_id)
);
create index member_label_assignments_label on member_label_assignments (label_id);

-- Referral: one row per referred friend once decided: paid (the referrer's reward, its posting) or refused
-- (self-referral, the referrer's cap). A friend who has not qualified yet has no row.
create table referral_rewards (
  referee_id int primary key references members (id),
  referrer_id int not null references members (id),
  status text not null check (status in ('paid', 'refused')),
  reason text not null default '',
  amount bigint not null default 0 check (amount >= 0),
  transaction_id bigint references ledger_transactions (id),
  decided_at timestamptz not null
);
create index referral_rewards_referrer on referral_rewards (referrer_id, status);

-- Members already above rank 0 keep their level (with no growth yet).
insert into vip_members (member_id, growth, rank, updated_at)
select id, 0, club_rank, now() from members where club_rank > 0;
