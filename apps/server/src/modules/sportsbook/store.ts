import type { Queryable } from '../../db/database.ts';

/** The sportsbook's tables (migration 0063), SQL only. Money in minor units (bigint), prices as numbers. */

export interface SportDb {
  id: number;
  kind: 'football' | 'esports';
  name: string;
  /** Vietnamese and Chinese names ('' where none). */
  names: { VI: string; CN: string };
  enabled: boolean;
}
const SPORT_COLUMNS = 'id, kind, name, names, enabled';

export interface CompetitionDb {
  id: number;
  sport_id: number;
  name: string;
  enabled: boolean;
}

export interface ScoreJson {
  home: number;
  away: number;
}
export interface ResultJson {
  ft: ScoreJson;
  h1?: ScoreJson;
  maps?: ScoreJson[];
}

export interface EventDb {
  id: number;
  competition_id: number;
  competition: string;
  sport_id: number;
  kind: 'football' | 'esports';
  home: string;
  away: string;
  starts_at: Date;
  status: string;
  home_rating: number | null;
  away_rating: number | null;
  suspended: boolean;
  source: 'manual' | 'simulator' | 'openfootball';
  external_ref: string | null;
  score: ScoreJson | null;
  minute: number | null;
  result: ResultJson | null;
  result_version: number;
  entered_result: ResultJson | null;
  entered_by: number | null;
  entered_by_name: string | null;
  entered_at: Date | null;
  confirmed_by_name: string | null;
  confirmed_at: Date | null;
  settled_at: Date | null;
  postponed_from: Date | null;
}

const EVENT_COLUMNS = `e.id, e.competition_id, c.name as competition, c.sport_id, s.kind, e.home, e.away, e.starts_at,
  e.status, e.home_rating::float8 as home_rating, e.away_rating::float8 as away_rating, e.suspended, e.source,
  e.external_ref, e.score, e.minute, e.result, e.result_version, e.entered_result, e.entered_by,
  eo.username as entered_by_name, e.entered_at, co.username as confirmed_by_name, e.confirmed_at, e.settled_at, e.postponed_from`;
const EVENT_FROM = `sportsbook_events e join sportsbook_competitions c on c.id = e.competition_id
  join sportsbook_sports s on s.id = c.sport_id
  left join operators eo on eo.id = e.entered_by left join operators co on co.id = e.confirmed_by`;

export interface MarketDb {
  id: number;
  event_id: number;
  type: string;
  period: 'ft' | 'h1';
  line: number | null;
  map: number | null;
  state: string;
  margin: number;
  stake: bigint;
  liability_limit: bigint | null;
  suspended_reason: string | null;
}
const MARKET_COLUMNS = `m.id, m.event_id, m.type, m.period, m.line::float8 as line, m.map, m.state,
  m.margin::float8 as margin, m.stake, m.liability_limit, m.suspended_reason`;

export interface SelectionDb {
  id: number;
  market_id: number;
  code: string;
  price: number;
  fair: number | null;
  version: number;
  exposure: bigint;
}
const SELECTION_COLUMNS = `x.id, x.market_id, x.code, x.price::float8 as price, x.fair::float8 as fair, x.version,
  x.exposure`;

export interface SettingsDb {
  min_stake: bigint;
  max_stake_per_selection: bigint;
  max_payout_per_ticket: bigint;
  liability_per_market: bigint;
  live_delay_seconds: number;
  default_margin: number;
  feed: 'manual' | 'simulator' | 'openfootball';
  openfootball_source: string;
}

export interface TicketDb {
  id: bigint;
  ticket_no: string;
  member_id: number;
  username: string;
  kind: 'single' | 'parlay';
  state: string;
  stake: bigint;
  price: number;
  potential_return: bigint;
  payout: bigint | null;
  currency: string;
  live: boolean;
  accept_at: Date | null;
  accept_changes: 'none' | 'better' | 'any';
  refused_reason: string | null;
  settled_on: string | null;
  game_id: number;
  game_round_id: bigint;
  created_at: Date;
  settled_at: Date | null;
}
const TICKET_COLUMNS = `t.id, t.ticket_no, t.member_id, mb.username, t.kind, t.state, t.stake, t.price::float8 as price,
  t.potential_return, t.payout, t.currency, t.live, t.accept_at, t.accept_changes, t.refused_reason, t.settled_on,
  t.game_id, t.game_round_id, t.created_at, t.settled_at`;
