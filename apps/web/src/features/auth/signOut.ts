import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { endSession, getToken } from '../../app/session.ts';

/** The server's logout call (§4 logout, DELETE /wps/session/logout): the token is revoked there. */
async function sendLogout(): Promise<void> {
  if (!getToken()) return;
  await api(accountEndpoints.logout);
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
  queryClient.removeQueries({ queryKey: ['member'] });
  await queryClient.invalidateQueries();
  goHome();
}
