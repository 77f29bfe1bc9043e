import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { INBOX_READ_FILTERS } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { inboxEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { accountKind } from '../auth/gate.ts';
import { useFlag } from '../auth/queries.ts';

/** The key prefix of everything the inbox shows (the member's token in it, so members never share an entry). */
export const inboxKey = (token: string | null) => ['member', token, 'inbox'] as const;

/** The member's unread messages (CSP_unreadCount); the /ws push writes into it (useRealtimeRefresh). */
export const unreadQuery = (token: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...inboxKey(token), 'unread'],
    queryFn: async ({ signal }) => (await api(inboxEndpoints.unreadCount, { signal })).unReadCount,
    enabled: token !== null && enabled,
  });

export interface InboxFilter {
  status: (typeof INBOX_READ_FILTERS)[number];
  pageNo: number;
  pageSize: number;
}

export const inboxQuery = (token: string | null, filter: InboxFilter) =>
  queryOptions({
    queryKey: [...inboxKey(token), 'list', filter],
    queryFn: ({ signal }) => api(inboxEndpoints.inbox, { query: filter, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/**
 * What the member-centre badges count (§9): available promotions plus unread messages. Promotions do not exist
 * yet: `promotions` stays 0 until the promotions work gives its count here, and `total` adds it.
 */
export function useUnreadBadge(): { messages: number; promotions: number; total: number } {
  const session = useSession();
  const inbox = useFlag('MAILCENTER3') && accountKind(session) !== 'trial';
  const { data: messages = 0 } = useQuery(unreadQuery(session.token, inbox));
  const promotions = 0;
  return { messages: inbox ? messages : 0, promotions, total: (inbox ? messages : 0) + promotions };
}
