import { describe, expect, it } from 'vitest';
import {
  baccaratRtp,
  bankerDraws,
  type Card,
  dealHands,
  drawer,
  fishConfig,
  hitChance,
  outcomeOf,
  playRound,
  type RouletteBet,
  rational,
  rouletteRtp,
  settle,
  settleRoulette,
  shoot,
  shotRtp,
  shuffledShoe,
  spinWheel,
  sum,
  winnerChances,
} from '../src/index.ts';

const SERVER_SEED = '0d1c2b3a49586776859483a2b1c0dfeefdcba98765432100123456789abcdef0';
const CLIENT_SEED = 'tables';
const card = (rank: number): Card => ({ rank, suit: 0 });
const dealing = (ranks: number[]) => {
  const cards = ranks.map(card);
  return () => cards.shift() as Card;
};

describe('fish', () => {
  const config = fishConfig('96');

  it('returns exactly the configured RTP per shot at every fish', () => {
    for (const fish of config.fish) expect(shotRtp(config, fish)).toEqual(rational(24n, 25n));
    expect(hitChance(config, config.fish[0] as (typeof config.fish)[0])).toEqual(rational(12n, 25n));
    expect(() => fishConfig('99')).toThrow(RangeError);
  });

  it('decides hit and multiplier from the round, and pays bet × multiplier', () => {
    let hits = 0;
    for (let nonce = 0; nonce < 2000; nonce++) {
      const shot = shoot(config, 7n, 'shark', drawer(SERVER_SEED, CLIENT_SEED, nonce));
      expect(shoot(config, 7n, 'shark', drawer(SERVER_SEED, CLIENT_SEED, nonce))).toEqual(shot);
      if (shot.hit) {
        hits += 1;
        expect([25, 30, 40, 50]).toContain(shot.multiplier);
        expect(shot.win).toBe(7n * BigInt(shot.multiplier));
      } else expect(shot).toMatchObject({ multiplier: 0, win: 0n });
    }
    // Hit chance 0.96 / 36.25 ≈ 2.65%: 53 expected of 2000.
    expect(hits).toBeGreaterThan(25);
    expect(hits).toBeLessThan(90);
    expect(() => shoot(config, 0n, 'shark', drawer(SERVER_SEED, CLIENT_SEED, 0))).toThrow(RangeError);
    expect(() => shoot(config, 1n, 'kraken', drawer(SERVER_SEED, CLIENT_SEED, 0))).toThrow(RangeError);
  });
});

