import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatBetCard, ChatFollowLeg, ChatMessage } from '@tessera/contract';
import { formatOdds } from '@tessera/sportsbook';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { chatEndpoints, rainEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { Button, Modal, StatusBadge } from '../../ui/index.ts';
import { useBookMoney } from '../sportsbook/money.ts';
import { marketName, selectionName } from '../sportsbook/names.ts';
import { toggleLeg, useOddsFormat, useSlip } from '../sportsbook/slip.ts';
import { money } from '../wallet/queries.ts';
import { hideChatWindow } from './chatWindowEvents.ts';

/**
 * The chat room's cards: a red envelope round dropped in the room (open it to grab one: the amount got in the
 * reader's currency and locale, or "all taken" / "ended"), and a member's bet shared as a card (open it for the
 * picks, and follow it: a lottery ticket's numbers picked in its game, a sportsbook ticket's open picks in the slip
 * at today's prices).
 */

type EnvelopeCard = { roundId: number; envelopes: number; closesAt: string };

function EnvelopeMessage({ card }: { card: EnvelopeCard }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const key = ['member', token, 'chat', 'envelope', card.roundId] as const;
  const round = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(rainEndpoints.round, { params: { id: card.roundId }, signal }),
    enabled: open,
  });
  const grab = useMutation({
    mutationFn: () => api(rainEndpoints.grab, { params: { id: card.roundId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
    },
  });
  const state = round.data;
  const amount = (major: number) =>
    state ? `${state.currencySymbol} ${money(major, state.digits)}`.trim() : String(major);
  const left = state ? Math.max(0, state.grabs - state.grabbed) : 0;
  return (
    <>
      <button type="button" className="chat-card chat-card--envelope" onClick={() => setOpen(true)}>
        <span className="chat-card__mark" aria-hidden="true">
          {t('rain.envelopeMark')}
        </span>
        <span className="chat-card__title">{t('chat.envelope.title')}</span>
        <span className="chat-card__hint">{t('chat.envelope.open', { count: card.envelopes })}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('chat.envelope.title')} width={400}>
        <div className="chat-dialog" aria-live="polite">
          {round.isError ? <p role="alert">{errorText(t, round.error)}</p> : null}
          {state ? (
            <>
              {state.mine.map((got, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the amounts got, in the order grabbed
                <p key={index} className="chat-dialog__won">
                  {t('chat.envelope.got', { amount: amount(got) })}
                </p>
              ))}
              {grab.isError ? <p role="alert">{errorText(t, grab.error)}</p> : null}
              {!state.live ? (
                <p className="chat-dialog__state">{t('chat.envelope.ended')}</p>
              ) : state.left === 0 ? (
                <p className="chat-dialog__state">{t('chat.envelope.allTaken')}</p>
              ) : left === 0 ? (
                <p className="chat-dialog__state">
                  {state.grabs === 0 ? t('chat.envelope.noGrabs') : t('chat.envelope.noGrabsLeft')}
                </p>
              ) : (
                <>
                  <p className="chat-dialog__state">
                    {t('chat.envelope.left', { count: state.left, total: state.envelopes })}
                  </p>
                  <Button onClick={() => grab.mutate()} disabled={grab.isPending}>
                    {t('chat.envelope.grab')}
                  </Button>
                </>
              )}
            </>
          ) : null}
        </div>
      </Modal>
    </>
  );
}

type Leg = ChatBetCard['legs'][number];

function useLegName() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  return (leg: Leg) => {
    const market = {
      type: leg.marketType as never,
      period: leg.period as never,
      line: leg.line,
      map: leg.map,
    };
    return {
      market: marketName(t, market, locale),
      selection: selectionName(t, market, leg.selection, { home: leg.home, away: leg.away }, locale),
    };
  };
}

