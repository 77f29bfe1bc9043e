import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../app/session.ts';
import { connectRealtime, realtimeUrl } from './connection.ts';

/**
 * While the app is open, listens on /ws: `settings.changed` makes every query refetch (status, banners,
 * notices …), and so does a reconnection, since events may have been missed while the socket was down.
 */
export function useRealtimeRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchAll = () => void queryClient.invalidateQueries();
    return connectRealtime({
      url: () => realtimeUrl(getToken()),
      onEvent: (event) => {
        if (event.type === 'settings.changed') refetchAll();
      },
      onResume: refetchAll,
    });
  }, [queryClient]);
}
