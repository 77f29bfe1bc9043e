import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, DocumentTitle } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './placeholders.css';

/** Any path outside the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <div className="container placeholder">
      <DocumentTitle>{`${t('notFound.title')} · ${siteName}`}</DocumentTitle>
      <section className="placeholder__panel" aria-labelledby="not-found-title">
        <p className="placeholder__code" aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 id="not-found-title" className="placeholder__title">
          {t('notFound.title')}
        </h1>
        <p className="placeholder__text">{t('notFound.message')}</p>
        <Link to="/index" className={buttonClass('primary', 'lg')}>
          {t('common.backHome')}
        </Link>
      </section>
    </div>
  );
}
