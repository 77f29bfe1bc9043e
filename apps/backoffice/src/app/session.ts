import type { OperatorView } from '@tessera/contract';
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'bo.token';
const OPERATOR_KEY = 'bo.operator';

export interface SessionState {
  token: string | null;
  operator: OperatorView | null;
  /** Why the last session ended without the operator signing out (shown on the login page). */
  endedBecause: string | null;
}

function readOperator(): OperatorView | null {
  try {
    const raw = sessionStorage.getItem(OPERATOR_KEY);
    return raw ? (JSON.parse(raw) as OperatorView) : null;
  } catch {
    return null;
  }
}

let state: SessionState = {
  token: sessionStorage.getItem(TOKEN_KEY),
  operator: readOperator(),
  endedBecause: null,
};
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function startSession(token: string, operator: OperatorView) {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  set({ token, operator, endedBecause: null });
}

export function updateOperator(operator: OperatorView) {
  if (!state.token) return;
  const current = state.operator;
  if (current && JSON.stringify(current) === JSON.stringify(operator)) return;
  sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  set({ ...state, operator });
}

export function endSession(reason: string | null = null) {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(OPERATOR_KEY);
  set({ token: null, operator: null, endedBecause: reason });
}

export function clearEndReason() {
  if (state.endedBecause) set({ ...state, endedBecause: null });
}

/** The session of this browser tab: the token lives in sessionStorage 'bo.token'. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
