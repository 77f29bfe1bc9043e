import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currencyDigits, type LotteryGameDetail } from '@tessera/contract';
import { BET_TYPES, type BetTypeCode, isBetTypeCode } from '@tessera/lottery';
import { errorText } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePhoneLayout } from '../../app/phoneLayout.ts';
import type { PageKey } from '../../app/routes.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { ChevronLeftIcon, ShieldIcon } from '../../ui/icons.tsx';
import { buttonClass, CenteredSpinner, DocumentTitle, StatusBadge } from '../../ui/index.ts';
import { passGate } from '../auth/gate.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { money } from '../wallet/queries.ts';
import { BetBuilder, NO_PICKS, type Picks, type SlipTicket } from './BetBuilder.tsx';
import { BetSlip, ConfirmBets } from './BetSlip.tsx';
import { Countdown } from './Countdown.tsx';
import { drawTimeText, useNow } from './clock.ts';
import { DrawHistory } from './DrawHistory.tsx';
import { HEADLINE_PRIZES } from './DrawResultTable.tsx';
import { SOURCE_TONES } from './GameCard.tsx';
import { MyBets } from './MyBets.tsx';
import { drawHistoryKey, gameDetailQuery, myBetsQuery } from './queries.ts';
import { SeedHash } from './SeedHash.tsx';

/** How often a game is asked again while a result is awaited: an e-lottery draws on time, an official one later. */
const POLL_MS = { rng: 3000, official: 30_000 } as const;

/**
 * The server's clock against this browser's: how much later the server's time is, from the detail's draw time
 * (absolute) and seconds to it (relative to the answer).
 */
function serverOffset(detail: LotteryGameDetail, fetchedAt: number): number {
  const { winningTime, remainTime } = detail.game;
  return winningTime ? Date.parse(winningTime) - remainTime * 1000 - fetchedAt : 0;
}

