import { reportConsoleEndpoints as api, type PlayersReport } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { BarChart } from './BarChart.tsx';
import { Figures, ReportTable } from './Figures.tsx';
import { ReportFrame } from './ReportFrame.tsx';
import { useReport, useReportFormat, useReportPeriod } from './reports.ts';

type Day = PlayersReport['days'][number];
type Cohort = PlayersReport['cohorts'][number];

/** New, active and depositing players per day, and retention by sign-up week. */
export function PlayersReportPage() {
  const { query } = useReportPeriod();
  const report = useReport(api.players, query);
  return (
    <ReportFrame report="players" range={report.data?.range}>
      <QueryView query={report}>{(data) => <PlayersFigures data={data} />}</QueryView>
    </ReportFrame>
  );
}

function PlayersFigures({ data }: { data: PlayersReport }) {
  const { t } = useTranslation();
  const f = useReportFormat(data.range.digits);
  const { totals } = data;
  const days: Column<Day>[] = [
    { key: 'date', header: t('reports.day'), className: 'nowrap', render: (row) => f.day(row.date) },
    {
      key: 'new',
      header: t('reports.players.new'),
      className: 'num',
      render: (row) => f.count(row.newPlayers),
    },
    {
      key: 'active',
      header: t('reports.players.active'),
      className: 'num',
      render: (row) => f.count(row.activePlayers),
    },
    {
      key: 'depositing',
      header: t('reports.players.depositing'),
      className: 'num',
      render: (row) => f.count(row.depositingPlayers),
    },
    {
      key: 'firstDepositors',
      header: t('reports.players.firstDepositors'),
      className: 'num',
      render: (row) => f.count(row.firstDepositors),
    },
  ];
  const weeks = Math.max(1, ...data.cohorts.map((cohort) => cohort.retention.length));
  const cohorts: Column<Cohort>[] = [
    {
      key: 'week',
      header: t('reports.players.signUpWeek'),
      className: 'nowrap',
      render: (row) => f.day(row.week),
    },
    {
      key: 'signUps',
      header: t('reports.players.signUps'),
      className: 'num',
      render: (row) => f.count(row.signUps),
    },
    ...Array.from({ length: weeks }, (_, week) => ({
      key: `week${week}`,
      header: t('reports.players.weekN', { week }),
      className: 'num',
      cellClassName: (row: Cohort) => (row.retention[week] === undefined ? 'muted' : 'report-share'),
      render: (row: Cohort) => (row.retention[week] === undefined ? '' : f.percent(row.retention[week] ?? 0)),
    })),
  ];
  return (
    <div className="stack-lg">
      <Figures
        label={t('reports.totals')}
        items={[
          { key: 'new', label: t('reports.players.new'), value: f.count(totals.newPlayers) },
          { key: 'active', label: t('reports.players.active'), value: f.count(totals.activePlayers) },
          {
            key: 'depositing',
            label: t('reports.players.depositing'),
            value: f.count(totals.depositingPlayers),
          },
          {
            key: 'firstDepositors',
            label: t('reports.players.firstDepositors'),
            value: f.count(totals.firstDepositors),
          },
        ]}
      />
      <p className="muted">{t('reports.players.definitions')}</p>
      <Card title={t('reports.players.active')}>
        <BarChart
          label={t('reports.players.activeChart')}
          points={data.days.map((row) => ({ key: row.date, value: row.activePlayers }))}
          format={f.count}
          formatLabel={f.shortDay}
        />
      </Card>
      <ReportTable caption={t('reports.byDay')} columns={days} rows={data.days} rowKey={(row) => row.date} />
      <ReportTable
        caption={t('reports.players.retention')}
        columns={cohorts}
        rows={data.cohorts}
        rowKey={(row) => row.week}
        empty={<p className="muted">{t('reports.players.noCohorts')}</p>}
      />
    </div>
  );
}
