import type { SystemStatus } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { RefreshIcon, WrenchIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/index.ts';
import { CustomerServiceButton } from '../customer-service/CustomerServiceButton.tsx';
import { StatusScreen } from './StatusScreen.tsx';

interface MaintenanceScreenProps {
  maintenance: SystemStatus['maintenanceInfo'];
  onRefresh: () => void;
  refreshing: boolean;
}

/** Status 1 (§2): the server's maintenance title and message, customer service and Refresh. */
export function MaintenanceScreen({ maintenance, onRefresh, refreshing }: MaintenanceScreenProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  return (
    <StatusScreen
      tone="maintenance"
      icon={<WrenchIcon />}
      eyebrow={t('status.maintenance.eyebrow')}
      title={maintenance?.title || t('status.maintenance.title')}
      actions={
        <>
          <CustomerServiceButton />
          <Button size="lg" icon={<RefreshIcon />} loading={refreshing} onClick={onRefresh}>
            {t('status.refresh')}
          </Button>
        </>
      }
    >
      <p className="status-card__text">{maintenance?.message || t('status.maintenance.message')}</p>
      {maintenance?.endsAt ? (
        <p className="status-card__meta">
          {t('status.maintenance.endsAt', { time: formatDateTime(maintenance.endsAt, locale) })}
        </p>
      ) : null}
    </StatusScreen>
  );
}
