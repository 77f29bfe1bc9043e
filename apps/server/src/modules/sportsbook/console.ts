import {
  type ConsoleSportsbookEventDetail,
  type consoleSportsbookCompetitionInput,
  type consoleSportsbookEventInput,
  type consoleSportsbookMarketInput,
  type consoleSportsbookSportInput,
  type SportsbookResult,
  type SportsbookSettings,
  type sportsbookPricing,
  toMajor,
} from '@tessera/contract';
import { applyMargin, fairPrices, type MarketSpec, selectionsOf, specProblem } from '@tessera/sportsbook';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { publish } from '../../platform/realtime.ts';
import { currencyOf, minorLimit } from '../wallet/settings.ts';
import { publishPrices } from './push.ts';
import { CORRECTION_WINDOW_MS, scheduleSettlement } from './settlement.ts';
import * as store from './store.ts';
import {
  consoleEventView,
  consoleMarketView,
  marketsByEvent,
  pageOf,
  pageWindow,
  ticketViews,
} from './views.ts';

/** The trading side of the book (the console): sports, competitions, events, markets and prices, results. */

export async function consoleSports(deps: AppDeps) {
  return store.sports(deps.db);
}

/**
 * Creates (id null) or edits a sport or a competition, audited: the row before and after; an unknown id is
 * not_found. `write` gives the row written.
 */
function saveListed<Row extends { id: number }, View>(
  deps: AppDeps,
  call: OperatorCall,
  entity: 'sportsbook_sport' | 'sportsbook_competition',
  id: number | null,
  rows: {
    byId: (tx: Transaction, id: number) => Promise<Row | null>;
    write: (tx: Transaction) => Promise<Row | null>;
  },
  view: (row: Row) => View,
) {
  return operatorWrite(deps, call, { entity, action: id ? 'update' : 'create' }, async (tx) => {
    const before = id ? await rows.byId(tx, id) : null;
    if (id && !before) throw new AppError('not_found');
    const row = await rows.write(tx);
    if (!row) throw new AppError('not_found');
    return { entityId: row.id, before, after: row, result: view(row) };
  });
}

export async function saveSport(
  deps: AppDeps,
  call: OperatorCall,
  id: number | null,
  input: z.output<typeof consoleSportsbookSportInput>,
) {
  return saveListed(
    deps,
    call,
    'sportsbook_sport',
    id,
    { byId: store.sportById, write: (tx) => store.upsertSport(tx, id, input) },
    (row) => row,
  );
}

const competitionView = (row: store.CompetitionDb) => ({
  id: row.id,
  sportId: row.sport_id,
  name: row.name,
  enabled: row.enabled,
});

export async function consoleCompetitions(deps: AppDeps, sportId?: number) {
  return (await store.competitions(deps.db, sportId)).map(competitionView);
}

export async function saveCompetition(
  deps: AppDeps,
  call: OperatorCall,
  id: number | null,
  input: z.output<typeof consoleSportsbookCompetitionInput>,
) {
  return saveListed(
    deps,
    call,
    'sportsbook_competition',
    id,
    {
      byId: store.competitionById,
      write: async (tx) => {
        if (!(await store.sportById(tx, input.sportId)))
          throw new AppError('not_found', { sportId: 'not_found' });
        return store.upsertCompetition(tx, id, {
          sport_id: input.sportId,
          name: input.name,
          enabled: input.enabled,
        });
      },
    },
    competitionView,
  );
}

