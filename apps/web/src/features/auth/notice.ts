import { useSyncExternalStore } from 'react';

/** A passing message at the top of the page: the welcome after a login (§4, with the previous login time) or a note. */
export type AuthNotice =
  | {
      kind: 'welcome';
      name: string;
      firstTime: boolean;
      previousLoginAt: string | null;
      previousLoginIp: string | null;
    }
  | { kind: 'passwordChanged' };

let current: AuthNotice | null = null;
const listeners = new Set<() => void>();

export function showNotice(notice: AuthNotice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotice(): AuthNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
