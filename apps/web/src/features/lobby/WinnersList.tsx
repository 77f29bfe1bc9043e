import { useQuery } from '@tanstack/react-query';
import type { GameType } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { TrophyIcon } from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/index.ts';
import { useWhitelabel } from '../site/queries.ts';
import { money, useBalance } from '../wallet/queries.ts';
import { winnersQuery } from './queries.ts';
import './winners.css';

/**
 * The winners list of a lobby (ODSFE2_getWinnerBoard for its category) or of home (every category, with home's own
 * title): the latest wins, user names masked.
 */
export function WinnersList({ gameType, title }: { gameType: GameType | 'ALL'; title?: string }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { data } = useQuery(winnersQuery(gameType));
  const { data: site } = useWhitelabel();
  const { data: balance } = useBalance();
  const digits = balance?.digits ?? 2;
  const symbol = balance?.currencySymbol ?? site?.currencySymbol ?? '';
  const winners = data?.list ?? [];
  return (
    <section className="winners" aria-labelledby="winners-title">
      <h2 id="winners-title" className="winners__title">
        <TrophyIcon />
        {title ?? t('lobby.winners.title')}
      </h2>
      {data && winners.length === 0 ? <p className="winners__empty">{t('lobby.winners.empty')}</p> : null}
      <ol className="winners__list">
        {winners.map(({ vo }) => (
          <li key={`${vo.nodeId}-${vo.winTime}-${vo.customerName}`} className="winners__item">
            <span className="winners__art">
              <LazyImage src={vo.icon} alt="" />
            </span>
            <span className="winners__who">
              <span className="winners__name">{vo.customerName}</span>
              <span className="winners__game">{vo.gameName}</span>
            </span>
            <span className="winners__win">
              <span className="winners__amount">
                {symbol} {money(vo.winAmount, digits)}
              </span>
              <time className="winners__time" dateTime={vo.winTime}>
                {formatDateTime(vo.winTime, locale)}
              </time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
