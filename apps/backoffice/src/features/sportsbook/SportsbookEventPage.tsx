import { useMutation, useQuery } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  type ConsoleSportsbookEventDetail,
  type ConsoleSportsbookMarket,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { NotFoundPage } from '../../app/guards.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { MarketDialog } from './MarketDialog.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import {
  type EventMove,
  eventKey,
  eventName,
  eventStage,
  MARKET_TONES,
  MOVES,
  marketName,
  STAGE_TONES,
  selectionLabel,
  useEventChanged,
} from './sportsbook.ts';
import { TicketsCard } from './TicketsTable.tsx';
import './sportsbook.css';

/** One event to trade: its status and moves, suspension, result (two operators), markets with prices and margin. */
export function SportsbookEventPage() {
  const { id } = useParams();
  const eventId = Number(id);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const { t } = useTranslation();
  const event = useQuery({
    queryKey: eventKey(eventId),
    queryFn: ({ signal }) => call(api.event, { params: { id: eventId }, signal }),
    enabled: valid,
  });
  if (!valid) return <NotFoundPage />;
  return (
    <>
      <p className="back-link">
        <Link to="/sportsbook/events">
          <Icon name="arrowLeft" size={14} />
          {t('sportsbook.back')}
        </Link>
      </p>
      <QueryView query={event}>{(data) => <EventView event={data} />}</QueryView>
    </>
  );
}

type Acting =
  | { kind: 'status'; status: EventMove }
  | { kind: 'suspend' | 'resume' }
  | { kind: 'result'; mode: 'enter' | 'confirm' }
  | { kind: 'market'; market: ConsoleSportsbookMarket | null }
  | { kind: 'marketState'; market: ConsoleSportsbookMarket; suspend: boolean };

