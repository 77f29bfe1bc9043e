import { reportConsoleEndpoints as api, type MoneyReport } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { BarChart } from './BarChart.tsx';
import { Figures, ReportTable, toneOf } from './Figures.tsx';
import { ReportFrame } from './ReportFrame.tsx';
import { useReport, useReportFormat, useReportPeriod } from './reports.ts';

type Day = MoneyReport['days'][number];
type Channel = MoneyReport['channels'][number];

/** Deposits and withdrawals per day and per channel, first-time depositors and net deposits, over a period. */
export function MoneyReportPage() {
  const { query } = useReportPeriod();
  const report = useReport(api.money, query);
  return (
    <ReportFrame report="money" range={report.data?.range}>
      <QueryView query={report}>{(data) => <MoneyFigures data={data} />}</QueryView>
    </ReportFrame>
  );
}

function MoneyFigures({ data }: { data: MoneyReport }) {
  const { t } = useTranslation();
  const f = useReportFormat(data.range.digits);
  const { totals } = data;
  const days: Column<Day>[] = [
    { key: 'date', header: t('reports.day'), className: 'nowrap', render: (row) => f.day(row.date) },
    {
      key: 'deposits',
      header: t('reports.money.deposits'),
      className: 'num',
      render: (row) => f.money(row.deposits),
    },
    {
      key: 'depositCount',
      header: t('reports.money.depositCount'),
      className: 'num',
      render: (row) => f.count(row.depositCount),
    },
    {
      key: 'firstDepositors',
      header: t('reports.money.firstDepositors'),
      className: 'num',
      render: (row) => `${f.count(row.firstDepositors)} · ${f.money(row.firstDeposits)}`,
    },
    {
      key: 'withdrawals',
      header: t('reports.money.withdrawals'),
      className: 'num',
      render: (row) => f.money(row.withdrawals),
    },
    {
      key: 'withdrawalCount',
      header: t('reports.money.withdrawalCount'),
      className: 'num',
      render: (row) => f.count(row.withdrawalCount),
    },
    {
      key: 'netDeposits',
      header: t('reports.money.netDeposits'),
      className: 'num',
      cellClassName: (row) => `report-${toneOf(row.netDeposits) ?? 'zero'}`,
      render: (row) => f.money(row.netDeposits),
    },
  ];
  const channels: Column<Channel>[] = [
    {
      key: 'direction',
      header: t('reports.money.direction'),
      render: (row) => t(`reports.money.directions.${row.direction}`),
    },
    {
      key: 'channel',
      header: t('reports.money.channel'),
      render: (row) => row.channel || t('reports.money.noChannel'),
    },
    { key: 'count', header: t('reports.money.count'), className: 'num', render: (row) => f.count(row.count) },
    {
      key: 'amount',
      header: t('reports.money.amount'),
      className: 'num',
      render: (row) => f.money(row.amount),
    },
  ];
  return (
    <div className="stack-lg">
      <Figures
        label={t('reports.totals')}
        items={[
          { key: 'deposits', label: t('reports.money.deposits'), value: f.money(totals.deposits) },
          { key: 'withdrawals', label: t('reports.money.withdrawals'), value: f.money(totals.withdrawals) },
          {
            key: 'netDeposits',
            label: t('reports.money.netDeposits'),
            value: f.money(totals.netDeposits),
            tone: toneOf(totals.netDeposits),
          },
          {
            key: 'firstDepositors',
            label: t('reports.money.firstDepositors'),
            value: `${f.count(totals.firstDepositors)} · ${f.money(totals.firstDeposits)}`,
          },
        ]}
      />
      <Card title={t('reports.money.netDeposits')}>
        <BarChart
          label={t('reports.money.netDepositsChart')}
          points={data.days.map((row) => ({ key: row.date, value: row.netDeposits }))}
          format={f.money}
          formatLabel={f.shortDay}
        />
      </Card>
      <ReportTable caption={t('reports.byDay')} columns={days} rows={data.days} rowKey={(row) => row.date} />
      <ReportTable
        caption={t('reports.money.byChannel')}
        columns={channels}
        rows={data.channels}
        rowKey={(row) => `${row.direction}:${row.channel}`}
        empty={<p className="muted">{t('reports.money.noChannels')}</p>}
      />
    </div>
  );
}
