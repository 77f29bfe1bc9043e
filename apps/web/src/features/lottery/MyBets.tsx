import { useQuery } from '@tanstack/react-query';
import type { LotteryTicket, LotteryTicketState } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { Button, CenteredSpinner, Pagination, StatusBadge, type StatusTone } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { ShareToChat } from '../chat/ShareToChat.tsx';
import { numbersText } from './BetSlip.tsx';
import { MY_BETS_PAGE_SIZE, myBetsQuery, useCancelBet } from './queries.ts';

interface MyBetsProps {
  gameId: string;
  now: number;
  /** A server time as this browser's clock reads it. */
  toLocal: (iso: string) => number;
  format: (amount: number) => string;
  refetchInterval: number | false;
}

/** A ticket waiting for its draw is under way; a stake given back is worth a second look. */
const TICKET_TONES: Record<LotteryTicketState, StatusTone> = {
  placed: 'info',
  won: 'success',
  lost: 'neutral',
  cancelled: 'attention',
  refunded: 'attention',
};

function TicketCard({
  ticket,
  cancellable,
  format,
}: {
  ticket: LotteryTicket;
  cancellable: boolean;
  format: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const cancel = useCancelBet();
  const name = t(`lottery.betTypes.${ticket.betType}.name`);
  // A cancelled or voided ticket's stake came back whole.
  const refunded = ticket.state === 'cancelled' || ticket.state === 'refunded';
  return (
    <li
      className={`ticket-card ticket-card--${ticket.state}`}
      aria-label={t('lottery.myBets.ticket', { name, ticketNo: ticket.ticketNo })}
    >
      <div className="ticket-card__head">
        <p className="ticket-card__type">{name}</p>
        <StatusBadge tone={TICKET_TONES[ticket.state]}>
          {t(`lottery.ticketStates.${ticket.state}`)}
        </StatusBadge>
      </div>
      <p className="ticket-card__numbers">{numbersText(t, ticket.numbers)}</p>
      <dl className="ticket-card__facts">
        <div>
          <dt>{t('lottery.draw')}</dt>
          <dd>{ticket.numero}</dd>
        </div>
        <div>
          <dt>{t('lottery.myBets.ticketNo')}</dt>
          <dd>{ticket.ticketNo}</dd>
        </div>
        <div>
          <dt>{t('lottery.bet.stake')}</dt>
          <dd>
            {format(ticket.stake)}{' '}
            <span className="ticket-card__detail">
              {t('lottery.slip.linesPoints', { lines: ticket.lines, points: ticket.points })}
            </span>
          </dd>
        </div>
        {refunded ? (
          <div>
            <dt>{t('lottery.myBets.refund')}</dt>
            <dd>{format(ticket.payout ?? ticket.stake)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('lottery.myBets.payout')}</dt>
            <dd className="ticket-card__payout">{ticket.payout === null ? '—' : format(ticket.payout)}</dd>
          </div>
        )}
        <div>
          <dt>{t('lottery.myBets.placedAt')}</dt>
          <dd>{formatDateTime(ticket.createdAt, locale)}</dd>
        </div>
      </dl>
      {cancellable ? (
        <Button
          variant="secondary"
          size="sm"
          loading={cancel.isPending}
          aria-label={t('lottery.myBets.cancelTicket', { ticketNo: ticket.ticketNo })}
          onClick={() => cancel.mutate(ticket.ticketNo)}
        >
          {t('lottery.myBets.cancel')}
        </Button>
      ) : null}
      {cancel.error ? <FormMessage tone="error">{errorText(t, cancel.error)}</FormMessage> : null}
      <ShareToChat product="lottery" ticketNo={ticket.ticketNo} />
    </li>
  );
}

/** The member's tickets on a game, newest first, with their outcome; a ticket can be cancelled until its lock. */
export function MyBets({ gameId, now, toLocal, format, refetchInterval }: MyBetsProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [page, setPage] = useState(1);
  const bets = useQuery({ ...myBetsQuery(token, gameId, page), refetchInterval });
  if (!token) {
    return (
      <div className="lottery-empty">
        <p>{t('lottery.myBets.loginFor')}</p>
        <Button onClick={() => openAuthModal('login')}>{t('header.logIn')}</Button>
      </div>
    );
  }
  if (!bets.data) return <CenteredSpinner label={t('common.loading')} />;
  const { list, total } = bets.data;
  return (
    <div className="my-bets">
      {list.length === 0 ? (
        <p className="lottery-empty">{t('lottery.myBets.none')}</p>
      ) : (
        <ul className="my-bets__list" aria-label={t('lottery.myBets.title')}>
          {list.map((ticket) => (
            <TicketCard
              key={ticket.ticketNo}
              ticket={ticket}
              format={format}
              cancellable={ticket.state === 'placed' && now < toLocal(ticket.locksAt)}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / MY_BETS_PAGE_SIZE)}
        label={t('lottery.myBets.pages')}
        onChange={setPage}
      />
    </div>
  );
}
