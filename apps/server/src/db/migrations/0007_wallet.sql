-- Wallet: a double-entry ledger (accounts, transactions, entries), its reconciliation reports, the cashier
-- (payment channels, deposits, gateway callbacks, members' bank accounts, withdrawals and their confirmation),
-- transfers between members, turnover requirements and the member's inbox.

-- Vendors that keep their own wallet (third-party providers the member transfers money to and from, when the
-- merchant wallet is not single); the house's own games play from the main wallet.
alter table game_vendors add column transfer_wallet boolean not null default false;
update game_vendors set transfer_wallet = true where vassalage in ('TCG_LOTTO_VN', 'TCG_SEA', 'FB');

-- An account of the ledger. Players' accounts (main, one per game vendor, points, pending withdrawals) belong to
-- a member; house and merchant accounts are the other side of what players win, lose, deposit and withdraw.
-- unit: money (minor units of the merchant's currency) or points; a transaction balances within each unit.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  code text not null unique,
  kind text not null check (kind in ('main', 'vendor', 'points', 'pending', 'house', 'merchant')),
  unit text not null check (unit in ('money', 'points')),
  member_id int references members (id),
  vendor text,
  balance bigint not null default 0,
  updated_at timestamptz not null,
  check ((member_id is null) = (kind in ('house', 'merchant'))),
  check ((kind = 'vendor') = (vendor is not null)),
  -- A player's account never goes below zero, whatever the concurrency: the row update fails instead.
  constraint player_balance_not_negative check (member_id is null or balance >= 0)
);
create index ledger_accounts_member on ledger_accounts (member_id) where member_id is not null;

-- One balanced movement of money, posted in the same database transaction as its cause (reference), once per
-- idempotency key.
create table ledger_transactions (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique,
  kind text not null,
  member_id int references members (id),
  reference text not null default '',
  remark text not null default '',
  operator_id int references operators (id),
  created_at timestamptz not null
);
create index ledger_transactions_member on ledger_transactions (member_id, created_at desc, id desc);

-- An entry moves one account: amount > 0 raises its balance, < 0 lowers it; the balance before and after are kept.
create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  balance_before bigint not null,
  balance_after bigint not null,
  created_at timestamptz not null,
  check (balance_after = balance_before + amount)
);
create index ledger_entries_account on ledger_entries (account_id, id);
create index ledger_entries_transaction on ledger_entries (transaction_id);

-- Entries are written once and never changed or removed.
create function ledger_entries_unchangeable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are never changed or removed' using errcode = '55000';
end $$;
create trigger ledger_entries_unchangeable before update or delete on ledger_entries
  for each row execute function ledger_entries_unchangeable();

-- At commit, a transaction must have entries, and they must sum to zero within each unit.
create function ledger_transaction_balanced() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from ledger_entries where transaction_id = new.id)
     or exists (
       select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where e.transaction_id = new.id group by a.unit having sum(e.amount) <> 0
     ) then
    raise exception 'ledger transaction % does not balance', new.id using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger ledger_transaction_balanced after insert on ledger_transactions
  deferrable initially deferred for each row execute function ledger_transaction_balanced();

