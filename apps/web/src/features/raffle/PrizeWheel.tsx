import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RaffleDraw, RaffleList } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { raffleEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { Button, CenteredSpinner } from '../../ui/index.ts';
import { money } from '../wallet/queries.ts';
import { raffleKey, rafflesQuery } from './queries.ts';
import './raffle.css';

type Raffle = RaffleList['raffles'][number];
type Prize = Raffle['prizes'][number];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const usePrefersReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

/** Whole turns the wheel makes before it stops on the prize. */
const TURNS = 5;

/**
 * The prize wheel: one raffle (the one named, or the first open one) as a wheel of its prizes, the member's tickets
 * and points, and a Spin button. The server draws; the wheel then turns to the prize it drew (at once under reduced
 * motion) and the result is announced. Self-contained: it reads and refreshes its own data, so any page can place it;
 * `heading` is the level of its title in that page's outline (h2 on /luckyWheel, h3 in the rewards centre).
 */
export function PrizeWheel({ raffleId, heading = 'h2' }: { raffleId?: number; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const raffles = useQuery(rafflesQuery(token));
  if (raffles.isError) return <FormMessage tone="error">{errorText(t, raffles.error)}</FormMessage>;
  if (!raffles.data) return <CenteredSpinner label={t('common.loading')} />;
  const raffle = raffles.data.raffles.find((row) => raffleId === undefined || row.id === raffleId);
  if (!raffle) return <p className="prize-wheel__empty">{t('raffle.none')}</p>;
  return <Wheel key={raffle.id} raffle={raffle} list={raffles.data} heading={heading} />;
}

function Wheel({
  raffle,
  list,
  heading: Heading,
}: {
  raffle: Raffle;
  list: RaffleList;
  heading: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const reduced = usePrefersReducedMotion();
  const number = new Intl.NumberFormat(useDateLocale());
  const resultId = useId();
  const [rotation, setRotation] = useState(0);
  const [turning, setTurning] = useState<RaffleDraw | null>(null);
  const [result, setResult] = useState<RaffleDraw | null>(null);
  const count = raffle.prizes.length;
  const slice = 360 / count;

  const spin = useMutation({
    mutationFn: () => api(raffleEndpoints.draw, { params: { id: raffle.id } }),
    onMutate: () => setResult(null),
    onSuccess: (draw) => {
      // The prize's slice centre comes under the pointer at the top: the wheel turns on by whole turns plus the
      // angle from where it stands to that slice.
      const centre = draw.prizeIndex * slice + slice / 2;
      const target = (360 - centre) % 360;
      const from = ((rotation % 360) + 360) % 360;
      const next = rotation + TURNS * 360 + ((target - from + 360) % 360);
      setRotation(next);
      if (reduced) setResult(draw);
      else setTurning(draw);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: raffleKey(token) });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
    },
  });

  const finish = () => {
    if (turning) setResult(turning);
    setTurning(null);
  };
  const costKey = raffle.entryKind === 'tickets' ? 'raffle.costTickets' : 'raffle.costPoints';
  const busy = spin.isPending || turning !== null;
  const left = raffle.dailyLimit - raffle.drawsToday;

  return (
    <section className="prize-wheel" aria-labelledby={`${resultId}-title`}>
      <header className="prize-wheel__head">
        <Heading id={`${resultId}-title`} className="prize-wheel__title">
          {raffle.name}
        </Heading>
        <dl className="prize-wheel__balances">
          <div>
            <dt>{t('raffle.tickets')}</dt>
            <dd>{number.format(list.tickets)}</dd>
          </div>
          <div>
            <dt>{t('raffle.points')}</dt>
            <dd>{number.format(list.points)}</dd>
          </div>
          <div>
            <dt>{t('raffle.spinsLeft')}</dt>
            <dd>{number.format(Math.max(0, left))}</dd>
          </div>
        </dl>
      </header>
      <div className="prize-wheel__stage">
        <span className="prize-wheel__pointer" aria-hidden="true" />
        <svg
          className={`prize-wheel__disc${reduced ? '' : ' prize-wheel__disc--animated'}`}
          viewBox="-100 -100 200 200"
          style={{ transform: `rotate(${rotation}deg)` }}
          onTransitionEnd={finish}
          role="img"
          aria-label={t('raffle.wheelLabel', { prizes: raffle.prizes.map((prize) => prize.name).join(', ') })}
        >
          {raffle.prizes.map((prize, index) => (
            <Slice key={prize.id} prize={prize} index={index} slice={slice} />
          ))}
          <circle r="16" className="prize-wheel__hub" />
        </svg>
      </div>
      <p className="prize-wheel__cost">{t(costKey, { formatted: number.format(raffle.entryCost) })}</p>
      <Button
        variant="primary"
        className="prize-wheel__spin"
        disabled={busy || left <= 0}
        onClick={() => spin.mutate()}
      >
        {busy ? t('raffle.spinning') : t('raffle.spin')}
      </Button>
      <div className="prize-wheel__result" aria-live="polite">
        {spin.isError ? <FormMessage tone="error">{errorText(t, spin.error)}</FormMessage> : null}
        {result ? <Result draw={result} digits={list.digits} /> : null}
      </div>
    </section>
  );
}

/** A slice of the wheel from the top, clockwise, with its prize's name along its middle. */
function Slice({ prize, index, slice }: { prize: Prize; index: number; slice: number }) {
  const point = (degrees: number, radius: number) => {
    const radians = ((degrees - 90) * Math.PI) / 180;
    return `${(Math.cos(radians) * radius).toFixed(3)} ${(Math.sin(radians) * radius).toFixed(3)}`;
  };
  const start = index * slice;
  const end = start + slice;
  const path =
    slice >= 360
      ? 'M 0 -96 A 96 96 0 1 1 -0.01 -96 Z'
      : `M 0 0 L ${point(start, 96)} A 96 96 0 ${slice > 180 ? 1 : 0} 1 ${point(end, 96)} Z`;
  const middle = start + slice / 2;
  return (
    <g className={`prize-wheel__slice prize-wheel__slice--${index % 2 ? 'odd' : 'even'}`}>
      <path d={path} />
      <text
        transform={`rotate(${middle}) translate(0 -60) rotate(90)`}
        textAnchor="middle"
        dominantBaseline="middle"
        className={prize.available ? undefined : 'prize-wheel__gone'}
      >
        {prize.name.length > 14 ? `${prize.name.slice(0, 13)}…` : prize.name}
      </text>
    </g>
  );
}

function Result({ draw, digits }: { draw: RaffleDraw; digits: number }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useDateLocale());
  const { prize } = draw;
  const line =
    prize.kind === 'none'
      ? t('raffle.noPrize')
      : prize.kind === 'cash'
        ? t('raffle.wonCash', {
            amount: money(prize.value, digits),
            multiple: number.format(prize.turnoverMultiple),
          })
        : prize.kind === 'points'
          ? t('raffle.wonPoints', { formatted: number.format(prize.value) })
          : prize.kind === 'tickets'
            ? t('raffle.wonTickets', { formatted: number.format(prize.value) })
            : t('raffle.wonItem');
  return (
    <FormMessage tone={prize.kind === 'none' ? 'info' : 'success'}>
      <strong>{prize.kind === 'none' ? prize.name : t('raffle.won', { prize: prize.name })}</strong> {line}
    </FormMessage>
  );
}
