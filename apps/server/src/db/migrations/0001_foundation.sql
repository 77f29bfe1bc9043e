-- Foundation: merchant, site configuration, content, operators, sessions and the audit log.

create table merchant (
  code text primary key,
  name text not null,
  brand text not null,
  currency text not null,
  currency_symbol text not null,
  wallet_single boolean not null default false,
  default_language text not null default 'EN'
);

-- Site configuration as JSON documents keyed by name (maintenance, site ...).
create table site_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table region_rules (
  id int generated always as identity primary key,
  kind text not null check (kind in ('country', 'ip_range')),
  value text not null,
  note text not null default '',
  created_at timestamptz not null default now(),
  unique (kind, value)
);

create table module_flags (
  mod_id text primary key,
  parent_id text references module_flags (mod_id),
  name text not null,
  enabled boolean not null,
  sort int not null default 0
);

create table register_rules (
  key text primary key,
  accepted_pattern text not null,
  pattern_id int not null check (pattern_id between 0 and 12),
  min_length int not null,
  max_length int not null,
  enabled boolean not null,
  required boolean not null,
  sort int not null default 0
);

create table countries (
  code text primary key,
  dialing_code text not null,
  name text not null,
  enabled boolean not null default true,
  sort int not null default 0
);

create table languages (
  code text primary key,
  name text not null,
  native_name text not null,
  flag_country text not null,
  translated boolean not null default false,
  enabled boolean not null default true,
  sort int not null default 0
);

create table images (
  id uuid primary key,
  content_type text not null,
  bytes bytea not null,
  size int not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);

create table banners (
  id int generated always as identity primary key,
  group_name text not null,
  title text not null default '',
  image_id uuid not null references images (id),
  linkage_type text not null default '' check (linkage_type in ('', 'INTERNAL', 'EXTERNAL')),
  link_url text not null default '',
  sort int not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index banners_group on banners (group_name, sort);

create table notices (
  id int generated always as identity primary key,
  language text not null default 'EN',
  title text not null,
  content text not null,
  sort int not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);

create table announcements (
  id int generated always as identity primary key,
  type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
  platform text not null default 'W',
  execution_type text not null default 'B',
  language text not null default 'EN',
  title text not null,
  content text not null,
  starts_at timestamptz,
  ends_at timestamptz,
  sort int not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);

create table help_categories (
  id int generated always as identity primary key,
  language text not null default 'EN',
  title text not null,
  sort int not null default 0
);

create table help_articles (
  id int generated always as identity primary key,
  category_id int not null references help_categories (id) on delete cascade,
  title text not null,
  content text not null,
  sort int not null default 0
);

create table download_resources (
  id int generated always as identity primary key,
  resource_type text not null,
  title text not null,
  url text not null,
  sort int not null default 0
);

create table domains (
  id int generated always as identity primary key,
  url text not null unique,
  sort int not null default 0
);

-- Players. The accounts area extends this table.
create table members (
  id int generated always as identity primary key,
  username text not null,
  nickname text not null default '',
  type int not null default 0,
  created_at timestamptz not null default now()
);
create unique index members_username on members (lower(username));

create table operators (
  id int generated always as identity primary key,
  username text not null,
  display_name text not null,
  password_hash text not null,
  role text not null check (role in ('owner', 'operations', 'finance', 'support')),
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);
create unique index operators_username on operators (lower(username));

-- Sessions of members and operators; the token itself is never stored, only its SHA-256.
create table sessions (
  token_hash text primary key,
  subject_kind text not null check (subject_kind in ('member', 'operator')),
  subject_id int not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text not null default ''
);
create index sessions_subject on sessions (subject_kind, subject_id);

create table audit_log (
  id int generated always as identity primary key,
  operator_id int references operators (id),
  operator_username text not null,
  action text not null,
  entity text not null,
  entity_id text not null default '',
  before jsonb,
  after jsonb,
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index audit_log_created on audit_log (created_at desc);

-- Login attempts, counted per key (operator username, IP) for lockouts and rate limits.
create table attempt_counters (
  key text primary key,
  count int not null,
  window_started_at timestamptz not null,
  locked_until timestamptz
);

-- Demo seed sections already applied: a section runs once, so restarts never overwrite an operator's change.
create table seed_sections (
  name text primary key,
  applied_at timestamptz not null default now()
);
