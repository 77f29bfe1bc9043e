import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isHomePath } from '../../app/routes.ts';
import { ChevronDownIcon, ChevronUpIcon } from '../../ui/icons.tsx';
import { AccountArea } from './AccountArea.tsx';
import { BrandMark } from './BrandMark.tsx';
import { LanguageSelector } from './LanguageSelector.tsx';
import { MainNav, SiteLinks } from './MainNav.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import './header.css';

/**
 * The site header (§2): logo to /index, download, help centre and customer service, the language selector
 * (not on home), the theme switch and the account actions; below them Home, the game types and promotions. On /seamless it folds away behind a "Show header" tab.
 */
export function Header({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);

  if (collapsible && collapsed) {
    return (
      <header className="site-header site-header--collapsed">
        <button type="button" className="site-header__fold" onClick={() => setCollapsed(false)}>
          <ChevronDownIcon />
          {t('header.show')}
        </button>
      </header>
    );
  }

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/index" className="site-header__brand">
          <BrandMark />
        </Link>
        <SiteLinks />
        <div className="site-header__actions">
          {isHomePath(pathname) ? null : <LanguageSelector />}
          <ThemeSwitch />
          <AccountArea />
          {collapsible ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('header.hide')}
              title={t('header.hide')}
              onClick={() => setCollapsed(true)}
            >
              <ChevronUpIcon />
            </button>
          ) : null}
        </div>
      </div>
      <MainNav />
    </header>
  );
}
