import { useSyncExternalStore } from 'react';

/**
 * Whether the phone's account drawer is open. The header's account button and the tab bar's account tab both
 * open it, so its state lives outside either of them.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openAccountDrawer(): void {
  set(true);
}

export function closeAccountDrawer(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccountDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
}
