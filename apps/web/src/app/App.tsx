import { QueryClientProvider } from '@tanstack/react-query';
import { openAuthModal } from '../features/auth/authModal.ts';
import { loadMemberInfo } from '../features/auth/member.ts';
import { keepUrlCodes } from '../features/auth/urlCodes.ts';
import { useRealtimeRefresh } from '../features/realtime/useRealtimeRefresh.ts';
import { currentCountryQuery, whitelabelQuery } from '../features/site/queries.ts';
import { useBookPreferences } from '../features/sportsbook/preferences.ts';
import { systemStatusQuery } from '../features/system-status/queries.ts';
import { prefetchFirstScreen } from './firstScreen.ts';
import { queryClient } from './queryClient.ts';
import { SiteRouter } from './router.tsx';
import { SystemStatusGate } from './SystemStatusGate.tsx';
import { onSessionFromOtherTab } from './session.ts';

/**
 * Listens to /ws for as long as the app is open, whatever the system status; and keeps the book's odds format on the
 * member's account.
 */
function RealtimeRefresh() {
  useRealtimeRefresh();
  useBookPreferences();
  return null;
}

// The gate waits for the status, and the guard and the header need the whitelabel: both are asked for as the code
// starts, not once the strings have loaded and the gate is drawn.
void queryClient.prefetchQuery(systemStatusQuery);
void queryClient.prefetchQuery(whitelabelQuery);
prefetchFirstScreen(window.location);

// §4 startup: the country code, and the member info when a token exists. A password that must be changed
// (an operator asked for it) brings back the change-password modal after a reload.
void queryClient.prefetchQuery(currentCountryQuery);
keepUrlCodes(window.location.search);
loadMemberInfo(queryClient).then(
  (info) => {
    if (info?.mustChangePassword) openAuthModal('changePassword', { forced: true });
  },
  () => {
    // A refused token has ended the session (app/api.ts); anything else leaves the header as it is.
  },
);

onSessionFromOtherTab(() => {
  loadMemberInfo(queryClient).catch(() => {
    // As at startup: a refused token has ended the session.
  });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeRefresh />
      <SystemStatusGate>
        <SiteRouter />
      </SystemStatusGate>
    </QueryClientProvider>
  );
}
