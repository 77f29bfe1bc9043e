import { useQuery } from '@tanstack/react-query';
import { backofficeEndpoints, type ResponseOf, reportConsoleEndpoints } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse, mayCall, type PageId } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Badge } from '../../ui/Card.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DashboardMoney } from '../reports/DashboardMoney.tsx';
import './dashboard.css';

type Counts = ResponseOf<typeof backofficeEndpoints.dashboard>['counts'];

const COUNT_CARDS: ReadonlyArray<{ key: keyof Counts; icon: IconName; page?: PageId }> = [
  { key: 'members', icon: 'user', page: 'players' },
  { key: 'operators', icon: 'shield', page: 'operators' },
  { key: 'banners', icon: 'banners', page: 'banners' },
  { key: 'notices', icon: 'notices', page: 'notices' },
  { key: 'announcements', icon: 'announcements', page: 'announcements' },
  { key: 'helpArticles', icon: 'help', page: 'help' },
  { key: 'resources', icon: 'downloads', page: 'resources' },
  { key: 'domains', icon: 'domains', page: 'domains' },
  { key: 'regionRules', icon: 'globe', page: 'settings' },
  { key: 'auditEntries', icon: 'audit', page: 'audit' },
];

const PAGE_PATHS: Partial<Record<PageId, string>> = {
  players: '/players',
  operators: '/operators',
  banners: '/banners',
  notices: '/notices',
  announcements: '/announcements',
  help: '/help',
  resources: '/resources',
  domains: '/domains',
  settings: '/settings',
  audit: '/audit',
};

const DAY_PATHS: Partial<Record<PageId, string>> = { players: '/players', loginFailures: '/login-failures' };

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => call(backofficeEndpoints.dashboard, { signal }),
    refetchInterval: 60_000,
  });
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        description={t('dashboard.description', { name: operator?.displayName ?? '' })}
      />
      {mayCall(operator?.role, reportConsoleEndpoints.dashboard) ? <DashboardMoney /> : null}
      <QueryView query={dashboard}>
        {(data) => (
          <div className="stack-lg">
            <section className="status-row" aria-label={t('dashboard.statusLabel')}>
              <div className={`status-card${data.maintenance ? ' status-card-warning' : ''}`}>
                <span className="status-icon" aria-hidden="true">
                  <Icon name={data.maintenance ? 'alert' : 'check'} size={18} />
                </span>
                <div>
                  <p className="status-label">{t('dashboard.maintenance')}</p>
                  <p className="status-value">
                    {data.maintenance ? (
                      <Badge tone="warning">{t('dashboard.maintenanceOn')}</Badge>
                    ) : (
                      <Badge tone="success">{t('dashboard.maintenanceOff')}</Badge>
                    )}
                  </p>
                </div>
                {canUse(operator?.role, 'settings') ? (
                  <Link className="status-link" to="/settings">
                    {t('dashboard.manageMaintenance')}
                  </Link>
                ) : null}
              </div>
              <div className="status-card">
                <span className="status-icon" aria-hidden="true">
                  <Icon name="activity" size={18} />
                </span>
                <div>
                  <p className="status-label">{t('dashboard.activeSessions')}</p>
                  <p className="status-value status-number">{number.format(data.activeOperatorSessions)}</p>
                </div>
              </div>
            </section>
            <section aria-labelledby="dashboard-day">
              <h2 id="dashboard-day" className="section-title">
                {t('dashboard.dayTitle')}
              </h2>
              <ul className="stat-grid">
                {(
                  [
                    ['signUps', data.lastDay.signUps, 'players'],
                    ['logins', data.lastDay.logins, 'players'],
                    ['failedLogins', data.lastDay.failedLogins, 'loginFailures'],
                    ['activeMemberSessions', data.activeMemberSessions, 'players'],
                  ] as const
                ).map(([key, value, page]) => {
                  const path = canUse(operator?.role, page) ? DAY_PATHS[page] : undefined;
                  return (
                    <li key={key} className="stat-card">
                      <div className="stat-head">
                        <span className="stat-label" id={`day-${key}`}>
                          {t(`dashboard.day.${key}`)}
                        </span>
                      </div>
                      <p className="stat-value">{number.format(value)}</p>
                      {path ? (
                        <Link className="stat-link" to={path} aria-describedby={`day-${key}`}>
                          {t('dashboard.manage')}
                        </Link>
                      ) : (
                        <span className="stat-link stat-link-muted">&nbsp;</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section aria-labelledby="dashboard-actions">
              <h2 id="dashboard-actions" className="section-title">
                {t('dashboard.recentActions')}
              </h2>
              {data.recentActions.length === 0 ? (
                <p className="muted">{t('dashboard.noActions')}</p>
              ) : (
                <ul className="recent-actions">
                  {data.recentActions.map((entry) => (
                    <li key={entry.id} className="recent-action">
                      <span className="recent-action__who">{entry.operatorUsername}</span>
                      <span>
                        {t('dashboard.actionText', {
                          action: entry.action,
                          entity: entry.entity,
                          id: entry.entityId,
                        })}
                      </span>
                      <time className="muted" dateTime={entry.createdAt}>
                        {formatDateTime(entry.createdAt, i18n.language)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
              {canUse(operator?.role, 'audit') ? (
                <Link className="stat-link" to="/audit">
                  {t('dashboard.allActions')}
                </Link>
              ) : null}
            </section>
            <section aria-labelledby="dashboard-counts">
              <h2 id="dashboard-counts" className="section-title">
                {t('dashboard.countsTitle')}
              </h2>
              <ul className="stat-grid">
                {COUNT_CARDS.map((card) => {
                  const path =
                    card.page && canUse(operator?.role, card.page) ? PAGE_PATHS[card.page] : undefined;
                  return (
                    <li key={card.key} className="stat-card">
                      <div className="stat-head">
                        <span className="stat-label" id={`stat-${card.key}`}>
                          {t(`dashboard.counts.${card.key}`)}
                        </span>
                        <span className="stat-icon" aria-hidden="true">
                          <Icon name={card.icon} />
                        </span>
                      </div>
                      <p className="stat-value">{number.format(data.counts[card.key])}</p>
                      {path ? (
                        <Link className="stat-link" to={path} aria-describedby={`stat-${card.key}`}>
                          {t('dashboard.manage')}
                        </Link>
                      ) : (
                        <span className="stat-link stat-link-muted">&nbsp;</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          </div>
        )}
      </QueryView>
    </>
  );
}
