import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '../../app/routes.ts';
import { SparkIcon } from '../../ui/icons.tsx';
import { buttonClass, DocumentTitle } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './placeholders.css';

/** A page of §2 that later work builds: its name and a translated "Coming soon". */
export default function ComingSoonPage({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const pageName = t(`pages.${pageKey}`);
  return (
    <div className="container placeholder">
      <DocumentTitle>{`${pageName} · ${siteName}`}</DocumentTitle>
      <section className="placeholder__panel" aria-labelledby="placeholder-title">
        <div className="placeholder__icon">
          <SparkIcon />
        </div>
        <p className="placeholder__eyebrow">{pageName}</p>
        <h1 id="placeholder-title" className="placeholder__title">
          {t('comingSoon.title')}
        </h1>
        <p className="placeholder__text">{t('comingSoon.message')}</p>
        <Link to="/index" className={buttonClass('primary', 'lg')}>
          {t('common.backHome')}
        </Link>
      </section>
    </div>
  );
}
