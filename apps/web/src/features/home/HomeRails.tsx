import { useQuery } from '@tanstack/react-query';
import type { Game, LotteryGame, PrizeMode } from '@tessera/contract';
import { ScrollButton } from '@tessera/ui';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ClockIcon, FlameIcon, SparkIcon, TrophyIcon } from '../../ui/icons.tsx';
import { GameTile } from '../lobby/GameGrid.tsx';
import { useFavouriteIds } from '../lobby/queries.ts';
import { WinnersList } from '../lobby/WinnersList.tsx';
import { Countdown } from '../lottery/Countdown.tsx';
import { useWhitelabel } from '../site/queries.ts';
import { money, useBalance } from '../wallet/queries.ts';
import { hotRailQuery, jackpotsQuery, newRailQuery, nextDrawsQuery, recentRailQuery } from './queries.ts';
import '../lottery/lottery.css';

/** The lottery screen that sells a prize mode's games (routes.ts). */
const LOTTERY_PATHS: Record<PrizeMode, string> = {
  Lott: '/lottery',
  ZY: '/lottery',
  SEA: '/seaLottery',
  Elott: '/elott',
};

interface RailProps {
  id: string;
  title: string;
  icon: ReactNode;
  /** Where "See all" goes, when the rail has a page of its own. */
  more?: string;
  children: ReactNode;
}

/** A rail of home: its title, "See all", and a row that scrolls sideways, with arrows on a desktop. */
function Rail({ id, title, icon, more, children }: RailProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  return (
    <section className="home-rail" aria-labelledby={id}>
      <div className="home-rail__head">
        <h2 id={id} className="home-rail__title">
          {icon}
          {title}
        </h2>
        <div className="home-rail__actions">
          {more ? (
            <Link className="home-rail__more" to={more}>
              {t('home.rails.all')}
            </Link>
          ) : null}
          <ScrollButton
            direction={-1}
            label={t('home.rails.back', { name: title })}
            scroller={() => row.current}
          />
          <ScrollButton
            direction={1}
            label={t('home.rails.on', { name: title })}
            scroller={() => row.current}
          />
        </div>
      </div>
      <div ref={row} className="home-rail__row">
        {children}
      </div>
    </section>
  );
}

/** The room a rail's tiles take while they load, so nothing below moves when they come. */
function RailPlaceholder({ label }: { label: string }) {
  return (
    <ul className="home-rail__list" aria-busy="true" aria-label={label}>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={index} className="home-rail__placeholder" />
      ))}
    </ul>
  );
}

/** A rail of game tiles, as the lobbies draw them (play, free play, favourite heart). */
function GameRail({
  id,
  title,
  icon,
  more,
  games,
}: Omit<RailProps, 'children'> & { games: Game[] | undefined }) {
  const favourites = useFavouriteIds();
  if (games && games.length === 0) return null;
  return (
    <Rail id={id} title={title} icon={icon} more={more}>
      {games ? (
        <ul className="home-rail__list" aria-label={title}>
          {games.map((game) => (
            <GameTile key={game.nodeId} game={game} favourite={favourites.has(game.nodeId)} />
          ))}
        </ul>
      ) : (
        <RailPlaceholder label={title} />
      )}
    </Rail>
  );
}

/** A draw on sale: its game, its number, the countdown to its lock, and the way to its betting view. */
function DrawCard({ game, fetchedAt }: { game: LotteryGame; fetchedAt: number }) {
  const { t } = useTranslation();
  return (
    <li className="home-draw" aria-label={game.gameName}>
      <Link
        className="home-draw__link"
        to={{
          pathname: LOTTERY_PATHS[game.prizeMode],
          search: `?gameCode=${encodeURIComponent(game.gameId)}`,
        }}
      >
        <span className="home-draw__name">{game.gameName}</span>
        <span className="home-draw__numero">{t('home.rails.drawNumber', { numero: game.numero })}</span>
      </Link>
      <Countdown
        locksAt={fetchedAt + game.lockTime * 1000}
        saleMs={game.intervalSeconds ? game.intervalSeconds * 1000 : null}
      />
      <span className="home-draw__cta" aria-hidden="true">
        {t('lottery.lobby.betNow')}
      </span>
    </li>
  );
}

function DrawsRail() {
  const { t } = useTranslation();
  const { data, dataUpdatedAt } = useQuery(nextDrawsQuery);
  if (data && data.length === 0) return null;
  const title = t('home.rails.draws');
  return (
    <Rail id="home-draws" title={title} icon={<ClockIcon />} more="/vnlottery">
      {data ? (
        <ul className="home-rail__list home-rail__list--draws" aria-label={title}>
          {data.map((game) => (
            <DrawCard key={game.gameId} game={game} fetchedAt={dataUpdatedAt} />
          ))}
        </ul>
      ) : (
        <RailPlaceholder label={title} />
      )}
    </Rail>
  );
}

/**
 * The vendors' progressive jackpots, as their providers last reported them (the amount and when): shown only
 * when a provider reports one, asked again every minute.
 */
function JackpotRail() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { data } = useQuery(jackpotsQuery);
  const { data: site } = useWhitelabel();
  const { data: balance } = useBalance();
  if (!data || data.list.length === 0) return null;
  const digits = balance?.digits ?? 2;
  const symbol = balance?.currencySymbol ?? site?.currencySymbol ?? data.currency;
  const title = t('home.rails.jackpots');
  return (
    <Rail id="home-jackpots" title={title} icon={<TrophyIcon />}>
      <ul className="home-rail__list home-rail__list--jackpots" aria-label={title}>
        {data.list.map((jackpot) => (
          <li
            key={`${jackpot.gameType}-${jackpot.vassalage}`}
            className="home-jackpot"
            aria-label={jackpot.displayName}
          >
            <span className="home-jackpot__vendor">{jackpot.displayName}</span>
            <span className="home-jackpot__amount">
              {symbol} {money(jackpot.amount, digits)}
            </span>
            <span className="home-jackpot__time">
              {t('home.rails.jackpotReported', { time: formatDateTime(jackpot.updatedAt, locale) })}
            </span>
          </li>
        ))}
      </ul>
    </Rail>
  );
}

function RecentRail({ token }: { token: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(recentRailQuery(token));
  return <GameRail id="home-recent" title={t('home.rails.recent')} icon={<ClockIcon />} games={data} />;
}

/**
 * Home's rails of games (loaded after the first banner, in a chunk of their own): hot games, the next lottery
 * draws, the member's recently played games, new games, the jackpots providers report, and the latest big wins.
 */
export default function HomeRails() {
  const { t } = useTranslation();
  const { token } = useSession();
  const hot = useQuery(hotRailQuery);
  const fresh = useQuery(newRailQuery);
  return (
    <div className="home-rails">
      <GameRail id="home-hot" title={t('home.rails.hot')} icon={<FlameIcon />} games={hot.data} />
      {token ? <RecentRail token={token} /> : null}
      <DrawsRail />
      <GameRail id="home-new" title={t('home.rails.new')} icon={<SparkIcon />} games={fresh.data} />
      <JackpotRail />
      <WinnersList gameType="ALL" title={t('home.rails.wins')} />
    </div>
  );
}
