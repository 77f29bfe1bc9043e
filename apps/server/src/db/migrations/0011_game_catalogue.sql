-- Games: the catalogue the lobbies list (one row a game of a vendor), members' favourites and recent games, and
-- the rounds played (the betting record). How providers connect and move money is in the next migration.

-- A vendor's progressive jackpot as its provider last reported it (minor units), for VIS_getJackpot.
alter table game_vendors add column jackpot bigint;
alter table game_vendors add column jackpot_updated_at timestamptz;

create table games (
  -- The nodeId of the original protocol.
  id int generated always as identity primary key,
  vendor_id int not null references game_vendors (id),
  -- The game's code at its vendor (gameCode).
  code text not null,
  -- What the provider launches: a game id or, for room games, a room id. Neither means "Coming Soon".
  game_id text,
  room_id text,
  -- Name per language code, e.g. {"EN": "Dragon Gate", "VI": "Cổng Rồng"}; English is the fallback.
  names jsonb not null,
  -- What the lobby search matches: the names in every language and the code, lower-cased.
  search_text text generated always as (
    lower(coalesce(names ->> 'EN', '') || ' ' || coalesce(names ->> 'VI', '') || ' ' || coalesce(names ->> 'CN', '')
      || ' ' || code)
  ) stored,
  classify text not null default 'SLOT'
    check (classify in ('SLOT', 'SCRATCH', 'VIDEO_POKER', 'TABLE', 'ARCADE', 'BINGO', 'LIVE', 'SPORTS', 'FISH', 'CARD')),
  -- The smallest stake (minor units) and the number of lines, which the lobby filters on.
  min_bet bigint not null default 0 check (min_bet >= 0),
  line_num int not null default 0 check (line_num >= 0),
  -- Where it runs: any of flash, html5-desktop, html5 (mobile).
  platforms text[] not null default '{html5-desktop,html5}',
  -- Place in the hot list (1 is the hottest); null when the game is not hot.
  hot_rank int check (hot_rank is null or hot_rank > 0),
  sort int not null default 0,
  -- Whether a visitor or a trial account may play it for free (accountType 0).
  demo boolean not null default false,
  icon_image_id uuid references images (id),
  enabled boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (vendor_id, code)
);
create index games_by_vendor on games (vendor_id, sort, id) where enabled;
create index games_hot on games (hot_rank, id) where enabled and hot_rank is not null;

create table game_favourites (
  member_id int not null references members (id),
  game_id int not null references games (id),
  created_at timestamptz not null,
  primary key (member_id, game_id)
);

-- The games a member launched for real money, the latest first.
create table game_recent (
  member_id int not null references members (id),
  game_id int not null references games (id),
  played_at timestamptz not null,
  primary key (member_id, game_id)
);
create index game_recent_by_member on game_recent (member_id, played_at desc);

-- A round of a game as its provider reported it: what was staked and won, from the bets, wins and rollbacks of
-- the money contract. The betting record and the winner board read it.
create table game_rounds (
  id bigint generated always as identity primary key,
  member_id int not null references members (id),
  game_id int not null references games (id),
  -- The provider's round id, unique within the game for the member.
  round_ref text not null,
  currency text not null,
  bet bigint not null default 0 check (bet >= 0),
  win bigint not null default 0 check (win >= 0),
  status text not null check (status in ('open', 'settled', 'void')),
  started_at timestamptz not null,
  updated_at timestamptz not null,
  unique (member_id, game_id, round_ref)
);
create index game_rounds_by_member on game_rounds (member_id, started_at desc);
create index game_rounds_wins on game_rounds (updated_at desc) where win > 0;
