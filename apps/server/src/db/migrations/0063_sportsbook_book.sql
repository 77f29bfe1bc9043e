-- The in-house sportsbook (issue 28): sports, competitions, events with their markets and priced selections, the
-- members' tickets (singles and parlays) and their legs, and the book's limits. A ticket's stake is one posting
-- through the round owner (a game_rounds row per ticket, under the book's catalogue game), its return one posting
-- when its last leg is settled; a corrected result re-settles by reversing and posting again, each under a key
-- naming the results it was settled on, so every ticket is paid exactly once per result.

create table sportsbook_sports (
  id int generated always as identity primary key,
  kind text not null check (kind in ('football', 'esports')),
  name text not null,
  enabled boolean not null default true,
  unique (kind, name)
);

create table sportsbook_competitions (
  id int generated always as identity primary key,
  sport_id int not null references sportsbook_sports (id),
  name text not null,
  enabled boolean not null default true,
  unique (sport_id, name)
);

create table sportsbook_events (
  id int generated always as identity primary key,
  competition_id int not null references sportsbook_competitions (id),
  home text not null,
  away text not null,
  starts_at timestamptz not null,
  status text not null check (status in ('scheduled', 'live', 'ended', 'settled', 'postponed', 'abandoned',
    'cancelled')),
  -- Expected goals (football) or map strength (esports) of each side: the simulator's and the pricing model's.
  home_rating numeric(6, 3),
  away_rating numeric(6, 3),
  -- Every market suspended at once by the operator.
  suspended boolean not null default false,
  source text not null default 'manual' check (source in ('manual', 'simulator', 'openfootball')),
  -- The feed's own key of the event (an openfootball match, a simulator fixture), so a re-import changes nothing.
  external_ref text unique,
  score jsonb,
  minute int,
  -- The confirmed result, and its version: it rises with every confirmed correction.
  result jsonb,
  result_version int not null default 0,
  -- A result waiting for a second operator.
  entered_result jsonb,
  entered_by int references operators (id),
  entered_at timestamptz,
  confirmed_by int references operators (id),
  -- When the first result was settled: a correction is taken for 24 hours after it.
  settled_at timestamptz,
  -- When it was postponed, and the start it had then: not played within 48 hours of that, it is void.
  postponed_from timestamptz,
  updated_at timestamptz not null
);
create index sportsbook_events_by_start on sportsbook_events (status, starts_at);

create table sportsbook_markets (
  id int generated always as identity primary key,
  event_id int not null references sportsbook_events (id),
  type text not null check (type in ('1x2', 'ah', 'ou', 'oe', 'dc', 'cs', 'winner', 'map_handicap', 'total_maps',
    'map_winner')),
  period text not null check (period in ('ft', 'h1')),
  line numeric(6, 2),
  map int,
  state text not null default 'open' check (state in ('open', 'suspended', 'closed', 'settled', 'void')),
  margin numeric(6, 4) not null,
  -- Sum of the stakes of the tickets with a leg on it, and the liability at which it suspends itself (null: the
  -- book's default).
  stake bigint not null default 0,
  liability_limit bigint,
  suspended_reason text,
  sort int not null default 0,
  unique nulls not distinct (event_id, type, period, line, map)
);

create table sportsbook_selections (
  id int generated always as identity primary key,
  market_id int not null references sportsbook_markets (id),
  code text not null,
  price numeric(10, 3) not null check (price > 1),
  fair numeric(10, 3),
  -- Rises with every change of price: a bet names the version it saw.
  version int not null default 1,
  -- The most the book pays if it wins: the potential returns of the tickets with a leg on it.
  exposure bigint not null default 0,
  unique (market_id, code)
);

-- Limits and settings of the book: one row. Money in minor units.
create table sportsbook_settings (
  id int primary key check (id = 1),
  min_stake bigint not null,
  max_stake_per_selection bigint not null,
  max_payout_per_ticket bigint not null,
  liability_per_market bigint not null,
  live_delay_seconds int not null check (live_delay_seconds between 0 and 60),
  default_margin numeric(6, 4) not null,
  feed text not null check (feed in ('manual', 'simulator', 'openfootball')),
  openfootball_source text not null default '',
  updated_at timestamptz not null
);
insert into sportsbook_settings (id, min_stake, max_stake_per_selection, max_payout_per_ticket, liability_per_market,
  live_delay_seconds, default_margin, feed, updated_at)
values (1, 100, 1000000, 10000000, 5000000, 5, 0.05, 'manual', now());

create sequence sportsbook_ticket_no start 100001;

create table sportsbook_tickets (
  id bigint generated always as identity primary key,
  ticket_no text not null unique,
  member_id int not null references members (id),
  kind text not null check (kind in ('single', 'parlay')),
  state text not null check (state in ('pending', 'accepted', 'won', 'lost', 'void', 'refused')),
  stake bigint not null check (stake > 0),
  price numeric(16, 3) not null,
  potential_return bigint not null,
  payout bigint,
  currency text not null,
  live boolean not null,
  accept_at timestamptz,
  accept_changes text not null check (accept_changes in ('none', 'better', 'any')),
  refused_reason text,
  -- The results its payout was posted on (event:version,...): a new one re-settles.
  settled_on text,
  -- The book's catalogue game its round is under (football or esports, by its first leg).
  game_id int not null references games (id),
  game_round_id bigint not null references game_rounds (id),
  created_at timestamptz not null,
  settled_at timestamptz
);
create index sportsbook_tickets_by_member on sportsbook_tickets (member_id, id desc);
create index sportsbook_tickets_pending on sportsbook_tickets (accept_at) where state = 'pending';

create table sportsbook_legs (
  ticket_id bigint not null references sportsbook_tickets (id),
  leg int not null,
  selection_id int not null references sportsbook_selections (id),
  market_id int not null references sportsbook_markets (id),
  event_id int not null references sportsbook_events (id),
  price numeric(10, 3) not null,
  version int not null,
  outcome text check (outcome in ('win', 'half_win', 'push', 'half_lose', 'lose', 'void')),
  -- The event's result version the outcome was read from (0: none yet).
  result_version int not null default 0,
  primary key (ticket_id, leg)
);
create index sportsbook_legs_by_event on sportsbook_legs (event_id, result_version);
create index sportsbook_legs_by_selection on sportsbook_legs (selection_id);
