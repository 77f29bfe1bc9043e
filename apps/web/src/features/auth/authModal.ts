import { useSyncExternalStore } from 'react';

/** The modals of the accounts area that the header and pages open (§2 modals). */
export type AuthModalKind = 'login' | 'register';

let current: AuthModalKind | null = null;
const listeners = new Set<() => void>();

function set(kind: AuthModalKind | null): void {
  if (kind === current) return;
  current = kind;
  for (const listener of listeners) listener();
}

/** Opens the login pop-up (loginPopupModal) or the registration modal (registerModal). */
export function openAuthModal(kind: AuthModalKind): void {
  set(kind);
}

export function closeAuthModal(): void {
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthModal(): AuthModalKind | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
