import { useQueryClient } from '@tanstack/react-query';
import type { Balances } from '@tessera/contract';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SignOutDialog } from '../../app/dialogs.ts';
import { isHomePath } from '../../app/routes.ts';
import { type SessionMember, useSession } from '../../app/session.ts';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { LogoutIcon, MailIcon, UserIcon, UsersIcon, WalletIcon, WithdrawIcon } from '../../ui/icons.tsx';
import { Button, buttonClass, LazyImage } from '../../ui/index.ts';
import { preloadAuthModals } from '../auth/AuthModal.tsx';
import { openAuthModal } from '../auth/authModal.ts';
import { accountKind, type GateLevel, passGate } from '../auth/gate.ts';
import { useFlag } from '../auth/queries.ts';
import { signOut } from '../auth/signOut.ts';
import { useUnreadBadge } from '../inbox/queries.ts';
import { useWhitelabel } from '../site/queries.ts';
import { money, useBalance } from '../wallet/queries.ts';

/**
 * Logged out (§2 header): "Sign up" when direct registration is on, and "Log in". `beforeOpen` runs before
 * either modal opens (the phone's drawer closes itself).
 */
export function LoggedOutActions({ beforeOpen }: { beforeOpen?: () => void }) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const open = (kind: 'login' | 'register') => () => {
    beforeOpen?.();
    openAuthModal(kind);
  };
  return (
    <div className="account">
      <Button
        variant="secondary"
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        onClick={open('login')}
      >
        {t('header.logIn')}
      </Button>
      {whitelabel?.directRegistration ? (
        <Button
          variant="accent"
          onPointerEnter={preloadAuthModals}
          onFocus={preloadAuthModals}
          onClick={open('register')}
        >
          {t('header.signUp')}
        </Button>
      ) : null}
    </div>
  );
}

/** The member's avatar, or a blank one until it has loaded or when there is none. */
export function MemberAvatar({ member }: { member: SessionMember | null }) {
  return member?.avatarUrl ? (
    <LazyImage className="member-summary__avatar" src={member.avatarUrl} alt="" width={36} height={36} />
  ) : (
    <span className="member-summary__avatar member-summary__avatar--blank">
      <UserIcon />
    </span>
  );
}

/** The balance as the header shows it: currency symbol and amount. */
export function formattedBalance(
  balance: Pick<Balances, 'currencySymbol' | 'sumBalance' | 'digits'>,
): string {
  return `${balance.currencySymbol} ${money(balance.sumBalance, balance.digits)}`;
}

/**
 * Avatar, nickname and balance: only what the member info and the wallet say, nothing before they have loaded.
 * The balance follows every posting without a reload (pushed over /ws). It opens "my account" (a trial account
 * gets the warning of §5 instead).
 */
function MemberSummary({ member, trial }: { member: SessionMember | null; trial: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: balance } = useBalance();
  const showBalance = member !== null && balance !== undefined && !isHomePath(pathname);
  const text = (
    <span className="member-summary__text">
      {trial ? null : <span className="visually-hidden">{t('header.myAccount')}: </span>}
      <span className="member-summary__name">{member?.nickname ?? t('common.loading')}</span>
      {showBalance ? (
        <span className="member-summary__balance">
          <span className="visually-hidden">{t('header.balance')} </span>
          {formattedBalance(balance)}
        </span>
      ) : null}
    </span>
  );
  // A trial account has no account to open: its name and play money show, with nothing to click.
  if (trial) {
    return (
      <div className="member-summary member-summary--trial">
        <MemberAvatar member={member} />
        {text}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="member-summary"
      title={t('header.myAccount')}
      onPointerEnter={preloadAuthModals}
      onFocus={preloadAuthModals}
      onClick={() => {
        if (passGate('member')) openAuthModal('account');
      }}
    >
      <MemberAvatar member={member} />
      {text}
    </button>
  );
}

/** A trial account's mark: the money in it is play money. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <span className="demo-badge" title={t('header.demoHint')}>
      {t('header.demo')}
    </span>
  );
}

/**
 * "Sign up for real": the trial session ends (its token is revoked) and the registration modal opens, so the
 * account registered next is the one the site keeps.
 */
export function useSignUpForReal(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await signOut(queryClient, () => {});
    openAuthModal('register');
  };
}

export function SignUpForReal({ beforeOpen, size }: { beforeOpen?: () => void; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const signUp = useSignUpForReal();
  return (
    <Button
      variant="accent"
      size={size}
      onPointerEnter={preloadAuthModals}
      onFocus={preloadAuthModals}
      onClick={() => {
        beforeOpen?.();
        void signUp();
      }}
    >
      {t('header.signUpForReal')}
    </Button>
  );
}

/** A link of the account area that passes the §5 gate first (login pop-up, or the trial warning). */
export function gated(level: GateLevel) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!passGate(level)) event.preventDefault();
  };
}

/**
 * Logged in (§2 header): avatar, nickname and balance (hidden on the home paths), deposit and withdraw
 * (member centre pages depositv2 and withdraw), the agent centre and sign out with a confirmation.
 */
function LoggedInActions({ member }: { member: SessionMember | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const kind = accountKind(session);
  const [confirming, setConfirming] = useState(false);
  const signOutButton = (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.signOut')}
        title={t('header.signOut')}
        onClick={() => setConfirming(true)}
      >
        <LogoutIcon />
      </button>
      <SignOutDialog open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
  if (kind === 'trial') {
    return (
      <div className="account account--member account--trial">
        <DemoBadge />
        <MemberSummary member={member} trial />
        <SignUpForReal />
        {signOutButton}
      </div>
    );
  }
  return (
    <div className="account account--member">
      <MemberSummary member={member} trial={false} />
      <Link
        to="/member?page=depositv2"
        className={buttonClass('accent', 'md', 'account__deposit')}
        onClick={gated('member')}
      >
        <WalletIcon />
        <span className="account__label">{t('header.deposit')}</span>
      </Link>
      <Link to="/member?page=withdraw" className={buttonClass('secondary', 'md')} onClick={gated('member')}>
        <WithdrawIcon />
        <span className="account__label">{t('header.withdraw')}</span>
      </Link>
      <Link to={kind === 'agent' ? '/agentHome' : '/join?from=agent'} className={buttonClass('ghost', 'md')}>
        <UsersIcon />
        <span className="account__label">{t('header.agent')}</span>
      </Link>
      <InboxLink />
      {signOutButton}
    </div>
  );
}

/**
 * The inbox beside the account actions, with the badge of §9 (available promotions plus unread messages, and the
 * rewards to claim) in its name; shown while the inbox module is on.
 */
function InboxLink() {
  const { t } = useTranslation();
  const inbox = useFlag('MAILCENTER3');
  const badge = useUnreadBadge();
  if (!inbox) return null;
  const name =
    badge.total > 0
      ? `${t('memberCentre.pages.messageV2')}, ${t('rewards.newCount', { count: badge.total })}`
      : t('memberCentre.pages.messageV2');
  return (
    <Link to="/member?page=messageV2" className="icon-button account__inbox" aria-label={name} title={name}>
      <MailIcon />
      <CountBadge count={badge.total} className="account__inbox-badge" />
    </Link>
  );
}

/** The header's account actions, by whether session storage holds a token. */
export function AccountArea() {
  const { token, member } = useSession();
  return token ? <LoggedInActions member={member} /> : <LoggedOutActions />;
}
