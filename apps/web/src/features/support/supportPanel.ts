import { useSyncExternalStore } from 'react';

/** Whether the built-in customer-service chat is open (one for the whole site; any button opens it). */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openSupportChat = () => set(true);
export const closeSupportChat = () => set(false);

export function useSupportChatOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

/** How long the typing sign stays after the last push that the other side is typing. */
const TYPING_SHOWN_MS = 4000;
let typing = false;
let typingTimer: ReturnType<typeof setTimeout> | undefined;
const typingListeners = new Set<() => void>();

function setTyping(next: boolean): void {
  if (next === typing) return;
  typing = next;
  for (const listener of typingListeners) listener();
}

/** The operator is typing (a support.typing push): the sign shows until a few seconds pass without another. */
export function markOperatorTyping(): void {
  setTyping(true);
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
}

/** A message arrived: whoever typed has sent it. */
export function clearOperatorTyping(): void {
  clearTimeout(typingTimer);
  setTyping(false);
}

export function useOperatorTyping(): boolean {
  return useSyncExternalStore(
    (listener) => {
      typingListeners.add(listener);
      return () => typingListeners.delete(listener);
    },
    () => typing,
    () => false,
  );
}
