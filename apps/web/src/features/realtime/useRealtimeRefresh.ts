import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession, getToken, useSession } from '../../app/session.ts';
import { connectRealtime, realtimeUrl } from './connection.ts';

/**
 * While the app is open, listens on /ws: `settings.changed` makes every query refetch (status, banners,
 * notices …), and so does a reconnection, since events may have been missed while the socket was down. A login
 * or a logout reconnects, so the server knows the socket's member; a session the server ended (revoked elsewhere,
 * expired) ends here at once.
 */
export function useRealtimeRefresh(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection for each session token
  useEffect(() => {
    const refetchAll = () => void queryClient.invalidateQueries();
    return connectRealtime({
      url: realtimeUrl(),
      token: getToken,
      onSessionEnded: endSession,
      onEvent: (event) => {
        if (event.type === 'settings.changed') refetchAll();
      },
      onResume: refetchAll,
    });
  }, [queryClient, token]);
}
