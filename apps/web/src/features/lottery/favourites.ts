import { useSyncExternalStore } from 'react';
import { useSession } from '../../app/session.ts';
import { local } from '../../lib/storage.ts';

/**
 * Favourite lottery games, kept in this browser per member (the key names the user name); a visitor has none. The
 * stored value is a JSON list of game codes.
 */

const keyOf = (username: string) => `lotteryFavourites:${username}`;
const listeners = new Set<() => void>();
const cache = new Map<string, readonly string[]>();

function read(username: string): readonly string[] {
  const cached = cache.get(username);
  if (cached) return cached;
  let codes: string[] = [];
  try {
    const parsed: unknown = JSON.parse(local.get(keyOf(username)) ?? '[]');
    if (Array.isArray(parsed)) codes = parsed.filter((code): code is string => typeof code === 'string');
  } catch {
    // A value this site did not write: no favourites.
  }
  cache.set(username, codes);
  return codes;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(keyOf(''))) {
      cache.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const NONE: readonly string[] = [];

/** The member's favourite game codes and a toggle; null toggle for a visitor. */
export function useLotteryFavourites(): {
  favourites: ReadonlySet<string>;
  toggle: ((gameId: string) => void) | null;
} {
  const { username } = useSession();
  const codes = useSyncExternalStore(subscribe, () => (username ? read(username) : NONE));
  if (!username) return { favourites: new Set(), toggle: null };
  return {
    favourites: new Set(codes),
    toggle: (gameId) => {
      const current = read(username);
      const next = current.includes(gameId)
        ? current.filter((code) => code !== gameId)
        : [...current, gameId];
      local.set(keyOf(username), JSON.stringify(next));
      cache.set(username, next);
      for (const listener of listeners) listener();
    },
  };
}
