import { useQuery } from '@tanstack/react-query';
import type { RaffleHandover } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { StatusBadge, type StatusTone } from '../../ui/index.ts';
import { rafflePrizesQuery } from './queries.ts';
import './raffle.css';

const TONES: Record<RaffleHandover['status'], StatusTone> = {
  pending: 'attention',
  handed_over: 'success',
  cancelled: 'danger',
};

/**
 * The physical prizes the member won on the wheel and how their hand-over stands: waiting (we contact them), handed
 * over with the operator's note (how and when), or cancelled with the reason. Nothing shows until one is won.
 */
export function MyPrizes() {
  const { t } = useTranslation();
  const { token } = useSession();
  const locale = useDateLocale();
  const prizes = useQuery(rafflePrizesQuery(token));
  if (prizes.isError) return <FormMessage tone="error">{errorText(t, prizes.error)}</FormMessage>;
  if (!prizes.data || prizes.data.list.length === 0) return null;
  return (
    <section className="my-prizes" aria-labelledby="my-prizes-title">
      <h2 id="my-prizes-title" className="my-prizes__title">
        {t('raffle.myPrizes')}
      </h2>
      <ul className="my-prizes__list">
        {prizes.data.list.map((prize) => (
          <li key={prize.drawId} className="my-prizes__item">
            <div className="my-prizes__head">
              <span className="my-prizes__name">{prize.prizeName}</span>
              <StatusBadge tone={TONES[prize.status]}>{t(`raffle.handover.${prize.status}`)}</StatusBadge>
            </div>
            <p className="my-prizes__meta">
              {t('raffle.wonOn', { raffle: prize.raffleName, time: formatDateTime(prize.wonAt, locale) })}
            </p>
            <p className="my-prizes__note">
              {prize.status === 'pending'
                ? t('raffle.wonItem')
                : prize.status === 'handed_over'
                  ? prize.note
                  : t('raffle.cancelReason', { note: prize.note ?? '' })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