describe('baccarat', () => {
  it('follows the third-card rules on pinned hands', () => {
    // Player 9 natural: nobody draws.
    expect(outcomeOf(dealHands(dealing([4, 10, 5, 3])))).toMatchObject({
      playerTotal: 9,
      bankerTotal: 3,
      winner: 'player',
    });
    // Player 5 draws a 4; banker 4 draws against a 4 (2-7).
    const drawn = outcomeOf(dealHands(dealing([2, 1, 3, 3, 4, 5])));
    expect([drawn.player.length, drawn.banker.length, drawn.playerTotal, drawn.bankerTotal]).toEqual([
      3, 3, 9, 9,
    ]);
    expect(drawn.winner).toBe('tie');
    // Player stands on 6; banker 5 draws.
    expect(dealHands(dealing([3, 2, 3, 3, 7])).banker).toHaveLength(3);
    // Player stands on 7; banker 6 stands.
    expect(dealHands(dealing([3, 3, 4, 3])).banker).toHaveLength(2);
    // Banker 3 stands against a player third card of 8, draws against a 9.
    expect(dealHands(dealing([1, 1, 1, 2, 8])).banker).toHaveLength(2);
    expect(dealHands(dealing([1, 1, 1, 2, 9, 1])).banker).toHaveLength(3);
    // Banker 6 draws only against 6 or 7; banker 7 never.
    expect([6, 7, 5, 8].map((third) => bankerDraws(6, third))).toEqual([true, true, false, false]);
    expect(bankerDraws(7, 6)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    // Pairs go by rank: a king and a queen are not a pair.
    expect(outcomeOf(dealHands(dealing([13, 2, 12, 2, 1, 1]))).playerPair).toBe(false);
    expect(outcomeOf(dealHands(dealing([13, 2, 13, 2, 1, 1]))).bankerPair).toBe(true);
  });

  it('deals the first cards of the round shoe', () => {
    const draw = () => drawer(SERVER_SEED, CLIENT_SEED, 5);
    const round = playRound(draw());
    const shoe = shuffledShoe(draw());
    expect(shoe).toHaveLength(416);
    expect([round.player[0], round.banker[0], round.player[1], round.banker[1]]).toEqual(shoe.slice(0, 4));
  });

  it('settles: banker pays 19/20, ties push player and banker bets', () => {
    const bankerWin = outcomeOf(dealHands(dealing([10, 9, 10, 10])));
    const tie = outcomeOf(dealHands(dealing([10, 10, 9, 9])));
    const bets = [
      { type: 'player' as const, stake: 100n },
      { type: 'banker' as const, stake: 100n },
      { type: 'tie' as const, stake: 10n },
    ];
    expect(settle(bets, bankerWin).map((bet) => bet.payout)).toEqual([0n, 195n, 0n]);
    expect(settle(bets, tie).map((bet) => bet.payout)).toEqual([100n, 100n, 90n]);
    expect(() => settle([{ type: 'banker', stake: 30n }], tie)).toThrow(RangeError);
  });

  it('has the exact odds of an 8-deck shoe', () => {
    const chances = winnerChances();
    expect(sum(Object.values(chances))).toEqual(rational(1n));
    const rtp = baccaratRtp();
    // Published 8-deck house edges: banker 1.0579%, player 1.2351%, tie 14.3596%, pairs 10.3614%.
    expect(Number(((1 - Number(rtp.banker.num) / Number(rtp.banker.den)) * 100).toFixed(4))).toBe(1.0579);
    expect(Number(((1 - Number(rtp.player.num) / Number(rtp.player.den)) * 100).toFixed(4))).toBe(1.2351);
    expect(Number(((1 - Number(rtp.tie.num) / Number(rtp.tie.den)) * 100).toFixed(4))).toBe(14.3596);
    expect(rtp.playerPair).toEqual(rational(372n, 415n));
  }, 60_000);
});

describe('roulette', () => {
  it('pays 36/k per unit on a bet covering k numbers, and refuses sets the layout lacks', () => {
    const bets: RouletteBet[] = [
      { type: 'straight', numbers: [0], stake: 1n },
      { type: 'split', numbers: [2, 5], stake: 2n },
      { type: 'corner', numbers: [1, 2, 4, 5], stake: 4n },
      { type: 'red', stake: 10n },
      { type: 'column', which: 2, stake: 3n },
    ];
    expect(settleRoulette(bets, 5).map((bet) => bet.payout)).toEqual([0n, 36n, 36n, 20n, 9n]);
    expect(settleRoulette(bets, 0).map((bet) => bet.payout)).toEqual([36n, 0n, 0n, 0n, 0n]);
    for (const bet of bets) expect(rouletteRtp(bet)).toEqual(rational(36n, 37n));
    expect(() => settleRoulette([{ type: 'split', numbers: [3, 4], stake: 1n }], 3)).toThrow(RangeError);
    expect(() => settleRoulette([{ type: 'dozen', which: 4, stake: 1n }], 3)).toThrow(RangeError);
  });

  it('draws the pocket from the round', () => {
    const pockets = Array.from({ length: 5 }, (_, nonce) =>
      spinWheel(drawer(SERVER_SEED, CLIENT_SEED, nonce)),
    );
    expect(pockets.every((pocket) => pocket >= 0 && pocket < 37)).toBe(true);
    expect(
      Array.from({ length: 5 }, (_, nonce) => spinWheel(drawer(SERVER_SEED, CLIENT_SEED, nonce))),
    ).toEqual(pockets);
  });
});
