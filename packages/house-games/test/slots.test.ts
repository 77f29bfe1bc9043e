import { describe, expect, it } from 'vitest';
import {
  abs,
  BetRefused,
  type Drawer,
  drawer,
  lessOrEqual,
  OFFERED_RTPS,
  paytable,
  publishedConfig,
  RTP_TOLERANCE,
  type RtpVariant,
  rational,
  rtpVariant,
  type SlotGame,
  type SpinOutcome,
  slotGame,
  slotGames,
  spin,
  sub,
  theoreticalRtp,
} from '../src/index.ts';
import { expectedFreeSpins } from '../src/slots/theory.ts';

const SERVER_SEED = '3b1f0e9d8c7b6a5948372615f4e3d2c1b0a99887766554433221100ffeeddccb';
const CLIENT_SEED = 'slots';

describe('RTP variants', () => {
  for (const game of slotGames) {
    it(`${game.id}: the exact RTP of every variant is the offered one within ${RTP_TOLERANCE.num}/${RTP_TOLERANCE.den}`, () => {
      for (const rtp of OFFERED_RTPS) {
        const exact = theoreticalRtp(game, rtpVariant(game, rtp));
        const offered = rational(BigInt(rtp), 100n);
        expect(lessOrEqual(abs(sub(exact, offered)), RTP_TOLERANCE), `${game.id} at ${rtp}%`).toBe(true);
      }
    });
  }

  it('publishes a different fingerprint for every game and RTP, and the same one for the same config', () => {
    const fingerprints = slotGames.flatMap((game) =>
      OFFERED_RTPS.map((rtp) => publishedConfig(game, rtpVariant(game, rtp)).fingerprint),
    );
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    const game = slotGame('lucky-sevens');
    expect(publishedConfig(game, rtpVariant(game, '96')).fingerprint).toBe(fingerprints[3]);
    const config = publishedConfig(game, rtpVariant(game, '96')).config;
    expect(config.reels[0]?.weights.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(config.theoreticalRtp).toMatch(/^\d+\/\d+$/);
  });
});

/** A drawer that stops the reels where told, to enumerate every outcome through `spin` itself. */
function scriptedDrawer(stops: readonly number[]): Drawer {
  let next = 0;
  return {
    int: () => {
      throw new Error('not scripted');
    },
    weighted: () => stops[next++] as number,
    bytesUsed: 0,
  };
}

/** The expected pay per unit bet over every stop combination, each weighted by its stops' weights. */
function enumeratedRtp(game: SlotGame, variant: RtpVariant) {
  const bet = game.betLimits.min;
  let paid = 0n;
  let total = 0n;
  const visit = (reel: number, stops: number[], weight: bigint) => {
    if (reel === variant.reels.length) {
      paid += weight * spin(game, variant, bet, scriptedDrawer(stops)).totalWin;
      total += weight;
      return;
    }
    (variant.reels[reel]?.weights ?? []).forEach((stopWeight, stop) => {
      visit(reel + 1, [...stops, stop], weight * BigInt(stopWeight));
    });
  };
  visit(0, [], 1n);
  return rational(paid, total * bet);
}

describe('the exact RTP agrees with spin on every stop combination of small reels', () => {
  for (const game of slotGames) {
    it(game.id, () => {
      const ids = (kind: string) =>
        game.symbols.filter((symbol) => symbol.kind === kind).map((symbol) => symbol.id);
      const [wild, scatter, regular] = [ids('wild'), ids('scatter'), ids('regular')];
      // Four stops per reel, rotated differently on each reel, weighted unevenly: 4^5 combinations.
      const reels = game.strips.map((_, reel) => {
        const four = [wild[0], scatter[0], regular[0], regular[1 + (reel % 2)]] as string[];
        return { symbols: [...four.slice(reel % 4), ...four.slice(0, reel % 4)], weights: [1, 2, 3, 4] };
      });
      const small: SlotGame = { ...game, strips: reels.map((reel) => reel.symbols), freeSpins: null };
      const variant: RtpVariant = { rtp: 'test', reels };
      const exact = theoreticalRtp(small, variant);
      expect(exact.num).toBeGreaterThan(0n);
      expect(enumeratedRtp(small, variant)).toEqual(exact);
    });
  }
});

describe('free spins', () => {
  const rule = { award: { 3: 10 }, retrigger: { 3: 10 }, cap: 20, multiplier: 1, reels: [] };
  it('expected number: 10, plus 10 more if any of the first 10 retriggers, within the cap', () => {
    const q = rational(1n, 7n);
    const chances = [rational(6n, 7n), rational(0n), rational(0n), q];
    // 10 + 10 * (1 - (6/7)^10)
    const expected = rational(10n * 7n ** 10n + 10n * (7n ** 10n - 6n ** 10n), 7n ** 10n);
    expect(expectedFreeSpins(rule, chances, 10)).toEqual(expected);
    expect(expectedFreeSpins({ ...rule, cap: 10 }, chances, 10)).toEqual(rational(10n));
  });
});

function checkParts(outcome: SpinOutcome) {
  const spins = [outcome.base, ...outcome.freeSpins];
  for (const result of spins) {
    const parts = [...result.lineWins, ...result.wayWins].reduce(
      (acc, part) => acc + part.win,
      result.scatter.win,
    );
    expect(result.win).toBe(parts);
    for (const part of [...result.lineWins, ...result.wayWins]) {
      expect(part.win).toBe(BigInt(part.coins * result.multiplier) * outcome.coinValue);
    }
  }
  expect(outcome.totalWin).toBe(spins.reduce((acc, result) => acc + result.win, 0n));
}

describe('spin', () => {
  it('is deterministic and pinned', () => {
    const game = slotGame('lucky-sevens');
    const variant = rtpVariant(game, '96');
    const outcome = spin(game, variant, 100n, drawer(SERVER_SEED, CLIENT_SEED, 0));
    expect(spin(game, variant, 100n, drawer(SERVER_SEED, CLIENT_SEED, 0))).toEqual(outcome);
    expect(outcome.base.window[0]).toEqual(['LEMON', 'BELL', 'ORANGE']);
    const summary = Array.from({ length: 12 }, (_, nonce) => {
      const { base, totalWin } = spin(game, variant, 100n, drawer(SERVER_SEED, CLIENT_SEED, nonce));
      return `${base.stops.join(' ')} ${totalWin}`;
    });
    expect(summary).toEqual([
      '26 28 26 6 27 0',
      '11 14 24 2 28 0',
      '14 0 24 13 8 25',
      '14 3 3 22 16 0',
      '29 6 29 4 7 125',
      '18 2 29 15 16 0',
      '23 0 13 31 14 200',
      '16 20 23 0 22 0',
      '26 21 3 25 20 140',
      '23 27 27 15 7 0',
      '22 9 9 28 25 0',
      '16 31 16 13 13 275',
    ]);
    const jade = slotGame('jade-temple');
    const feature = spin(jade, rtpVariant(jade, '96'), 25n, drawer(SERVER_SEED, CLIENT_SEED, 7));
    expect([feature.base.stops.join(' '), feature.freeSpins.length, feature.totalWin]).toEqual([
      '16 20 23 0 22',
      10,
      292n,
    ]);
  });

  it('pays in total the sum of its parts, free spins included', () => {
    let featuresSeen = 0;
    for (const game of slotGames) {
      const variant = rtpVariant(game, '96');
      for (let nonce = 0; nonce < 3000; nonce++) {
        const outcome = spin(game, variant, game.betLimits.min * 3n, drawer(SERVER_SEED, CLIENT_SEED, nonce));
        checkParts(outcome);
        if (outcome.freeSpins.length > 0) {
          featuresSeen += 1;
          expect(outcome.freeSpins.length).toBeGreaterThanOrEqual(outcome.base.freeSpinsAwarded);
          expect(outcome.freeSpins.length).toBeLessThanOrEqual(50);
        }
      }
    }
    expect(featuresSeen).toBeGreaterThan(0);
  });

  it('refuses a bet outside the limits or off the steps', () => {
    const game = slotGame('jade-temple');
    const variant = rtpVariant(game, '96');
    const draw = drawer(SERVER_SEED, CLIENT_SEED, 1);
    for (const bet of [0n, 24n, 26n, 25_025n, -25n]) {
      expect(() => spin(game, variant, bet, draw), String(bet)).toThrow(BetRefused);
    }
    expect(() => spin(game, variant, 25_000n, draw)).not.toThrow();
  });

  it('shows a paytable in coins and in minor units at the bet', () => {
    const game = slotGame('nova-gems');
    const table = paytable(game, rtpVariant(game, '94'), 50n);
    expect(table.rtp).toBe('94');
    expect(table.rtpExact).toBe('94.000000');
    expect(table.coinValue).toBe(5n);
    expect(table.symbols.find((symbol) => symbol.id === 'RUBY')?.pays).toEqual([
      { count: 3, coins: 25, amount: 125n },
      { count: 4, coins: 100, amount: 500n },
      { count: 5, coins: 250, amount: 1250n },
    ]);
    expect(table.lines).toHaveLength(10);
  });
});
