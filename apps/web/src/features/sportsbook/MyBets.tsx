import { useQuery } from '@tanstack/react-query';
import type { SportsbookTicket, SportsbookTicketState } from '@tessera/contract';
import { formatOdds } from '@tessera/sportsbook';
import { Tabs } from '@tessera/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button, CenteredSpinner, Pagination, StatusBadge, type StatusTone } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { ShareToChat } from '../chat/ShareToChat.tsx';
import { useBookMoney } from './money.ts';
import { marketName, selectionName } from './names.ts';
import { type BetsFilter, MY_BETS_PAGE_SIZE, myBetsQuery } from './queries.ts';
import { useOddsFormat } from './slip.ts';

const TICKET_TONES: Record<SportsbookTicketState, StatusTone> = {
  pending: 'attention',
  accepted: 'info',
  won: 'success',
  lost: 'neutral',
  void: 'attention',
  refused: 'attention',
};

type LegOutcome = NonNullable<SportsbookTicket['legs'][number]['outcome']>;
const LEG_TONES: Record<LegOutcome, StatusTone> = {
  win: 'success',
  half_win: 'success',
  push: 'neutral',
  half_lose: 'attention',
  lose: 'neutral',
  void: 'neutral',
};

function TicketCard({ ticket }: { ticket: SportsbookTicket }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const format = useOddsFormat();
  const money = useBookMoney();
  const kind =
    ticket.kind === 'parlay'
      ? t('sportsbook.bets.parlayOf', { count: ticket.legs.length })
      : t('sportsbook.bets.single');
  const settled = ticket.payout !== null;
  return (
    <li
      className={`sb-ticket sb-ticket--${ticket.state}`}
      aria-label={t('sportsbook.bets.ticket', { kind, ticketNo: ticket.ticketNo })}
    >
      <div className="sb-ticket__head">
        <p className="sb-ticket__kind">{kind}</p>
        <StatusBadge tone={TICKET_TONES[ticket.state]}>
          {t(`sportsbook.ticketStates.${ticket.state}`)}
        </StatusBadge>
      </div>
      <ul className="sb-ticket__legs" aria-label={t('sportsbook.bets.legs')}>
        {ticket.legs.map((leg) => {
          const { home, away } = leg;
          const market = { type: leg.marketType, period: leg.period, line: leg.line, map: leg.map };
          return (
            <li key={leg.selectionId} className="sb-ticket__leg">
              <div className="sb-ticket__leg-head">
                <span className="sb-leg__selection">
                  {selectionName(t, market, leg.selection, { home, away }, locale)}
                </span>
                <span className="sb-ticket__leg-price">{formatOdds(leg.price, format, locale)}</span>
                {leg.outcome ? (
                  <StatusBadge tone={LEG_TONES[leg.outcome]}>
                    {t(`sportsbook.outcomes.${leg.outcome}`)}
                  </StatusBadge>
                ) : null}
              </div>
              <p className="sb-leg__market">{marketName(t, market, locale)}</p>
              <p className="sb-leg__event">{leg.event}</p>
            </li>
          );
        })}
      </ul>
      <dl className="sb-ticket__facts">
        <div>
          <dt>{t('sportsbook.bets.ticketNo')}</dt>
          <dd>{ticket.ticketNo}</dd>
        </div>
        <div>
          <dt>{t('sportsbook.slip.stake')}</dt>
          <dd>{money.format(ticket.stake)}</dd>
        </div>
        <div>
          <dt>{t('sportsbook.bets.price')}</dt>
          <dd>{formatOdds(ticket.price, format, locale)}</dd>
        </div>
        {settled ? (
          <div>
            <dt>{t('sportsbook.bets.payout')}</dt>
            <dd className="sb-ticket__payout">{money.format(ticket.payout ?? 0)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('sportsbook.slip.potentialReturn')}</dt>
            <dd>{money.format(ticket.potentialReturn)}</dd>
          </div>
        )}
        <div>
          <dt>{t('sportsbook.bets.placedAt')}</dt>
          <dd>{formatDateTime(ticket.createdAt, locale)}</dd>
        </div>
        {ticket.settledAt ? (
          <div>
            <dt>{t('sportsbook.bets.settledAt')}</dt>
            <dd>{formatDateTime(ticket.settledAt, locale)}</dd>
          </div>
        ) : null}
      </dl>
      {ticket.refusedReason ? (
        <p className="sb-ticket__reason">
          {t(`sportsbook.refusedReasons.${ticket.refusedReason}`, { defaultValue: ticket.refusedReason })}
        </p>
      ) : null}
      {ticket.state === 'refused' ? null : <ShareToChat product="sportsbook" ticketNo={ticket.ticketNo} />}
    </li>
  );
}

/** The member's tickets, open or settled, newest first, each leg with its result (win, half win, push …). */
export function MyBets() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [filter, setFilter] = useState<BetsFilter>('open');
  const [page, setPage] = useState(1);
  const bets = useQuery(myBetsQuery(token, filter, page));
  if (!token) {
    return (
      <div className="sb-empty">
        <p>{t('sportsbook.bets.loginFor')}</p>
        <Button onClick={() => openAuthModal('login')}>{t('header.logIn')}</Button>
      </div>
    );
  }
  return (
    <Tabs
      label={t('sportsbook.bets.title')}
      tabs={[
        { key: 'open', label: t('sportsbook.bets.open') },
        { key: 'settled', label: t('sportsbook.bets.settled') },
      ]}
      selected={filter}
      onSelect={(next) => {
        setFilter(next);
        setPage(1);
      }}
    >
      {!bets.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : bets.data.list.length === 0 ? (
        <p className="sb-empty">{t(`sportsbook.bets.none.${filter}`)}</p>
      ) : (
        <div className="sb-bets">
          <ul className="sb-bets__list" aria-label={t('sportsbook.bets.title')}>
            {bets.data.list.map((ticket) => (
              <TicketCard key={ticket.ticketNo} ticket={ticket} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(bets.data.total / MY_BETS_PAGE_SIZE)}
            label={t('sportsbook.bets.pages')}
            onChange={setPage}
          />
        </div>
      )}
    </Tabs>
  );
}
