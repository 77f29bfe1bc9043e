-- Game providers: the aggregators that serve third-party vendors' games, how each connects (its money contract,
-- its address and keys), the game sessions we open for them, every money request they sent us (so that a
-- duplicate gets its first answer), transfers to and from vendor wallets, and the sports matches they report.

create table game_providers (
  code text primary key check (code ~ '^[A-Z0-9_]{2,20}$'),
  name text not null,
  -- 'hub88': a seamless wallet (the provider calls our wallet API); 'transfer': the player moves money into the
  -- vendor's wallet and we call the provider.
  contract text not null check (contract in ('hub88', 'transfer')),
  -- The provider's API (game/url, game/list, transfers).
  base_url text not null,
  -- Our id (operator_id) and sub-partner at the provider.
  operator_id text not null,
  sub_partner_id text not null default '',
  -- Our private key (PEM), sealed with the server's secrets key; we sign our requests with it.
  private_key_sealed text not null,
  -- Our public key (PEM), given to the provider.
  public_key text not null,
  -- The provider's public key (PEM), which verifies its requests and answers; null until it is known.
  provider_public_key text,
  -- A sandbox provider: the server registers its public key with it on the first catalogue sync.
  sandbox boolean not null default false,
  enabled boolean not null default true,
  synced_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- The provider that serves a vendor's games; null for the house's own vendors.
alter table game_vendors add column provider text references game_providers (code);

-- A game session opened at launch for real play. Only the hash of its token is kept; the provider learns the
-- token server to server (game/url) and sends it back with every wallet request of the session.
create table game_sessions (
  token_hash text primary key,
  provider text not null references game_providers (code),
  member_id int not null references members (id),
  game_id int not null references games (id),
  currency text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index game_sessions_by_member on game_sessions (member_id, created_at desc);
create index game_sessions_expiry on game_sessions (expires_at);

-- Every money request of a seamless provider, once per transaction id. The first answer is kept, so a duplicate
-- delivery gets it again and moves nothing. 'absent' marks a transaction rolled back before it arrived: when it
-- does arrive it is refused.
create table provider_transactions (
  id bigint generated always as identity primary key,
  provider text not null references game_providers (code),
  transaction_uuid text not null,
  kind text not null check (kind in ('bet', 'win', 'rollback', 'absent')),
  member_id int not null references members (id),
  round_id bigint references game_rounds (id),
  -- Minor units of the member's currency.
  amount bigint not null default 0 check (amount >= 0),
  -- The bet a win belongs to, or the transaction a rollback reverses.
  reference_uuid text,
  -- A hash of what the request asked for: the same transaction id with another request is a duplicate refused.
  fingerprint text not null,
  -- The transaction that reversed this one (set on the bet or win a rollback reversed).
  rolled_back_by text,
  answer jsonb,
  created_at timestamptz not null,
  unique (provider, transaction_uuid)
);
create index provider_transactions_by_reference on provider_transactions (provider, reference_uuid)
  where reference_uuid is not null;
create index provider_transactions_by_member on provider_transactions (member_id, created_at desc);

-- Money moved into or out of a transfer-mode vendor's wallet. The reference is unique at the provider too: a retry
-- of the same transfer is recognised there, and its status can be asked after a timeout.
create table provider_transfers (
  id bigint generated always as identity primary key,
  reference text not null unique,
  provider text not null references game_providers (code),
  vendor text not null,
  member_id int not null references members (id),
  direction text not null check (direction in ('deposit', 'withdraw')),
  amount bigint not null check (amount > 0),
  -- pending: not yet sent or not yet answered; done: applied by the provider; refunded: a deposit the provider
  -- never applied, given back to the main wallet; failed: a withdrawal the provider refused.
  status text not null check (status in ('pending', 'done', 'refunded', 'failed')),
  -- The provider's balance for the member after the transfer (minor units), when it said.
  provider_balance bigint,
  last_error text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index provider_transfers_by_member on provider_transfers (member_id, created_at desc);
create index provider_transfers_pending on provider_transfers (created_at) where status = 'pending';

-- Sports matches a sports vendor reports through the catalogue sync: the home page's "hot sport".
create table sports_matches (
  id int generated always as identity primary key,
  vendor_id int not null references game_vendors (id),
  match_ref text not null,
  league text not null,
  home_team text not null,
  away_team text not null,
  kick_off timestamptz not null,
  -- Decimal odds as the vendor gives them, e.g. {"home": "1.85", "draw": "3.40", "away": "4.20"}.
  odds jsonb not null,
  updated_at timestamptz not null,
  unique (vendor_id, match_ref)
);
create index sports_matches_kick_off on sports_matches (kick_off);