/** The latest result of the game, in brief. */
function LatestResult({ detail }: { detail: LotteryGameDetail }) {
  const { t } = useTranslation();
  const [latest] = detail.recent;
  if (!latest?.result) return null;
  return (
    <section className="latest-result" aria-label={t('lottery.results.lastOf', { numero: latest.numero })}>
      <p className="latest-result__label">{t('lottery.results.last')}</p>
      <p className="latest-result__numero">{t('lottery.drawNumero', { numero: latest.numero })}</p>
      <dl className="latest-result__prizes">
        {HEADLINE_PRIZES[latest.shape].map((prize) => (
          <div key={prize}>
            <dt>{t(`lottery.prizes.${prize}`)}</dt>
            <dd className="draw-number draw-number--top">{latest.result?.[prize]?.[0]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type RecordsTab = 'results' | 'mine';

/** The numbers the address names (?playType=&numbers=, a bet followed from the chat room), picked in the builder. */
function picksFromAddress(params: URLSearchParams): Picks {
  const playType = params.get('playType');
  const numbers = (params.get('numbers') ?? '').split(',').filter(Boolean);
  if (!isBetTypeCode(playType) || numbers.length === 0) return NO_PICKS;
  const { digits } = BET_TYPES[playType];
  return { grid: { [digits]: numbers }, typed: { [digits]: numbers.join(' ') }, points: '1' };
}

/**
 * A game's betting view: the draw on sale and its countdown, the seed hash of an e-lottery draw, a ticket builder per
 * bet type, the bet slip and its confirmation, the results history and the member's tickets. When a draw's betting
 * closes the detail is fetched again (the next draw goes on sale), and the results and tickets are polled until its
 * result is in and the member's tickets on it are settled.
 */
export function BettingView({ gameCode, pageKey }: { gameCode: string; pageKey: PageKey }) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const locale = useDateLocale();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [params] = useSearchParams();
  // Whether a draw's time has passed (tickets awaiting their result, cancels allowed): a few seconds late is
  // fine, and the page is not drawn again every second (its countdown keeps its own clock).
  const now = useNow(5_000);
  const [lockedNumero, setLockedNumero] = useState<string | null>(null);
  const [slip, setSlip] = useState<SlipTicket[]>([]);
  const nextTicketId = useRef(1);
  const [picks, setPicks] = useState<Picks>(() => picksFromAddress(params));
  const [chosenType, setChosenType] = useState<BetTypeCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [records, setRecords] = useState<RecordsTab>('results');
  const phone = usePhoneLayout();

  const detailQuery = useQuery({
    ...gameDetailQuery(gameCode),
    refetchInterval: (query) => {
      const data = query.state.data;
      const awaiting = lockedNumero !== null && !data?.recent.some((draw) => draw.numero === lockedNumero);
      return data && awaiting ? POLL_MS[data.game.source] : false;
    },
  });
  const detail = detailQuery.data;
  const offset = detail ? serverOffset(detail, detailQuery.dataUpdatedAt) : 0;
  const toLocal = (iso: string) => Date.parse(iso) - offset;
  const current = detail?.current ?? null;
  const currentLocksAt = current ? toLocal(current.locksAt) : null;

  // The lock of the draw on sale: then the next one goes on sale, and this one's result is awaited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per draw on sale and lock time
  useEffect(() => {
    if (!current || currentLocksAt === null) return;
    const timer = window.setTimeout(
      () => {
        setLockedNumero(current.numero);
        void queryClient.invalidateQueries({ queryKey: gameDetailQuery(gameCode).queryKey });
      },
      Math.max(0, currentLocksAt - Date.now()) + 250,
    );
    return () => window.clearTimeout(timer);
  }, [current?.numero, currentLocksAt, gameCode]);

  // A new result: the history shows it too (it may have stopped polling before the detail did).
  const latestNumero = detail?.recent[0]?.numero;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new latest result refreshes them
  useEffect(() => {
    if (latestNumero === undefined) return;
    void queryClient.invalidateQueries({ queryKey: drawHistoryKey(gameCode) });
  }, [latestNumero]);

  const firstBets = useQuery(myBetsQuery(token, gameCode, 1));
  const awaitingDraw = lockedNumero !== null && !detail?.recent.some((draw) => draw.numero === lockedNumero);
  const awaitingSettlement = (firstBets.data?.list ?? []).some(
    (ticket) => ticket.state === 'placed' && toLocal(ticket.drawsAt) <= now,
  );
  const pollMs = detail && (awaitingDraw || awaitingSettlement) ? POLL_MS[detail.game.source] : false;

  const pageName = t(`pages.${pageKey}`);
  if (detailQuery.isError && !detail) {
    return (
      <div className="container lottery">
        <DocumentTitle>{`${pageName} · ${siteName}`}</DocumentTitle>
        <div className="lottery-empty lottery-empty--page" role="alert">
          <p>{errorText(t, detailQuery.error)}</p>
          <Link to={{ search: '' }} className={buttonClass('primary')}>
            {t('lottery.backToLobby')}
          </Link>
        </div>
      </div>
    );
  }
  if (!detail) return <CenteredSpinner label={t('common.loading')} />;

  const { game, betTypes } = detail;
  const digits = currencyDigits(detail.currency);
  const format = (amount: number) => `${detail.currencySymbol} ${money(amount, digits)}`;
  const playType = params.get('playType');
  // The bet type chosen, or the one the address names (?playType=), or the first offered.
  const offer =
    betTypes.find((item) => item.betType === (chosenType ?? (isBetTypeCode(playType) ? playType : null))) ??
    betTypes[0];

  const placeBets = () => {
    if (passGate('member')) setConfirming(true);
  };

  return (
    <div className="container lottery lottery--betting">
      <DocumentTitle>{`${game.gameName} · ${pageName} · ${siteName}`}</DocumentTitle>
      <Link to={{ search: '' }} className="lottery-back">
        <ChevronLeftIcon />
        {t('lottery.backToLobby')}
      </Link>

      <header className={`bet-header bet-header--${game.shape}`}>
        <div className="bet-header__game">
          <StatusBadge tone={SOURCE_TONES[game.source]} className="lottery-badge--on-dark">
            {game.source === 'rng' ? <ShieldIcon /> : null}
            {t(`lottery.source.${game.source}`)}
          </StatusBadge>
          <h1 className="bet-header__title">{game.gameName}</h1>
          {game.remark ? <p className="bet-header__remark">{game.remark}</p> : null}
        </div>
        <div className="bet-header__draw">
          {current ? (
            <>
              <p className="bet-header__numero">
                <span>{t('lottery.onSale')}</span> {current.numero}
              </p>
              <Countdown
                size="lg"
                locksAt={currentLocksAt}
                saleMs={game.intervalSeconds ? game.intervalSeconds * 1000 : null}
              />
              <p className="bet-header__time">
                {t('lottery.drawsAtTime', { time: drawTimeText(current.drawsAt, locale, now) })}
              </p>
            </>
          ) : (
            <Countdown locksAt={null} size="lg" />
          )}
        </div>
        {current?.seedHash ? (
          <SeedHash hash={current.seedHash} gameId={game.gameId} numero={current.numero} />
        ) : null}
      </header>

      {awaitingDraw && lockedNumero ? (
        <p className="lottery-drawing" role="status">
          <span className="countdown__pulse" aria-hidden="true" />
          {t('lottery.awaiting', { numero: lockedNumero })}
        </p>
      ) : null}
      <LatestResult detail={detail} />

      <div className="bet-layout">
        <section className="bet-panel" aria-label={t('lottery.bet.title')}>
          {offer && current ? (
            <div className="bet-types">
              <Tabs
                label={t('lottery.bet.types')}
                tabs={betTypes.map((item) => ({
                  key: item.betType,
                  label: t(`lottery.betTypes.${item.betType}.name`),
                }))}
                selected={offer.betType}
                onSelect={setChosenType}
                // On a phone the bet types take one row that scrolls sideways, so the numbers are on the first
                // screen; wider, they wrap.
                scrollArrows={
                  phone
                    ? { previous: t('lottery.bet.previousTypes'), next: t('lottery.bet.nextTypes') }
                    : undefined
                }
              >
                <BetBuilder
                  key={offer.betType}
                  offer={offer}
                  shape={game.shape}
                  picks={picks}
                  onPicks={setPicks}
                  digits={digits}
                  format={format}
                  onAdd={(ticket) => {
                    setSlip((tickets) => [...tickets, { ...ticket, id: nextTicketId.current++ }]);
                  }}
                />
              </Tabs>
            </div>
          ) : (
            <p className="lottery-empty">{t('lottery.bet.nothingOnSale')}</p>
          )}
        </section>
        <BetSlip
          tickets={slip}
          format={format}
          onRemove={(id) => setSlip((tickets) => tickets.filter((ticket) => ticket.id !== id))}
          onClear={() => setSlip([])}
          onPlace={placeBets}
        />
      </div>

      <section className="bet-records" aria-label={t('lottery.records')}>
        <Tabs
          label={t('lottery.records')}
          tabs={[
            { key: 'results', label: t('lottery.results.title') },
            { key: 'mine', label: t('lottery.myBets.title') },
          ]}
          selected={records}
          onSelect={setRecords}
        >
          {records === 'results' ? (
            <DrawHistory gameId={game.gameId} refetchInterval={awaitingDraw ? pollMs : false} />
          ) : (
            <MyBets
              gameId={game.gameId}
              now={now}
              toLocal={toLocal}
              format={format}
              refetchInterval={pollMs}
            />
          )}
        </Tabs>
      </section>

      {confirming && current && currentLocksAt !== null ? (
        <ConfirmBets
          tickets={slip}
          gameId={game.gameId}
          numero={current.numero}
          locksAt={currentLocksAt}
          format={format}
          onPlaced={(id) => {
            setSlip((tickets) => tickets.filter((ticket) => ticket.id !== id));
            setRecords('mine');
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
