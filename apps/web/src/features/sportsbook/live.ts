import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, SportsbookEventDetail, SportsbookEventListItem } from '@tessera/contract';
import { SPORTSBOOK_KEY } from './queries.ts';

type EventPush = Extract<RealtimeEvent, { type: 'sportsbook.event' }>;

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