const TICKET_FROM = 'sportsbook_tickets t join members mb on mb.id = t.member_id';

export interface LegDb {
  ticket_id: bigint;
  leg: number;
  selection_id: number;
  market_id: number;
  event_id: number;
  price: number;
  version: number;
  outcome: string | null;
  result_version: number;
  code: string;
  type: string;
  period: 'ft' | 'h1';
  line: number | null;
  map: number | null;
  home: string;
  away: string;
  starts_at: Date;
}
const LEG_COLUMNS = `l.ticket_id, l.leg, l.selection_id, l.market_id, l.event_id, l.price::float8 as price, l.version,
  l.outcome, l.result_version, x.code, m.type, m.period, m.line::float8 as line, m.map, e.home, e.away, e.starts_at`;
const LEG_FROM = `sportsbook_legs l join sportsbook_selections x on x.id = l.selection_id
  join sportsbook_markets m on m.id = l.market_id join sportsbook_events e on e.id = l.event_id`;

// ---- settings ----

export async function settings(db: Queryable): Promise<SettingsDb> {
  const [row] = await db.query<SettingsDb>(
    `select min_stake, max_stake_per_selection, max_payout_per_ticket, liability_per_market, live_delay_seconds,
       default_margin::float8 as default_margin, feed, openfootball_source from sportsbook_settings where id = 1`,
  );
  if (!row) throw new Error('sportsbook settings missing');
  return row;
}

export async function saveSettings(tx: Queryable, value: SettingsDb, now: Date) {
  await tx.query(
    `update sportsbook_settings set min_stake = $1, max_stake_per_selection = $2, max_payout_per_ticket = $3,
       liability_per_market = $4, live_delay_seconds = $5, default_margin = $6, feed = $7, openfootball_source = $8,
       updated_at = $9 where id = 1`,
    [
      value.min_stake,
      value.max_stake_per_selection,
      value.max_payout_per_ticket,
      value.liability_per_market,
      value.live_delay_seconds,
      value.default_margin,
      value.feed,
      value.openfootball_source,
      now,
    ],
  );
}

// ---- members' preferences ----

export interface PreferencesDb {
  odds_format: 'decimal' | 'hongkong' | 'malay' | 'indonesian' | 'american';
  accept_changes: 'none' | 'better' | 'any';
}

export async function preferences(db: Queryable, memberId: number) {
  const [row] = await db.query<PreferencesDb>(
    'select odds_format, accept_changes from sportsbook_member_preferences where member_id = $1',
    [memberId],
  );
  return row ?? null;
}

export async function savePreferences(tx: Queryable, memberId: number, value: PreferencesDb, now: Date) {
  await tx.query(
    `insert into sportsbook_member_preferences (member_id, odds_format, accept_changes, updated_at)
     values ($1, $2, $3, $4) on conflict (member_id) do update set odds_format = excluded.odds_format,
       accept_changes = excluded.accept_changes, updated_at = excluded.updated_at`,
    [memberId, value.odds_format, value.accept_changes, now],
  );
}

// ---- sports and competitions ----

export function sports(db: Queryable, enabledOnly = false) {
  return db.query<SportDb>(
    `select ${SPORT_COLUMNS} from sportsbook_sports ${enabledOnly ? 'where enabled' : ''} order by kind, id`,
  );
}

export async function sportById(db: Queryable, id: number) {
  const [row] = await db.query<SportDb>(`select ${SPORT_COLUMNS} from sportsbook_sports where id = $1`, [id]);
  return row ?? null;
}

/** A new sport (or, of a kind and name already there, that one changed); names absent (a feed's) leaves them. */
export async function upsertSport(
  tx: Queryable,
  id: number | null,
  sport: Omit<SportDb, 'id' | 'names'> & { names?: SportDb['names'] },
) {
  const names = sport.names ? JSON.stringify(sport.names) : null;
  const [row] =
    id === null
      ? await tx.query<SportDb>(
          `insert into sportsbook_sports (kind, name, names, enabled)
           values ($1, $2, coalesce($3::jsonb, '{"VI": "", "CN": ""}'), $4)
           on conflict (kind, name) do update set names = coalesce($3::jsonb, sportsbook_sports.names),
             enabled = excluded.enabled
           returning ${SPORT_COLUMNS}`,
          [sport.kind, sport.name, names, sport.enabled],
        )
      : await tx.query<SportDb>(
          `update sportsbook_sports set kind = $2, name = $3, names = coalesce($4::jsonb, names), enabled = $5
           where id = $1 returning ${SPORT_COLUMNS}`,
          [id, sport.kind, sport.name, names, sport.enabled],
        );
  return row ?? null;
}

