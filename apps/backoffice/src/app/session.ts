import type { OperatorView } from '@tessera/contract';
import { shareSessionAcrossTabs } from '@tessera/tab-session';
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'bo.token';
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

interface SharedSession {
  token: string;
  /** Null until the console has loaded who the operator is (it does so for a session without it). */
  operator: OperatorView | null;
}

function storeSession({ token, operator }: SharedSession) {
  sessionStorage.setItem(TOKEN_KEY, token);
  if (operator) sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  else sessionStorage.removeItem(OPERATOR_KEY);
  set({ token, operator, endedBecause: null });
}

function clearSession(reason: string | null) {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(OPERATOR_KEY);
  set({ token: null, operator: null, endedBecause: reason });
}

/** The console's other tabs: one without a session takes this one's; signing out here signs out there. */
const otherTabs = shareSessionAcrossTabs<SharedSession>({
  channel: 'tessera.console.session',
  current: () => {
    const token = getToken();
    return token ? { token, operator: readOperator() } : null;
  },
  tokenOf: (shared) => shared.token,
  adopt: storeSession,
  end: () => clearSession(null),
});

export function startSession(token: string, operator: OperatorView) {
  storeSession({ token, operator });
  otherTabs.announce({ token, operator });
}

export function updateOperator(operator: OperatorView) {
  if (!state.token) return;
  const current = state.operator;
  if (current && JSON.stringify(current) === JSON.stringify(operator)) return;
  sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  set({ ...state, operator });
}

export function endSession(reason: string | null = null) {
  const token = state.token;
  clearSession(reason);
  if (token) otherTabs.ended(token);
}

export function clearEndReason() {
  if (state.endedBecause) set({ ...state, endedBecause: null });
}

/** The session of this browser tab: the token lives in sessionStorage 'bo.token'. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
