import type {
  ConsoleSportsbookEvent,
  ConsoleSportsbookMarket,
  SportsbookEventDetail,
  SportsbookMarket,
  SportsbookTicket,
} from '@tessera/contract';
import { toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { Currency } from '../wallet/settings.ts';
import * as store from './store.ts';

/** The sportsbook's rows as the wire shows them: times as ISO text, money in major units. */

interface PageQuery {
  pageNo: number;
  pageSize: number;
}
/** The rows of a page as the store reads them. */
export const pageWindow = (query: PageQuery) => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});
/** A page of a list as the wire shows it. */
export const pageOf = <T>(query: PageQuery, list: T[], total: number) => ({
  list,
  total,
  pageNo: query.pageNo,
  pageSize: query.pageSize,
});

type Market = SportsbookMarket;

export function marketView(market: store.MarketDb, selections: store.SelectionDb[]): Market {
  return {
    id: market.id,
    type: market.type as Market['type'],
    period: market.period,
    line: market.line,
    map: market.map,
    state: market.state as Market['state'],
    selections: selections.map((selection) => ({
      id: selection.id,
      code: selection.code,
      price: selection.price,
      version: selection.version,
    })),
  };
}

export function consoleMarketView(
  market: store.MarketDb,
  selections: store.SelectionDb[],
  currency: Currency,
): ConsoleSportsbookMarket {
  const worst = selections.reduce(
    (max, selection) => (selection.exposure > max ? selection.exposure : max),
    0n,
  );
  const fair = selections.every((selection) => selection.fair !== null)
    ? Object.fromEntries(selections.map((selection) => [selection.code, selection.fair as number]))
    : null;
  return {
    ...marketView(market, selections),
    margin: market.margin,
    fair,
    stake: toMajor(market.stake, currency.digits),
    liability: toMajor(worst - market.stake, currency.digits),
    liabilityLimit: market.liability_limit === null ? null : toMajor(market.liability_limit, currency.digits),
    suspendedReason: market.suspended_reason,
  };
}

/** Markets of events with their selections, per event. */
export async function marketsByEvent(db: Queryable, eventIds: number[]) {
  const markets = eventIds.length ? await store.marketsOf(db, eventIds) : [];
  const selections = markets.length
    ? await store.selectionsOfMarkets(
        db,
        markets.map((market) => market.id),
      )
    : [];
  const byMarket = new Map<number, store.SelectionDb[]>();
  for (const selection of selections) {
    const list = byMarket.get(selection.market_id) ?? [];
    list.push(selection);
    byMarket.set(selection.market_id, list);
  }
  const byEvent = new Map<number, { market: store.MarketDb; selections: store.SelectionDb[] }[]>();
  for (const market of markets) {
    const list = byEvent.get(market.event_id) ?? [];
    list.push({ market, selections: byMarket.get(market.id) ?? [] });
    byEvent.set(market.event_id, list);
  }
  return byEvent;
}

export function eventSummary(event: store.EventDb) {
  return {
    id: event.id,
    sportId: event.sport_id,
    kind: event.kind,
    competitionId: event.competition_id,
    competition: event.competition,
    home: event.home,
    away: event.away,
    startsAt: event.starts_at.toISOString(),
    status: event.status as SportsbookEventDetail['status'],
    score: event.score,
    minute: event.minute,
    inPlay: event.status === 'live',
  };
}

/** The main markets of a list: the match result (1X2 or winner), the first handicap and the first total. */
export function mainMarkets(markets: Market[]): Market[] {
  const ft = markets.filter((market) => market.period === 'ft');
  const pick = (types: string[]) => ft.find((market) => types.includes(market.type));
  return [pick(['1x2', 'winner']), pick(['ah', 'map_handicap']), pick(['ou', 'total_maps'])].filter(
    (market): market is Market => market !== undefined,
  );
}

export function consoleEventView(
  event: store.EventDb,
  totals: { tickets: number; stake: bigint },
  currency: Currency,
): ConsoleSportsbookEvent {
  return {
    ...eventSummary(event),
    homeRating: event.home_rating,
    awayRating: event.away_rating,
    suspended: event.suspended,
    source: event.source,
    result: event.result,
    enteredBy: event.entered_by_name,
    enteredAt: event.entered_at?.toISOString() ?? null,
    confirmedBy: event.confirmed_by_name,
    confirmedAt: event.confirmed_at?.toISOString() ?? null,
    settledAt: event.settled_at?.toISOString() ?? null,
    tickets: totals.tickets,
    stake: toMajor(totals.stake, currency.digits),
  };
}

function ticketView(ticket: store.TicketDb, legs: store.LegDb[], currency: Currency): SportsbookTicket {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    ticketNo: ticket.ticket_no,
    kind: ticket.kind,
    state: ticket.state as SportsbookTicket['state'],
    stake: major(ticket.stake),
    price: ticket.price,
    potentialReturn: major(ticket.potential_return),
    payout: ticket.payout === null ? null : major(ticket.payout),
    live: ticket.live,
    acceptAt: ticket.state === 'pending' ? (ticket.accept_at?.toISOString() ?? null) : null,
    refusedReason: ticket.refused_reason,
    legs: legs.map((leg) => ({
      selectionId: leg.selection_id,
      eventId: leg.event_id,
      event: `${leg.home} – ${leg.away}`,
      home: leg.home,
      away: leg.away,
      startsAt: leg.starts_at.toISOString(),
      marketType: leg.type as SportsbookTicket['legs'][number]['marketType'],
      period: leg.period,
      line: leg.line,
      map: leg.map,
      selection: leg.code,
      price: leg.price,
      outcome: leg.outcome as SportsbookTicket['legs'][number]['outcome'],
    })),
    createdAt: ticket.created_at.toISOString(),
    settledAt: ticket.settled_at?.toISOString() ?? null,
  };
}

/** Tickets with their legs, as the wire shows them. */
export async function ticketViews(db: Queryable, tickets: store.TicketDb[], currency: Currency) {
  const legs = tickets.length
    ? await store.legsOf(
        db,
        tickets.map((ticket) => ticket.id),
      )
    : [];
  return tickets.map((ticket) =>
    ticketView(
      ticket,
      legs.filter((leg) => leg.ticket_id === ticket.id),
      currency,
    ),
  );
}
