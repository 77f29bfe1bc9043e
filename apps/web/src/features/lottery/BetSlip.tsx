import { errorText } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../ui/bet-slip.css';
import { CheckIcon, TrashIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import type { SlipTicket } from './BetBuilder.tsx';
import { Countdown } from './Countdown.tsx';
import { usePlaceBet } from './queries.ts';

const SHOWN_NUMBERS = 8;

/** A ticket's numbers, the first few and how many more. */
export function numbersText(t: TFunction, numbers: readonly string[]): string {
  if (numbers.length <= SHOWN_NUMBERS) return numbers.join(' ');
  return `${numbers.slice(0, SHOWN_NUMBERS).join(' ')} ${t('lottery.slip.more', { count: numbers.length - SHOWN_NUMBERS })}`;
}

function TicketLine({ ticket, format }: { ticket: SlipTicket; format: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="slip-ticket__type">{t(`lottery.betTypes.${ticket.betType}.name`)}</span>
      <span className="slip-ticket__numbers">{numbersText(t, ticket.numbers)}</span>
      <span className="slip-ticket__meta">
        {t('lottery.slip.linesPoints', { lines: ticket.lines, points: ticket.points })}
      </span>
      <span className="slip-ticket__stake">{format(ticket.stake)}</span>
    </>
  );
}

interface BetSlipProps {
  tickets: SlipTicket[];
  format: (amount: number) => string;
  onRemove: (id: number) => void;
  onClear: () => void;
  onPlace: () => void;
}

/** The tickets queued for the draw on sale, each removable, with their total and the button that places them. */
export function BetSlip({ tickets, format, onRemove, onClear, onPlace }: BetSlipProps) {
  const { t } = useTranslation();
  const total = tickets.reduce((sum, ticket) => sum + ticket.stake, 0);
  return (
    <section className="bet-slip" aria-label={t('lottery.slip.title')}>
      <header className="bet-slip__header">
        <h2 className="bet-slip__title">
          {t('lottery.slip.title')}
          {/* The list of tickets says how many there are. */}
          <span className="bet-slip__count" aria-hidden="true">
            {tickets.length}
          </span>
        </h2>
        {tickets.length > 0 ? (
          <button type="button" className="bet-slip__clear" onClick={onClear}>
            {t('lottery.slip.clear')}
          </button>
        ) : null}
      </header>
      {tickets.length === 0 ? (
        <p className="bet-slip__empty">{t('lottery.slip.empty')}</p>
      ) : (
        <ul className="bet-slip__list" aria-label={t('lottery.slip.tickets')}>
          {tickets.map((ticket) => (
            <li key={ticket.id} className="slip-ticket">
              <TicketLine ticket={ticket} format={format} />
              <button
                type="button"
                className="slip-ticket__remove"
                aria-label={t('lottery.slip.remove', { name: t(`lottery.betTypes.${ticket.betType}.name`) })}
                onClick={() => onRemove(ticket.id)}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <footer className="bet-slip__footer">
        <p className="bet-slip__total">
          {t('lottery.slip.total')} <strong>{format(total)}</strong>
        </p>
        <Button size="lg" variant="accent" disabled={tickets.length === 0} onClick={onPlace}>
          {t('lottery.slip.place')}
        </Button>
      </footer>
    </section>
  );
}

type Outcome = { placed: string } | { refused: string };

interface ConfirmBetsProps {
  tickets: SlipTicket[];
  gameId: string;
  /** The draw on sale now, and when its betting closes (this browser's clock). */
  numero: string;
  locksAt: number;
  format: (amount: number) => string;
  /** A ticket the server accepted: it leaves the slip. */
  onPlaced: (id: number) => void;
  onClose: () => void;
}

/**
 * The confirmation before placing: the slip's tickets, the draw and the total; then each ticket is placed on its own
 * (one request and Idempotency-Key each) and its outcome shown: its ticket number, or the server's refusal. Refused
 * tickets stay in the slip.
 */
export function ConfirmBets({
  tickets,
  gameId,
  numero,
  locksAt,
  format,
  onPlaced,
  onClose,
}: ConfirmBetsProps) {
  const { t } = useTranslation();
  const place = usePlaceBet();
  // The tickets as they were when the dialog opened: placed ones leave the slip but stay listed here.
  const [listed] = useState(tickets);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [phase, setPhase] = useState<'review' | 'placing' | 'done'>('review');
  const total = listed.reduce((sum, ticket) => sum + ticket.stake, 0);

  const confirm = async () => {
    setPhase('placing');
    for (const ticket of listed) {
      try {
        const placed = await place.mutateAsync({
          gameId,
          numero,
          betType: ticket.betType,
          numbers: ticket.numbers,
          points: ticket.points,
        });
        setOutcomes((current) => ({ ...current, [ticket.id]: { placed: placed.ticketNo } }));
        onPlaced(ticket.id);
      } catch (error) {
        setOutcomes((current) => ({ ...current, [ticket.id]: { refused: errorText(t, error) } }));
      }
    }
    setPhase('done');
  };

  return (
    <Modal
      open
      onClose={onClose}
      // While the tickets are being placed the dialog stays: the outcomes come next.
      dismissible={phase !== 'placing'}
      title={t('lottery.confirm.title')}
      width={520}
      className="lottery-confirm"
      footer={
        phase === 'done' ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" disabled={phase === 'placing'} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button variant="accent" loading={phase === 'placing'} onClick={() => void confirm()}>
              {t('common.confirm')}
            </Button>
          </>
        )
      }
    >
      <div className="lottery-confirm__draw">
        <p>{t('lottery.drawNumero', { numero })}</p>
        {phase === 'review' ? <Countdown locksAt={locksAt} /> : null}
      </div>
      <ul className="lottery-confirm__list" aria-label={t('lottery.slip.tickets')}>
        {listed.map((ticket) => {
          const outcome = outcomes[ticket.id];
          return (
            <li key={ticket.id} className="slip-ticket">
              <TicketLine ticket={ticket} format={format} />
              {outcome ? (
                'placed' in outcome ? (
                  <p className="slip-ticket__outcome slip-ticket__outcome--placed">
                    <CheckIcon />
                    {t('lottery.confirm.placed', { ticketNo: outcome.placed })}
                  </p>
                ) : (
                  <p className="slip-ticket__outcome slip-ticket__outcome--refused">
                    {t('lottery.confirm.refused', { message: outcome.refused })}
                  </p>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="lottery-confirm__total">
        {t('lottery.slip.total')} <strong>{format(total)}</strong>
      </p>
      <p className="visually-hidden" role="status">
        {phase === 'done'
          ? t('lottery.confirm.summary', {
              placed: Object.values(outcomes).filter((outcome) => 'placed' in outcome).length,
              count: listed.length,
            })
          : ''}
      </p>
    </Modal>
  );
}