-- What a reconciliation found: transactions whose entries do not sum to zero, accounts whose balance is not the sum
-- of their entries (or whose entries' before/after do not chain), and players' accounts below zero.
create table reconciliation_reports (
  id int generated always as identity primary key,
  requested_by int references operators (id),
  status text not null check (status in ('clean', 'problems')),
  started_at timestamptz not null,
  finished_at timestamptz,
  transactions bigint not null default 0,
  entries bigint not null default 0,
  accounts bigint not null default 0,
  totals jsonb not null default '{}',
  unbalanced jsonb not null default '[]',
  mismatched jsonb not null default '[]',
  negative jsonb not null default '[]'
);
create index reconciliation_reports_started on reconciliation_reports (started_at desc);

-- Where players deposit: a bank account the site receives transfers on, or an online payment gateway.
-- Amounts in minor units; presets are the amounts the deposit page offers as buttons.
create table payment_channels (
  id int generated always as identity primary key,
  kind text not null check (kind in ('bank', 'gateway')),
  name text not null,
  enabled boolean not null default true,
  sort int not null default 0,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  presets jsonb not null default '[]',
  instructions text not null default '',
  bank_name text not null default '',
  account_name text not null default '',
  account_number text not null default '',
  gateway_url text not null default '',
  gateway_merchant text not null default '',
  -- The gateway's signing secret, sealed with the server's secret box; never sent to a client.
  gateway_secret text not null default '',
  updated_at timestamptz not null,
  check (max_amount >= min_amount)
);

create table deposits (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  member_id int not null references members (id),
  channel_id int not null references payment_channels (id),
  kind text not null check (kind in ('bank', 'gateway')),
  amount bigint not null check (amount > 0),
  payer_reference text not null default '',
  status text not null check (status in ('pending', 'confirmed', 'rejected', 'failed')),
  -- Online: the gateway's order and payment page, and what the last attempt to reach it said.
  gateway_order text,
  payment_url text,
  gateway_message text not null default '',
  last_checked_at timestamptz,
  reason text not null default '',
  reviewed_by int references operators (id),
  reviewed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index deposits_status on deposits (status, created_at);
create index deposits_member on deposits (member_id, created_at desc);

-- Every callback a gateway sent, with what was done with it (credited, duplicate, or why it was refused).
create table gateway_callbacks (
  id bigint generated always as identity primary key,
  channel_id int references payment_channels (id),
  order_no text not null default '',
  outcome text not null,
  body jsonb not null,
  ip text not null default '',
  received_at timestamptz not null
);
create index gateway_callbacks_received on gateway_callbacks (received_at desc);

-- The bank accounts a member withdraws to; removed ones stay for the withdrawals that used them.
create table member_bank_accounts (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  bank_name text not null,
  account_number text not null,
  payee_name text not null,
  created_at timestamptz not null,
  removed_at timestamptz
);
create unique index member_bank_accounts_number on member_bank_accounts (member_id, account_number)
  where removed_at is null;

-- A withdrawal: requested (funds moved to the member's pending account), approved (paid out) or rejected (funds
-- back); once approved the member confirms what arrived, or it counts as received after the configured minutes.
create table withdrawals (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  member_id int not null references members (id),
  bank_account_id int not null references member_bank_accounts (id),
  bank_name text not null,
  account_number text not null,
  payee_name text not null,
  amount bigint not null check (amount > 0),
  status text not null check (status in ('pending', 'approved', 'rejected')),
  confirmation text check (confirmation in ('received', 'partly_received', 'not_received', 'auto_received')),
  received_amount bigint check (received_amount >= 0),
  confirm_by timestamptz,
  confirmed_at timestamptz,
  proof_images jsonb not null default '[]',
  reason text not null default '',
  reviewed_by int references operators (id),
  reviewed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index withdrawals_status on withdrawals (status, created_at);
create index withdrawals_member on withdrawals (member_id, created_at desc);
create index withdrawals_unconfirmed on withdrawals (confirm_by) where status = 'approved' and confirmation is null;

-- Money a member sent to the upline or an agent to a downline (the ledger holds the movement itself).
create table member_transfers (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  from_member int not null references members (id),
  to_member int not null references members (id),
  direction text not null check (direction in ('upline', 'downline')),
  amount bigint not null check (amount > 0),
  remark text not null default '',
  created_at timestamptz not null
);
create index member_transfers_from on member_transfers (from_member, created_at desc);
create index member_transfers_to on member_transfers (to_member, created_at desc);

-- Turnover a member must still wager before withdrawing: deposits add amount × the configured multiple to
-- required; bets add to wagered.
create table wallet_turnover (
  member_id int primary key references members (id),
  required bigint not null default 0 check (required >= 0),
  wagered bigint not null default 0 check (wagered >= 0),
  updated_at timestamptz not null
);

-- The member's inbox: messages the site sends (deposit arrived, withdrawal approved …), in the member's language.
create table member_messages (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  code text not null,
  title text not null,
  content text not null,
  created_at timestamptz not null,
  read_at timestamptz
);
create index member_messages_member on member_messages (member_id, created_at desc);
