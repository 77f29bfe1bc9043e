import { useQuery } from '@tanstack/react-query';
import { LOTTERY_MENU_ARROWS_ABOVE, type LotteryGame, type PrizeMode } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageKey } from '../../app/routes.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { GAME_TYPE_ICONS } from '../../ui/icons.tsx';
import { CenteredSpinner, DocumentTitle, PageHero } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { useLotteryFavourites } from './favourites.ts';
import { GameCard } from './GameCard.tsx';
import { usePrizeMode } from './prizeMode.ts';
import { allGamesQuery, menusQuery, recentMenuQuery } from './queries.ts';
import { ResultsBoard } from './ResultsBoard.tsx';

/** The tabs besides the server's menus: the member's favourites and recently played games. */
const FAVOURITES = 'FAVOURITES';
const RECENT = 'RECENT';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const EVERY_DAY = WEEKDAYS.join(',');
/** A Sunday, from which the weekday names are written in the reader's language (1 = Sunday … 7 = Saturday). */
const A_SUNDAY = Date.UTC(2024, 0, 7);

function weekdayName(day: number, locale: string, width: 'short' | 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(A_SUNDAY + (day - 1) * 86_400_000),
  );
}

const drawsOn = (game: LotteryGame, day: number) => game.drawDayOfWeek.split(',').includes(String(day));

/** The weekday filter: every day, or the games that draw on one weekday. */
function WeekdayFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (day: number | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  return (
    <fieldset className="lottery-days">
      <legend className="lottery-days__legend">{t('lottery.lobby.drawDay')}</legend>
      <button
        type="button"
        className="lottery-chip"
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        {t('lottery.lobby.everyDay')}
      </button>
      {WEEKDAYS.map((day) => (
        <button
          key={day}
          type="button"
          className="lottery-chip"
          aria-pressed={value === day}
          aria-label={weekdayName(day, locale, 'long')}
          onClick={() => onChange(day)}
        >
          {weekdayName(day, locale, 'short')}
        </button>
      ))}
    </fieldset>
  );
}

