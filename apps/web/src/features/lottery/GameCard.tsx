import type { LotteryGame } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { ShieldIcon, StarIcon } from '../../ui/icons.tsx';
import { StatusBadge, type StatusTone } from '../../ui/index.ts';
import { Countdown } from './Countdown.tsx';
import { drawTimeText, useNow } from './clock.ts';

interface GameCardProps {
  game: LotteryGame;
  /** When the game was fetched: its lockTime and remainTime count from then. */
  fetchedAt: number;
  favourite: boolean;
  /** Null for a visitor, who has no favourites. */
  onToggleFavourite: (() => void) | null;
}

/** The platform's own draws, provable in the browser, stand out; official results read plainly. */
export const SOURCE_TONES: Record<LotteryGame['source'], StatusTone> = {
  official: 'neutral',
  rng: 'success',
};

/**
 * A game of a lottery lobby: its name (the link to its betting view), remark, the draw on sale, the countdown to its
 * lock and its draw time, and the member's favourite star.
 */
export function GameCard({ game, fetchedAt, favourite, onToggleFavourite }: GameCardProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  // For "today" or a date beside the draw time; the countdown keeps its own clock.
  const now = useNow(60_000);
  const locksAt = game.numero ? fetchedAt + game.lockTime * 1000 : null;
  return (
    <li className={`lottery-card lottery-card--${game.shape}`} aria-label={game.gameName}>
      <div className="lottery-card__top">
        <StatusBadge tone={SOURCE_TONES[game.source]}>
          {game.source === 'rng' ? <ShieldIcon /> : null}
          {t(`lottery.source.${game.source}`)}
        </StatusBadge>
        {onToggleFavourite ? (
          <button
            type="button"
            className="lottery-card__star"
            aria-pressed={favourite}
            aria-label={t('lottery.lobby.favourite', { name: game.gameName })}
            title={favourite ? t('lottery.lobby.removeFavourite') : t('lottery.lobby.addFavourite')}
            onClick={onToggleFavourite}
          >
            <StarIcon filled={favourite} />
          </button>
        ) : null}
      </div>
      <h3 className="lottery-card__name">
        <Link className="lottery-card__link" to={{ search: `?gameCode=${encodeURIComponent(game.gameId)}` }}>
          {game.gameName}
        </Link>
      </h3>
      {game.remark ? <p className="lottery-card__remark">{game.remark}</p> : null}
      <dl className="lottery-card__facts">
        <div>
          <dt>{t('lottery.draw')}</dt>
          <dd>{game.numero ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('lottery.drawsAt')}</dt>
          <dd>{game.winningTime ? drawTimeText(game.winningTime, locale, now) : '—'}</dd>
        </div>
      </dl>
      <Countdown locksAt={locksAt} saleMs={game.intervalSeconds ? game.intervalSeconds * 1000 : null} />
      <span className="lottery-card__cta" aria-hidden="true">
        {t('lottery.lobby.betNow')}
      </span>
    </li>
  );
}
