import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountDrawer } from '../../app/dialogs.ts';
import { usePhoneLayout } from '../../app/phoneLayout.ts';
import { isHomePath } from '../../app/routes.ts';
import { ChevronDownIcon, ChevronUpIcon } from '../../ui/icons.tsx';
import { AccountArea } from './AccountArea.tsx';
import { closeAccountDrawer, useAccountDrawerOpen } from './accountDrawer.ts';
import { BrandMark } from './BrandMark.tsx';
import { LanguageSelector, useDefaultLanguage } from './LanguageSelector.tsx';
import { MainNav, SiteLinks } from './MainNav.tsx';
import { PhoneAccountArea } from './PhoneAccountArea.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import './header.css';
import './phone-header.css';

/**
 * The site header (§2): logo to /index, download, help centre and customer service, the language selector
 * (not on home), the theme switch and the account actions; below them Home, the game types and promotions. On
 * /seamless it folds away behind a "Show header" tab. On a phone it is compact: logo, balance, deposit and a
 * button that opens the account drawer, which holds the other actions.
 */
export function Header({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const phone = usePhoneLayout();
  const drawerOpen = useAccountDrawerOpen();
  // The account drawer belongs to the phone layout: leaving it (a wider window) closes the drawer.
  useEffect(() => {
    if (!phone) closeAccountDrawer();
  }, [phone]);
  const [collapsed, setCollapsed] = useState(false);
  const offersLanguage = !isHomePath(pathname);
  useDefaultLanguage(offersLanguage);

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
    <>
      <header className={phone ? 'site-header site-header--phone' : 'site-header'}>
        <div className="container site-header__inner">
          <Link to="/index" className="site-header__brand">
            <BrandMark />
          </Link>
          {phone ? null : <SiteLinks />}
          <div className="site-header__actions">
            {phone ? (
              <PhoneAccountArea />
            ) : (
              <>
                {offersLanguage ? <LanguageSelector /> : null}
                <ThemeSwitch />
                <AccountArea />
              </>
            )}
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
      {/* The drawer is a dialog over the page, not a part of the header's landmark. */}
      {phone ? <AccountDrawer open={drawerOpen} /> : null}
    </>
  );
}
