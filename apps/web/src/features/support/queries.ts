import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { supportEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { accountKind } from '../auth/gate.ts';

/** The key prefix of the member's customer-service chat (the token in it: members never share an entry). */
export const supportKey = (token: string | null) => ['member', token, 'support'] as const;

/** The member's chat: the latest conversation, business hours and the unread count; /ws pushes keep it fresh. */
export const supportChatQuery = (token: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...supportKey(token), 'chat'],
    queryFn: ({ signal }) => api(supportEndpoints.chat, { signal }),
    enabled: token !== null && enabled,
  });

/** Unread customer-service replies of a real member (the right bar's badge). */
export function useSupportUnread(): number {
  const session = useSession();
  const real = accountKind(session) === 'member' || accountKind(session) === 'agent';
  const { data } = useQuery(supportChatQuery(session.token, real));
  return real ? (data?.unread ?? 0) : 0;
}
