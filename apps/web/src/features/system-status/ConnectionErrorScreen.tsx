import { useTranslation } from 'react-i18next';
import { OfflineIcon, RefreshIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/index.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** Shown when the status itself cannot be read (server unreachable): the §8 network message and Refresh. */
export function ConnectionErrorScreen({
  onRefresh,
  refreshing,
}: {
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      tone="error"
      icon={<OfflineIcon />}
      eyebrow={t('status.error.eyebrow')}
      title={t('status.error.title')}
      actions={
        <Button size="lg" icon={<RefreshIcon />} loading={refreshing} onClick={onRefresh}>
          {t('status.refresh')}
        </Button>
      }
    >
      <p className="status-card__text">{t('status.error.message')}</p>
    </StatusScreen>
  );
}
