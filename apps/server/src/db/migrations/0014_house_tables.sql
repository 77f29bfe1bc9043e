-- House tables: the shared-round games of the house provider, the baccarat rooms (PVP) and the live roulette table
-- (LIVE). A table is a catalogue game (HOUSE_PVP or HOUSE_LIVE, its room id in games.room_id) with its timing and
-- limits. Its rounds follow from time: round n opens at anchor_at + (n - anchor_round) * period, so every server
-- process agrees on the round in play without talking to the others; a round's row is written by whichever process
-- needs it first (one row per table and number), with its server seed committed. Money moves only through the
-- seamless wallet: each bet is one seamless bet, each settlement one seamless win (0 or more), a void a rollback.

create table house_tables (
  game_id int primary key references games (id),
  kind text not null check (kind in ('baccarat', 'roulette')),
  -- The table's id in its page's address and in the salt of its rounds (= games.room_id).
  room text not null unique check (room ~ '^[a-z0-9-]{1,40}$'),
  betting_ms int not null check (betting_ms between 1000 and 120000),
  result_ms int not null check (result_ms between 1000 and 60000),
  -- Round anchor_round opens at anchor_at; a change of timing moves the anchor to the end of the round in play.
  anchor_at timestamptz not null,
  anchor_round bigint not null check (anchor_round >= 0),
  -- Per spot type: {"player": {"min": "100", "max": "500000"}, …}, minor units as decimal strings.
  limits jsonb not null,
  updated_at timestamptz not null
);

create table house_table_rounds (
  id bigint generated always as identity primary key,
  game_id int not null references house_tables (game_id),
  round_no bigint not null check (round_no >= 0),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  ends_at timestamptz not null,
  -- The round's server seed, sealed with context 'house-table:<game>:<round>:<commitment>'; only its SHA-256 is shown
  -- until the round is drawn, when it is revealed.
  server_seed_sealed text not null,
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  server_seed text check (server_seed is null or server_seed ~ '^[0-9a-f]{64}$'),
  -- tableSalt(room, round, client seeds of the bets in order), fixed when the round is drawn.
  salt text check (salt is null or salt ~ '^[0-9a-f]{64}$'),
  outcome jsonb,
  state text not null check (state in ('betting', 'drawn', 'settled', 'voided')),
  drawn_at timestamptz,
  void_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (game_id, round_no),
  check (closes_at > opens_at and ends_at >= closes_at),
  check ((state = 'betting') = (outcome is null and void_reason is null))
);
create index house_table_rounds_due on house_table_rounds (closes_at) where state in ('betting', 'drawn');

-- A member's bet on one round: one seamless bet (its stake across spots), one seamless win (the payout, 0 or more)
-- or one rollback. Written in the seamless bet's own transaction, so a bet row exists exactly when its stake left
-- the wallet.
create table house_table_bets (
  id bigint generated always as identity primary key,
  round_id bigint not null references house_table_rounds (id),
  member_id int not null references members (id),
  -- The bet's reference: game_rounds.round_ref, and the prefix of its provider transaction ids.
  ref text not null unique,
  request_key text not null,
  request_fingerprint text not null,
  client_seed text not null,
  currency text not null,
  -- [{"spot": "banker", "stake": "1000"}, …], minor units as decimal strings.
  spots jsonb not null,
  stake bigint not null check (stake > 0),
  payout bigint check (payout is null or payout >= 0),
  state text not null check (state in ('placed', 'settled', 'voided')),
  bet_transaction text not null,
  win_transaction text not null,
  rollback_transaction text not null,
  game_round_id bigint references game_rounds (id),
  void_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (member_id, request_key)
);
create index house_table_bets_by_round on house_table_bets (round_id, id);
create index house_table_bets_by_member on house_table_bets (member_id, id desc);

-- Who is at a table: the last time each member's page asked for its state (the lobby's player counts).
create table house_table_presence (
  game_id int not null references house_tables (game_id),
  member_id int not null references members (id),
  seen_at timestamptz not null,
  primary key (game_id, member_id)
);
create index house_table_presence_seen on house_table_presence (game_id, seen_at);
