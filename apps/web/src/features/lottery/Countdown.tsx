import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../ui/icons.tsx';
import { countdownParts, useNow } from './clock.ts';

interface CountdownProps {
  /** When betting closes, in this browser's clock; null when nothing is on sale. */
  locksAt: number | null;
  /** The whole time a draw is on sale, for the bar that empties as the lock nears. */
  saleMs?: number | null | undefined;
  size?: 'sm' | 'lg';
}

/**
 * The countdown to a draw's lock (§3 lockTime), then "Closed — drawing" until the next draw goes on sale. It keeps
 * its own second-by-second clock, so only it is drawn again each second, not the page around it.
 */
export function Countdown({ locksAt, saleMs, size = 'sm' }: CountdownProps) {
  const { t } = useTranslation();
  const now = useNow();
  if (locksAt === null) {
    return (
      <p className={`countdown countdown--${size} countdown--idle`}>{t('lottery.countdown.notOnSale')}</p>
    );
  }
  const remaining = locksAt - now;
  if (remaining <= 0) {
    return (
      <p className={`countdown countdown--${size} countdown--closed`}>
        <span className="countdown__pulse" aria-hidden="true" />
        {t('lottery.countdown.drawing')}
      </p>
    );
  }
  const { days, clock } = countdownParts(remaining);
  const share = saleMs ? Math.min(1, remaining / saleMs) : null;
  return (
    <div className={`countdown countdown--${size}${remaining <= 10_000 ? ' countdown--soon' : ''}`}>
      <p className="countdown__text">
        <ClockIcon />
        <span className="countdown__label">{t('lottery.countdown.closesIn')}</span>{' '}
        <time className="countdown__time">
          {days > 0 ? t('lottery.countdown.days', { days, clock }) : clock}
        </time>
      </p>
      {/* data-ticker: the bar moves every second while the draw is open, so it never rests. */}
      {share !== null ? (
        <span className="countdown__bar" aria-hidden="true" data-ticker="">
          <span style={{ transform: `scaleX(${share.toFixed(3)})` }} />
        </span>
      ) : null}
    </div>
  );
}