export function competitions(db: Queryable, sportId?: number) {
  return db.query<CompetitionDb>(
    `select id, sport_id, name, enabled from sportsbook_competitions where ($1::int is null or sport_id = $1)
     order by sport_id, name`,
    [sportId ?? null],
  );
}

export async function competitionById(db: Queryable, id: number) {
  const [row] = await db.query<CompetitionDb>(
    'select id, sport_id, name, enabled from sportsbook_competitions where id = $1',
    [id],
  );
  return row ?? null;
}

export async function upsertCompetition(tx: Queryable, id: number | null, value: Omit<CompetitionDb, 'id'>) {
  const [row] =
    id === null
      ? await tx.query<CompetitionDb>(
          `insert into sportsbook_competitions (sport_id, name, enabled) values ($1, $2, $3)
           on conflict (sport_id, name) do update set enabled = excluded.enabled
           returning id, sport_id, name, enabled`,
          [value.sport_id, value.name, value.enabled],
        )
      : await tx.query<CompetitionDb>(
          `update sportsbook_competitions set sport_id = $2, name = $3, enabled = $4 where id = $1
           returning id, sport_id, name, enabled`,
          [id, value.sport_id, value.name, value.enabled],
        );
  return row ?? null;
}

/** Competitions with their events on sale (scheduled or live), per sport. */
export function competitionsOnSale(db: Queryable, kind: string | null) {
  return db.query<{ sport_id: number; id: number; name: string; events: number }>(
    `select c.sport_id, c.id, c.name, count(e.id)::int as events
     from sportsbook_competitions c join sportsbook_sports s on s.id = c.sport_id
       join sportsbook_events e on e.competition_id = c.id and e.status in ('scheduled', 'live')
     where c.enabled and s.enabled and ($1::text is null or s.kind = $1)
     group by c.sport_id, c.id, c.name order by c.name`,
    [kind],
  );
}

// ---- events ----

export async function eventById(db: Queryable, id: number, lock = false) {
  if (lock) await db.query('select id from sportsbook_events where id = $1 for update', [id]);
  const [row] = await db.query<EventDb>(`select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.id = $1`, [id]);
  return row ?? null;
}

/**
 * The events a bet names, each held for share (in id order) so that a suspension, a status change or a result waits
 * for the bet's commit, and the bet reads the state any of them committed before it: one statement, whose rows are
 * locked in id order (the sort comes before the lock) and read again at their latest version when one had to wait.
 */
export function eventsForBet(tx: Queryable, ids: number[]) {
  return tx.query<EventDb>(
    `select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.id = any($1::int[]) order by e.id for share of e`,
    [ids],
  );
}

export async function eventByRef(db: Queryable, ref: string) {
  const [row] = await db.query<EventDb>(
    `select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.external_ref = $1`,
    [ref],
  );
  return row ?? null;
}

/** Events on sale (scheduled or live, of enabled sports and competitions), live first then by start. */
export function eventsOnSale(
  db: Queryable,
  filter: {
    kind?: string | undefined;
    sportId?: number | undefined;
    competitionId?: number | undefined;
    when?: string | undefined;
  },
) {
  return db.query<EventDb>(
    `select ${EVENT_COLUMNS} from ${EVENT_FROM}
     where e.status in ('scheduled', 'live') and c.enabled and s.enabled
       and ($1::text is null or s.kind = $1) and ($2::int is null or s.id = $2) and ($3::int is null or c.id = $3)
       and ($4::text is null or ($4 = 'live') = (e.status = 'live'))
     order by e.status = 'live' desc, e.starts_at, e.id limit 200`,
    [filter.kind ?? null, filter.sportId ?? null, filter.competitionId ?? null, filter.when ?? null],
  );
}

