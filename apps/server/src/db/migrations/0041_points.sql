-- Points and the points mall (the points area, modules/points; issue 24 parts 1-3). Points live in the ledger
-- (wallet 'points', account house:points, unit points); these tables hold why they moved. The rates, the
-- conversion ratio, its minimum and multiple are a settings document ('points'). Money in minor units.

-- Points earned per member, product type and merchant day, ever once: the unique key makes two job runners credit
-- it once. rate_micro: points per major unit of valid bet, in millionths.
create table points_earnings (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  day date not null,
  product text not null,
  valid_bet bigint not null check (valid_bet > 0),
  rate_micro bigint not null check (rate_micro >= 0),
  points bigint not null check (points > 0),
  created_at timestamptz not null,
  transaction_id bigint not null references ledger_transactions (id),
  unique (member_id, product, day)
);
create index points_earnings_member on points_earnings (member_id, id desc);

-- Merchant days the points job has finished: claimed in the day's transaction, so a day is computed once.
create table points_runs (
  day date primary key,
  finished_at timestamptz not null
);

-- Points converted to cash: the points out to house:points and the cash in from house:bonuses, one posting.
create table points_conversions (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  member_id int not null references members (id),
  points bigint not null check (points > 0),
  amount bigint not null check (amount > 0),
  ratio bigint not null check (ratio > 0),
  turnover_multiple int not null,
  created_at timestamptz not null,
  transaction_id bigint not null references ledger_transactions (id)
);
create index points_conversions_member on points_conversions (member_id, created_at desc);

-- The mall's catalogue. texts: {"EN": {"name", "description"}, "VI": ..., "CN": ...}; images: {"EN": image id}.
-- stock null: unlimited; per_member_limit null: no limit. A ticket (raffles) is not sold here.
create table point_mall_items (
  id int generated always as identity primary key,
  kind text not null check (kind in ('bonus', 'physical')),
  texts jsonb not null,
  images jsonb not null,
  points bigint not null check (points > 0),
  cash bigint not null check (cash >= 0),
  bonus bigint not null check (bonus >= 0),
  turnover_multiple int not null check (turnover_multiple >= 0),
  stock int check (stock >= 0),
  per_member_limit int check (per_member_limit > 0),
  active boolean not null,
  sort int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Redemptions: processing (a physical item waiting for the operator), completed (a bonus at once, a physical item
-- shipped with its tracking note in remark) or rejected (the points and cash part returned in that transaction).
create table point_redemptions (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  member_id int not null references members (id),
  item_id int not null references point_mall_items (id),
  kind text not null check (kind in ('bonus', 'physical')),
  item_name text not null,
  quantity int not null check (quantity > 0),
  points bigint not null check (points > 0),
  cash bigint not null check (cash >= 0),
  bonus bigint not null check (bonus >= 0),
  status text not null check (status in ('processing', 'rejected', 'completed')),
  address text not null,
  phone text not null,
  remark text not null,
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by int references operators (id),
  transaction_id bigint not null references ledger_transactions (id),
  return_transaction_id bigint references ledger_transactions (id)
);
create index point_redemptions_member on point_redemptions (member_id, created_at desc);
create index point_redemptions_item on point_redemptions (item_id, member_id);
create index point_redemptions_status on point_redemptions (status, id desc);