function BetMessage({ message, card }: { message: ChatMessage; card: ChatBetCard }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const format = useOddsFormat();
  const book = useBookMoney();
  const navigate = useNavigate();
  const legName = useLegName();
  const slip = useSlip();
  const [open, setOpen] = useState(false);
  const [followed, setFollowed] = useState<ChatFollowLeg[] | null>(null);
  const follow = useMutation({
    mutationFn: () => api(chatEndpoints.follow, { params: { id: message.roomId, messageId: message.id } }),
    onSuccess: ({ legs }) => {
      setFollowed(legs);
      for (const leg of legs) {
        if (leg.status !== 'open' || slip.legs.some((known) => known.selectionId === leg.selectionId))
          continue;
        const name = legName(leg);
        toggleLeg({
          eventId: leg.eventId,
          eventName: t('sportsbook.versus', { home: leg.home, away: leg.away }),
          marketName: name.market,
          selectionName: name.selection,
          selectionId: leg.selectionId,
          price: leg.price,
          priceVersion: leg.priceVersion,
          live: leg.live,
        });
      }
    },
  });
  const followLottery = () => {
    if (!card.lottery) return;
    const search = new URLSearchParams({
      gameCode: card.lottery.gameId,
      playType: card.lottery.betType,
      numbers: card.lottery.numbers.join(','),
    });
    setOpen(false);
    hideChatWindow();
    void navigate(`/lottery?${search.toString()}`);
  };
  const opened = followed?.some((leg) => leg.status === 'open') ?? false;
  return (
    <>
      <button type="button" className="chat-card chat-card--bet" onClick={() => setOpen(true)}>
        <span className="chat-card__title">
          {t(`chat.bet.product.${card.product}`)} · {card.title}
        </span>
        <span className="chat-card__hint">
          {card.lottery
            ? card.lottery.numbers.join(' ')
            : t('chat.bet.picks', {
                count: card.legs.length,
                price: formatOdds(card.price ?? 1, format, locale),
              })}
        </span>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('chat.bet.title', { author: message.author })}
        width={460}
        footer={
          card.product === 'lottery' ? (
            <Button onClick={followLottery}>{t('chat.bet.follow')}</Button>
          ) : opened ? (
            <Button
              onClick={() => {
                setOpen(false);
                hideChatWindow();
                void navigate('/sports');
              }}
            >
              {t('chat.bet.toSlip')}
            </Button>
          ) : (
            <Button onClick={() => follow.mutate()} disabled={follow.isPending}>
              {t('chat.bet.follow')}
            </Button>
          )
        }
      >
        <div className="chat-dialog">
          <dl className="chat-dialog__facts">
            <div>
              <dt>{t('chat.bet.game')}</dt>
              <dd>{card.title}</dd>
            </div>
            <div>
              <dt>{t('chat.bet.state')}</dt>
              <dd>
                <StatusBadge tone="info">
                  {t(
                    card.product === 'lottery'
                      ? `lottery.ticketStates.${card.state}`
                      : `sportsbook.ticketStates.${card.state}`,
                    { defaultValue: card.state },
                  )}
                </StatusBadge>
              </dd>
            </div>
            {card.stake !== null ? (
              <div>
                <dt>{t('chat.bet.stake')}</dt>
                <dd>{book.format(card.stake)}</dd>
              </div>
            ) : null}
            {card.lottery ? (
              <>
                <div>
                  <dt>{t('chat.bet.betType')}</dt>
                  <dd>
                    {t(`lottery.betTypes.${card.lottery.betType}.name`, {
                      defaultValue: card.lottery.betType,
                    })}
                  </dd>
                </div>
                <div>
                  <dt>{t('lottery.bet.numbers')}</dt>
                  <dd>{card.lottery.numbers.join(' ')}</dd>
                </div>
              </>
            ) : null}
          </dl>
          {card.legs.length > 0 ? (
            <ul className="chat-dialog__legs" aria-label={t('chat.bet.legs')}>
              {card.legs.map((leg) => {
                const name = legName(leg);
                const now = followed?.find((found) => found.selectionId === leg.selectionId);
                return (
                  <li key={leg.selectionId}>
                    <strong>{name.selection}</strong>{' '}
                    <span>{formatOdds(now?.price ?? leg.price, format, locale)}</span>
                    {now && now.status !== 'open' ? (
                      <StatusBadge tone="neutral">{t(`chat.bet.legStatus.${now.status}`)}</StatusBadge>
                    ) : null}
                    <br />
                    <small>
                      {name.market} · {leg.event}
                    </small>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {follow.isError ? <p role="alert">{errorText(t, follow.error)}</p> : null}
          {followed ? (
            <p className="chat-dialog__state" aria-live="polite">
              {opened ? t('chat.bet.followed') : t('chat.bet.nothingOpen')}
            </p>
          ) : null}
        </div>
      </Modal>
    </>
  );
}

/** A card message of the room (envelope or bet), loaded with the chat window's first card. */
export default function ChatCard({ message }: { message: ChatMessage }) {
  const card = message.card;
  if (message.kind === 'envelope' && card && 'roundId' in card) return <EnvelopeMessage card={card} />;
  if (message.kind === 'bet' && card && 'product' in card)
    return <BetMessage message={message} card={card} />;
  return null;
}