export async function consoleEvents(
  db: Queryable,
  filter: { competitionId?: number | undefined; status?: string | undefined; limit: number; offset: number },
) {
  const where = `($1::int is null or e.competition_id = $1) and ($2::text is null
    or ($2 = 'awaiting' and e.entered_result is not null) or e.status = $2)`;
  const args = [filter.competitionId ?? null, filter.status ?? null];
  const rows = await db.query<EventDb & { tickets: number; stake: bigint }>(
    `select ${EVENT_COLUMNS},
       (select count(distinct l.ticket_id)::int from sportsbook_legs l where l.event_id = e.id) as tickets,
       (select coalesce(sum(m.stake), 0)::bigint from sportsbook_markets m where m.event_id = e.id) as stake
     from ${EVENT_FROM} where ${where} order by e.starts_at desc, e.id desc limit $3 offset $4`,
    [...args, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from sportsbook_events e where ${where}`,
    args,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function eventTotals(db: Queryable, id: number) {
  const [row] = await db.query<{ tickets: number; stake: bigint }>(
    `select (select count(distinct l.ticket_id)::int from sportsbook_legs l where l.event_id = $1) as tickets,
       (select coalesce(sum(m.stake), 0)::bigint from sportsbook_markets m where m.event_id = $1) as stake`,
    [id],
  );
  return row ?? { tickets: 0, stake: 0n };
}

export interface NewEvent {
  competitionId: number;
  home: string;
  away: string;
  startsAt: Date;
  homeRating: number | null;
  awayRating: number | null;
  source: EventDb['source'];
  externalRef: string | null;
}

export async function insertEvent(tx: Queryable, event: NewEvent, now: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into sportsbook_events (competition_id, home, away, starts_at, status, home_rating, away_rating, source,
       external_ref, updated_at)
     values ($1, $2, $3, $4, 'scheduled', $5, $6, $7, $8, $9) returning id`,
    [
      event.competitionId,
      event.home,
      event.away,
      event.startsAt,
      event.homeRating,
      event.awayRating,
      event.source,
      event.externalRef,
      now,
    ],
  );
  if (!row) throw new Error('event not written');
  return row.id;
}

export async function updateEvent(
  tx: Queryable,
  id: number,
  event: Omit<NewEvent, 'source' | 'externalRef'>,
  now: Date,
) {
  await tx.query(
    `update sportsbook_events set competition_id = $2, home = $3, away = $4, starts_at = $5, home_rating = $6,
       away_rating = $7, updated_at = $8 where id = $1`,
    [
      id,
      event.competitionId,
      event.home,
      event.away,
      event.startsAt,
      event.homeRating,
      event.awayRating,
      now,
    ],
  );
}

export async function setEventStatus(
  tx: Queryable,
  id: number,
  status: string,
  now: Date,
  extra: { postponedFrom?: Date | null } = {},
) {
  await tx.query(
    `update sportsbook_events set status = $2, updated_at = $3,
       postponed_from = case when $4::boolean then $5::timestamptz else postponed_from end where id = $1`,
    [id, status, now, extra.postponedFrom !== undefined, extra.postponedFrom ?? null],
  );
}

export async function setEventSuspended(tx: Queryable, id: number, suspended: boolean, now: Date) {
  await tx.query('update sportsbook_events set suspended = $2, updated_at = $3 where id = $1', [
    id,
    suspended,
    now,
  ]);
}

export async function setLive(
  tx: Queryable,
  id: number,
  live: { score: ScoreJson | null; minute: number | null; status: string },
  now: Date,
) {
  const rows = await tx.query(
    `update sportsbook_events set score = $2, minute = $3, status = $4, updated_at = $5
     where id = $1 and (score is distinct from $2::jsonb or minute is distinct from $3 or status <> $4) returning id`,
    [id, live.score === null ? null : JSON.stringify(live.score), live.minute, live.status, now],
  );
  return rows.length > 0;
}

export async function setEntered(
  tx: Queryable,
  id: number,
  entered: { result: ResultJson; by: number | null },
  now: Date,
) {
  await tx.query(
    `update sportsbook_events set entered_result = $2, entered_by = $3, entered_at = $4, confirmed_by = null,
       confirmed_at = null, updated_at = $4 where id = $1`,
    [id, JSON.stringify(entered.result), entered.by, now],
  );
}

/**
 * Takes a confirmed result: its version rises, the entry is cleared (who entered it stays beside who confirmed it),
 * the event is ended (to be settled).
 */
export async function takeResult(
  tx: Queryable,
  id: number,
  result: ResultJson,
  by: number | null,
  now: Date,
) {
  await tx.query(
    `update sportsbook_events set result = $2, result_version = result_version + 1, entered_result = null,
       confirmed_by = $3, confirmed_at = $5, status = 'ended', score = $4, updated_at = $5
     where id = $1`,
    [id, JSON.stringify(result), by, JSON.stringify(result.ft), now],
  );
}

/** Voids an event (abandoned, cancelled, or postponed and not played in time): its legs settle void. */
export async function voidEvent(tx: Queryable, id: number, status: 'abandoned' | 'cancelled', now: Date) {
  await tx.query(
    `update sportsbook_events set status = $2, result = null, result_version = result_version + 1, updated_at = $3
     where id = $1`,
    [id, status, now],
  );
  await tx.query(`update sportsbook_markets set state = 'void' where event_id = $1`, [id]);
}

export async function markSettled(tx: Queryable, id: number, now: Date) {
  await tx.query(
    `update sportsbook_events set status = case when status = 'ended' then 'settled' else status end,
       settled_at = coalesce(settled_at, $2), updated_at = $2 where id = $1`,
    [id, now],
  );
  await tx.query(
    `update sportsbook_markets set state = 'settled' where event_id = $1 and state in ('open', 'suspended', 'closed')`,
    [id],
  );
}

/** Events whose legs wait for their result's outcome (a new or corrected result, or a void). */
export function eventsToSettle(db: Queryable, limit: number) {
  return db.query<{ id: number }>(
    `select e.id from sportsbook_events e
     where e.result_version > 0 and (e.status = 'ended'
       or exists (select 1 from sportsbook_legs l join sportsbook_tickets t on t.id = l.ticket_id
         where l.event_id = e.id and l.result_version < e.result_version and t.state <> 'refused'))
     order by e.id limit $1`,
    [limit],
  );
}

export function postponedPastDeadline(db: Queryable, deadline: Date) {
  return db.query<{ id: number }>(
    `select id from sportsbook_events where status = 'postponed' and postponed_from <= $1 order by id`,
    [deadline],
  );
}

export function simulatorEvents(db: Queryable, from: Date) {
  return db.query<EventDb>(
    `select ${EVENT_COLUMNS} from ${EVENT_FROM}
     where e.source = 'simulator' and e.status in ('scheduled', 'live') and e.starts_at <= $1 order by e.id`,
    [from],
  );
}

// ---- markets and selections ----

export function marketsOf(db: Queryable, eventIds: number[]) {
  return db.query<MarketDb>(
    `select ${MARKET_COLUMNS} from sportsbook_markets m where m.event_id = any($1::int[]) order by m.event_id, m.sort, m.id`,
    [eventIds],
  );
}

export function selectionsOfMarkets(db: Queryable, marketIds: number[]) {
  return db.query<SelectionDb>(
    `select ${SELECTION_COLUMNS} from sportsbook_selections x where x.market_id = any($1::int[]) order by x.id`,
    [marketIds],
  );
}

export async function marketById(db: Queryable, id: number, lock = false) {
  const [row] = await db.query<MarketDb>(
    `select ${MARKET_COLUMNS} from sportsbook_markets m where m.id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function insertMarket(
  tx: Queryable,
  market: {
    eventId: number;
    type: string;
    period: string;
    line: number | null;
    map: number | null;
    margin: number;
    liabilityLimit: bigint | null;
    sort: number;
  },
) {
  const [row] = await tx.query<{ id: number }>(
    `insert into sportsbook_markets (event_id, type, period, line, map, margin, liability_limit, sort)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning id`,
    [
      market.eventId,
      market.type,
      market.period,
      market.line,
      market.map,
      market.margin,
      market.liabilityLimit,
      market.sort,
    ],
  );
  return row?.id ?? null;
}

export async function setMarketPricing(
  tx: Queryable,
  id: number,
  margin: number,
  liabilityLimit: bigint | null | undefined,
) {
  await tx.query(
    `update sportsbook_markets set margin = $2,
       liability_limit = case when $3::boolean then $4::bigint else liability_limit end where id = $1`,
    [id, margin, liabilityLimit !== undefined, liabilityLimit ?? null],
  );
}

/** Writes a selection's price; its version rises when the price changed. */
export async function setPrice(
  tx: Queryable,
  marketId: number,
  code: string,
  price: number,
  fair: number | null,
) {
  await tx.query(
    `insert into sportsbook_selections (market_id, code, price, fair) values ($1, $2, $3, $4)
     on conflict (market_id, code) do update set price = excluded.price, fair = excluded.fair,
       version = sportsbook_selections.version + case when sportsbook_selections.price = excluded.price then 0 else 1 end`,
    [marketId, code, price, fair],
  );
}

export async function setMarketState(tx: Queryable, id: number, state: string, reason: string | null) {
  await tx.query('update sportsbook_markets set state = $2, suspended_reason = $3 where id = $1', [
    id,
    state,
    reason,
  ]);
}

export async function closeMarketsOf(tx: Queryable, eventId: number) {
  await tx.query(
    `update sportsbook_markets set state = 'closed' where event_id = $1 and state in ('open', 'suspended')`,
    [eventId],
  );
}

/** A selection as a bet first reads it: its market's state, its event's sale state and the member's stake on it. */
type SelectionToBet = SelectionDb & {
  event_id: number;
  market_state: string;
  event_status: string;
  event_suspended: boolean;
  event_starts_at: Date;
  event_kind: 'football' | 'esports';
  /** What the member already staked on the selection (tickets not refused). */
  member_stake: bigint;
};

/**
 * The selections a bet names, read before anything is held, in one statement: each with its market's state, its
 * event's status, suspension, start and sport kind, and what the member already staked on it.
 */
export function selectionsToBet(tx: Queryable, selectionIds: number[], memberId: number) {
  return tx.query<SelectionToBet>(
    `select ${SELECTION_COLUMNS}, m.event_id, m.state as market_state, e.status as event_status,
       e.suspended as event_suspended, e.starts_at as event_starts_at, s.kind as event_kind,
       (select coalesce(sum(t.stake), 0) from sportsbook_legs l join sportsbook_tickets t on t.id = l.ticket_id
        where l.selection_id = x.id and t.member_id = $2 and t.state <> 'refused')::bigint as member_stake
     from sportsbook_selections x join sportsbook_markets m on m.id = x.market_id
       join sportsbook_events e on e.id = m.event_id join sportsbook_competitions c on c.id = e.competition_id
       join sportsbook_sports s on s.id = c.sport_id
     where x.id = any($1::int[])`,
    [selectionIds, memberId],
  );
}

/**
 * The selections a bet names, each market held for update first (in id order, so two bets never wait on each other
 * in a circle), then read at their latest version with the market's state, limit, stake and the largest exposure of
 * its selections (its liability's worst case).
 */
export async function selectionsForBet(tx: Queryable, selectionIds: number[]) {
  await tx.query(
    `select m.id from sportsbook_markets m
     where m.id in (select market_id from sportsbook_selections where id = any($1::int[])) order by m.id for update`,
    [selectionIds],
  );
  return tx.query<
    SelectionDb & {
      event_id: number;
      market_state: string;
      liability_limit: bigint | null;
      market_stake: bigint;
      market_max_exposure: bigint;
    }
  >(
    `select ${SELECTION_COLUMNS}, m.event_id, m.state as market_state, m.liability_limit, m.stake as market_stake,
       (select coalesce(max(y.exposure), 0) from sportsbook_selections y where y.market_id = m.id)::bigint
         as market_max_exposure
     from sportsbook_selections x join sportsbook_markets m on m.id = x.market_id where x.id = any($1::int[])`,
    [selectionIds],
  );
}

export function selectionsByIds(db: Queryable, ids: number[]) {
  return db.query<SelectionDb & { event_id: number; market_state: string }>(
    `select ${SELECTION_COLUMNS}, m.event_id, m.state as market_state
     from sportsbook_selections x join sportsbook_markets m on m.id = x.market_id where x.id = any($1::int[])`,
    [ids],
  );
}

/**
 * A ticket's legs (their selections distinct) add the potential return to each selection's exposure and the stake
 * to each market's, in one statement.
 */
export async function addExposure(
  tx: Queryable,
  legs: { selectionId: number; marketId: number }[],
  stake: bigint,
  potential: bigint,
) {
  await tx.query(
    `with exposed as (update sportsbook_selections set exposure = exposure + $3 where id = any($1::int[]))
     update sportsbook_markets m set stake = m.stake + $4 * v.legs
     from (select id, count(*) as legs from unnest($2::int[]) as id group by id) v where m.id = v.id`,
    [legs.map((leg) => leg.selectionId), legs.map((leg) => leg.marketId), potential, stake],
  );
}

// ---- tickets ----

/** A new ticket's number and the book's catalogue game of its sport kind (its round's game), in one statement. */
export async function nextTicket(tx: Queryable, kind: 'football' | 'esports') {
  const [vendor, code] =
    kind === 'football' ? ['TESSERA_BOOK', 'SPORTSBOOK'] : ['TESSERA_EBOOK', 'ESPORTSBOOK'];
  const [row] = await tx.query<{ n: string; game_id: number | null }>(
    `select nextval('sportsbook_ticket_no')::text as n,
       (select g.id from games g join game_vendors v on v.id = g.vendor_id where v.vassalage = $1 and g.code = $2)
         as game_id`,
    [vendor, code],
  );
  if (!row?.game_id)
    throw new Error(`the sportsbook's ${kind} catalogue game is missing (seed section sportsbook)`);
  return { ticketNo: `S${row.n}`, gameId: row.game_id };
}

/**
 * Writes a ticket with its legs and adds its exposure (the potential return on each leg's selection, the stake on
 * each leg's market, see addExposure), in one statement.
 */
export async function insertTicket(
  tx: Queryable,
  ticket: {
    ticketNo: string;
    memberId: number;
    kind: 'single' | 'parlay';
    state: 'pending' | 'accepted';
    stake: bigint;
    price: number;
    potentialReturn: bigint;
    /** What each leg counts against its selection and market (a parlay's share, bets.ts `legShare`). */
    exposure: { stake: bigint; potential: bigint };
    currency: string;
    live: boolean;
    acceptAt: Date | null;
    acceptChanges: string;
    gameId: number;
    gameRoundId: bigint;
    legs: { selectionId: number; marketId: number; eventId: number; price: number; version: number }[];
  },
  now: Date,
): Promise<bigint> {
  const [row] = await tx.query<{ id: bigint }>(
    `with exposed as (
       update sportsbook_selections set exposure = exposure + $17::bigint
       where id in (select (leg ->> 'selection_id')::int from jsonb_array_elements($15::jsonb) leg)),
     staked as (
       update sportsbook_markets m set stake = m.stake + $16::bigint * v.legs
       from (select (leg ->> 'market_id')::int as id, count(*) as legs from jsonb_array_elements($15::jsonb) leg
             group by 1) v
       where m.id = v.id),
     ticket as (
       insert into sportsbook_tickets (ticket_no, member_id, kind, state, stake, price, potential_return, currency,
         live, accept_at, accept_changes, game_id, game_round_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id)
     insert into sportsbook_legs (ticket_id, leg, selection_id, market_id, event_id, price, version)
     select ticket.id, v.leg, v.selection_id, v.market_id, v.event_id, v.price, v.version
     from ticket, jsonb_to_recordset($15::jsonb)
       as v(leg int, selection_id int, market_id int, event_id int, price numeric, version int)
     returning ticket_id as id`,
    [
      ticket.ticketNo,
      ticket.memberId,
      ticket.kind,
      ticket.state,
      ticket.stake,
      ticket.price,
      ticket.potentialReturn,
      ticket.currency,
      ticket.live,
      ticket.acceptAt,
      ticket.acceptChanges,
      ticket.gameId,
      ticket.gameRoundId,
      now,
      JSON.stringify(
        ticket.legs.map((leg, index) => ({
          leg: index + 1,
          selection_id: leg.selectionId,
          market_id: leg.marketId,
          event_id: leg.eventId,
          price: leg.price,
          version: leg.version,
        })),
      ),
      ticket.exposure.stake,
      ticket.exposure.potential,
    ],
  );
  if (!row) throw new Error('ticket not written');
  return row.id;
}

export async function ticketById(db: Queryable, id: bigint) {
  const [row] = await db.query<TicketDb>(`select ${TICKET_COLUMNS} from ${TICKET_FROM} where t.id = $1`, [
    id,
  ]);
  return row ?? null;
}

export async function ticketByNo(db: Queryable, memberId: number, ticketNo: string) {
  const [row] = await db.query<TicketDb>(
    `select ${TICKET_COLUMNS} from ${TICKET_FROM} where t.ticket_no = $1 and t.member_id = $2`,
    [ticketNo, memberId],
  );
  return row ?? null;
}

export async function tickets(
  db: Queryable,
  filter: {
    memberId?: number | undefined;
    username?: string | undefined;
    eventId?: number | undefined;
    state?: string | undefined;
    settled?: 'open' | 'settled' | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = `($1::int is null or t.member_id = $1) and ($2::text is null or mb.username = $2)
    and ($3::int is null or t.id in (select ticket_id from sportsbook_legs where event_id = $3))
    and ($4::text is null or t.state = $4)
    and ($5::text is null or ($5 = 'settled') = (t.state in ('won', 'lost', 'void', 'refused')))`;
  const args = [
    filter.memberId ?? null,
    filter.username ?? null,
    filter.eventId ?? null,
    filter.state ?? null,
    filter.settled ?? null,
  ];
  const rows = await db.query<TicketDb>(
    `select ${TICKET_COLUMNS} from ${TICKET_FROM} where ${where} order by t.id desc limit $6 offset $7`,
    [...args, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${TICKET_FROM} where ${where}`,
    args,
  );
  return { rows, total: count?.n ?? 0 };
}

export function legsOf(db: Queryable, ticketIds: bigint[]) {
  return db.query<LegDb>(
    `select ${LEG_COLUMNS} from ${LEG_FROM} where l.ticket_id = any($1::bigint[]) order by l.ticket_id, l.leg`,
    [ticketIds],
  );
}

/** Pending live tickets due by now (of one member when given), held for update; those another process holds are skipped. */
export function claimDuePending(tx: Queryable, now: Date, limit: number, memberId: number | null = null) {
  return tx.query<TicketDb>(
    `select ${TICKET_COLUMNS} from ${TICKET_FROM}
     where t.state = 'pending' and t.accept_at <= $1 and ($3::int is null or t.member_id = $3)
     order by t.accept_at limit $2 for update of t skip locked`,
    [now, limit, memberId],
  );
}

export async function pendingOfEvent(tx: Queryable, eventId: number) {
  return tx.query<TicketDb>(
    `select ${TICKET_COLUMNS} from ${TICKET_FROM}
     where t.state = 'pending' and t.id in (select ticket_id from sportsbook_legs where event_id = $1)
     for update of t skip locked`,
    [eventId],
  );
}

export async function acceptTicket(tx: Queryable, id: bigint) {
  await tx.query(`update sportsbook_tickets set state = 'accepted' where id = $1`, [id]);
}

export async function refuseTicket(tx: Queryable, id: bigint, reason: string, now: Date) {
  await tx.query(
    `update sportsbook_tickets set state = 'refused', refused_reason = $2, payout = null, settled_at = $3 where id = $1`,
    [id, reason, now],
  );
}

/**
 * Tickets with a leg of the event not yet read from its current result, held for update; those another runner
 * holds are skipped (it settles them).
 */
export function claimTicketsOfEvent(tx: Queryable, eventId: number, version: number, limit: number) {
  return tx.query<TicketDb>(
    `select ${TICKET_COLUMNS} from ${TICKET_FROM}
     where t.id in (select l.ticket_id from sportsbook_legs l where l.event_id = $1 and l.result_version < $2)
       and t.state in ('accepted', 'won', 'lost', 'void')
     limit $3 for update of t skip locked`,
    [eventId, version, limit],
  );
}

export async function anyLegsWaiting(db: Queryable, eventId: number, version: number) {
  const rows = await db.query(
    `select 1 from sportsbook_legs l join sportsbook_tickets t on t.id = l.ticket_id
     where l.event_id = $1 and l.result_version < $2 and t.state <> 'refused' limit 1`,
    [eventId, version],
  );
  return rows.length > 0;
}

export async function setLegOutcomes(
  tx: Queryable,
  legs: { ticketId: bigint; leg: number; outcome: string; version: number }[],
) {
  if (legs.length === 0) return;
  await tx.query(
    `update sportsbook_legs l set outcome = v.outcome, result_version = v.version
     from jsonb_to_recordset($1::jsonb) as v(ticket_id text, leg int, outcome text, version int)
     where l.ticket_id = v.ticket_id::bigint and l.leg = v.leg`,
    [
      JSON.stringify(
        legs.map((leg) => ({
          ticket_id: leg.ticketId.toString(),
          leg: leg.leg,
          outcome: leg.outcome,
          version: leg.version,
        })),
      ),
    ],
  );
}

export async function settleTickets(
  tx: Queryable,
  settled: { id: bigint; state: string; payout: bigint; settledOn: string }[],
  now: Date,
) {
  if (settled.length === 0) return;
  await tx.query(
    `update sportsbook_tickets t set state = v.state, payout = v.payout::bigint, settled_on = v.settled_on, settled_at = $2
     from jsonb_to_recordset($1::jsonb) as v(id text, state text, payout text, settled_on text)
     where t.id = v.id::bigint`,
    [
      JSON.stringify(
        settled.map((row) => ({
          id: row.id.toString(),
          state: row.state,
          payout: row.payout.toString(),
          settled_on: row.settledOn,
        })),
      ),
      now,
    ],
  );
}
