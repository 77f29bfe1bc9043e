-- Withdrawals, second part (0007 holds the withdrawals table): the requests a member made per day (the daily
-- count, kept as one atomic counter per member and UTC day), the proof images of a confirmation that the money did
-- not arrive (private: served only to finance through the console, never at a public /images address), and what
-- finance did about such a claim.

create table withdrawal_daily_counts (
  member_id int not null references members (id),
  day date not null,
  requests int not null check (requests > 0),
  primary key (member_id, day)
);

create table withdrawal_proofs (
  id uuid primary key,
  withdrawal_id bigint not null references withdrawals (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null,
  size int not null,
  sha256 text not null,
  created_at timestamptz not null
);
create index withdrawal_proofs_withdrawal on withdrawal_proofs (withdrawal_id);

-- A confirmation of partly_received or not_received opens a claim; finance refunds the missing part to the
-- member's main wallet (refunded_amount) or dismisses it with a note.
alter table withdrawals
  add column claim_status text check (claim_status in ('open', 'refunded', 'dismissed')),
  add column claim_note text not null default '',
  add column claim_resolved_by int references operators (id),
  add column claim_resolved_at timestamptz,
  add column refunded_amount bigint not null default 0 check (refunded_amount >= 0);
create index withdrawals_open_claims on withdrawals (confirmed_at) where claim_status = 'open';
create index withdrawals_created on withdrawals (created_at desc, id desc);
