/** The game categories of §1 and the lobby route of each (§2). */
export const GAME_CATEGORIES = [
  { id: 'lottery', path: '/lottery', hot: true },
  { id: 'live', path: '/live', hot: false },
  { id: 'slots', path: '/rng', hot: false },
  { id: 'fish', path: '/fish', hot: false },
  { id: 'cards', path: '/pvp', hot: false },
  { id: 'sports', path: '/sports', hot: false },
  { id: 'esports', path: '/esports', hot: false },
] as const;

export type GameCategoryId = (typeof GAME_CATEGORIES)[number]['id'];
