import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useRealtimeRefresh } from '../features/realtime/useRealtimeRefresh.ts';
import { whitelabelQuery } from '../features/site/queries.ts';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { SystemStatusGate } from './SystemStatusGate.tsx';

/** Listens to /ws for as long as the app is open, whatever the system status. */
function RealtimeRefresh() {
  useRealtimeRefresh();
  return null;
}

// The guard and the header need the whitelabel: ask for it together with the status, not after it.
void queryClient.prefetchQuery(whitelabelQuery);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeRefresh />
      <SystemStatusGate>
        <RouterProvider router={router} />
      </SystemStatusGate>
    </QueryClientProvider>
  );
}