/** Switches a screen of several prize modes (/vnlottery: official draws and e-lottery). */
function PrizeModeSwitch({
  modes,
  value,
  onChange,
}: {
  modes: readonly PrizeMode[];
  value: PrizeMode;
  onChange: (mode: PrizeMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="lottery-modes">
      <legend className="visually-hidden">{t('lottery.lobby.prizeMode')}</legend>
      {modes.map((mode) => (
        <button
          key={mode}
          type="button"
          className="lottery-modes__mode"
          aria-pressed={mode === value}
          onClick={() => onChange(mode)}
        >
          {t(`lottery.prizeModes.${mode}`)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * A lottery lobby: the prize mode's menus as tabs (with the member's favourites and recently played games), the
 * weekday filter, a card per game with its countdown, and the latest results. The menus are fetched again by the
 * §9 refresh rule. The tab and the weekday live in the URL (?menu=MN&day=2).
 */
export function LotteryLobby({
  prizeModes,
  pageKey,
}: {
  prizeModes: readonly PrizeMode[];
  pageKey: PageKey;
}) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const games = useQuery({ ...allGamesQuery, enabled: prizeModes.length > 1 });
  const [prizeMode, setPrizeMode] = usePrizeMode(
    prizeModes,
    games.data ? new Set(games.data.map((game) => game.prizeMode)) : null,
  );
  const menus = useQuery({ ...menusQuery(prizeMode ?? 'Lott'), enabled: prizeMode !== null });
  const recent = useQuery({
    ...recentMenuQuery(prizeMode ?? 'Lott', token),
    enabled: token !== null && prizeMode !== null,
  });
  const { favourites, toggle } = useLotteryFavourites();

  const menuList = menus.data ?? [];
  const tabs = [
    ...menuList.map((menu) => ({ key: menu.tag, label: menu.title })),
    ...(toggle ? [{ key: FAVOURITES, label: t('lottery.lobby.favourites') }] : []),
    ...(recent.data ? [{ key: RECENT, label: recent.data.title }] : []),
  ];
  const selected = tabs.find((tab) => tab.key === params.get('menu'))?.key ?? tabs[0]?.key ?? '';
  const day = Number(params.get('day'));
  const weekday = Number.isInteger(day) && day >= 1 && day <= 7 ? day : null;
  const change = (next: { menu?: string; day?: number | null }) => {
    const search = new URLSearchParams();
    const menu = next.menu ?? selected;
    if (menu && menu !== tabs[0]?.key) search.set('menu', menu);
    const nextDay = next.day === undefined ? weekday : next.day;
    if (nextDay !== null) search.set('day', String(nextDay));
    setParams(search, { replace: true });
  };

  const listed: { games: LotteryGame[]; fetchedAt: number } =
    selected === RECENT
      ? { games: recent.data?.gameMenus ?? [], fetchedAt: recent.dataUpdatedAt }
      : selected === FAVOURITES
        ? {
            games: menuList.flatMap((menu) => menu.gameMenus).filter((game) => favourites.has(game.gameId)),
            fetchedAt: menus.dataUpdatedAt,
          }
        : {
            games: menuList.find((menu) => menu.tag === selected)?.gameMenus ?? [],
            fetchedAt: menus.dataUpdatedAt,
          };
  const shown = weekday === null ? listed.games : listed.games.filter((game) => drawsOn(game, weekday));
  const pageName = t(`pages.${pageKey}`);
  const Icon = GAME_TYPE_ICONS[prizeMode === 'Elott' ? 'ELOTT' : 'LOTT'];
  const tabLabel = tabs.find((tab) => tab.key === selected)?.label ?? pageName;

  return (
    <div className="container lottery">
      <DocumentTitle>{`${pageName} · ${siteName}`}</DocumentTitle>
      <PageHero
        icon={Icon}
        eyebrow={t('lottery.lobby.eyebrow')}
        title={pageName}
        lead={prizeMode ? t(`lottery.lobby.lead.${prizeMode}`) : null}
      >
        {prizeModes.length > 1 && prizeMode ? (
          <PrizeModeSwitch modes={prizeModes} value={prizeMode} onChange={setPrizeMode} />
        ) : null}
      </PageHero>

      <div className="lottery-layout">
        <div className="lottery-main">
          {!menus.data ? (
            <CenteredSpinner label={t('common.loading')} />
          ) : tabs.length === 0 ? (
            <p className="lottery-empty">{t('lottery.lobby.noGames')}</p>
          ) : (
            <Tabs
              label={t('lottery.lobby.menus')}
              tabs={tabs}
              selected={selected}
              onSelect={(menu) => change({ menu })}
              scrollArrows={
                tabs.length > LOTTERY_MENU_ARROWS_ABOVE
                  ? { previous: t('lottery.lobby.previousMenus'), next: t('lottery.lobby.nextMenus') }
                  : undefined
              }
            >
              {/* Games that all draw every day need no weekday filter. */}
              {weekday !== null || listed.games.some((game) => game.drawDayOfWeek !== EVERY_DAY) ? (
                <WeekdayFilter value={weekday} onChange={(next) => change({ day: next })} />
              ) : null}
              {shown.length === 0 ? (
                <p className="lottery-empty">
                  {selected === FAVOURITES && weekday === null
                    ? t('lottery.lobby.noFavourites')
                    : t('lottery.lobby.noneThatDay')}
                </p>
              ) : (
                <ul className="lottery-cards" aria-label={t('lottery.lobby.gamesOf', { menu: tabLabel })}>
                  {shown.map((game) => (
                    <GameCard
                      key={game.gameId}
                      game={game}
                      fetchedAt={listed.fetchedAt}
                      favourite={favourites.has(game.gameId)}
                      onToggleFavourite={toggle ? () => toggle(game.gameId) : null}
                    />
                  ))}
                </ul>
              )}
            </Tabs>
          )}
        </div>
        <aside className="lottery-aside">{prizeMode ? <ResultsBoard prizeMode={prizeMode} /> : null}</aside>
      </div>
    </div>
  );
}
