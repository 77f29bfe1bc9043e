import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { GamesSheet } from '../../app/dialogs.ts';
import { normalisePath } from '../../app/routes.ts';
import { useSession } from '../../app/session.ts';
import { GamepadIcon, GiftIcon, HomeIcon, UserIcon, UserPlusIcon, WalletIcon } from '../../ui/icons.tsx';
import { accountKind } from '../auth/gate.ts';
import { gated, useSignUpForReal } from '../header/AccountArea.tsx';
import { openAccountDrawer, useAccountDrawerOpen } from '../header/accountDrawer.ts';
import { GAME_TYPE_PATHS } from '../header/gameMenus.ts';
import './tab-bar.css';

const LOBBY_PATHS = Object.values(GAME_TYPE_PATHS).map(normalisePath);

/**
 * The phone's bottom tab bar: home, the game categories (a sheet of lobbies), deposit, promotions and the
 * account drawer. It stands in for the right bar, which would cover the page on a small screen.
 */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const session = useSession();
  const { token } = session;
  const trial = accountKind(session) === 'trial';
  const signUp = useSignUpForReal();
  const drawerOpen = useAccountDrawerOpen();
  const [gamesOpen, setGamesOpen] = useState(false);
  const inLobby = LOBBY_PATHS.includes(normalisePath(pathname));

  // Following a category (or any link) closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => setGamesOpen(false), [key]);

  return (
    <>
      <nav className="tab-bar" aria-label={t('tabBar.label')}>
        <ul className="tab-bar__list">
          <li>
            <NavLink to="/index" className="tab-bar__tab">
              <HomeIcon />
              <span className="tab-bar__name">{t('header.home')}</span>
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={inLobby ? 'tab-bar__tab is-current' : 'tab-bar__tab'}
              aria-haspopup="dialog"
              aria-expanded={gamesOpen}
              onClick={() => setGamesOpen(true)}
            >
              <GamepadIcon />
              <span className="tab-bar__name">{t('tabBar.games')}</span>
            </button>
          </li>
          <li>
            {trial ? (
              <button
                type="button"
                className="tab-bar__tab tab-bar__tab--deposit"
                onClick={() => void signUp()}
              >
                <span className="tab-bar__deposit-icon">
                  <UserPlusIcon />
                </span>
                <span className="tab-bar__name">{t('tabBar.signUp')}</span>
              </button>
            ) : (
              <Link
                to="/member?page=depositv2"
                className="tab-bar__tab tab-bar__tab--deposit"
                onClick={gated('member')}
              >
                <span className="tab-bar__deposit-icon">
                  <WalletIcon />
                </span>
                <span className="tab-bar__name">{t('header.deposit')}</span>
              </Link>
            )}
          </li>
          <li>
            <NavLink to="/promotions" className="tab-bar__tab">
              <GiftIcon />
              <span className="tab-bar__name">{t('header.promotions')}</span>
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={drawerOpen ? 'tab-bar__tab is-current' : 'tab-bar__tab'}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={openAccountDrawer}
            >
              <UserIcon />
              <span className="tab-bar__name">{token ? t('tabBar.account') : t('header.menu')}</span>
            </button>
          </li>
        </ul>
      </nav>
      <GamesSheet open={gamesOpen} onClose={() => setGamesOpen(false)} />
    </>
  );
}
