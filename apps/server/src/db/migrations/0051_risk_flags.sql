-- Risk (issue 25 items 2 and 3): flags raised by the operator's rules where their event happens, a member's
-- activity the velocity rules count, operators' notes and tags on members, the second approval of flagged
-- withdrawals and of large manual adjustments. The rules themselves are the settings document 'risk'.

-- A flag: one per rule and subject (the round, deposit, withdrawal or sign-in that raised it), with its evidence.
create table risk_flags (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  rule text not null check (rule in ('big_win', 'deposit_velocity', 'withdrawal_velocity', 'payee_name',
    'quick_withdrawal', 'shared_device', 'shared_payment_account')),
  subject text not null,
  evidence jsonb not null default '{}',
  created_at timestamptz not null,
  resolved_by int references operators (id),
  resolved_at timestamptz,
  resolution_note text not null default '',
  unique (rule, subject)
);
create index risk_flags_open on risk_flags (member_id) where resolved_at is null;
create index risk_flags_created on risk_flags (created_at desc, id desc);

-- What the velocity rules count: a member's deposits credited and withdrawals requested, by time.
create table risk_activity (
  member_id int not null references members (id),
  kind text not null check (kind in ('deposit', 'withdrawal')),
  subject text not null,
  at timestamptz not null,
  primary key (kind, subject)
);
create index risk_activity_member on risk_activity (member_id, kind, at desc);

create table member_notes (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  operator_id int not null references operators (id),
  body text not null,
  created_at timestamptz not null
);
create index member_notes_member on member_notes (member_id, id desc);

create table member_tags (
  member_id int not null references members (id),
  tag text not null,
  primary key (member_id, tag)
);

-- A flagged withdrawal's first approval (a different operator's approval pays it), and one approved by the
-- system under the auto-approval amount.
alter table withdrawals add column first_approved_by int references operators (id);
alter table withdrawals add column first_approved_at timestamptz;
alter table withdrawals add column auto_approved boolean not null default false;

-- A manual adjustment above the second-approval amount waits here until a different operator approves it.
create table adjustment_requests (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  wallet text not null,
  amount bigint not null check (amount <> 0),
  category text not null,
  note text not null,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  requested_by int not null references operators (id),
  requested_at timestamptz not null,
  decided_by int references operators (id),
  decided_at timestamptz,
  decision_note text not null default '',
  transaction_id bigint
);
create index adjustment_requests_pending on adjustment_requests (requested_at) where status = 'pending';

-- Linked accounts: other members who signed in from the same device or address.
create index login_history_device on login_history (device, member_id) where device <> '';
create index login_history_ip on login_history (ip, member_id) where ip <> '';
-- Linked accounts: other members with the same payment account number.
create index member_bank_accounts_account_number on member_bank_accounts (account_number) where removed_at is null;

-- A member's profile as an operator edited it (e-mail, mobile number, payee name): what changed, by whom.
create table member_profile_changes (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  operator_id int not null references operators (id),
  field text not null check (field in ('email', 'mobile', 'payee_name')),
  old_value text not null,
  new_value text not null,
  created_at timestamptz not null
);
create index member_profile_changes_member on member_profile_changes (member_id, id desc);
