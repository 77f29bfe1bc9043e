import { SYSTEM_STATUS } from '@tessera/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionErrorScreen } from '../features/system-status/ConnectionErrorScreen.tsx';
import { MaintenanceScreen } from '../features/system-status/MaintenanceScreen.tsx';
import { useSystemStatus } from '../features/system-status/queries.ts';
import { RegionBlockedScreen } from '../features/system-status/RegionBlockedScreen.tsx';
import { LoadingPage } from './LoadingPage.tsx';

/**
 * The system status gate (§2, §4): the site shows only while the status is 0; maintenance (1) and region
 * blocked (2) get their own screens. The status is refetched by Refresh and on settings.changed.
 */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const refresh = () => void status.refetch();

  if (status.data === undefined) {
    if (status.isError) return <ConnectionErrorScreen onRefresh={refresh} refreshing={status.isFetching} />;
    return <LoadingPage label={t('common.loading')} />;
  }
  switch (status.data.status) {
    case SYSTEM_STATUS.maintenance:
      return (
        <MaintenanceScreen
          maintenance={status.data.maintenanceInfo}
          onRefresh={refresh}
          refreshing={status.isFetching}
        />
      );
    case SYSTEM_STATUS.regionBlocked:
      return <RegionBlockedScreen ip={status.data.location.ip} />;
    default:
      return children;
  }
}
