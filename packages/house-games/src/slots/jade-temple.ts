/**
 * Jade Temple: 243 ways, wilds on reels 2-4, scatters anywhere. Three or more scatters start free spins on
 * their own reels with every win doubled; scatters during free spins add more, up to 50 in one feature.
 */
import { strip, uniformReel } from './reels.ts';
import type { SlotGame } from './types.ts';

const freeSpinStrips = [
  strip(
    'TURTLE DRAGON PHOENIX TEN J Q A K TIGER TEN TURTLE J DRAGON Q PHOENIX A K TIGER TEN J Q A TURTLE DRAGON K PHOENIX TEN J Q TIGER A K S',
  ),
  strip(
    'TURTLE DRAGON S TEN PHOENIX W J Q TIGER A K TEN TURTLE DRAGON PHOENIX W J Q TIGER TEN A K TURTLE DRAGON PHOENIX W TEN J Q TIGER A K',
  ),
  strip(
    'K TURTLE DRAGON TEN PHOENIX S W J Q TIGER A K TEN TURTLE DRAGON PHOENIX W J Q TEN TIGER A K TURTLE DRAGON PHOENIX TEN W J Q TIGER A',
  ),
  strip(
    'TIGER A K TURTLE DRAGON TEN PHOENIX W J Q S TIGER A K TEN TURTLE DRAGON PHOENIX W J Q TEN TIGER A K TURTLE DRAGON PHOENIX TEN W J Q',
  ),
  strip(
    'Q A TIGER K TURTLE DRAGON TEN PHOENIX J Q A K TIGER S TEN J TURTLE Q DRAGON A PHOENIX K TEN TIGER J Q A K TURTLE DRAGON PHOENIX TEN J',
  ),
];

export const jadeTemple: SlotGame = {
  id: 'jade-temple',
  name: 'Jade Temple',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Wild', kind: 'wild', pays: {} },
    { id: 'S', name: 'Temple', kind: 'scatter', pays: { 3: 50, 4: 250, 5: 1250 } },
    { id: 'DRAGON', name: 'Dragon', kind: 'regular', pays: { 3: 25, 4: 80, 5: 300 } },
    { id: 'TIGER', name: 'Tiger', kind: 'regular', pays: { 3: 20, 4: 60, 5: 200 } },
    { id: 'PHOENIX', name: 'Phoenix', kind: 'regular', pays: { 3: 15, 4: 40, 5: 120 } },
    { id: 'TURTLE', name: 'Turtle', kind: 'regular', pays: { 3: 12, 4: 30, 5: 100 } },
    { id: 'A', name: 'Ace', kind: 'regular', pays: { 3: 8, 4: 20, 5: 60 } },
    { id: 'K', name: 'King', kind: 'regular', pays: { 3: 8, 4: 15, 5: 50 } },
    { id: 'Q', name: 'Queen', kind: 'regular', pays: { 3: 5, 4: 12, 5: 40 } },
    { id: 'J', name: 'Jack', kind: 'regular', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'TEN', name: 'Ten', kind: 'regular', pays: { 3: 4, 4: 8, 5: 25 } },
  ],
  layout: { type: 'ways' },
  betCoins: 25,
  betLimits: { min: 25n, max: 25_000n, step: 25n },
  expandingWildReels: [],
  freeSpins: {
    award: { 3: 10, 4: 15, 5: 20 },
    retrigger: { 3: 10, 4: 15, 5: 20 },
    cap: 50,
    multiplier: 2,
    reels: freeSpinStrips.map(uniformReel),
  },
  strips: [
    strip(
      'J Q A K TIGER TEN TURTLE J PHOENIX Q A DRAGON K TEN J Q S TURTLE A TEN PHOENIX K TIGER J TEN Q A DRAGON K TURTLE PHOENIX TEN',
    ),
    strip(
      'TEN J W Q A K TIGER TURTLE TEN PHOENIX Q A K J DRAGON TEN W Q TURTLE A K PHOENIX S TIGER J TEN Q A K DRAGON TURTLE PHOENIX',
    ),
    strip(
      'PHOENIX TEN J Q W A K TIGER TEN TURTLE PHOENIX Q A K J DRAGON TEN Q W TURTLE A K PHOENIX TIGER J S TEN Q A K DRAGON TURTLE',
    ),
    strip(
      'DRAGON PHOENIX TEN Q J A W K TIGER TEN TURTLE Q PHOENIX A K J DRAGON TEN Q TURTLE A W K PHOENIX J TIGER TEN Q S A K TURTLE',
    ),
    strip(
      'TURTLE DRAGON TEN PHOENIX J Q A K TEN TIGER TURTLE J Q PHOENIX A K TEN DRAGON J Q TEN A TURTLE K PHOENIX TIGER TEN J Q A K S',
    ),
  ],
};
