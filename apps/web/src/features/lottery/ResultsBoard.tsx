import { useQuery } from '@tanstack/react-query';
import type { PrizeMode } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { TrophyIcon } from '../../ui/icons.tsx';
import { drawTimeText } from './clock.ts';
import { HEADLINE_PRIZES } from './DrawResultTable.tsx';
import { latestResultsQuery } from './queries.ts';

const BOARD_SIZE = 12;

/** The latest results of the prize mode's games, newest first: each game's headline prizes, linked to the game. */
export function ResultsBoard({ prizeMode }: { prizeMode: PrizeMode }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { data } = useQuery(latestResultsQuery(prizeMode, BOARD_SIZE));
  const now = Date.now();
  return (
    <section className="results-board" aria-labelledby="results-board-title">
      <h2 id="results-board-title" className="results-board__title">
        <TrophyIcon />
        {t('lottery.results.latest')}
      </h2>
      {data && data.length === 0 ? <p className="results-board__empty">{t('lottery.results.none')}</p> : null}
      <ul className="results-board__list">
        {(data ?? []).map((draw) => (
          <li key={`${draw.gameId}-${draw.numero}`} className="results-board__item">
            <div className="results-board__head">
              <Link
                to={{ search: `?gameCode=${encodeURIComponent(draw.gameId)}` }}
                className="results-board__game"
              >
                {draw.gameName}
              </Link>
              <span className="results-board__time">{drawTimeText(draw.drawsAt, locale, now)}</span>
            </div>
            <p className="results-board__numero">{t('lottery.drawNumero', { numero: draw.numero })}</p>
            <dl className="results-board__prizes">
              {HEADLINE_PRIZES[draw.shape].map((prize) => (
                <div key={prize}>
                  <dt>{t(`lottery.prizes.${prize}`)}</dt>
                  <dd className="draw-number draw-number--top">{draw.result?.[prize]?.[0] ?? '—'}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
