import { useSyncExternalStore } from 'react';
import { session } from '../lib/storage.ts';

/** Session storage key of the member's token (§3 session values). */
export const TOKEN_KEY = 'token';

/** Session storage keys that survive a logout (§4 logout keeps the merchant values). */
const KEPT_ON_LOGOUT = /^merchant/i;

/**
 * What the header shows of the logged-in member. The accounts area fills it from the member info and
 * balance calls; until it does, it stays null and the header shows no invented values.
 */
export interface SessionMember {
  nickname: string;
  avatarUrl: string;
  /** The balance as the server formats it (money is integer minor units on the wire), or null. */
  balance: string | null;
  currencySymbol: string;
  /** §3 isAgent: 1, 2, 41, 42 agents; 4 trial account. */
  isAgent: number;
}

export interface SessionState {
  token: string | null;
  member: SessionMember | null;
}

let state: SessionState = { token: session.get(TOKEN_KEY), member: null };
const listeners = new Set<() => void>();

function update(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The session token, when a member is logged in. */
export function getToken(): string | null {
  return state.token;
}

export function getSession(): SessionState {
  return state;
}

/** Stores the token of a successful login (the accounts area calls it). */
export function startSession(token: string): void {
  session.set(TOKEN_KEY, token);
  update({ token, member: null });
}

/** The member info and balance of the logged-in member, once loaded. */
export function setSessionMember(member: SessionMember | null): void {
  if (!state.token) return;
  update({ ...state, member });
}

/** Logs out on this side: clears session storage except the merchant values (§4 logout). */
export function endSession(): void {
  for (const key of session.keys()) {
    if (!KEPT_ON_LOGOUT.test(key)) session.remove(key);
  }
  update({ token: null, member: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering when it changes; logged in means a token in session storage. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession);
}
