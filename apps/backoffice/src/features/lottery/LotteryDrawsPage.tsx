import { lotteryConsoleEndpoints as api, type QueryOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { classNames } from '../../ui/classNames.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { ImportResultsDialog, VoidDrawDialog } from './DrawDialogs.tsx';
import {
  type ConsoleLotteryDraw,
  drawName,
  drawStatus,
  gameLabel,
  STATUS_TONES,
  useLotteryGames,
  useMoney,
} from './lottery.ts';
import { ResultEntryDialog, ResultViewDialog } from './ResultDialogs.tsx';
import './lottery.css';

const FILTERS = ['numero', 'gameId', 'state'] as const;
const STATES = ['open', 'awaiting', 'drawn', 'settled', 'void'] as const;
type StateFilter = QueryOf<typeof api.draws>['state'];

type Action = 'enter' | 'confirm' | 'view' | 'void';
/** The reasons the server gives when it voids a draw itself; an operator's reason shows as typed. */
const SYSTEM_VOID_REASONS: readonly string[] = ['missed', 'seed_unavailable'];

/**
 * The lottery's draws, today's first (newest first, then earlier days; later days' draws written ahead come last),
 * searchable by draw number (or its start: a day), each with its report (tickets, stake, payout, what the house kept) and who
 * entered and confirmed its result. An official draw whose time has come takes its result from two operators: one
 * enters it, a different one confirms it by typing it again. A draw without a result can be voided (its tickets are
 * refunded); official results can also be imported, each still to be confirmed.
 */
export function LotteryDrawsPage() {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const [acting, setActing] = useState<{ draw: ConsoleLotteryDraw; action: Action } | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useSearchList(api.draws, FILTERS, (applied) => ({
    numero: optional(applied.numero.trim()),
    gameId: optional(applied.gameId),
    state: optional(applied.state) as StateFilter,
  }));
  const games = useLotteryGames();
  const money = useMoney();
  const mayEnter = mayCall(role, api.enterResult);
  const mayConfirm = mayCall(role, api.confirmResult);
  const mayVoid = mayCall(role, api.voidDraw);
  const mayImport = mayCall(role, api.importResults);
  const now = Date.now();
  // The currency below the column's name keeps the report's columns narrow.
  const moneyHeader = (key: string) => (
    <>
      {t(key)}
      {money.currency ? <span className="lottery-header-below">{money.currency}</span> : null}
    </>
  );

  const actions = (draw: ConsoleLotteryDraw) => {
    const status = drawStatus(draw, now);
    const button = (action: Action, icon: IconName, label: string = action) => (
      <RowButton
        icon={icon}
        aria-label={t(`lotteryDraws.${label}Of`, { draw: drawName(draw) })}
        onClick={() => setActing({ draw, action })}
      >
        {t(`lotteryDraws.${label}Action`)}
      </RowButton>
    );
    const official = draw.source === 'official';
    return (
      <div className="lottery-actions">
        {official && status === 'entered' && mayConfirm ? button('confirm', 'check') : null}
        {official && status === 'awaiting' && mayEnter ? button('enter', 'edit') : null}
        {official && status === 'entered' && mayEnter ? button('enter', 'edit', 'reenter') : null}
        {status === 'drawn' || status === 'settled' ? button('view', 'eye') : null}
        {draw.state === 'open' && mayVoid ? button('void', 'x') : null}
      </div>
    );
  };

  const columns: Column<ConsoleLotteryDraw>[] = [
    {
      key: 'draw',
      header: t('lotteryDraws.draw'),
      render: (row) => (
        <>
          <span className="cell-strong mono">{row.numero}</span>
          <span className="cell-below">{`${row.gameName} · ${row.gameId}`}</span>
        </>
      ),
    },
    dateTimeColumn(
      'drawsAt',
      t('lotteryDraws.drawTime'),
      i18n.language,
      (row) => row.drawsAt,
      (row) => t(`lottery.sources.${row.source}`),
    ),
    {
      key: 'state',
      header: t('lotteryDraws.state'),
      render: (row) => {
        const status = drawStatus(row, now);
        return (
          <>
            <Badge tone={STATUS_TONES[status]}>{t(`lotteryDraws.states.${status}`)}</Badge>
            {row.voidReason ? (
              <span className="cell-below">
                {SYSTEM_VOID_REASONS.includes(row.voidReason)
                  ? t(`lotteryDraws.voidReasons.${row.voidReason}`)
                  : row.voidReason}
              </span>
            ) : null}
            {row.enteredBy ? (
              <span className="cell-below nowrap">
                {t('lotteryDraws.enteredByName', { name: row.enteredBy })}
              </span>
            ) : null}
            {row.confirmedBy ? (
              <span className="cell-below nowrap">
                {t('lotteryDraws.confirmedByName', { name: row.confirmedBy })}
              </span>
            ) : null}
          </>
        );
      },
    },
    { key: 'tickets', header: t('lotteryDraws.tickets'), className: 'num', render: (row) => row.tickets },
    {
      key: 'stake',
      header: moneyHeader('lotteryDraws.stake'),
      className: 'num',
      render: (row) => money.format(row.stake),
    },
    {
      key: 'payout',
      header: moneyHeader('lotteryDraws.payout'),
      className: 'num',
      render: (row) => money.format(row.payout),
    },
    {
      key: 'houseResult',
      header: moneyHeader('lotteryDraws.houseResult'),
      className: 'num',
      // Until a draw is settled its payout is not known yet: the house result is shown muted.
      render: (row) => (
        <span
          className={classNames(
            row.state === 'settled' ? 'cell-strong' : 'muted',
            row.houseResult < 0 && 'lottery-loss',
          )}
        >
          {money.format(row.houseResult)}
        </span>
      ),
    },
    actionsColumn(t('common.actions'), actions),
  ];

  return (
    <>
      <SearchListPage
        page="lotteryDraws"
        list={list}
        columns={columns}
        actions={
          mayImport ? (
            <Button icon={<Icon name="upload" />} onClick={() => setImporting(true)}>
              {t('lotteryDraws.importTitle')}
            </Button>
          ) : null
        }
        filters={
          <>
            <FilterText
              name="numero"
              type="search"
              inputMode="numeric"
              maxLength={14}
              autoComplete="off"
              className="mono"
            />
            <FilterSelect
              name="gameId"
              label={t('lotteryDraws.game')}
              options={[
                { value: '', label: t('lotteryDraws.allGames') },
                ...(games.data ?? []).map((game) => ({ value: game.gameId, label: gameLabel(game) })),
              ]}
            />
            <FilterSelect
              name="state"
              label={t('lotteryDraws.state')}
              options={[
                { value: '', label: t('lotteryDraws.anyState') },
                ...STATES.map((state) => ({ value: state, label: t(`lotteryDraws.states.${state}`) })),
              ]}
            />
          </>
        }
      />
      {acting?.action === 'enter' || acting?.action === 'confirm' ? (
        <ResultEntryDialog draw={acting.draw} mode={acting.action} onClose={() => setActing(null)} />
      ) : null}
      {acting?.action === 'view' ? (
        <ResultViewDialog draw={acting.draw} onClose={() => setActing(null)} />
      ) : null}
      {acting?.action === 'void' ? (
        <VoidDrawDialog draw={acting.draw} onClose={() => setActing(null)} />
      ) : null}
      {importing ? <ImportResultsDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
