-- Lottery (issue 14): the platform's own lottery games, their draws, the members' tickets and the operator's odds.
-- Each lottery game is also a catalogue game (games row, vendor LOTT or ELOTT), so lobbies, favourites, recent games
-- and the betting record (game_rounds, one row per ticket) show it like any other game. Money moves through the
-- ledger: a ticket's stake in the transaction that writes the ticket, its win in the transaction that settles it.

alter table games drop constraint games_classify_check;
alter table games add constraint games_classify_check
  check (classify in ('SLOT', 'SCRATCH', 'VIDEO_POKER', 'TABLE', 'ARCADE', 'BINGO', 'LIVE', 'SPORTS', 'FISH', 'CARD',
    'LOTTERY'));

create table lottery_games (
  game_id int primary key references games (id),
  -- The game's code in addresses (gameCode) and in its e-lottery draws' HMAC message.
  code text not null unique check (code ~ '^[A-Z0-9_]{1,32}$'),
  prize_mode text not null check (prize_mode in ('Lott', 'Elott', 'SEA', 'ZY')),
  -- The menu it is listed under (gameMenuTag): MB, MN, MT, ELOTT, SEA, ZY …
  menu_tag text not null check (menu_tag ~ '^[A-Z0-9_]{1,16}$'),
  shape text not null check (shape in ('north27', 'south18', 'fourD23')),
  -- Official results are entered by operators or imported; rng results follow from a committed seed.
  source text not null check (source in ('official', 'rng')),
  -- A draw every interval_seconds (counted from midnight in time_zone), or daily at draw_time on draw_days.
  interval_seconds int check (interval_seconds is null or interval_seconds between 60 and 86400),
  draw_time text check (draw_time is null or draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- Weekdays of a daily draw, 1 = Sunday … 7 = Saturday (drawDayOfWeek), e.g. '2,5'.
  draw_days text check (draw_days is null or draw_days ~ '^[1-7](,[1-7]){0,6}$'),
  time_zone text not null,
  -- Betting closes this long before the draw (lockTime).
  lock_seconds int not null check (lock_seconds between 0 and 86400),
  -- A draw its time passed while the server was down: drawn late (rng), or voided and refunded.
  missed text not null check (missed in ('late', 'void')),
  -- What the lobby shows under the name, per language (e.g. the provinces of the day).
  remark jsonb not null default '{}',
  updated_at timestamptz not null,
  check ((interval_seconds is null) <> (draw_time is null)),
  check ((draw_time is null) = (draw_days is null))
);

create table lottery_draws (
  id bigint generated always as identity primary key,
  game_id int not null references lottery_games (game_id),
  -- The draw's number (numero): yyyymmdd for a daily draw, yyyymmdd-nnnn for the nth of the day.
  numero text not null,
  opens_at timestamptz not null,
  locks_at timestamptz not null,
  draws_at timestamptz not null,
  -- An rng draw's seed: sealed with context 'lottery-draw:<game>:<numero>:<hash>' until the draw, then revealed.
  seed_sealed text,
  seed_hash text check (seed_hash is null or seed_hash ~ '^[0-9a-f]{64}$'),
  seed text check (seed is null or seed ~ '^[0-9a-f]{64}$'),
  -- Official results waiting for a second operator: entered by one, confirmed by another.
  entered_result jsonb,
  entered_by int references operators (id),
  entered_at timestamptz,
  confirmed_by int references operators (id),
  result jsonb,
  -- open: on sale until locks_at, then waiting for its result; drawn: result fixed, tickets being settled;
  -- settled: every ticket settled; void: no result, every ticket refunded.
  state text not null check (state in ('open', 'drawn', 'settled', 'void')),
  drawn_at timestamptz,
  settled_at timestamptz,
  void_reason text,
  created_at timestamptz not null,
  unique (game_id, numero),
  check (opens_at <= locks_at and locks_at <= draws_at),
  check ((state in ('drawn', 'settled')) = (result is not null)),
  check ((seed_sealed is null) = (seed_hash is null))
);
create index lottery_draws_due on lottery_draws (draws_at) where state in ('open', 'drawn');
create index lottery_draws_by_game on lottery_draws (game_id, draws_at desc);

-- The price and payout of each bet type per result shape, and its liability cap: the most the house may owe on
-- one number (or combination) of one draw for this bet type. Amounts are minor units.
create table lottery_odds (
  shape text not null check (shape in ('north27', 'south18', 'fourD23')),
  bet_type text not null check (bet_type ~ '^[a-z0-9_]{2,16}$'),
  price_per_point bigint not null check (price_per_point > 0),
  -- Paid per hit and per point, by tier: {"hit": "80000"} or the 4D tiers {"P1": "…", …}.
  payouts jsonb not null,
  max_points int not null check (max_points > 0),
  cap_per_number bigint not null check (cap_per_number > 0),
  enabled boolean not null default true,
  updated_at timestamptz not null,
  primary key (shape, bet_type)
);

-- A member's ticket: one bet type, several numbers, lines = numbers or their combinations. Its stake left the main
-- wallet in the transaction that wrote it; its win comes back in the one that settles it (state placed -> won or
-- lost exactly once), a cancel or a void draw refunds it.
create sequence lottery_ticket_numbers start with 10000001;
create table lottery_tickets (
  id bigint generated always as identity primary key,
  ticket_no text not null unique,
  draw_id bigint not null references lottery_draws (id),
  member_id int not null references members (id),
  bet_type text not null,
  numbers jsonb not null,
  lines int not null check (lines > 0),
  points int not null check (points > 0),
  price_per_point bigint not null check (price_per_point > 0),
  -- The payouts per tier the ticket was sold at.
  payouts jsonb not null,
  stake bigint not null check (stake > 0),
  payout bigint check (payout is null or payout >= 0),
  -- Hits per tier, summed over the lines, when settled.
  hits jsonb,
  state text not null check (state in ('placed', 'won', 'lost', 'cancelled', 'refunded')),
  currency text not null,
  game_round_id bigint not null references game_rounds (id),
  created_at timestamptz not null,
  settled_at timestamptz,
  check ((state in ('won', 'lost')) = (payout is not null))
);
create index lottery_tickets_to_settle on lottery_tickets (draw_id, id) where state = 'placed';
create index lottery_tickets_by_draw on lottery_tickets (draw_id);
create index lottery_tickets_by_member on lottery_tickets (member_id, id desc);

-- What the house may owe per number (or combination) of a draw and bet type, against the cap of lottery_odds.
create table lottery_exposure (
  draw_id bigint not null references lottery_draws (id),
  bet_type text not null,
  line_key text not null,
  payout bigint not null check (payout >= 0),
  primary key (draw_id, bet_type, line_key)
);
