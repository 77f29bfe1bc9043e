-- Accounts: what a player registers with and logs in with, codes and links that prove who they are, login
-- history, mail and SMS outboxes, and the server's key pair for encrypted request bodies.
-- No balance here: every balance comes from the wallet ledger.

alter table members
  add column password_hash text,
  add column country_dialing_code text,
  add column mobile text,
  add column email text not null default '',
  add column payee_name text not null default '',
  add column payment_password_hash text,
  add column qq_num text not null default '',
  add column line text not null default '',
  add column whatsapp text not null default '',
  add column facebook text not null default '',
  add column wechat text not null default '',
  add column zalo text not null default '',
  add column id_number text not null default '',
  add column recommender_id text not null default '',
  add column upline_id int references members (id),
  add column affiliate_code text,
  add column referral_code text,
  add column referred_by int references members (id),
  add column to_upline boolean not null default false,
  add column club_label text not null default 'VIP0',
  add column club_rank int not null default 0,
  add column member_labels jsonb not null default '[]',
  add column status text not null default 'active' check (status in ('active', 'locked')),
  add column locked_reason text not null default '',
  add column password_changed_at timestamptz,
  add column password_expires_at timestamptz,
  add column must_change_password boolean not null default false,
  add column first_login_at timestamptz,
  add column last_login_at timestamptz,
  add column last_login_ip text not null default '',
  add column last_login_device text not null default '',
  add column previous_login_at timestamptz,
  add column previous_login_ip text,
  add column language text not null default 'EN',
  add column avatar text not null default '',
  add column register_ip text not null default '',
  add column register_domain text not null default '',
  add column register_url text not null default '',
  add column register_method text not null default '';
-- A mobile number belongs to one account per country dialing code.
create unique index members_mobile on members (country_dialing_code, mobile) where mobile is not null;
create unique index members_affiliate_code on members (lower(affiliate_code)) where affiliate_code is not null;
create unique index members_referral_code on members (referral_code) where referral_code is not null;
create index members_created on members (created_at desc);

-- Static avatars a member can choose (seeded; images drawn by the server under /images/avatars).
create table avatars (
  id text primary key,
  name text not null,
  sort int not null default 0,
  enabled boolean not null default true
);

-- Captcha images: single use, short-lived. The answer is kept as drawn (it is only worth anything until it expires).
create table captchas (
  id uuid primary key,
  answer text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index captchas_expires on captchas (expires_at);

-- SMS verification codes: only a hash of the code, bound to the number and the purpose.
create table sms_codes (
  id int generated always as identity primary key,
  country_dialing_code text not null,
  mobile text not null,
  purpose text not null check (purpose in ('register', 'login', 'resetPassword')),
  code_hash text not null,
  tries int not null default 0,
  ip text not null default '',
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index sms_codes_number on sms_codes (country_dialing_code, mobile, purpose, id desc);

-- Password reset links: only the token's SHA-256 is stored.
create table password_reset_tokens (
  token_hash text primary key,
  member_id int not null references members (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  ip text not null default ''
);
create index password_reset_tokens_member on password_reset_tokens (member_id);

create table login_history (
  id int generated always as identity primary key,
  member_id int not null references members (id),
  login_type text not null,
  ip text not null default '',
  device text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null
);
create index login_history_member on login_history (member_id, id desc);

create table login_failures (
  id int generated always as identity primary key,
  username text not null,
  member_id int references members (id),
  login_type text not null,
  reason text not null,
  ip text not null default '',
  device text not null default '',
  created_at timestamptz not null
);
create index login_failures_created on login_failures (id desc);
create index login_failures_member on login_failures (member_id, id desc);

-- Mail: delivered over SMTP when configured (the stored body then has its link removed), otherwise kept here.
create table mail_outbox (
  id int generated always as identity primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  provider text not null check (provider in ('outbox', 'smtp')),
  status text not null check (status in ('outbox', 'sent', 'failed')),
  error text not null default '',
  created_at timestamptz not null
);
create index mail_outbox_created on mail_outbox (id desc);

-- SMS: sent through the HTTP gateway when configured (the stored body then has its code masked), otherwise kept here.
create table sms_outbox (
  id int generated always as identity primary key,
  country_dialing_code text not null,
  mobile text not null,
  purpose text not null,
  body text not null,
  provider text not null check (provider in ('outbox', 'gateway')),
  status text not null check (status in ('outbox', 'sent', 'failed')),
  error text not null default '',
  created_at timestamptz not null
);
create index sms_outbox_created on sms_outbox (id desc);

-- The server's RSA-OAEP key pairs for encrypted bodies; exactly one is current (not retired).
create table server_keys (
  id text primary key,
  algorithm text not null,
  public_spki text not null,
  public_jwk jsonb not null,
  private_pkcs8 text not null,
  created_at timestamptz not null,
  retired_at timestamptz
);
create unique index server_keys_current on server_keys ((retired_at is null)) where retired_at is null;
