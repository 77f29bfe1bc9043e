import type {
  ChatFollowLeg,
  SportsbookEventDetail,
  SportsbookEventListItem,
  SportsbookPreferences,
  SportsbookSport,
} from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import * as store from './store.ts';
import { eventSummary, mainMarkets, marketsByEvent, marketView } from './views.ts';

/** The player site's book: sports with their competitions on sale, events with their markets. */

/** Sports with their competitions on sale, each named in the reader's language (English where it has none). */
export async function sportsOnSale(
  deps: AppDeps,
  kind: string | undefined,
  language: string,
): Promise<SportsbookSport[]> {
  const sports = (await store.sports(deps.db, true)).filter((sport) => !kind || sport.kind === kind);
  const competitions = await store.competitionsOnSale(deps.db, kind ?? null);
  return sports
    .map((sport) => ({
      id: sport.id,
      kind: sport.kind,
      name: (language === 'VI' || language === 'CN' ? sport.names[language] : '') || sport.name,
      competitions: competitions
        .filter((competition) => competition.sport_id === sport.id)
        .map(({ id, name, events }) => ({ id, name, events })),
    }))
    .filter((sport) => sport.competitions.length > 0);
}

/** Markets a member may see: not void or settled ones. */
const shown = (market: store.MarketDb) => market.state === 'open' || market.state === 'suspended';

export async function eventsOnSale(
  deps: AppDeps,
  filter: {
    kind?: string | undefined;
    sportId?: number | undefined;
    competitionId?: number | undefined;
    when?: string | undefined;
  },
): Promise<SportsbookEventListItem[]> {
  const events = await store.eventsOnSale(deps.db, filter);
  const markets = await marketsByEvent(
    deps.db,
    events.map((event) => event.id),
  );
  return events.map((event) => ({
    ...eventSummary(event),
    markets: mainMarkets(
      (markets.get(event.id) ?? [])
        .filter(({ market }) => shown(market))
        .map(({ market, selections }) => withEventState(event, marketView(market, selections))),
    ),
  }));
}

/** A suspended event shows its markets suspended. */
function withEventState<T extends { state: string }>(event: store.EventDb, market: T): T {
  return event.suspended && market.state === 'open' ? { ...market, state: 'suspended' } : market;
}

export async function eventDetail(deps: AppDeps, id: number): Promise<SportsbookEventDetail> {
  const event = await store.eventById(deps.db, id);
  if (!event) throw new AppError('sportsbook_event_not_found');
  const markets = (await marketsByEvent(deps.db, [id])).get(id) ?? [];
  return {
    ...eventSummary(event),
    markets: markets
      .filter(({ market }) => shown(market) || event.status !== 'scheduled')
      .map(({ market, selections }) => withEventState(event, marketView(market, selections))),
    result: event.result,
  };
}

/** The member's odds format and price-change choice, or null before the member saved one. */
export async function memberPreferences(
  deps: AppDeps,
  memberId: number,
): Promise<SportsbookPreferences | null> {
  const row = await store.preferences(deps.db, memberId);
  return row && { oddsFormat: row.odds_format, acceptChanges: row.accept_changes };
}

export async function saveMemberPreferences(
  deps: AppDeps,
  memberId: number,
  value: SportsbookPreferences,
  now: Date,
): Promise<SportsbookPreferences> {
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.savePreferences(
      tx,
      memberId,
      { odds_format: value.oddsFormat, accept_changes: value.acceptChanges },
      now,
    ),
  );
  return value;
}

/**
 * Selections of bets as they stand now (a shared bet card followed into the slip): open at today's price while its
 * market is open on an event not over; suspended while the market or its event is; closed otherwise (settled, void,
 * or the event over). Keyed by selection id; a selection of no event answers nothing.
 */
export async function selectionsNow(
  deps: AppDeps,
  picks: readonly { selectionId: number; eventId: number }[],
): Promise<Map<number, Pick<ChatFollowLeg, 'status' | 'price' | 'priceVersion' | 'live'>>> {
  const found = new Map<number, Pick<ChatFollowLeg, 'status' | 'price' | 'priceVersion' | 'live'>>();
  for (const eventId of new Set(picks.map((pick) => pick.eventId))) {
    const event = await store.eventById(deps.db, eventId);
    if (!event) continue;
    const summary = eventSummary(event);
    const over = summary.status !== 'scheduled' && summary.status !== 'live';
    for (const { market, selections } of (await marketsByEvent(deps.db, [eventId])).get(eventId) ?? []) {
      const { state } = withEventState(event, marketView(market, selections));
      for (const selection of selections) {
        const status = over || (state !== 'open' && state !== 'suspended') ? 'closed' : state;
        found.set(selection.id, {
          status,
          price: selection.price,
          priceVersion: selection.version,
          live: summary.inPlay,
        });
      }
    }
  }
  return found;
}
