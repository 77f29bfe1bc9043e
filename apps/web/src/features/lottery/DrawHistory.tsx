import { useQuery } from '@tanstack/react-query';
import type { LotteryDraw } from '@tessera/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ChevronDownIcon, ChevronUpIcon, ShieldIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, Pagination } from '../../ui/index.ts';
import { DrawResultTable, HEADLINE_PRIZES } from './DrawResultTable.tsx';
import { drawHistoryQuery } from './queries.ts';
import { verifyPath } from './SeedHash.tsx';

/** One drawn draw: its numero, time and headline prizes; every prize row when opened; its check when it has a seed. */
function DrawCard({ draw, initiallyOpen }: { draw: LotteryDraw; initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const [open, setOpen] = useState(initiallyOpen);
  const tableId = useId();
  const title = t('lottery.drawNumero', { numero: draw.numero });
  return (
    <li className="draw-card" aria-label={title}>
      <div className="draw-card__head">
        <div className="draw-card__title">
          <h3>{title}</h3>
          <p>{formatDateTime(draw.drawsAt, locale)}</p>
        </div>
        {draw.result ? (
          <p className="draw-card__headline">
            {HEADLINE_PRIZES[draw.shape].map((prize) => (
              <span key={prize} className="draw-number draw-number--top" title={t(`lottery.prizes.${prize}`)}>
                {draw.result?.[prize]?.[0]}
              </span>
            ))}
          </p>
        ) : (
          <p className="draw-card__void">{t(`lottery.drawStates.${draw.state}`)}</p>
        )}
        <div className="draw-card__actions">
          {draw.seed ? (
            <Link
              className="draw-card__verify"
              to={verifyPath(draw.gameId, draw.numero)}
              aria-label={t('lottery.results.verifyDraw', { numero: draw.numero })}
            >
              <ShieldIcon />
              {t('lottery.results.verify')}
            </Link>
          ) : null}
          {draw.result ? (
            <button
              type="button"
              className="draw-card__toggle"
              aria-expanded={open}
              aria-controls={tableId}
              onClick={() => setOpen(!open)}
            >
              {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
              {open ? t('lottery.results.hidePrizes') : t('lottery.results.showPrizes')}
            </button>
          ) : null}
        </div>
      </div>
      {draw.result ? (
        <div id={tableId} hidden={!open}>
          <DrawResultTable
            shape={draw.shape}
            result={draw.result}
            label={t('lottery.results.prizesOf', { numero: draw.numero })}
          />
        </div>
      ) : null}
    </li>
  );
}

/** A game's results history, a page at a time, newest first; the newest draw opened. */
export function DrawHistory({
  gameId,
  refetchInterval,
}: {
  gameId: string;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useQuery({ ...drawHistoryQuery(gameId, page), refetchInterval });
  if (!history.data) return <CenteredSpinner label={t('common.loading')} />;
  const { list, total, pageSize } = history.data;
  return (
    <div className="draw-history">
      {list.length === 0 ? (
        <p className="lottery-empty">{t('lottery.results.noneYet')}</p>
      ) : (
        <ul className="draw-history__list" aria-label={t('lottery.results.history')}>
          {list.map((draw, index) => (
            <DrawCard key={draw.numero} draw={draw} initiallyOpen={page === 1 && index === 0} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        label={t('lottery.results.pages')}
        onChange={setPage}
      />
    </div>
  );
}
