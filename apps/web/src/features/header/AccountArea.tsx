import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isHomePath } from '../../app/routes.ts';
import { type SessionMember, useSession } from '../../app/session.ts';
import { LogoutIcon, UsersIcon, WalletIcon, WithdrawIcon } from '../../ui/icons.tsx';
import { Button, buttonClass, LazyImage } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useWhitelabel } from '../site/queries.ts';
import { SignOutDialog } from './SignOutDialog.tsx';

/** Logged out (§2 header): "Sign up" when direct registration is on, and "Log in". */
function LoggedOutActions() {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  return (
    <div className="account">
      <Button variant="secondary" onClick={() => openAuthModal('login')}>
        {t('header.logIn')}
      </Button>
      {whitelabel?.directRegistration ? (
        <Button variant="accent" onClick={() => openAuthModal('register')}>
          {t('header.signUp')}
        </Button>
      ) : null}
    </div>
  );
}

/** Avatar, nickname and balance: only what the member info says, nothing before it has loaded. */
function MemberSummary({ member }: { member: SessionMember }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showBalance = member.balance !== null && !isHomePath(pathname);
  return (
    <div className="member-summary">
      {member.avatarUrl ? (
        <LazyImage className="member-summary__avatar" src={member.avatarUrl} alt="" width={36} height={36} />
      ) : null}
      <span className="member-summary__text">
        <span className="member-summary__name">{member.nickname}</span>
        {showBalance ? (
          <span className="member-summary__balance">
            <span className="visually-hidden">{t('header.balance')} </span>
            {member.currencySymbol} {member.balance}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/**
 * Logged in (§2 header): avatar, nickname and balance (hidden on the home paths), deposit and withdraw
 * (member centre pages depositv2 and withdraw), the agent centre and sign out with a confirmation.
 */
export function LoggedInActions({ member }: { member: SessionMember | null }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="account account--member">
      {member ? <MemberSummary member={member} /> : null}
      <Link to="/member?page=depositv2" className={buttonClass('accent', 'md', 'account__deposit')}>
        <WalletIcon />
        <span className="account__label">{t('header.deposit')}</span>
      </Link>
      <Link to="/member?page=withdraw" className={buttonClass('secondary', 'md')}>
        <WithdrawIcon />
        <span className="account__label">{t('header.withdraw')}</span>
      </Link>
      <Link to="/agentHome" className={buttonClass('ghost', 'md')}>
        <UsersIcon />
        <span className="account__label">{t('header.agent')}</span>
      </Link>
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
    </div>
  );
}

/** The header's account actions, by whether session storage holds a token. */
export function AccountArea() {
  const { token, member } = useSession();
  return token ? <LoggedInActions member={member} /> : <LoggedOutActions />;
}
