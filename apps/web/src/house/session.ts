import { ApiError, createClient } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../app/endpoints.ts';
import { session } from '../lib/storage.ts';
import { siteLanguage } from './i18n.ts';

/**
 * The frame's game session. The launch put a one-time id in the URL's fragment; the frame exchanges it for the
 * session's token, keeps the token in memory (and in this tab's session storage, so that reloading the frame keeps
 * playing), and takes the id out of the address. The token is the game session's, never the member's site token.
 */

export interface FrameSession {
  token: string;
  lobbyUrl: string;
  expiresAt: string;
}

const storageKey = () => `house-frame:${window.location.pathname}`;

let current: FrameSession | null = null;

export const api = createClient({ token: () => current?.token ?? null, language: siteLanguage });

export async function openSession(): Promise<FrameSession | null> {
  const launch = window.location.hash.slice(1);
  if (launch) {
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    try {
      const opened = await api(endpoints.openSession, { body: { launch } });
      current = { token: opened.token, lobbyUrl: opened.lobbyUrl, expiresAt: opened.expiresAt };
      session.set(storageKey(), JSON.stringify(current));
      return current;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.code === 'network_error') throw error;
    }
  }
  const stored = session.get(storageKey());
  if (!stored) return null;
  try {
    // Whether it is still live is the server's to say (the device's clock may be off).
    current = JSON.parse(stored) as FrameSession;
    return current;
  } catch {
    return null;
  }
}

/**
 * The session of the game page at `path` (a /house/… path), which opened the verification page in the same frame:
 * the verification page reads the member's rounds with it. Null when that page holds none (a visitor).
 */
export function sessionOf(path: string): FrameSession | null {
  if (!/^\/house\/[a-z]+\/[a-z0-9-]+$/.test(path)) return null;
  const stored = session.get(`house-frame:${path}`);
  if (!stored) return null;
  try {
    current = JSON.parse(stored) as FrameSession;
    return current;
  } catch {
    return null;
  }
}

/** Forgets the session (the server ended it). */
export function endSession(): void {
  current = null;
  session.remove(storageKey());
}
