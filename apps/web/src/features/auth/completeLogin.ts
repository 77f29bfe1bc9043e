import type { QueryClient } from '@tanstack/react-query';
import type { LoginValue } from '@tessera/contract';
import { startSession } from '../../app/session.ts';
import { showPostLoginModal } from '../announcements/postLoginModal.ts';
import { closeAuthModal, openAuthModal } from './authModal.ts';
import { loadMemberInfo } from './member.ts';
import { showNotice } from './notice.ts';

/** How the session was opened. */
export type LoginVia = 'username' | 'sms' | 'register' | 'freeplay' | 'resetPassword';

/**
 * The password just typed at a login whose answer forces a change (§5: "the old password is required unless
 * known from login"). Kept in memory only, for the change-password modal, and dropped as soon as it is used
 * or the modal closes; §3's cpw is never written to storage.
 */
let knownPassword: string | null = null;

export function takeKnownPassword(): string | null {
  return knownPassword;
}

export function forgetKnownPassword(): void {
  knownPassword = null;
}

interface Context {
  queryClient: QueryClient;
  /** Goes to / (the registration, free play and password reset by phone end there, §4). */
  goHome: () => void;
  /** The password typed at a username login. */
  password?: string;
}

/**
 * After a successful login, registration, free play or password reset by phone (§4): stores the session values,
 * then either opens the forced change-password modal (the default password 123456, or an expired one with
 * PWDEXPFORCECHANGE3, never after an sms login) or closes the modal; loads the login info (member info and
 * avatar); welcomes the member with the previous login time; and shows the post-login modal after a login.
 */
export async function completeLogin(value: LoginValue, via: LoginVia, context: Context): Promise<void> {
  startSession({
    token: value.token,
    isAgent: value.isAgent,
    customerId: value.customerId,
    account: value.account,
    memberLabel: value.memberLabel,
    username: value.userName,
  });
  const login = via === 'username' || via === 'sms';
  const forced = via === 'username' && value.passwordExpired;
  if (forced) {
    knownPassword = context.password ?? null;
    openAuthModal('changePassword', { forced: true });
  } else {
    closeAuthModal();
  }
  // The post-login notices are asked for first: the welcome waits until they are closed, rather than flash before.
  if (login && !forced) showPostLoginModal();
  if (login) {
    showNotice({
      kind: 'welcome',
      name: value.userName,
      firstTime: value.firstTimeLogin,
      previousLoginAt: value.previousLoginAt,
      previousLoginIp: value.previousLoginIp,
    });
  }
  try {
    await loadMemberInfo(context.queryClient);
  } catch {
    // The header fills in when the info can be loaded; the session stands.
  }
  if (!login) context.goHome();
}
