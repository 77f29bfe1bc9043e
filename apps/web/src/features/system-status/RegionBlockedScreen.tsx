import { useTranslation } from 'react-i18next';
import { BlockedIcon } from '../../ui/icons.tsx';
import { CustomerServiceButton } from '../customer-service/CustomerServiceButton.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/** Status 2 (§2): the visitor's IP, why the site is closed to them, and customer service. */
export function RegionBlockedScreen({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      tone="blocked"
      icon={<BlockedIcon />}
      eyebrow={t('status.blocked.eyebrow')}
      title={t('status.blocked.title')}
      actions={<CustomerServiceButton variant="primary" />}
    >
      <p className="status-card__ip">{t('status.blocked.yourIp', { ip })}</p>
      <p className="status-card__text">{t('status.blocked.message')}</p>
    </StatusScreen>
  );
}
