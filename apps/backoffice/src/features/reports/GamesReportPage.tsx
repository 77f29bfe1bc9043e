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
  /** A column of figures, aligned right, each row's `value` as `format` writes it; a `signed` one in its sign's tone. */
  function num<T, V extends number | null>(
    key: string,
    value: (row: T) => V,
    format: (value: V) => string,
    signed = false,
  ): Column<T> {
    const tone = (row: T) => `report-${toneOf(value(row) ?? 0) ?? 'zero'}`;
    return {
      key,
      header: t(`reports.games.${key}`),
      className: 'num',
      ...(signed ? { cellClassName: tone } : {}),
      render: (row) => format(value(row)),
    };
  }
  /** The play of a row (a day, a game type, a vendor, a game) after the columns that name it. */
  function playColumns<T extends Play | Day>(first: Column<T>[]): Column<T>[] {
    return [
      ...first,
      num('rounds', (row) => row.rounds, f.count),
      num('stakes', (row) => row.stakes, f.money),
      num('payouts', (row) => row.payouts, f.money),
      num('ggr', (row) => row.ggr, f.money, true),
      num('hold', (row) => row.hold, f.percent),
    ];
  }
  const days: Column<Day>[] = [
    ...playColumns<Day>([
      { key: 'date', header: t('reports.day'), className: 'nowrap', render: (row) => f.day(row.date) },
    ]),
    num('bonuses', (row) => row.bonuses, f.money),
    num('rebates', (row) => row.rebates, f.money),
    num('salaries', (row) => row.salaries, f.money),
    num('ngr', (row) => row.ngr, f.money, true),
  ];
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
    num('stakes', (row) => row.stakes, f.money),
    num('payouts', (row) => row.payouts, f.money),
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
