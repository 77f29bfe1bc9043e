import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountDrawer } from '../../app/dialogs.ts';
import { usePreloadWhenIdle } from '../../app/lazyDialog.tsx';
import { isHomePath } from '../../app/routes.ts';
import { useSession } from '../../app/session.ts';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { MenuIcon, WalletIcon } from '../../ui/icons.tsx';
import { buttonClass } from '../../ui/index.ts';
import { preloadAuthModals } from '../auth/AuthModal.tsx';
import { accountKind } from '../auth/gate.ts';
import { useUnreadBadge } from '../inbox/queries.ts';
import { useBalance } from '../wallet/queries.ts';
import { DemoBadge, formattedBalance, gated, LoggedOutActions, MemberAvatar } from './AccountArea.tsx';
import { openAccountDrawer, useAccountDrawerOpen } from './accountDrawer.ts';

/**
 * The button that opens the account drawer: the member's avatar, or a menu icon for a visitor. The drawer's code
 * and strings load once the page is idle, so the first tap opens it at once.
 */
function DrawerButton() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const open = useAccountDrawerOpen();
  const badge = useUnreadBadge();
  usePreloadWhenIdle(AccountDrawer);
  // On a hover, a press or focus: the drawer's code if the idle time has not come yet, and a visitor's sign-in forms.
  const preload = () => {
    AccountDrawer.preload();
    if (!token) preloadAuthModals();
  };
  const name = token ? t('header.accountMenu') : t('header.menu');
  // The badge (§9: available promotions plus unread messages, and rewards to claim) is part of the button's name.
  const label = token && badge.total > 0 ? `${name}, ${t('rewards.newCount', { count: badge.total })}` : name;
  return (
    <button
      type="button"
      className={token ? 'phone-account__avatar' : 'icon-button'}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      onClick={openAccountDrawer}
    >
      {token ? <MemberAvatar member={member} /> : <MenuIcon />}
      {token ? (
        <CountBadge
          count={badge.total}
          label={t('rewards.newCount', { count: badge.total })}
          className="phone-account__badge"
        />
      ) : null}
    </button>
  );
}

/**
 * The phone header's account side: a visitor gets "Log in", "Sign up" and the menu; a member the balance
 * (hidden on the home paths, §2), deposit and the avatar that opens the account drawer, where the rest of the
 * desktop header's actions live.
 */
export function PhoneAccountArea() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const { token, member } = session;
  const { data: balance } = useBalance();

  if (!token) {
    return (
      <div className="phone-account">
        <LoggedOutActions />
        <DrawerButton />
      </div>
    );
  }

  const showBalance = member !== null && balance !== undefined && !isHomePath(pathname);
  const trial = accountKind(session) === 'trial';
  return (
    <div className="phone-account">
      {trial ? <DemoBadge /> : null}
      {showBalance ? (
        <span className="phone-account__balance">
          <span className="visually-hidden">{t('header.balance')} </span>
          {formattedBalance(balance)}
        </span>
      ) : null}
      {trial ? null : (
        <Link
          to="/member?page=depositv2"
          className={buttonClass('accent', 'sm', 'phone-account__deposit')}
          onClick={gated('member')}
        >
          <WalletIcon />
          {t('header.deposit')}
        </Link>
      )}
      <DrawerButton />
    </div>
  );
}
