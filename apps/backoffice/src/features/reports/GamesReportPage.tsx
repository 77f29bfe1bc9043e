import { reportConsoleEndpoints as api, type GamesReport } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse } from '../../app/access.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Card } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { BarChart } from './BarChart.tsx';
import { Figures, ReportTable, toneOf } from './Figures.tsx';
import { ReportFrame } from './ReportFrame.tsx';
import { useReport, useReportFormat, useReportPeriod } from './reports.ts';

type Day = GamesReport['days'][number];
type Play = GamesReport['gameTypes'][number];
type Winner = GamesReport['winners'][number];

/**
 * Stakes, payouts, GGR, bonuses, rebates, agent pay and NGR per day, with the hold; the same play per game type,
 * vendor and game; and the players who won most from the house, each a link to their page.
 */
export function GamesReportPage() {
  const { query } = useReportPeriod();
  const report = useReport(api.games, query);
  return (
    <ReportFrame report="games" range={report.data?.range}>
      <QueryView query={report}>{(data) => <GamesFigures data={data} />}</QueryView>
    </ReportFrame>
  );
}

function GamesFigures({ data }: { data: GamesReport }) {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const f = useReportFormat(data.range.digits);
  const { totals } = data;
  const signed = (key: string, header: string, pick: (row: Day) => number): Column<Day> => ({
    key,
    header,
    className: 'num',
    cellClassName: (row) => `report-${toneOf(pick(row)) ?? 'zero'}`,
    render: (row) => f.money(pick(row)),
  });
  const days: Column<Day>[] = [
    { key: 'date', header: t('reports.day'), className: 'nowrap', render: (row) => f.day(row.date) },
    {
      key: 'rounds',
      header: t('reports.games.rounds'),
      className: 'num',
      render: (row) => f.count(row.rounds),
    },
    {
      key: 'stakes',
      header: t('reports.games.stakes'),
      className: 'num',
      render: (row) => f.money(row.stakes),
    },
    {
      key: 'payouts',
      header: t('reports.games.payouts'),
      className: 'num',
      render: (row) => f.money(row.payouts),
    },
    signed('ggr', t('reports.games.ggr'), (row) => row.ggr),
    { key: 'hold', header: t('reports.games.hold'), className: 'num', render: (row) => f.percent(row.hold) },
    {
      key: 'bonuses',
      header: t('reports.games.bonuses'),
      className: 'num',
      render: (row) => f.money(row.bonuses),
    },
    {
      key: 'rebates',
      header: t('reports.games.rebates'),
      className: 'num',
      render: (row) => f.money(row.rebates),
    },
    {
      key: 'salaries',
      header: t('reports.games.salaries'),
      className: 'num',
      render: (row) => f.money(row.salaries),
    },
    signed('ngr', t('reports.games.ngr'), (row) => row.ngr),
  ];
  function playColumns<T extends Play>(first: Column<T>[]): Column<T>[] {
    return [
      ...first,
      {
        key: 'rounds',
        header: t('reports.games.rounds'),
        className: 'num',
        render: (row) => f.count(row.rounds),
      },
      {
        key: 'stakes',
        header: t('reports.games.stakes'),
        className: 'num',
        render: (row) => f.money(row.stakes),
      },
      {
        key: 'payouts',
        header: t('reports.games.payouts'),
        className: 'num',
        render: (row) => f.money(row.payouts),
      },
      {
        key: 'ggr',
        header: t('reports.games.ggr'),
        className: 'num',
        cellClassName: (row) => `report-${toneOf(row.ggr) ?? 'zero'}`,
        render: (row) => f.money(row.ggr),
      },
      {
        key: 'hold',
        header: t('reports.games.hold'),
        className: 'num',
        render: (row) => f.percent(row.hold),
      },
    ];
  }
  const gameType = (code: string) => t(`agents.products.${code}`, { defaultValue: code });
  const mayOpenPlayers = canUse(role, 'players');
  const winners: Column<Winner>[] = [
    {
      key: 'player',
      header: t('reports.games.player'),
      render: (row) =>
        mayOpenPlayers ? (
          <Link to={`/players/${row.memberId}`} className="cell-strong">
            {row.username}
          </Link>
        ) : (
          <span className="cell-strong">{row.username}</span>
        ),
    },
    {
      key: 'stakes',
      header: t('reports.games.stakes'),
      className: 'num',
      render: (row) => f.money(row.stakes),
    },
    {
      key: 'payouts',
      header: t('reports.games.payouts'),
      className: 'num',
      render: (row) => f.money(row.payouts),
    },
    {
      key: 'netWin',
      header: t('reports.games.netWin'),
      className: 'num',
      cellClassName: () => 'report-negative',
      render: (row) => f.money(row.netWin),
    },
  ];
  return (
    <div className="stack-lg">
      <Figures
        label={t('reports.totals')}
        items={[
          { key: 'stakes', label: t('reports.games.stakes'), value: f.money(totals.stakes) },
          { key: 'payouts', label: t('reports.games.payouts'), value: f.money(totals.payouts) },
          { key: 'ggr', label: t('reports.games.ggr'), value: f.money(totals.ggr), tone: toneOf(totals.ggr) },
          { key: 'hold', label: t('reports.games.hold'), value: f.percent(totals.hold) },
          {
            key: 'bonuses',
            label: t('reports.games.bonusesAndRebates'),
            value: f.money(totals.bonuses + totals.rebates),
          },
          { key: 'ngr', label: t('reports.games.ngr'), value: f.money(totals.ngr), tone: toneOf(totals.ngr) },
        ]}
      />
      <Card title={t('reports.games.ggr')}>
        <BarChart
          label={t('reports.games.ggrChart')}
          points={data.days.map((row) => ({ key: row.date, value: row.ggr }))}
          format={f.money}
          formatLabel={f.shortDay}
        />
      </Card>
      <ReportTable caption={t('reports.byDay')} columns={days} rows={data.days} rowKey={(row) => row.date} />
      <ReportTable
        caption={t('reports.games.winners')}
        columns={winners}
        rows={data.winners}
        rowKey={(row) => row.memberId}
        empty={<p className="muted">{t('reports.games.noWinners')}</p>}
      />
      <ReportTable
        caption={t('reports.games.byGameType')}
        columns={playColumns<Play>([
          { key: 'gameType', header: t('reports.games.gameType'), render: (row) => gameType(row.gameType) },
        ])}
        rows={data.gameTypes}
        rowKey={(row) => row.gameType}
        empty={<p className="muted">{t('reports.games.noPlay')}</p>}
      />
      <ReportTable
        caption={t('reports.games.byVendor')}
        columns={playColumns<GamesReport['vendors'][number]>([
          {
            key: 'vendor',
            header: t('reports.games.vendor'),
            render: (row) => (
              <>
                <span className="cell-strong">{row.vendor}</span>
                <span className="cell-below">{gameType(row.gameType)}</span>
              </>
            ),
          },
        ])}
        rows={data.vendors}
        rowKey={(row) => row.vendorId}
        empty={<p className="muted">{t('reports.games.noPlay')}</p>}
      />
      <ReportTable
        caption={t('reports.games.byGame')}
        columns={playColumns<GamesReport['games'][number]>([
          {
            key: 'game',
            header: t('reports.games.game'),
            render: (row) => (
              <>
                <span className="cell-strong">{row.game}</span>
                <span className="cell-below">{row.vendor}</span>
              </>
            ),
          },
        ])}
        rows={data.games}
        rowKey={(row) => row.gameId}
        empty={<p className="muted">{t('reports.games.noPlay')}</p>}
      />
    </div>
  );
}
