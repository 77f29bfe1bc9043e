/** Lucky Sevens: 20 paylines, a wild that substitutes and pays on its own, scatters paying anywhere. */
import { strip } from './reels.ts';
import type { SlotGame } from './types.ts';

/** The 20 lines, as the row crossed on each reel (0 = top). The first 10 are also Nova Gems' lines. */
export const TWENTY_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

export const luckySevens: SlotGame = {
  id: 'lucky-sevens',
  name: 'Lucky Sevens',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Wild', kind: 'wild', pays: { 3: 100, 4: 400, 5: 2000 } },
    { id: 'S', name: 'Star', kind: 'scatter', pays: { 3: 40, 4: 200, 5: 2000 } },
    { id: 'SEVEN', name: 'Seven', kind: 'regular', pays: { 3: 50, 4: 200, 5: 1000 } },
    { id: 'BAR', name: 'Bar', kind: 'regular', pays: { 3: 30, 4: 100, 5: 400 } },
    { id: 'BELL', name: 'Bell', kind: 'regular', pays: { 3: 20, 4: 60, 5: 250 } },
    { id: 'PLUM', name: 'Plum', kind: 'regular', pays: { 3: 15, 4: 40, 5: 150 } },
    { id: 'ORANGE', name: 'Orange', kind: 'regular', pays: { 3: 10, 4: 25, 5: 100 } },
    { id: 'LEMON', name: 'Lemon', kind: 'regular', pays: { 3: 8, 4: 20, 5: 75 } },
    { id: 'CHERRY', name: 'Cherry', kind: 'regular', pays: { 3: 5, 4: 15, 5: 50 } },
  ],
  layout: { type: 'lines', lines: TWENTY_LINES },
  betCoins: 20,
  betLimits: { min: 20n, max: 20_000n, step: 20n },
  expandingWildReels: [],
  freeSpins: null,
  strips: [
    strip(
      'BAR LEMON BELL ORANGE CHERRY PLUM S LEMON CHERRY SEVEN ORANGE BAR BELL PLUM LEMON CHERRY ORANGE PLUM BELL LEMON CHERRY BAR ORANGE PLUM CHERRY SEVEN LEMON BELL ORANGE CHERRY W PLUM',
    ),
    strip(
      'W BAR LEMON ORANGE BELL CHERRY PLUM LEMON ORANGE S SEVEN BELL CHERRY BAR PLUM LEMON ORANGE W CHERRY PLUM BELL LEMON BAR ORANGE CHERRY PLUM LEMON SEVEN BELL ORANGE CHERRY PLUM',
    ),
    strip(
      'PLUM LEMON BAR W ORANGE BELL CHERRY PLUM LEMON ORANGE CHERRY BELL SEVEN BAR PLUM S LEMON ORANGE W CHERRY PLUM BELL LEMON ORANGE BAR CHERRY PLUM LEMON BELL SEVEN ORANGE CHERRY',
    ),
    strip(
      'CHERRY PLUM LEMON BAR ORANGE BELL CHERRY PLUM LEMON W CHERRY ORANGE BELL PLUM BAR SEVEN LEMON CHERRY S ORANGE PLUM BELL CHERRY LEMON ORANGE BAR PLUM CHERRY LEMON BELL SEVEN ORANGE',
    ),
    strip(
      'SEVEN CHERRY PLUM LEMON BAR ORANGE CHERRY BELL PLUM LEMON CHERRY ORANGE W BELL PLUM BAR LEMON SEVEN CHERRY ORANGE PLUM S CHERRY BELL LEMON ORANGE BAR PLUM CHERRY LEMON BELL ORANGE',
    ),
  ],
};
