import type { Game } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { FlameIcon, FreePlayIcon, HeartIcon, PlayIcon } from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/index.ts';
import { useLaunchGame } from '../game/launch.ts';
import { useFavouriteIds, useToggleFavourite } from './queries.ts';
import './game-tile.css';

/** A game is "Coming Soon" when it has neither a game id nor a room id (§4). */
const isComingSoon = (game: Pick<Game, 'gameId' | 'roomId'>) => !game.gameId && !game.roomId;

function Initials({ name }: { name: string }) {
  return (
    <span className="game-tile__initials" aria-hidden="true">
      {name
        .split(/\s+/)
        .map((word) => word[0])
        .join('')
        .slice(0, 2)}
    </span>
  );
}

interface GameTileProps {
  game: Game;
  favourite: boolean;
  /** A VASSALAGE tile opens its vendor's games (lists without vendor tiles need none). */
  onOpenVendor?: (game: Game) => void;
}

/**
 * A game of a lobby: its artwork, name and vendor; playing it for real (the artwork), free play where the game
 * allows it, a favourite heart for a member, and a "Coming Soon" badge for a game that cannot launch yet.
 */
export function GameTile({ game, favourite, onOpenVendor }: GameTileProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const launch = useLaunchGame();
  const toggle = useToggleFavourite();
  const vendorTile = game.isGame === 'VASSALAGE';
  const soon = !vendorTile && isComingSoon(game);
  const classes = ['game-tile', soon ? 'game-tile--soon' : '', vendorTile ? 'game-tile--vendor' : ''];
  return (
    <li className={classes.filter(Boolean).join(' ')} aria-label={game.gameName}>
      <button
        type="button"
        className="game-tile__art"
        aria-label={[
          vendorTile
            ? t('lobby.vendorGames', { vendor: game.gameName })
            : t('lobby.play', { name: game.gameName }),
          // The badges shown on the picture are part of the name, as they read.
          soon ? t('lobby.comingSoon') : null,
          vendorTile ? t('lobby.provider') : null,
          !soon && !vendorTile && game.hotRank !== null ? t('lobby.hot') : null,
        ]
          .filter(Boolean)
          .join(', ')}
        onClick={() => (vendorTile ? onOpenVendor?.(game) : launch(game, 'real'))}
      >
        <LazyImage src={game.icon} alt="" fallback={<Initials name={game.gameName} />} />
        <span className="game-tile__shade" aria-hidden="true">
          <span className="game-tile__play">
            <PlayIcon />
          </span>
        </span>
        {soon ? (
          <span className="game-tile__badge game-tile__badge--soon">{t('lobby.comingSoon')}</span>
        ) : null}
        {vendorTile ? <span className="game-tile__badge">{t('lobby.provider')}</span> : null}
        {!soon && !vendorTile && game.hotRank !== null ? (
          <span className="game-tile__badge game-tile__badge--hot">
            <FlameIcon />
            {t('lobby.hot')}
          </span>
        ) : null}
      </button>
      <div className="game-tile__info">
        <div className="game-tile__text">
          <h3 className="game-tile__name">{game.gameName}</h3>
          <p className="game-tile__vendor">{game.vendorName}</p>
        </div>
        {token && !vendorTile && game.nodeId > 0 ? (
          <button
            type="button"
            className="game-tile__heart"
            aria-pressed={favourite}
            aria-label={t('lobby.favourite')}
            title={favourite ? t('lobby.removeFavourite') : t('lobby.addFavourite')}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ game, favourite })}
          >
            <HeartIcon filled={favourite} />
          </button>
        ) : null}
      </div>
      {game.trial && !soon && !vendorTile ? (
        <button type="button" className="game-tile__free" onClick={() => launch(game, 'demo')}>
          <FreePlayIcon />
          {t('lobby.freePlay')}
        </button>
      ) : null}
    </li>
  );
}

interface GameGridProps {
  games: Game[];
  /** Names the list. */
  label: string;
  onOpenVendor: (game: Game) => void;
}

export function GameGrid({ games, label, onOpenVendor }: GameGridProps) {
  const favourites = useFavouriteIds();
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game) => (
        <GameTile
          key={`${game.isGame}-${game.vassalage}-${game.nodeId}`}
          game={game}
          favourite={favourites.has(game.nodeId)}
          onOpenVendor={onOpenVendor}
        />
      ))}
    </ul>
  );
}