export async function consoleEvents(
  deps: AppDeps,
  query: {
    competitionId?: number | undefined;
    status?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.consoleEvents(deps.db, {
    competitionId: query.competitionId,
    status: query.status,
    ...pageWindow(query),
  });
  return pageOf(
    query,
    rows.map((row) => consoleEventView(row, row, currency)),
    total,
  );
}

export async function consoleEvent(deps: AppDeps, id: number): Promise<ConsoleSportsbookEventDetail> {
  const event = await store.eventById(deps.db, id);
  if (!event) throw new AppError('sportsbook_event_not_found');
  const currency = await currencyOf(deps);
  const markets = (await marketsByEvent(deps.db, [id])).get(id) ?? [];
  return {
    ...consoleEventView(event, await store.eventTotals(deps.db, id), currency),
    markets: markets.map(({ market, selections }) => consoleMarketView(market, selections, currency)),
  };
}

async function heldEvent(tx: Transaction, id: number) {
  const event = await store.eventById(tx, id, true);
  if (!event) throw new AppError('sportsbook_event_not_found');
  return event;
}

export async function createEvent(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof consoleSportsbookEventInput>,
) {
  const id = await operatorWrite(deps, call, { entity: 'sportsbook_event', action: 'create' }, async (tx) => {
    if (!(await store.competitionById(tx, input.competitionId)))
      throw new AppError('not_found', { competitionId: 'not_found' });
    const created = await store.insertEvent(tx, eventRow(input, 'manual', null), call.now);
    return { entityId: created, before: null, after: input, result: created };
  });
  return consoleEvent(deps, id);
}

function eventRow(
  input: z.output<typeof consoleSportsbookEventInput>,
  source: store.EventDb['source'],
  externalRef: string | null,
): store.NewEvent {
  return {
    competitionId: input.competitionId,
    home: input.home,
    away: input.away,
    startsAt: new Date(input.startsAt),
    homeRating: input.homeRating ?? null,
    awayRating: input.awayRating ?? null,
    source,
    externalRef,
  };
}

/** Edits an event; a postponed one given a new start within 48 hours of its old one is scheduled again. */
export async function updateEvent(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: z.output<typeof consoleSportsbookEventInput>,
) {
  await operatorWrite(deps, call, { entity: 'sportsbook_event', action: 'update' }, async (tx) => {
    const before = await heldEvent(tx, id);
    if (!['scheduled', 'postponed', 'live'].includes(before.status))
      throw new AppError('sportsbook_status_invalid');
    if (!(await store.competitionById(tx, input.competitionId)))
      throw new AppError('not_found', { competitionId: 'not_found' });
    const row = eventRow(input, before.source, before.external_ref);
    await store.updateEvent(tx, id, row, call.now);
    if (
      before.status === 'postponed' &&
      before.postponed_from &&
      row.startsAt.getTime() !== before.starts_at.getTime()
    ) {
      await store.setEventStatus(tx, id, 'scheduled', call.now);
    }
    return { entityId: id, before: eventAudit(before), after: input, result: null };
  });
  return consoleEvent(deps, id);
}

const eventAudit = (event: store.EventDb) => ({
  competitionId: event.competition_id,
  home: event.home,
  away: event.away,
  startsAt: event.starts_at.toISOString(),
  status: event.status,
});

/** The moves an operator may make from each status. */
const MOVES: Record<string, string[]> = {
  scheduled: ['live', 'postponed', 'abandoned', 'cancelled'],
  live: ['ended', 'abandoned', 'postponed'],
  postponed: ['scheduled', 'live', 'cancelled'],
  ended: [],
  settled: [],
  abandoned: [],
  cancelled: [],
};

/**
 * scheduled → live → ended, or postponed (void unless played within 48 hours), abandoned or cancelled (void: every
 * leg on it settles at 1.00). Ending closes its markets until the result is confirmed.
 */
export async function setEventStatus(deps: AppDeps, call: OperatorCall, id: number, status: string) {
  await operatorWrite(deps, call, { entity: 'sportsbook_event', action: `status_${status}` }, async (tx) => {
    const event = await heldEvent(tx, id);
    if (!MOVES[event.status]?.includes(status)) throw new AppError('sportsbook_status_invalid');
    await moveEvent(tx, event, status, call.now);
    return { entityId: id, before: { status: event.status }, after: { status }, result: null };
  });
  return consoleEvent(deps, id);
}

/** Moves a held event to a status (the console's and the feeds' one way). */
export async function moveEvent(tx: Transaction, event: store.EventDb, status: string, now: Date) {
  if (status === 'abandoned' || status === 'cancelled') {
    await store.voidEvent(tx, event.id, status, now);
    await scheduleSettlement(tx, event.id, now);
  } else {
    await store.setEventStatus(tx, event.id, status, now, {
      ...(status === 'postponed' ? { postponedFrom: event.postponed_from ?? event.starts_at } : {}),
      ...(status === 'live' ? { postponedFrom: null } : {}),
    });
    if (status === 'ended') await store.closeMarketsOf(tx, event.id);
  }
  await publish(tx, {
    type: 'sportsbook.event',
    eventId: event.id,
    status,
    score: event.score,
    minute: event.minute,
  });
}

export async function setEventSuspended(deps: AppDeps, call: OperatorCall, id: number, suspended: boolean) {
  await operatorWrite(
    deps,
    call,
    { entity: 'sportsbook_event', action: suspended ? 'suspend' : 'resume' },
    async (tx) => {
      const event = await heldEvent(tx, id);
      await store.setEventSuspended(tx, id, suspended, call.now);
      await publishPrices(tx, id, null, false);
      return { entityId: id, before: { suspended: event.suspended }, after: { suspended }, result: null };
    },
  );
  return consoleEvent(deps, id);
}

type Pricing = z.output<typeof sportsbookPricing>;

/**
 * A market's prices from the operator's fair prices (one per selection) or from the goals model (the event's
 * ratings), with the margin applied to their probabilities (packages/sportsbook applyMargin).
 */
function pricesOf(spec: MarketSpec, pricing: Pricing, event: store.EventDb) {
  const codes = selectionsOf(spec);
  let fair: Record<string, number>;
  if (pricing.fair) {
    fair = pricing.fair;
    if (codes.length !== Object.keys(fair).length || codes.some((code) => !(code in fair)))
      throw new AppError('sportsbook_market_invalid', { fair: 'invalid_value' });
  } else if (pricing.fromModel && event.home_rating !== null && event.away_rating !== null) {
    fair = fairPrices(spec, { homeGoals: event.home_rating, awayGoals: event.away_rating });
  } else {
    throw new AppError('sportsbook_market_invalid', { fair: 'required' });
  }
  const prices = applyMargin(
    codes.map((code) => 1 / (fair[code] as number)),
    pricing.margin,
  );
  return codes.map((code, index) => ({
    code,
    price: prices[index] as number,
    fair: Math.round((fair[code] as number) * 1000) / 1000,
  }));
}

function checkedSpec(
  kind: 'football' | 'esports',
  input: { type: string; period: 'ft' | 'h1'; line?: number | undefined; map?: number | undefined },
): MarketSpec {
  const spec: MarketSpec = {
    type: input.type as MarketSpec['type'],
    period: input.period,
    ...(input.line === undefined ? {} : { line: input.line }),
    ...(input.map === undefined ? {} : { map: input.map }),
  };
  const esports = ['winner', 'map_handicap', 'total_maps', 'map_winner'].includes(spec.type);
  if (esports !== (kind === 'esports') || specProblem(spec) !== null)
    throw new AppError('sportsbook_market_invalid');
  return spec;
}

/** Writes a new market of a held event with its prices (in the caller's transaction); the market's id. */
export async function addMarket(
  tx: Queryable,
  event: store.EventDb,
  spec: MarketSpec,
  pricing: Pricing,
  liabilityLimit: bigint | null,
  sort: number,
) {
  const prices = pricesOf(spec, pricing, event);
  const marketId = await store.insertMarket(tx, {
    eventId: event.id,
    type: spec.type,
    period: spec.period,
    line: spec.line ?? null,
    map: spec.map ?? null,
    margin: pricing.margin,
    liabilityLimit,
    sort,
  });
  if (marketId === null) throw new AppError('sportsbook_market_invalid', { type: 'duplicate' });
  for (const price of prices) await store.setPrice(tx, marketId, price.code, price.price, price.fair);
  return marketId;
}

export async function createMarket(
  deps: AppDeps,
  call: OperatorCall,
  eventId: number,
  input: z.output<typeof consoleSportsbookMarketInput>,
) {
  const currency = await currencyOf(deps);
  await operatorWrite(deps, call, { entity: 'sportsbook_market', action: 'create' }, async (tx) => {
    const event = await heldEvent(tx, eventId);
    if (!['scheduled', 'live', 'postponed'].includes(event.status))
      throw new AppError('sportsbook_status_invalid');
    const spec = checkedSpec(event.kind, input);
    const limit = input.liabilityLimit == null ? null : minorLimit(input.liabilityLimit, currency);
    const id = await addMarket(tx, event, spec, input, limit, 0);
    return { entityId: id, before: null, after: input, result: id };
  });
  return consoleEvent(deps, eventId);
}

/** New prices for a market: each selection whose price changed gets a new version. */
export async function priceMarket(
  deps: AppDeps,
  call: OperatorCall,
  marketId: number,
  input: Pricing & { liabilityLimit?: number | null | undefined },
) {
  const currency = await currencyOf(deps);
  const eventId = await operatorWrite(
    deps,
    call,
    { entity: 'sportsbook_market', action: 'price' },
    async (tx) => {
      const market = await store.marketById(tx, marketId, true);
      if (!market) throw new AppError('sportsbook_market_not_found');
      const event = await heldEvent(tx, market.event_id);
      if (!['open', 'suspended'].includes(market.state)) throw new AppError('sportsbook_market_closed');
      const spec = checkedSpec(event.kind, {
        type: market.type,
        period: market.period,
        line: market.line ?? undefined,
        map: market.map ?? undefined,
      });
      const prices = pricesOf(spec, input, event);
      const limit =
        input.liabilityLimit === undefined
          ? undefined
          : input.liabilityLimit === null
            ? null
            : minorLimit(input.liabilityLimit, currency);
      await store.setMarketPricing(tx, marketId, input.margin, limit);
      for (const price of prices) await store.setPrice(tx, marketId, price.code, price.price, price.fair);
      await publishPrices(tx, market.event_id, [marketId], true);
      return { entityId: marketId, before: { margin: market.margin }, after: input, result: market.event_id };
    },
  );
  return consoleEvent(deps, eventId);
}

export async function setMarketSuspended(
  deps: AppDeps,
  call: OperatorCall,
  marketId: number,
  suspended: boolean,
) {
  const eventId = await operatorWrite(
    deps,
    call,
    { entity: 'sportsbook_market', action: suspended ? 'suspend' : 'resume' },
    async (tx) => {
      const market = await store.marketById(tx, marketId, true);
      if (!market) throw new AppError('sportsbook_market_not_found');
      if (!['open', 'suspended'].includes(market.state)) throw new AppError('sportsbook_market_closed');
      await store.setMarketState(
        tx,
        marketId,
        suspended ? 'suspended' : 'open',
        suspended ? 'operator' : null,
      );
      await publishPrices(tx, market.event_id, [marketId], false);
      return {
        entityId: marketId,
        before: { state: market.state },
        after: { state: suspended ? 'suspended' : 'open' },
        result: market.event_id,
      };
    },
  );
  return consoleEvent(deps, eventId);
}

function checkedResult(event: store.EventDb, result: SportsbookResult): store.ResultJson {
  if (event.kind === 'esports') {
    const maps = result.maps ?? [];
    const won = maps.reduce((sum, map) => ({ home: sum.home + map.home, away: sum.away + map.away }), {
      home: 0,
      away: 0,
    });
    if (
      maps.some((map) => map.home + map.away !== 1) ||
      won.home !== result.ft.home ||
      won.away !== result.ft.away
    )
      throw new AppError('bad_request', { maps: 'invalid_value' });
    return { ft: result.ft, maps };
  }
  if (!result.h1 || result.h1.home > result.ft.home || result.h1.away > result.ft.away)
    throw new AppError('bad_request', { h1: 'invalid_value' });
  return { ft: result.ft, h1: result.h1 };
}

/** Two results alike score by score (the stored one's keys come back in the database's order). */
const canonical = (result: store.ResultJson) =>
  [result.ft, result.h1, ...(result.maps ?? [])]
    .map((score) => (score ? `${score.home}:${score.away}` : '-'))
    .join(' ');
const sameResult = (a: store.ResultJson, b: store.ResultJson) => canonical(a) === canonical(b);

/**
 * An event takes a result once ended (or live: ending it), or, settled less than 24 hours ago, a correction; not
 * while another waits for confirmation by a different operator.
 */
function assertTakesResult(event: store.EventDb, now: Date) {
  if (event.status === 'settled' || (event.status === 'ended' && event.settled_at)) {
    if (event.settled_at && now.getTime() - event.settled_at.getTime() > CORRECTION_WINDOW_MS)
      throw new AppError('sportsbook_result_locked');
    return;
  }
  if (event.status !== 'ended' && event.status !== 'live')
    throw new AppError('sportsbook_result_not_expected');
}

/** First operator: enters a result (or a correction), which waits for a second operator's confirmation. */
export async function enterResult(deps: AppDeps, call: OperatorCall, id: number, result: SportsbookResult) {
  const operatorId = asOperator(call.caller).operatorId;
  await operatorWrite(deps, call, { entity: 'sportsbook_event', action: 'enter_result' }, async (tx) => {
    const event = await heldEvent(tx, id);
    assertTakesResult(event, call.now);
    if (event.entered_result) throw new AppError('sportsbook_result_not_expected');
    const checked = checkedResult(event, result);
    await store.setEntered(tx, id, { result: checked, by: operatorId }, call.now);
    return { entityId: id, before: { result: event.result }, after: { entered: checked }, result: null };
  });
  return consoleEvent(deps, id);
}

/**
 * Second operator: types the same result again. It becomes the event's result (a new version: a correction
 * re-settles), its markets close, and the settlement job is queued.
 */
export async function confirmResult(deps: AppDeps, call: OperatorCall, id: number, result: SportsbookResult) {
  const operatorId = asOperator(call.caller).operatorId;
  await operatorWrite(deps, call, { entity: 'sportsbook_event', action: 'confirm_result' }, async (tx) => {
    const event = await heldEvent(tx, id);
    if (!event.entered_result) throw new AppError('sportsbook_result_not_expected');
    assertTakesResult(event, call.now);
    if (event.entered_by === operatorId) throw new AppError('sportsbook_result_needs_second_operator');
    const checked = checkedResult(event, result);
    if (!sameResult(event.entered_result, checked)) throw new AppError('sportsbook_result_mismatch');
    await takeResult(tx, event, checked, operatorId, call.now);
    return { entityId: id, before: { result: event.result }, after: { result: checked }, result: null };
  });
  return consoleEvent(deps, id);
}

/** Takes a confirmed result (the console's, or an imported one) in the caller's transaction, and queues settlement. */
async function takeResult(
  tx: Transaction,
  event: store.EventDb,
  result: store.ResultJson,
  by: number | null,
  now: Date,
) {
  await store.takeResult(tx, event.id, result, by, now);
  await store.closeMarketsOf(tx, event.id);
  await scheduleSettlement(tx, event.id, now);
  await publish(tx, {
    type: 'sportsbook.event',
    eventId: event.id,
    status: 'ended',
    score: result.ft,
    minute: null,
  });
}

export async function settingsView(deps: AppDeps): Promise<SportsbookSettings> {
  const row = await store.settings(deps.db);
  const { digits } = await currencyOf(deps);
  return {
    minStake: toMajor(row.min_stake, digits),
    maxStakePerSelection: toMajor(row.max_stake_per_selection, digits),
    maxPayoutPerTicket: toMajor(row.max_payout_per_ticket, digits),
    liabilityPerMarket: toMajor(row.liability_per_market, digits),
    liveDelaySeconds: row.live_delay_seconds,
    defaultMargin: row.default_margin,
    feed: row.feed,
    openfootballSource: row.openfootball_source,
  };
}

export async function saveSettings(deps: AppDeps, call: OperatorCall, input: SportsbookSettings) {
  const currency = await currencyOf(deps);
  const minor = (major: number, field: string) => {
    const value = minorLimit(Math.max(major, 0), currency);
    if (value <= 0n) throw new AppError('validation_failed', { [field]: 'too_small' });
    return value;
  };
  const row: store.SettingsDb = {
    min_stake: minor(input.minStake, 'minStake'),
    max_stake_per_selection: minor(input.maxStakePerSelection, 'maxStakePerSelection'),
    max_payout_per_ticket: minor(input.maxPayoutPerTicket, 'maxPayoutPerTicket'),
    liability_per_market: minor(input.liabilityPerMarket, 'liabilityPerMarket'),
    live_delay_seconds: input.liveDelaySeconds,
    default_margin: input.defaultMargin,
    feed: input.feed,
    openfootball_source: input.openfootballSource,
  };
  if (row.min_stake > row.max_stake_per_selection)
    throw new AppError('validation_failed', { minStake: 'invalid_value' });
  const before = await settingsView(deps);
  await operatorWrite(deps, call, { entity: 'sportsbook_settings', action: 'update' }, async (tx) => {
    await store.saveSettings(tx, row, call.now);
    return { entityId: 1, before, after: input, result: null };
  });
  return settingsView(deps);
}

export async function consoleTickets(
  deps: AppDeps,
  query: {
    eventId?: number | undefined;
    state?: string | undefined;
    username?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.tickets(deps.db, {
    eventId: query.eventId,
    state: query.state,
    username: query.username,
    ...pageWindow(query),
  });
  const views = await ticketViews(deps.db, rows, currency);
  return pageOf(
    query,
    views.map((view, index) => ({
      ...view,
      memberId: rows[index]?.member_id as number,
      username: rows[index]?.username as string,
    })),
    total,
  );
}
