import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, SportsbookEventDetail, SportsbookEventListItem } from '@tessera/contract';
import { SPORTSBOOK_KEY } from './queries.ts';

type EventPush = Extract<RealtimeEvent, { type: 'sportsbook.event' }>;
type PricesPush = Extract<RealtimeEvent, { type: 'sportsbook.prices' }>;

/**
 * A push over /ws about one event (its live score, minute or status): the lists and the event's page show it at
 * once. A new status (kick-off, the end, a result settled, a suspension) can change what is on sale and the
 * member's tickets, so those are asked again.
 */
export function applyEventPush(
  queryClient: QueryClient,
  push: EventPush,
  ticketsKey: readonly unknown[],
): void {
  let statusChanged = false;
  const patch = <T extends SportsbookEventListItem | SportsbookEventDetail>(event: T): T => {
    if (event.id !== push.eventId) return event;
    if (event.status !== push.status) statusChanged = true;
    return {
      ...event,
      status: push.status as T['status'],
      score: push.score,
      minute: push.minute,
    };
  };
  queryClient.setQueriesData<SportsbookEventListItem[]>({ queryKey: [...SPORTSBOOK_KEY, 'events'] }, (list) =>
    list?.map(patch),
  );
  queryClient.setQueryData<SportsbookEventDetail>([...SPORTSBOOK_KEY, 'event', push.eventId], (event) =>
    event ? patch(event) : event,
  );
  if (statusChanged) {
    void queryClient.invalidateQueries({ queryKey: SPORTSBOOK_KEY });
    void queryClient.invalidateQueries({ queryKey: ticketsKey });
  }
}

/**
 * A push over /ws of an event's markets re-priced, suspended or resumed: the lists and the event's page take each
 * market's state and new prices at once. The slip reads the event's page (useSlipPrices), so a price that moved under
 * a leg shows beside the one the member picked before the bet goes.
 */
export function applyPricesPush(queryClient: QueryClient, push: PricesPush): void {
  const changes = new Map(push.markets.map((market) => [market.id, market]));
  const patch = <T extends SportsbookEventListItem | SportsbookEventDetail>(event: T): T => {
    if (event.id !== push.eventId) return event;
    return {
      ...event,
      markets: event.markets.map((market) => {
        const change = changes.get(market.id);
        if (!change) return market;
        const prices = new Map(change.selections?.map((selection) => [selection.id, selection]));
        return {
          ...market,
          state: change.state,
          selections: market.selections.map((selection) => {
            const fresh = prices.get(selection.id);
            return fresh ? { ...selection, price: fresh.price, version: fresh.version } : selection;
          }),
        };
      }),
    };
  };
  queryClient.setQueriesData<SportsbookEventListItem[]>({ queryKey: [...SPORTSBOOK_KEY, 'events'] }, (list) =>
    list?.map(patch),
  );
  queryClient.setQueryData<SportsbookEventDetail>([...SPORTSBOOK_KEY, 'event', push.eventId], (event) =>
    event ? patch(event) : event,
  );
}
