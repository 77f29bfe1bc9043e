import { useSyncExternalStore } from 'react';

/**
 * The modals of the accounts area (§2 modals) that the header, pages and the gate open:
 * - login: loginPopupModal; register: registerModal; forgot: forgetPassModal; changePassword: changePassModal;
 * - resetPassword: the page the e-mailed reset link opens (/login#resetToken=…);
 * - account: "my account" (nickname, avatar, password), reachable from the header avatar;
 * - needRealAccount: the warning in_need_true_account that refuses a trial account (§5).
 */
export type AuthModalKind =
  | 'login'
  | 'register'
  | 'forgot'
  | 'changePassword'
  | 'resetPassword'
  | 'account'
  | 'needRealAccount';

export interface AuthModalOptions {
  /** changePassword: forced after a login with the default or an expired password. */
  forced?: boolean;
  /** resetPassword: the token of the e-mailed link. */
  resetToken?: string;
  /** login: a user name to fill in (after a password reset). */
  username?: string;
  /** login: a note shown above the form (after a password reset). */
  notice?: 'passwordReset';
}

export interface AuthModalState {
  kind: AuthModalKind | null;
  options: AuthModalOptions;
}

let current: AuthModalState = { kind: null, options: {} };
const listeners = new Set<() => void>();

function set(next: AuthModalState): void {
  if (next.kind === current.kind && next.options === current.options) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Opens one of the accounts modals, in place of any other one. */
export function openAuthModal(kind: AuthModalKind, options: AuthModalOptions = {}): void {
  set({ kind, options });
}

export function closeAuthModal(): void {
  set({ kind: null, options: {} });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/**
 * The token of an e-mailed password-reset link: in the fragment (`/login#resetToken=…`), which browsers never
 * send to a server, so no log or proxy sees it; links of older mails carried it in the query.
 */
export function resetTokenOf(location: { search: string; hash: string }): string | null {
  return (
    new URLSearchParams(location.hash.replace(/^#/, '')).get('resetToken') ??
    new URLSearchParams(location.search).get('resetToken')
  );
}
