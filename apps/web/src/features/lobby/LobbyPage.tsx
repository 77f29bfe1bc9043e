import { useQuery } from '@tanstack/react-query';
import { type Game, type GameType, lobbyClasses } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyPage } from '../../app/lazyPage.ts';
import type { PageKey } from '../../app/routes.ts';
import { useSession } from '../../app/session.ts';
import { GAME_TYPE_ICONS, SearchIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, DocumentTitle, PageHero, Pagination } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useWhitelabel } from '../site/queries.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { GameGrid } from './GameGrid.tsx';
import {
  LOBBY_MODES,
  type LobbyChange,
  type LobbyMode,
  type LobbyState,
  lobbyParams,
  MEMBER_MODES,
  readLobbyState,
} from './lobbyParams.ts';
import { lobbyGamesQuery, vendorsQuery } from './queries.ts';
import { RoomList } from './RoomList.tsx';
import { VendorCarousel } from './VendorCarousel.tsx';
import { VendorGamesModal } from './VendorGamesModal.tsx';
import { WinnersList } from './WinnersList.tsx';
import './lobby.css';

/** The in-house book, on the sports and esports lobbies beside the vendors (loaded with them only). */
const SportsbookSection = lazyPage(() => import('../sportsbook/SportsbookSection.tsx'));
const BOOK_KINDS: Partial<Record<GameType, 'football' | 'esports'>> = {
  SPORTS: 'football',
  ESPORTS: 'esports',
};

/** The search box: typed freely, applied on submit (a new search clears the other filters, §4). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <search className="lobby-search">
      <form className="lobby-search__form" onSubmit={submit}>
        <label className="lobby-search__field">
          <span className="visually-hidden">{t('lobby.search')}</span>
          <SearchIcon />
          <input
            type="search"
            value={text}
            maxLength={60}
            placeholder={t('lobby.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm">
          {t('lobby.searchButton')}
        </Button>
      </form>
    </search>
  );
}

/** The class filter of the slots lobby (§2): all, scratch, video poker, table, arcade, slots, bingo with TY. */
function ClassFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: LobbyState['gameClass']) => void;
}) {
  const { t } = useTranslation();
  const { data: site } = useWhitelabel();
  const classes = lobbyClasses(site?.languages.map((language) => language.code));
  return (
    <fieldset className="class-filter">
      <legend className="visually-hidden">{t('lobby.classes.label')}</legend>
      {classes.map((gameClass) => {
        const key = gameClass === 'ALL' ? '' : gameClass;
        return (
          <button
            key={gameClass}
            type="button"
            className="class-filter__chip"
            aria-pressed={value === key}
            onClick={() => onChange(key)}
          >
            {t(`lobby.classes.${gameClass}`)}
          </button>
        );
      })}
    </fieldset>
  );
}

/** What the list shows when it is empty, and why. */
function EmptyList({ mode, loggedIn }: { mode: LobbyMode; loggedIn: boolean }) {
  const { t } = useTranslation();
  if (!loggedIn && MEMBER_MODES.includes(mode)) {
    return (
      <div className="lobby-empty">
        <p>{t(`lobby.loginFor.${mode as 'fav' | 'recent'}`)}</p>
        <Button onClick={() => openAuthModal('login')}>{t('header.logIn')}</Button>
      </div>
    );
  }
  return (
    <div className="lobby-empty">
      <p>{t(`lobby.empty.${mode}`)}</p>
    </div>
  );
}

/**
 * A game lobby (§2 /live, /sports, /esports, /rng, /fish, /pvp): the vendor carousel, the modes all, hot,
 * favourites and recent, the class filter and search, the games in pages of 24, the winners list and, in the PVP
 * lobby, the rooms. Mode, filters and page live in the URL (lobbyParams.ts).
 */
export default function LobbyPage({ gameType, pageKey }: { gameType: GameType; pageKey: PageKey }) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const state = readLobbyState(params);
  const [vendorTile, setVendorTile] = useState<Game | null>(null);
  const vendors = useQuery(vendorsQuery(gameType));
  const games = useQuery(lobbyGamesQuery(gameType, state, token));
  const change = (next: LobbyChange) => setParams(lobbyParams(state, next));
  const selectMode = (mode: LobbyMode) => {
    if (MEMBER_MODES.includes(mode) && !token) openAuthModal('login');
    else change({ mode });
  };
  const pageName = t(`pages.${pageKey}`);
  const Icon = GAME_TYPE_ICONS[gameType];
  const memberListWithoutLogin = MEMBER_MODES.includes(state.mode) && !token;
  const list = games.data?.games ?? [];

  return (
    <div className="container lobby">
      <DocumentTitle>{`${pageName} · ${siteName}`}</DocumentTitle>
      {/* The search sits beside the title, so that the first row of games is on a desktop's first screen. */}
      <PageHero icon={Icon} eyebrow={t('lobby.eyebrow')} title={pageName}>
        <SearchBox key={state.search} value={state.search} onSearch={(search) => change({ search })} />
      </PageHero>

      {BOOK_KINDS[gameType] ? (
        <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
          <SportsbookSection kind={BOOK_KINDS[gameType]} />
        </Suspense>
      ) : null}

      <VendorCarousel
        // A vendor without a game in this category would only open an empty list.
        vendors={(vendors.data?.list ?? []).filter((vendor) => vendor.gameCount > 0)}
        selected={state.vendor}
        onSelect={(vendor) => change({ vendor })}
      />

      <div className="lobby-layout">
        <div className="lobby-main">
          <Tabs
            label={t('lobby.modes.label')}
            tabs={LOBBY_MODES.map((mode) => ({ key: mode, label: t(`lobby.modes.${mode}`) }))}
            selected={state.mode}
            onSelect={selectMode}
          >
            {gameType === 'RNG' ? (
              <div className="lobby-toolbar">
                <ClassFilter value={state.gameClass} onChange={(gameClass) => change({ gameClass })} />
              </div>
            ) : null}
            {memberListWithoutLogin || (games.data && list.length === 0) ? (
              <EmptyList mode={state.mode} loggedIn={token !== null} />
            ) : !games.data ? (
              <CenteredSpinner label={t('common.loading')} />
            ) : (
              <GameGrid
                games={list}
                label={t('lobby.games', { name: pageName })}
                onOpenVendor={setVendorTile}
              />
            )}
            {state.mode !== 'hot' && games.data && !memberListWithoutLogin ? (
              <Pagination
                page={state.page}
                pageCount={games.data.totalPages}
                label={t('lobby.pages')}
                onChange={(page) => change({ page })}
              />
            ) : null}
          </Tabs>
          {gameType === 'PVP' ? <RoomList /> : null}
        </div>
        <aside className="lobby-aside">
          <WinnersList gameType={gameType} />
        </aside>
      </div>
      <VendorGamesModal gameType={gameType} vendor={vendorTile} onClose={() => setVendorTile(null)} />
    </div>
  );
}
