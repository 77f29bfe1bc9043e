import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './layout.css';

interface PageLayoutProps {
  /** §2: the page type used for styling, the path without its leading slash. */
  pageType: string;
  header?: ReactNode;
  banner?: ReactNode;
  /** The side menu slot of §2 (left game bar, member menus …). */
  aside?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The page frame with the slots of §2: header, banner, side menu, main and footer. */
export function PageLayout({ pageType, header, banner, aside, footer, children }: PageLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="page" data-page={pageType}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {header}
      {banner ? <div className="container page__banner">{banner}</div> : null}
      <div className={aside ? 'page__body page__body--aside' : 'page__body'}>
        {aside ? <aside className="page__aside">{aside}</aside> : null}
        <main id="main" className="page__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {footer}
    </div>
  );
}
