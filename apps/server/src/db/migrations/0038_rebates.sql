-- Player rebates 返水 (the rebates area, modules/rebates; design note §B1). The rates, the minimum payout and the
-- multiple are a settings document ('rebates'); this holds what the daily job issued. Money in minor units.

-- One rebate per member, product type and merchant day, ever: the unique key makes two job runners pay it once.
-- paid: credited by the job (auto mode); available: issued to claim until expires_at (manual rebate, MANUALREBATE3),
-- then claimed or expired. rate_bp: the tier's rate in hundredths of a percent (50 = 0.5 %).
create table rebates (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  day date not null,
  product text not null,
  valid_bet bigint not null check (valid_bet > 0),
  rate_bp int not null check (rate_bp >= 0),
  amount bigint not null check (amount > 0),
  turnover_multiple int not null,
  status text not null check (status in ('paid', 'available', 'claimed', 'expired')),
  created_at timestamptz not null,
  expires_at timestamptz,
  paid_at timestamptz,
  transaction_id bigint references ledger_transactions (id),
  unique (member_id, product, day)
);
create index rebates_member on rebates (member_id, id desc);
create index rebates_day on rebates (day desc, id desc);
create index rebates_available on rebates (expires_at) where status = 'available';

-- Merchant days the rebate job has finished: claimed in the day's transaction, so a day is computed once.
create table rebate_runs (
  day date primary key,
  finished_at timestamptz not null
);
