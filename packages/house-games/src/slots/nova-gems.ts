/** Nova Gems: 10 paylines; a wild landing on reel 2, 3 or 4 fills its whole reel; scatters pay anywhere. */
import { TWENTY_LINES } from './lucky-sevens.ts';
import { strip } from './reels.ts';
import type { SlotGame } from './types.ts';

export const novaGems: SlotGame = {
  id: 'nova-gems',
  name: 'Nova Gems',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Nova', kind: 'wild', pays: {} },
    { id: 'S', name: 'Comet', kind: 'scatter', pays: { 3: 20, 4: 100, 5: 500 } },
    { id: 'RUBY', name: 'Ruby', kind: 'regular', pays: { 3: 25, 4: 100, 5: 250 } },
    { id: 'SAPPHIRE', name: 'Sapphire', kind: 'regular', pays: { 3: 15, 4: 50, 5: 120 } },
    { id: 'EMERALD', name: 'Emerald', kind: 'regular', pays: { 3: 10, 4: 30, 5: 80 } },
    { id: 'AMETHYST', name: 'Amethyst', kind: 'regular', pays: { 3: 6, 4: 15, 5: 40 } },
    { id: 'TOPAZ', name: 'Topaz', kind: 'regular', pays: { 3: 5, 4: 10, 5: 25 } },
    { id: 'PEARL', name: 'Pearl', kind: 'regular', pays: { 3: 3, 4: 8, 5: 20 } },
  ],
  layout: { type: 'lines', lines: TWENTY_LINES.slice(0, 10) },
  betCoins: 10,
  betLimits: { min: 10n, max: 10_000n, step: 10n },
  expandingWildReels: [1, 2, 3],
  freeSpins: null,
  strips: [
    strip(
      'S PEARL SAPPHIRE AMETHYST TOPAZ EMERALD PEARL RUBY TOPAZ AMETHYST PEARL SAPPHIRE EMERALD TOPAZ AMETHYST PEARL EMERALD TOPAZ SAPPHIRE RUBY PEARL AMETHYST TOPAZ EMERALD',
    ),
    strip(
      'EMERALD PEARL S AMETHYST SAPPHIRE TOPAZ W EMERALD PEARL RUBY AMETHYST TOPAZ PEARL SAPPHIRE EMERALD AMETHYST PEARL TOPAZ EMERALD SAPPHIRE PEARL RUBY AMETHYST TOPAZ',
    ),
    strip(
      'EMERALD PEARL AMETHYST SAPPHIRE TOPAZ S EMERALD PEARL W RUBY AMETHYST TOPAZ PEARL EMERALD SAPPHIRE AMETHYST PEARL TOPAZ EMERALD SAPPHIRE PEARL RUBY AMETHYST TOPAZ',
    ),
    strip(
      'TOPAZ EMERALD PEARL AMETHYST SAPPHIRE TOPAZ EMERALD PEARL S W AMETHYST RUBY PEARL TOPAZ EMERALD SAPPHIRE AMETHYST PEARL TOPAZ EMERALD SAPPHIRE PEARL AMETHYST RUBY',
    ),
    strip(
      'TOPAZ RUBY EMERALD PEARL TOPAZ AMETHYST SAPPHIRE EMERALD PEARL TOPAZ S AMETHYST PEARL RUBY EMERALD SAPPHIRE TOPAZ PEARL AMETHYST EMERALD TOPAZ PEARL SAPPHIRE AMETHYST',
    ),
  ],
};
