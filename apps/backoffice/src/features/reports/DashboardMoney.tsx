import { useQuery } from '@tanstack/react-query';
import { reportConsoleEndpoints as api, type DashboardFigures } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse, type PageId } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Badge } from '../../ui/Card.tsx';
import { Figures, toneOf } from './Figures.tsx';
import { useReportFormat } from './reports.ts';
import './reports.css';

/** How often the figures are read again: the roll-up job adds new play and money every minute. */
const REFRESH_MS = 15_000;

const QUEUES: ReadonlyArray<{ key: keyof DashboardFigures['pending']; page: PageId; path: string }> = [
  { key: 'deposits', page: 'deposits', path: '/wallet/deposits?status=pending' },
  { key: 'withdrawals', page: 'withdrawals', path: '/wallet/withdrawals?status=pending' },
  { key: 'applications', page: 'promotionApplications', path: '/promotions/applications?status=applying' },
];

/**
 * The dashboard's money: today's and yesterday's deposits, withdrawals, GGR, NGR and active players (the merchant's
 * days), and the queues waiting for an operator, read again every few seconds.
 */
export function DashboardMoney() {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const query = useQuery({
    queryKey: [api.dashboard.path],
    queryFn: ({ signal }) => call(api.dashboard, { signal }),
    refetchInterval: REFRESH_MS,
  });
  return (
    <QueryView query={query}>
      {(data) => (
        <MoneyDays data={data} mayOpen={(page) => canUse(role, page)} label={t('dashboard.money.title')} />
      )}
    </QueryView>
  );
}

function MoneyDays({
  data,
  mayOpen,
  label,
}: {
  data: DashboardFigures;
  mayOpen: (page: PageId) => boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const f = useReportFormat(data.digits);
  const day = (key: 'today' | 'yesterday') => {
    const figures = data[key];
    return (
      <section className="stack" aria-labelledby={`dashboard-${key}`}>
        <h3 id={`dashboard-${key}`} className="section-title">
          {t(`dashboard.money.${key}`)}
        </h3>
        <Figures
          label={t(`dashboard.money.${key}`)}
          items={[
            { key: 'deposits', label: t('reports.money.deposits'), value: f.money(figures.deposits) },
            {
              key: 'withdrawals',
              label: t('reports.money.withdrawals'),
              value: f.money(figures.withdrawals),
            },
            {
              key: 'ggr',
              label: t('reports.games.ggr'),
              value: f.money(figures.ggr),
              tone: toneOf(figures.ggr),
            },
            {
              key: 'ngr',
              label: t('reports.games.ngr'),
              value: f.money(figures.ngr),
              tone: toneOf(figures.ngr),
            },
            { key: 'active', label: t('reports.players.active'), value: f.count(figures.activePlayers) },
          ]}
        />
      </section>
    );
  };
  return (
    <section className="stack-lg dashboard-money" aria-label={label}>
      <div className="row-wrap">
        <h2 className="section-title">{label}</h2>
        <span className="muted">
          {t('dashboard.money.currency', { currency: data.currency, zone: data.timeZone })}
        </span>
        {data.queued > 0 ? (
          <Badge tone="warning">{t('dashboard.money.queued', { count: data.queued })}</Badge>
        ) : null}
        {mayOpen('reports.games') ? (
          <Link className="stat-link" to="/reports/games?period=yesterday">
            {t('dashboard.money.openReport')}
          </Link>
        ) : null}
      </div>
      {day('today')}
      {day('yesterday')}
      <section className="stack" aria-labelledby="dashboard-queues">
        <h3 id="dashboard-queues" className="section-title">
          {t('dashboard.money.queues')}
        </h3>
        <ul className="dashboard-queues report-figures">
          {QUEUES.map((queue) => (
            <li key={queue.key} className="report-figure">
              <span className="report-figure-label">{t(`dashboard.money.pending.${queue.key}`)}</span>
              <span className="report-figure-value">{f.count(data.pending[queue.key])}</span>
              {mayOpen(queue.page) ? (
                <Link className="stat-link" to={queue.path}>
                  {t('dashboard.money.review', { queue: t(`dashboard.money.pending.${queue.key}`) })}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
