import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GAME_TYPE_ICONS } from '../../ui/icons.tsx';
import { Modal } from '../../ui/index.ts';
import { GAME_TYPE_PATHS, useGameTypeItems } from '../header/gameMenus.ts';
import { HotMark, useGameTypeName } from '../header/MainNav.tsx';
import '../game-bar/game-bar.css';

/** The tab bar's games: a sheet from the bottom with a tile per game category, each opening its lobby. */
export function GamesSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const items = useGameTypeItems();
  const nameOf = useGameTypeName();
  return (
    <Modal open={open} onClose={onClose} title={t('home.categoriesTitle')} className="sheet">
      <ul className="games-sheet">
        {items.map(({ gameType, title, hot }) => {
          const Icon = GAME_TYPE_ICONS[gameType];
          return (
            <li key={gameType}>
              <NavLink to={GAME_TYPE_PATHS[gameType]} className="games-sheet__link" onClick={onClose}>
                <span className={`games-sheet__icon game-type-icon--${gameType}`}>
                  {Icon ? <Icon /> : null}
                </span>
                <span className="games-sheet__name">{nameOf(gameType, title)}</span>
                {hot ? <HotMark /> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
