import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { MaintenanceCard } from './MaintenanceCard.tsx';
import { RegionRulesCard } from './RegionRulesCard.tsx';
import { SiteSettingsCard } from './SiteSettingsCard.tsx';
import './settings.css';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.settings')} description={t('settings.description')} />
      <div className="stack-lg">
        <MaintenanceCard />
        <SiteSettingsCard />
        <RegionRulesCard />
      </div>
    </>
  );
}
