import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../app/lazyPage.ts';
import { OfflineIcon, RefreshIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/index.ts';
import './placeholders.css';

/**
 * Shown when a page fails to render or its code cannot be loaded. A failed chunk (§9: after 120 s at most)
 * says "Loading chunk failed" and retries by loading the page again, which fetches the current code.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className="container placeholder">
      <section className="placeholder__panel" aria-labelledby="route-error-title">
        {chunk ? (
          <div className="placeholder__icon">
            <OfflineIcon />
          </div>
        ) : null}
        <h1 id="route-error-title" className="placeholder__title">
          {chunk ? t('error.chunkTitle') : t('error.title')}
        </h1>
        <p className="placeholder__text">{chunk ? t('error.chunkMessage') : t('error.message')}</p>
        <Button size="lg" icon={chunk ? <RefreshIcon /> : undefined} onClick={() => window.location.reload()}>
          {chunk ? t('common.retry') : t('common.reload')}
        </Button>
      </section>
    </div>
  );
}
