import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { INBOX_READ_FILTERS } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { inboxEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { accountKind } from '../auth/gate.ts';
import { useFlag } from '../auth/queries.ts';
import { rewardCountQuery } from '../rewards/queries.ts';

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
 * What the badges count (§9, and the rewards centre): available promotions plus unread messages plus rewards to
 * claim, a sum of its sources. `rewards` is what the rewards centre lists to claim (VIP rewards, manual rebates, and
 * claimable promotions once the promotions area is one of its sources); `promotions` is that count's promotion
 * part, so the header's `total` counts each once. The inbox's menu entry shows `messages`, the rewards centre's
 * `rewards`, the header `total`.
 */
export function useUnreadBadge(): { messages: number; promotions: number; rewards: number; total: number } {
  const session = useSession();
  const real = accountKind(session) !== 'trial';
  const inbox = useFlag('MAILCENTER3') && real;
  const centre = useFlag('REWARDCENTER3') && real;
  const { data: unread = 0 } = useQuery(unreadQuery(session.token, inbox));
  const { data: claimable } = useQuery(rewardCountQuery(session.token, centre));
  const messages = inbox ? unread : 0;
  const rewards = centre ? (claimable?.count ?? 0) : 0;
  const promotions = centre ? (claimable?.sources.promotion ?? 0) : 0;
  return { messages, promotions, rewards, total: messages + rewards };
}
