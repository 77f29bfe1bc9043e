import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  type ConsoleSportsbookEvent,
  type ConsoleSportsbookEventDetail,
  type ConsoleSportsbookMarket,
  type SportsbookEventStatus,
} from '@tessera/contract';
import type { TFunction } from 'i18next';
import { call } from '../../app/api.ts';

/** What the trading pages share: the competitions, how a market and an event read, the tones of their states. */

export const EVENTS_KEY = [api.events.path];
export const eventKey = (id: number) => [api.event.path, id];

export function useCompetitions() {
  return useQuery({
    queryKey: [api.competitions.path],
    queryFn: ({ signal }) => call(api.competitions, { query: {}, signal }),
  });
}

export function useSports() {
  return useQuery({ queryKey: [api.sports.path], queryFn: ({ signal }) => call(api.sports, { signal }) });
}

/** How buttons and messages name an event: its teams. */
export const eventName = (event: Pick<ConsoleSportsbookEvent, 'home' | 'away'>) =>
  `${event.home} – ${event.away}`;

const SIGNED = new Set(['ah', 'map_handicap']);

/** A handicap with its sign, a total without, in the operator's language. */
function lineText(line: number, language: string, type: string): string {
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: 2,
    signDisplay: SIGNED.has(type) ? 'exceptZero' : 'auto',
  }).format(line);
}

/** A market's name: its type (and map), its period, its line. */
export function marketName(
  t: TFunction,
  market: Pick<ConsoleSportsbookMarket, 'type' | 'period' | 'line' | 'map'>,
  language: string,
): string {
  const type = t(`sportsbook.marketTypes.${market.type}`, { map: market.map ?? 1 });
  const name = market.period === 'h1' ? t('sportsbook.firstHalf', { name: type }) : type;
  return market.line === null ? name : `${name} ${lineText(market.line, language, market.type)}`;
}

/** A selection's code as the operator reads it: the side, or the bundle's word, or a score as it is. */
export function selectionLabel(
  t: TFunction,
  code: string,
  event: Pick<ConsoleSportsbookEvent, 'home' | 'away'>,
) {
  if (code === 'home') return event.home;
  if (code === 'away') return event.away;
  if (/^[0-9]+:[0-9]+$/.test(code)) return code.replace(':', '–');
  return t(`sportsbook.selections.${code}`, { defaultValue: code });
}

/**
 * Where an event stands for the operator: a result entered and not yet confirmed (a first result or a correction)
 * waits for its second operator. Who entered a confirmed result stays on the event, so the confirmation's own marker
 * says which it is.
 */
export type EventStage = SportsbookEventStatus | 'awaiting';

export function eventStage(event: ConsoleSportsbookEvent): EventStage {
  return event.enteredAt !== null && event.confirmedAt === null ? 'awaiting' : event.status;
}

export const STAGE_TONES = {
  scheduled: 'neutral',
  live: 'danger',
  ended: 'warning',
  awaiting: 'accent',
  settled: 'success',
  postponed: 'warning',
  abandoned: 'neutral',
  cancelled: 'neutral',
} as const satisfies Record<EventStage, string>;

export const MARKET_TONES = {
  open: 'success',
  suspended: 'warning',
  closed: 'neutral',
  settled: 'accent',
  void: 'neutral',
} as const satisfies Record<ConsoleSportsbookMarket['state'], string>;

/** A status an operator may move an event to (settled comes from its confirmed result). */
export type EventMove = Exclude<SportsbookEventStatus, 'settled'>;

/** The moves an operator may make from each status (the server's rule, mirrored to offer only those). */
export const MOVES: Record<SportsbookEventStatus, readonly EventMove[]> = {
  scheduled: ['live', 'postponed', 'abandoned', 'cancelled'],
  live: ['ended', 'abandoned', 'postponed'],
  postponed: ['scheduled', 'live', 'cancelled'],
  ended: [],
  settled: [],
  abandoned: [],
  cancelled: [],
};

/** The answer of a trading call is the event as it now is: its page shows it, and the lists are asked again. */
export function useEventChanged(eventId: number) {
  const queryClient = useQueryClient();
  return (event: ConsoleSportsbookEventDetail) => {
    queryClient.setQueryData(eventKey(eventId), event);
    void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
    void queryClient.invalidateQueries({ queryKey: [api.tickets.path] });
  };
}
