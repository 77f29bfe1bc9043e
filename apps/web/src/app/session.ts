import { session } from '../lib/storage.ts';

/** Session storage key of the member's token (§3 session values). */
export const TOKEN_KEY = 'token';

/** The session token, when a member is logged in. */
export function getToken(): string | null {
  return session.get(TOKEN_KEY);
}
