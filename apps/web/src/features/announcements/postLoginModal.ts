import { useSyncExternalStore } from 'react';

let requested = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (value === requested) return;
  requested = value;
  for (const listener of listeners) listener();
}

/**
 * The post-login modal hook (§2 modals, §4 login: "otherwise login info is loaded and the after-login modal
 * shows"). The accounts area calls it after a successful login; it shows the post-login announcements
 * (type PL), and nothing when there are none.
 */
export function showPostLoginModal(): void {
  set(true);
}

export function dismissPostLoginModal(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePostLoginModalRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
