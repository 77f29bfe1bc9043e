import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GAME_TYPE_ICONS } from '../../ui/icons.tsx';
import { GAME_TYPE_PATHS, useGameTypeItems } from '../header/gameMenus.ts';
import { HotMark, useGameTypeName } from '../header/MainNav.tsx';
import './game-bar.css';

/**
 * The left game bar of the home paths (§2): a rail of game types that opens on hover (or keyboard focus)
 * to show their names and hot marks, each linking to its lobby.
 */
export function GameBar() {
  const { t } = useTranslation();
  const items = useGameTypeItems();
  const nameOf = useGameTypeName();

  return (
    <nav className="game-bar" aria-label={t('gameBar.label')}>
      <ul className="game-bar__list">
        {items.map(({ gameType, title, hot }) => {
          const Icon = GAME_TYPE_ICONS[gameType];
          return (
            <li key={gameType}>
              <NavLink to={GAME_TYPE_PATHS[gameType]} className="game-bar__link">
                <span className={`game-bar__icon game-type-icon--${gameType}`}>{Icon ? <Icon /> : null}</span>
                <span className="game-bar__name">{nameOf(gameType, title)}</span>
                {hot ? <HotMark /> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
