-- House games: the built-in game provider. It is a provider like any other (a game_providers row, contract 'house'),
-- its games are catalogue rows of the HOUSE_* vendors (added by the seed, with their names), and it moves money only
-- through the seamless wallet (bets, wins and rollbacks in provider_transactions, rounds in game_rounds). Its own
-- records are the players' provably fair seeds, the rounds it played, the one-time ids that open its game frame,
-- and the settings of each game (RTP, limits) that the console edits.

alter table game_providers drop constraint game_providers_contract_check;
alter table game_providers add constraint game_providers_contract_check
  check (contract in ('hub88', 'transfer', 'house'));

-- The house has no address, keys or operator id of its own: its calls never leave the process.
insert into game_providers (code, name, contract, base_url, operator_id, private_key_sealed, public_key, created_at,
  updated_at)
values ('HOUSE', 'Tessera house games', 'house', '', 'house', '', '', now(), now())
on conflict (code) do nothing;

-- A member's provably fair seed pairs (PROVABLY_FAIR.md). The row without revealed_at is the pair in use: its
-- server seed is sealed under the secrets key and only its commitment (SHA-256) is shown. Rotating (or choosing a
-- new client seed, which rotates too, so that a pair never repeats) reveals the server seed and starts a new pair at
-- nonce 0.
create table house_seeds (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  -- The server seed (64 hex characters), sealed with context 'house-seed:<member>:<commitment>'.
  server_seed_sealed text not null,
  -- SHA-256 of the server seed's 64 characters, hex.
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  -- The server seed in clear, once revealed.
  server_seed text check (server_seed is null or server_seed ~ '^[0-9a-f]{64}$'),
  client_seed text not null,
  -- The nonce of the next round played with this pair.
  next_nonce bigint not null default 0 check (next_nonce >= 0),
  created_at timestamptz not null,
  revealed_at timestamptz,
  check ((revealed_at is null) = (server_seed is null))
);
create unique index house_seeds_current on house_seeds (member_id) where revealed_at is null;
create index house_seeds_by_member on house_seeds (member_id, id desc);

-- What the console sets for each house game: the offered RTP its outcomes are drawn at, and the stake limits
-- (minor units) within the game's own (@tessera/house-games).
create table house_game_settings (
  game_id int primary key references games (id),
  rtp text not null,
  min_bet bigint not null check (min_bet > 0),
  max_bet bigint not null check (max_bet >= min_bet),
  updated_at timestamptz not null
);

-- A round of a house game. It is started (nonce taken) before the bet, and ends settled (its win paid) or voided
-- (its bet refunded, or never taken). Its outcome follows from the seeds and the nonce, so an interrupted round is
-- completed or voided by the recovery job, never lost.
create table house_rounds (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  game_id int not null references games (id),
  -- The game in @tessera/house-games (the catalogue row's game_id), e.g. 'lucky-sevens'.
  engine_game text not null,
  -- The round's reference: game_rounds.round_ref, and the prefix of its provider transaction ids.
  ref text not null unique,
  -- The request's idempotency key (unique for the member) and a hash of what it asked: a retry plays nothing again.
  request_key text not null,
  request_fingerprint text not null,
  currency text not null,
  bet bigint not null check (bet > 0),
  rtp text not null,
  -- The fingerprint of the published configuration the outcome was drawn with.
  config_fingerprint text not null,
  seed_id bigint not null references house_seeds (id),
  commitment text not null,
  client_seed text not null,
  nonce bigint not null check (nonce >= 0),
  -- The outcome (amounts as decimal strings of minor units), once drawn.
  outcome jsonb,
  win bigint check (win is null or win >= 0),
  state text not null check (state in ('started', 'settled', 'voided')),
  -- Set in the transaction of the bet: the stake left the wallet.
  bet_placed boolean not null default false,
  -- The seamless wallet's transaction ids of the round.
  bet_transaction text not null,
  win_transaction text not null,
  rollback_transaction text not null,
  game_round_id bigint references game_rounds (id),
  -- Why a round was voided (a refusal code, or 'interrupted').
  void_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (member_id, request_key),
  unique (seed_id, nonce)
);
create index house_rounds_by_member on house_rounds (member_id, id desc);
create index house_rounds_started on house_rounds (created_at) where state = 'started';

-- A one-time id that opens a house game frame: the launch puts it in the frame URL's fragment, and the frame
-- exchanges it (POST) for the game session's token, which is sealed here until then. Only its hash is kept.
create table house_launches (
  id_hash text primary key,
  member_id int not null references members (id),
  game_id int not null references games (id),
  token_sealed text not null,
  -- Where the frame's back and close return (the site's lobby).
  lobby_url text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index house_launches_expiry on house_launches (expires_at);
