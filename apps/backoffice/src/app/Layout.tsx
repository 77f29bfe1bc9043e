import { useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints, type OperatorView } from '@tessera/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import { canUse, NAV_SECTIONS, PAGES } from './access.ts';
import { call } from './api.ts';
import { Brand, ConsoleLanguageSelect } from './Brand.tsx';
import { endSession } from './session.ts';
import { useTheme } from './theme.ts';

export function Layout({ operator, children }: { operator: OperatorView; children: ReactNode }) {
  const { t } = useTranslation();
  const [theme, toggleTheme] = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const pages = PAGES.filter((page) => canUse(operator.role, page.id));

  useEffect(() => {
    if (location.pathname) setMenuOpen(false);
  }, [location.pathname]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await call(backofficeEndpoints.logout);
    } catch {
      // The session ends on this side whatever the server answers.
    }
    endSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <div className={`shell${menuOpen ? ' shell-menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <aside className="sidebar" id="sidebar">
        <Brand />
        <nav className="nav" aria-label={t('layout.navigation')}>
          {NAV_SECTIONS.map((section) => {
            const items = pages.filter((page) => page.section === section);
            if (items.length === 0) return null;
            return (
              <div key={section} className="nav-section">
                <p className="nav-section-title">{t(`nav.sections.${section}`)}</p>
                <ul className="nav-list">
                  {items.map((page) => (
                    <li key={page.id}>
                      <NavLink
                        to={page.path}
                        end={page.path === '/'}
                        className={({ isActive }) => `nav-link${isActive ? ' nav-link-active' : ''}`}
                      >
                        <Icon name={page.icon} />
                        <span>{t(`nav.${page.id}`)}</span>
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      <button
        type="button"
        className="sidebar-scrim"
        aria-hidden="true"
        tabIndex={-1}
        onClick={() => setMenuOpen(false)}
      />
      <div className="main-column">
        <header className="topbar">
          <button
            type="button"
            className="btn btn-icon btn-ghost topbar-menu"
            aria-label={t('layout.menu')}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name="menu" />
          </button>
          <div className="spacer" />
          <div className="topbar-controls">
            <ConsoleLanguageSelect id="console-language" className="topbar-language" />
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              aria-pressed={theme === 'dark'}
              onClick={toggleTheme}
            >
              <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
              <span className="topbar-label">{t('layout.darkMode')}</span>
            </button>
            <div className="operator-chip">
              <span className="avatar" aria-hidden="true">
                {(operator.displayName || operator.username).slice(0, 1).toUpperCase()}
              </span>
              <span className="operator-text">
                <span className="operator-name">{operator.displayName || operator.username}</span>
                <span className="operator-role">{t(`roles.${operator.role}`)}</span>
              </span>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={signOut}
              disabled={signingOut}
            >
              <Icon name="logout" />
              <span className="topbar-label">{t('layout.signOut')}</span>
            </button>
          </div>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
