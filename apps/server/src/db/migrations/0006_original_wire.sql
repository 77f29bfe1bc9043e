-- The original platform's wire: its RSA key beside Tessera's, used legacy keys, VIP levels and message templates.

-- One current key per algorithm: Tessera's RSA-OAEP key and, with LEGACY_ENCRYPTION=1, the original's RSA key.
drop index server_keys_current;
create unique index server_keys_current on server_keys (algorithm) where retired_at is null;

-- Random keys of the original's scheme already used (their SHA-256), so that a request cannot be replayed.
create table legacy_key_uses (
  key_hash text primary key,
  used_at timestamptz not null
);
create index legacy_key_uses_used on legacy_key_uses (used_at);

-- VIP levels (rank 0 is where every member starts) and what the next level asks, in minor units. The member's
-- rank is members.club_rank; the member-engagement work moves members between levels.
create table vip_levels (
  rank int primary key check (rank >= 0),
  name text not null,
  monthly_turnover bigint not null default 0 check (monthly_turnover >= 0),
  total_turnover bigint not null default 0 check (total_turnover >= 0)
);

-- Messages the site sends a member (deposit arrived, withdrawal approved …), per language, with {placeholders}.
create table message_templates (
  code text not null,
  language text not null,
  title text not null,
  content text not null,
  placeholders jsonb not null default '[]',
  primary key (code, language)
);
