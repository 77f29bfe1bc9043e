-- Promotions (issue 23 part 3): authored in the console, each of one kind (a deposit bonus, an activity
-- application, a daily claim, a fixed bonus), with its audience, period, budget and wagering requirement.
create table promotions (
  id int generated always as identity primary key,
  category text not null check (category in ('NEW', 'DEPOSIT', 'DAILY', 'EVENT', 'VIP', 'OTHER')),
  kind text not null check (kind in ('deposit', 'application', 'daily', 'fixed')),
  -- One version per language: [{language, title, content (sanitised HTML), imageId}]; EN always present.
  versions jsonb not null,
  starts_at timestamptz not null,
  ends_at timestamptz,
  -- Joins and applications are taken until then (registration closed after); null: until it ends.
  apply_until timestamptz,
  -- {ranks: int[], labels: int[], newWithinDays: int|null}
  audience jsonb not null,
  product_scope text references game_types (code),
  -- Money in minor units. What has been credited or promised (an approved application) counts as spent.
  budget bigint not null check (budget > 0),
  spent bigint not null default 0 check (spent >= 0 and spent <= budget),
  turnover_multiple numeric(8, 2) not null check (turnover_multiple >= 0),
  -- Deposit bonus: percent in hundredths (5000 = 50 %), up to cap, for a deposit of at least min_deposit.
  percent_bp int check (percent_bp > 0),
  cap bigint check (cap > 0),
  min_deposit bigint check (min_deposit >= 0),
  deposit_which text check (deposit_which in ('first', 'every')),
  join_required boolean not null default false,
  -- Daily and fixed: the amount of one claim.
  amount bigint check (amount > 0),
  -- Besides one per account: 'device', 'paymentAccount', 'address'.
  one_per text[] not null default '{}',
  max_stake bigint check (max_stake > 0),
  enabled boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- A member's record of a promotion: a join (signed), an application (applying, rejected, issued), a claim
-- (claimed). One per member, promotion and period: '' for a once-only promotion, the merchant day of a daily
-- claim, the deposit's order number of an every-deposit bonus. The identity facts are kept as they were when
-- the bonus was taken, for the one-per-person controls.
create table promotion_entries (
  id bigint generated always as identity primary key,
  promotion_id int not null references promotions (id),
  member_id int not null references members (id),
  period text not null,
  status text not null check (status in ('signed', 'applying', 'rejected', 'issued', 'claimed')),
  amount bigint check (amount > 0),
  remark text not null default '',
  reason text not null default '',
  deposit_order_no text,
  register_ip text not null default '',
  devices text[] not null default '{}',
  payment_accounts text[] not null default '{}',
  transaction_id bigint,
  decided_by int references operators (id),
  decided_at timestamptz,
  created_at timestamptz not null,
  claimed_at timestamptz,
  unique (promotion_id, member_id, period)
);
create index promotion_entries_member on promotion_entries (member_id, created_at desc);
create index promotion_entries_applying on promotion_entries (created_at) where status = 'applying';

-- The images of an activity application (png or jpeg, re-encoded), shown to operators only.
create table promotion_entry_images (
  id uuid primary key,
  entry_id bigint not null references promotion_entries (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null,
  size int not null,
  sha256 text not null,
  created_at timestamptz not null
);
create index promotion_entry_images_entry on promotion_entry_images (entry_id);

-- Members kept out of one kind of bonus (a promotion kind) by an operator.
create table promotion_blacklist (
  id int generated always as identity unique,
  kind text not null check (kind in ('deposit', 'application', 'daily', 'fixed')),
  member_id int not null references members (id),
  reason text not null default '',
  created_by int references operators (id),
  created_at timestamptz not null,
  primary key (kind, member_id)
);

-- The largest stake per bet while a bonus's obligation is open (the promotion's max stake); null: no limit.
alter table turnover_obligations add column max_stake bigint check (max_stake > 0);
