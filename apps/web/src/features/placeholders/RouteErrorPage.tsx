import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/index.ts';
import './placeholders.css';

/** Shown when a page fails to render or its code cannot be loaded. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="container placeholder">
      <section className="placeholder__panel" aria-labelledby="route-error-title">
        <h1 id="route-error-title" className="placeholder__title">
          {t('error.title')}
        </h1>
        <p className="placeholder__text">{t('error.message')}</p>
        <Button size="lg" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </section>
    </div>
  );
}
