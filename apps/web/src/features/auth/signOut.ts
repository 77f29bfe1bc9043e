import type { QueryClient } from '@tanstack/react-query';
import { endSession, getToken } from '../../app/session.ts';

/**
 * The server's logout call (§4 logout). The accounts area adds the endpoint; until then there is nothing to
 * send, and signing out ends the session on this side only.
 */
export async function sendLogout(): Promise<void> {
  if (!getToken()) return;
}

/**
 * §4 logout, after the member confirmed (in_sure_logout): send the logout call, clear session storage but
 * the merchant values, forget what was fetched as that member, and return home.
 */
export async function signOut(queryClient: QueryClient, goHome: () => void): Promise<void> {
  try {
    await sendLogout();
  } catch {
    // The session ends on this side whatever the server answers.
  }
  endSession();
  await queryClient.invalidateQueries();
  goHome();
}
