import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sportsbookConsoleEndpoints as api, type ConsoleSportsbookTicket } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { useMoney } from '../lottery/lottery.ts';

const PAGE_SIZE = 20;
const TONES = {
  pending: 'warning',
  accepted: 'accent',
  won: 'success',
  lost: 'neutral',
  void: 'neutral',
  refused: 'danger',
} as const satisfies Record<ConsoleSportsbookTicket['state'], string>;

type TicketFilter = { eventId?: number; username?: string; state?: ConsoleSportsbookTicket['state'] };

/** Tickets newest first (an event's, a member's or in a state): member, kind, stake, price, state, what was paid. */
export function TicketsCard({ filter, title }: { filter: TicketFilter; title: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const tickets = useQuery({
    queryKey: [api.tickets.path, { ...filter, pageNo }],
    queryFn: ({ signal }) => call(api.tickets, { query: { ...filter, pageNo, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const columns: Column<ConsoleSportsbookTicket>[] = [
    {
      key: 'ticket',
      header: t('sportsbook.ticket'),
      render: (row) => (
        <>
          <span className="mono cell-strong">{row.ticketNo}</span>
          <span className="cell-below">{row.username}</span>
          {filter.eventId ? null : (
            <span className="cell-below">{row.legs.map((leg) => leg.event).join(' · ')}</span>
          )}
        </>
      ),
    },
    dateTimeColumn('createdAt', t('sportsbook.placedAt'), i18n.language, (row) => row.createdAt),
    {
      key: 'kind',
      header: t('sportsbook.kind'),
      render: (row) =>
        row.kind === 'parlay' ? t('sportsbook.parlayOf', { count: row.legs.length }) : t('sportsbook.single'),
    },
    {
      key: 'price',
      header: t('sportsbook.odds'),
      className: 'num',
      render: (row) => price.format(row.price),
    },
    {
      key: 'stake',
      header: t('sportsbook.stake'),
      className: 'num',
      render: (row) => money.format(row.stake),
    },
    {
      key: 'state',
      header: t('sportsbook.state'),
      render: (row) => <Badge tone={TONES[row.state]}>{t(`sportsbook.ticketStates.${row.state}`)}</Badge>,
    },
    {
      key: 'payout',
      header: t('sportsbook.payout'),
      className: 'num',
      render: (row) => (row.payout === null ? '—' : money.format(row.payout)),
    },
  ];
  return (
    <Card title={title}>
      <QueryView query={tickets}>
        {(data) => (
          <div className="stack">
            <Table
              caption={title}
              columns={columns}
              rows={data.list}
              rowKey={(row) => row.ticketNo}
              empty={
                <EmptyState
                  icon="ticket"
                  title={t(filter.eventId ? 'sportsbook.noTickets' : 'sportsbookTickets.empty')}
                />
              }
            />
            <Pagination
              pageNo={data.pageNo}
              pageSize={data.pageSize}
              total={data.total}
              onChange={setPageNo}
            />
          </div>
        )}
      </QueryView>
    </Card>
  );
}
