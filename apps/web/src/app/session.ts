import { shareSessionAcrossTabs } from '@tessera/tab-session';
import { useSyncExternalStore } from 'react';
import { session } from '../lib/storage.ts';

/** Session storage key of the member's token (§3 session values). */
const TOKEN_KEY = 'token';

/** The session values of §3 and their session storage keys. */
const KEYS = {
  token: TOKEN_KEY,
  isAgent: 'isAgent',
  customerId: 'customerId',
  account: 'account',
  memberLabel: 'memberLabel',
  username: 'username',
} as const;
/** §3 cpw (the current password): never kept; a value left by an older client is removed. */
const CPW_KEY = 'cpw';

/** Session storage keys that survive a logout (§4 logout keeps the merchant values). */
const KEPT_ON_LOGOUT = /^merchant/i;

/** What a login, a registration, a password reset by phone or free play answers, as the site keeps it. */
export interface SessionValues {
  token: string;
  /** §3 isAgent: 1, 2, 41, 42 agents; 4 trial account; anything else a member. */
  isAgent: number;
  customerId: number;
  account: string;
  memberLabel: string[];
  username: string;
}

/**
 * What the header shows of the logged-in member, from the member info and avatar calls; null until they have
 * loaded, so the header never shows invented values.
 */
export interface SessionMember {
  nickname: string;
  avatarUrl: string;
  /** §3 isAgent: 1, 2, 41, 42 agents; 4 trial account. */
  isAgent: number;
}

export interface SessionState {
  token: string | null;
  /** isAgent of the session values, known from the login on (before the member info has loaded). */
  isAgent: number | null;
  username: string | null;
  member: SessionMember | null;
}

function readState(): SessionState {
  const token = session.get(KEYS.token);
  const isAgent = Number(session.get(KEYS.isAgent));
  return {
    token,
    isAgent: token && session.get(KEYS.isAgent) !== null && Number.isFinite(isAgent) ? isAgent : null,
    username: token ? session.get(KEYS.username) : null,
    member: null,
  };
}

session.remove(CPW_KEY);
let state: SessionState = readState();
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

function storeSession(values: SessionValues): void {
  session.set(KEYS.token, values.token);
  session.set(KEYS.isAgent, String(values.isAgent));
  session.set(KEYS.customerId, String(values.customerId));
  session.set(KEYS.account, values.account);
  session.set(KEYS.memberLabel, JSON.stringify(values.memberLabel));
  session.set(KEYS.username, values.username);
  session.remove(CPW_KEY);
  update({ token: values.token, isAgent: values.isAgent, username: values.username, member: null });
}

function clearSession(): void {
  for (const key of session.keys()) {
    if (!KEPT_ON_LOGOUT.test(key)) session.remove(key);
  }
  update({ token: null, isAgent: null, username: null, member: null });
}

/** The session values this tab holds, as another tab would take them over. */
function storedValues(): SessionValues | null {
  const token = session.get(KEYS.token);
  if (!token) return null;
  let memberLabel: string[] = [];
  try {
    const parsed: unknown = JSON.parse(session.get(KEYS.memberLabel) ?? '[]');
    if (Array.isArray(parsed)) memberLabel = parsed.map(String);
  } catch {
    memberLabel = [];
  }
  return {
    token,
    isAgent: Number(session.get(KEYS.isAgent) ?? 0),
    customerId: Number(session.get(KEYS.customerId) ?? 0),
    account: session.get(KEYS.account) ?? '',
    memberLabel,
    username: session.get(KEYS.username) ?? '',
  };
}

const adoptedListeners = new Set<() => void>();

/** Runs the listener whenever this tab takes over a session another tab shared (its member info is then due). */
export function onSessionFromOtherTab(listener: () => void): void {
  adoptedListeners.add(listener);
}

const otherTabs = shareSessionAcrossTabs<SessionValues>({
  channel: 'tessera.site.session',
  current: storedValues,
  tokenOf: (values) => values.token,
  adopt: (values) => {
    storeSession(values);
    for (const listener of adoptedListeners) listener();
  },
  end: clearSession,
});

/**
 * Stores the session values of a successful login (§3) in session storage, marks the member logged in and hands
 * the session to this site's other tabs that have none.
 */
export function startSession(values: SessionValues): void {
  storeSession(values);
  otherTabs.announce(values);
}

/** The member info and avatar of the logged-in member, once loaded. */
export function setSessionMember(member: SessionMember | null): void {
  if (!state.token) return;
  if (member) session.set(KEYS.isAgent, String(member.isAgent));
  update({ ...state, isAgent: member?.isAgent ?? state.isAgent, member });
}

/**
 * Logs out on this side: clears session storage except the merchant values (§4 logout), here and in every tab of
 * this site that holds the same session.
 */
export function endSession(): void {
  const token = state.token;
  clearSession();
  if (token) otherTabs.ended(token);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering when it changes; logged in means a token in session storage. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession);
}