function EventView({ event }: { event: ConsoleSportsbookEventDetail }) {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const role = operator?.role;
  const money = useMoney();
  const [acting, setActing] = useState<Acting | null>(null);
  const stage = eventStage(event);
  const name = eventName(event);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const takesResult = ['live', 'ended', 'settled'].includes(event.status);
  const waiting = stage === 'awaiting';
  // The operator who entered the result waits for another to confirm it (the server refuses their own).
  const ownEntry = waiting && operator?.username === event.enteredBy;
  const may = {
    status: mayCall(role, api.setEventStatus),
    suspend: mayCall(role, api.suspendEvent),
    enter: mayCall(role, api.enterResult),
    confirm: mayCall(role, api.confirmResult),
    market: mayCall(role, api.createMarket),
    price: mayCall(role, api.priceMarket),
  };

  const columns: Column<ConsoleSportsbookMarket>[] = [
    {
      key: 'market',
      header: t('sportsbook.market'),
      render: (row) => <span className="cell-strong">{marketName(t, row, i18n.language)}</span>,
    },
    {
      key: 'state',
      header: t('sportsbook.state'),
      render: (row) => (
        <>
          <Badge tone={MARKET_TONES[row.state]}>{t(`sportsbook.marketStates.${row.state}`)}</Badge>
          {row.suspendedReason ? (
            <span className="cell-below">
              {t(`sportsbook.suspendedReasons.${row.suspendedReason}`, { defaultValue: row.suspendedReason })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'prices',
      header: t('sportsbook.pricesFair'),
      render: (row) => (
        <ul className="sbc-prices">
          {row.selections.map((selection) => (
            <li key={selection.id}>
              <span className="sbc-prices__name">{selectionLabel(t, selection.code, event)}</span>
              <strong className="mono">{price.format(selection.price)}</strong>
              {row.fair?.[selection.code] ? (
                <span className="muted mono">{price.format(row.fair[selection.code] ?? 0)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'margin',
      header: t('sportsbook.margin'),
      className: 'num',
      render: (row) => percent.format(row.margin),
    },
    {
      key: 'stake',
      header: t('sportsbook.stake'),
      className: 'num',
      render: (row) => money.format(row.stake),
    },
    {
      key: 'liability',
      header: t('sportsbook.liability'),
      className: 'num',
      render: (row) => (
        <>
          <span>{money.format(row.liability)}</span>
          <span className="cell-below">
            {row.liabilityLimit === null
              ? t('sportsbook.defaultLimit')
              : t('sportsbook.limitOf', { limit: money.format(row.liabilityLimit) })}
          </span>
        </>
      ),
    },
    actionsColumn(t('common.actions'), (row) => {
      const label = marketName(t, row, i18n.language);
      const live = row.state === 'open' || row.state === 'suspended';
      return (
        <div className="row-actions">
          {may.price && live ? (
            <RowButton
              icon="percent"
              aria-label={t('sportsbook.priceOf', { market: label })}
              onClick={() => setActing({ kind: 'market', market: row })}
            >
              {t('sportsbook.price')}
            </RowButton>
          ) : null}
          {may.suspend && row.state === 'open' ? (
            <RowButton
              icon="lock"
              aria-label={t('sportsbook.suspendOf', { name: label })}
              onClick={() => setActing({ kind: 'marketState', market: row, suspend: true })}
            >
              {t('sportsbook.suspend')}
            </RowButton>
          ) : null}
          {may.suspend && row.state === 'suspended' ? (
            <RowButton
              icon="unlock"
              aria-label={t('sportsbook.resumeOf', { name: label })}
              onClick={() => setActing({ kind: 'marketState', market: row, suspend: false })}
            >
              {t('sportsbook.resume')}
            </RowButton>
          ) : null}
        </div>
      );
    }),
  ];

  return (
    <>
      <PageHeader
        title={name}
        description={`${event.competition} · ${formatDateTime(event.startsAt, i18n.language)}`}
        actions={
          <div className="row-wrap">
            {may.suspend && !['ended', 'settled', 'abandoned', 'cancelled'].includes(event.status) ? (
              <Button
                icon={<Icon name={event.suspended ? 'unlock' : 'lock'} />}
                onClick={() => setActing({ kind: event.suspended ? 'resume' : 'suspend' })}
              >
                {t(event.suspended ? 'sportsbook.resumeEvent' : 'sportsbook.suspendEvent')}
              </Button>
            ) : null}
            {may.enter && takesResult && !waiting ? (
              <Button
                variant="primary"
                icon={<Icon name="edit" />}
                onClick={() => setActing({ kind: 'result', mode: 'enter' })}
              >
                {t(event.result ? 'sportsbook.correctResult' : 'sportsbook.enterResult')}
              </Button>
            ) : null}
            {waiting && ownEntry ? <p className="muted">{t('sportsbook.awaitingOther')}</p> : null}
            {may.confirm && waiting && !ownEntry ? (
              <Button
                variant="primary"
                icon={<Icon name="check" />}
                onClick={() => setActing({ kind: 'result', mode: 'confirm' })}
              >
                {t('sportsbook.confirmResult')}
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="stack-lg">
        <Card>
          <div className="sbc-summary">
            <DetailList
              items={[
                {
                  label: t('sportsbook.status'),
                  value: (
                    <span className="row-wrap">
                      <Badge tone={STAGE_TONES[stage]}>{t(`sportsbook.stages.${stage}`)}</Badge>
                      {event.suspended ? (
                        <Badge tone="warning">{t('sportsbook.eventSuspended')}</Badge>
                      ) : null}
                    </span>
                  ),
                },
                {
                  label: t('sportsbook.score'),
                  value: event.score
                    ? `${event.score.home}–${event.score.away}${event.minute !== null ? ` (${event.minute}')` : ''}`
                    : '—',
                },
                {
                  label: t('sportsbook.result'),
                  value: event.result
                    ? t('sportsbook.resultText', {
                        ft: `${event.result.ft.home}–${event.result.ft.away}`,
                        h1: event.result.h1 ? `${event.result.h1.home}–${event.result.h1.away}` : '—',
                      })
                    : '—',
                },
                { label: t('sportsbook.enteredBy'), value: event.enteredBy },
                { label: t('sportsbook.confirmedBy'), value: event.confirmedBy },
                { label: t('sportsbook.source'), value: t(`sportsbook.feeds.${event.source}`) },
                {
                  label: t('sportsbook.ratings'),
                  value:
                    event.homeRating !== null && event.awayRating !== null
                      ? `${event.homeRating} / ${event.awayRating}`
                      : '—',
                },
                { label: t('sportsbook.tickets'), value: String(event.tickets) },
                { label: t('sportsbook.stake'), value: money.format(event.stake) },
              ]}
            />
            {may.status && MOVES[event.status].length > 0 ? (
              <fieldset className="sbc-moves">
                <legend className="sr-only">{t('sportsbook.moves')}</legend>
                {MOVES[event.status].map((status) => (
                  <Button key={status} size="sm" onClick={() => setActing({ kind: 'status', status })}>
                    {t(`sportsbook.moveTo.${status}`)}
                  </Button>
                ))}
              </fieldset>
            ) : null}
          </div>
        </Card>

        <Card
          title={t('sportsbook.markets')}
          actions={
            may.market && !['ended', 'settled', 'abandoned', 'cancelled'].includes(event.status) ? (
              <Button icon={<Icon name="plus" />} onClick={() => setActing({ kind: 'market', market: null })}>
                {t('sportsbook.addMarket')}
              </Button>
            ) : null
          }
        >
          <Table
            caption={t('sportsbook.markets')}
            columns={columns}
            rows={event.markets}
            rowKey={(row) => row.id}
            empty={<EmptyState icon="percent" title={t('sportsbook.noMarkets')} />}
          />
        </Card>

        <TicketsCard filter={{ eventId: event.id }} title={t('sportsbook.tickets')} />
      </div>

      {acting?.kind === 'result' ? (
        <ResultDialog event={event} mode={acting.mode} onClose={() => setActing(null)} />
      ) : null}
      {acting?.kind === 'market' ? (
        <MarketDialog event={event} market={acting.market} onClose={() => setActing(null)} />
      ) : null}
      {acting &&
      (acting.kind === 'status' ||
        acting.kind === 'suspend' ||
        acting.kind === 'resume' ||
        acting.kind === 'marketState') ? (
        <TradeAction event={event} acting={acting} onClose={() => setActing(null)} />
      ) : null}
    </>
  );
}

/** A move of the event, its suspension, or a market's, asked once more before it is made. */
function TradeAction({
  event,
  acting,
  onClose,
}: {
  event: ConsoleSportsbookEventDetail;
  acting: Extract<Acting, { kind: 'status' | 'suspend' | 'resume' | 'marketState' }>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const changed = useEventChanged(event.id);
  const name = eventName(event);
  const run = useMutation({
    mutationFn: () => {
      switch (acting.kind) {
        case 'status':
          return call(api.setEventStatus, { params: { id: event.id }, body: { status: acting.status } });
        case 'suspend':
          return call(api.suspendEvent, { params: { id: event.id } });
        case 'resume':
          return call(api.resumeEvent, { params: { id: event.id } });
        case 'marketState':
          return call(acting.suspend ? api.suspendMarket : api.resumeMarket, {
            params: { id: acting.market.id },
          });
      }
    },
    onSuccess: (next) => {
      changed(next);
      toast.show(t('sportsbook.done'), 'success');
      onClose();
    },
  });
  const title =
    acting.kind === 'status'
      ? t(`sportsbook.moveTo.${acting.status}`)
      : acting.kind === 'marketState'
        ? t(acting.suspend ? 'sportsbook.suspendOf' : 'sportsbook.resumeOf', {
            name: marketName(t, acting.market, i18n.language),
          })
        : t(acting.kind === 'suspend' ? 'sportsbook.suspendEvent' : 'sportsbook.resumeEvent');
  const message =
    acting.kind === 'status'
      ? t(`sportsbook.moveHint.${acting.status}`, { event: name })
      : acting.kind === 'marketState'
        ? t(acting.suspend ? 'sportsbook.suspendMarketHint' : 'sportsbook.resumeMarketHint')
        : t(acting.kind === 'suspend' ? 'sportsbook.suspendEventHint' : 'sportsbook.resumeEventHint', {
            event: name,
          });
  return (
    <ActionDialog
      title={title}
      message={message}
      confirmLabel={t('sportsbook.confirm')}
      confirmVariant={
        acting.kind === 'status' && ['abandoned', 'cancelled'].includes(acting.status) ? 'danger' : 'primary'
      }
      busy={run.isPending}
      error={run.error}
      onCancel={onClose}
      onConfirm={() => run.mutate()}
    />
  );
}
