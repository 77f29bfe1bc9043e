-- Hardening of the console sign-in: forced password change, TOTP second factor with recovery codes, and the
-- pending second step of a sign-in.

alter table operators add column must_change_password boolean not null default false;
-- The TOTP secret, encrypted with the server's secrets key (AES-256-GCM), never in clear.
alter table operators add column totp_secret text;
alter table operators add column totp_enabled boolean not null default false;
-- The last time step accepted, so a code is used once.
alter table operators add column totp_last_step bigint;
-- A secret shown at enrolment and not yet confirmed with a code.
alter table operators add column totp_pending_secret text;

create table operator_recovery_codes (
  id int generated always as identity primary key,
  operator_id int not null references operators (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz
);
create index operator_recovery_codes_operator on operator_recovery_codes (operator_id);

-- The second step of a sign-in: the password was right, a code is still to come.
create table operator_login_challenges (
  token_hash text primary key,
  operator_id int not null references operators (id) on delete cascade,
  ip text not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
