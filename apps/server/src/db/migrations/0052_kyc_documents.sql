-- KYC (issue 25 §4): a member's identity documents and the verification of them. Documents are private, like a
-- withdrawal's proofs: served only to the console's operations and finance roles, never at a public /images
-- address. A member has one verification row from the first upload on: pending until an operator verifies or
-- rejects it; a new upload after a rejection makes it pending again.

create table kyc_documents (
  id uuid primary key,
  member_id int not null references members (id),
  kind text not null check (kind in ('id_front', 'id_back', 'selfie', 'proof_of_address')),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'application/pdf')),
  bytes bytea not null,
  size int not null check (size > 0),
  sha256 text not null,
  created_at timestamptz not null,
  -- One document of each kind: a new upload of a kind replaces the older one.
  unique (member_id, kind)
);

create table kyc_verifications (
  member_id int primary key references members (id),
  status text not null check (status in ('pending', 'verified', 'rejected')),
  -- As the member gave it; the operator may correct it from the document when verifying.
  date_of_birth date not null,
  reason text not null default '',
  submitted_at timestamptz not null,
  reviewed_by int references operators (id),
  reviewed_at timestamptz
);
create index kyc_verifications_queue on kyc_verifications (status, submitted_at);
