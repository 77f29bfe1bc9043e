import { ROULETTE_SPOT_TYPES, type TableOutcome } from '@tessera/contract';
import {
  BACCARAT_BET_TYPES,
  type BaccaratBetType,
  type BaccaratOutcome,
  baccaratRtp,
  commitment,
  coveredNumbers,
  playRound,
  type Rational,
  RED_NUMBERS,
  rouletteRtp,
  rouletteSpot,
  settle,
  settleRoulette,
  spinWheel,
  tableDrawer,
  tableSalt,
} from '@tessera/house-games';
import type { AppDeps } from '../../../../platform/context.ts';
import { seal, unseal } from '../../../../platform/secret-box.ts';
import { secretsKeyOf } from '../fairness.ts';
import type * as store from './store.ts';

/**
 * The shared rounds' provably fair draw (procedure tessera-table-1, PROVABLY_FAIR.md §6): each round has its own
 * server seed, sealed under the secrets key when its row is written (before its betting opens) with only its
 * SHA-256 shown; when betting closes the salt is computed from the client seeds of its bets in order, and the
 * outcome is the game's draw from the stream of (server seed, salt, round number). The seed is revealed with the
 * outcome.
 */

const sealContext = (gameId: number, roundNo: bigint, committed: string) =>
  `house-table:${gameId}:${roundNo}:${committed}`;

/** A new round's server seed: sealed, and its commitment. */
export function newRoundSeed(deps: AppDeps, gameId: number, roundNo: bigint) {
  const serverSeed = deps.rng.bytes(32).toString('hex');
  const committed = commitment(serverSeed);
  return {
    commitment: committed,
    serverSeedSealed: seal(secretsKeyOf(deps), sealContext(gameId, roundNo, committed), serverSeed, deps.rng),
  };
}

/** The round's server seed, or null when it does not open (the secrets key changed): the round is then voided. */
export function openRoundSeed(deps: AppDeps, round: store.TableRoundDb): string | null {
  if (round.server_seed) return round.server_seed;
  const opened = unseal(
    secretsKeyOf(deps),
    sealContext(round.game_id, round.round_no, round.commitment),
    round.server_seed_sealed,
  );
  return opened !== null && commitment(opened) === round.commitment ? opened : null;
}

export function drawOutcome(
  kind: store.TableDb['kind'],
  room: string,
  roundNo: bigint,
  serverSeed: string,
  clientSeeds: readonly string[],
): { salt: string; outcome: TableOutcome } {
  const salt = tableSalt(room, Number(roundNo), clientSeeds);
  const draw = tableDrawer(serverSeed, salt, Number(roundNo));
  if (kind === 'baccarat') {
    const dealt: BaccaratOutcome = playRound(draw);
    return {
      salt,
      outcome: {
        kind: 'baccarat',
        player: dealt.player.map((card) => ({ rank: card.rank, suit: card.suit })),
        banker: dealt.banker.map((card) => ({ rank: card.rank, suit: card.suit })),
        playerTotal: dealt.playerTotal,
        bankerTotal: dealt.bankerTotal,
        winner: dealt.winner,
        playerPair: dealt.playerPair,
        bankerPair: dealt.bankerPair,
      },
    };
  }
  const pocket = spinWheel(draw);
  return {
    salt,
    outcome: {
      kind: 'roulette',
      pocket,
      colour: pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black',
    },
  };
}

/** The spot's type, which its limit is set for: `straight:17` → `straight`. */
export const spotType = (spot: string) => spot.split(':')[0] ?? spot;

/** Whether the table offers the spot. */
export function validSpot(kind: store.TableDb['kind'], spot: string): boolean {
  if (kind === 'baccarat') return (BACCARAT_BET_TYPES as readonly string[]).includes(spot);
  return rouletteSpot(spot, 1n) !== null;
}

/** What a bet's spots pay back, stakes included, for the round's outcome (the package's settle rules). */
export function payoutOf(spots: readonly { spot: string; stake: string }[], outcome: TableOutcome): bigint {
  if (outcome.kind === 'baccarat') {
    const settled = settle(
      spots.map((spot) => ({ type: spot.spot as BaccaratBetType, stake: BigInt(spot.stake) })),
      outcome,
    );
    return settled.reduce((sum, bet) => sum + bet.payout, 0n);
  }
  const bets = spots.map((spot) => {
    const bet = rouletteSpot(spot.spot, BigInt(spot.stake));
    if (!bet) throw new Error(`a stored roulette spot is not on the layout: ${spot.spot}`);
    return bet;
  });
  return settleRoulette(bets, outcome.pocket).reduce((sum, bet) => sum + bet.payout, 0n);
}

/** The even-money spots that are each other's opposite: a stake on both sides of one round risks next to nothing. */
const OPPOSITE_SPOTS: Record<string, string> = {
  player: 'banker',
  banker: 'player',
  red: 'black',
  black: 'red',
  odd: 'even',
  even: 'odd',
  low: 'high',
  high: 'low',
};
/** A member's roulette bets of one round covering at least this percent of the wheel's 37 numbers are low risk. */
const ROULETTE_LOW_RISK_COVERAGE = 70;

/**
 * The part of a bet's stake in a low-risk pattern, given every bet the member placed in the round (this one
 * included), which counts no turnover: on roulette, all of it when the member's bets cover at least 70 % of the
 * numbers; otherwise the stakes on an even-money spot whose opposite the member also backed (banker and player,
 * red and black, odd and even, low and high).
 */
export function lowRiskStake(
  kind: store.TableDb['kind'],
  bet: readonly { spot: string; stake: string }[],
  memberSpots: readonly { spot: string; stake: string }[],
): bigint {
  if (kind === 'roulette') {
    const covered = new Set<number>();
    for (const { spot } of memberSpots) {
      const placed = rouletteSpot(spot, 1n);
      if (placed) for (const number of coveredNumbers(placed)) covered.add(number);
    }
    if (covered.size * 100 >= ROULETTE_LOW_RISK_COVERAGE * 37) {
      return bet.reduce((sum, spot) => sum + BigInt(spot.stake), 0n);
    }
  }
  const backed = new Set(memberSpots.map((spot) => spot.spot));
  return bet
    .filter((spot) => {
      const opposite = OPPOSITE_SPOTS[spot.spot];
      return opposite !== undefined && backed.has(opposite);
    })
    .reduce((sum, spot) => sum + BigInt(spot.stake), 0n);
}

const percent = (value: Rational) => {
  // Six decimals of the percentage, rounded half up, exactly.
  const scaled = (value.num * 100_000_000n * 2n + value.den) / (2n * value.den);
  const text = scaled.toString().padStart(7, '0');
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
};

let baccaratRtps: Record<string, string> | null = null;

/** A spot of each roulette type, for its RTP. */
const EXAMPLE_SPOTS: Record<(typeof ROULETTE_SPOT_TYPES)[number], string> = {
  straight: 'straight:17',
  split: 'split:0-1',
  street: 'street:1-2-3',
  corner: 'corner:1-2-4-5',
  line: 'line:1-2-3-4-5-6',
  dozen: 'dozen:1',
  column: 'column:1',
  red: 'red',
  black: 'black',
  odd: 'odd',
  even: 'even',
  low: 'low',
  high: 'high',
};

/** The exact RTP of each spot type, percent to six decimals. */
export function publishedRtps(kind: store.TableDb['kind']): Record<string, string> {
  if (kind === 'baccarat') {
    baccaratRtps ??= Object.fromEntries(
      Object.entries(baccaratRtp()).map(([type, value]) => [type, percent(value)]),
    );
    return baccaratRtps;
  }
  // Every roulette bet pays 36/k back on k numbers of 37: 36/37, whichever bet.
  return Object.fromEntries(
    ROULETTE_SPOT_TYPES.map((type) => {
      const bet = rouletteSpot(EXAMPLE_SPOTS[type], 1n);
      if (!bet) throw new Error(`no example roulette spot for ${type}`);
      return [type, percent(rouletteRtp(bet))];
    }),
  );
}

/** What a winning spot of each type pays back per unit stake, stake included. */
export function publishedPays(kind: store.TableDb['kind']): Record<string, string> {
  if (kind === 'baccarat') {
    return { player: '2', banker: '1.95', tie: '9', playerPair: '12', bankerPair: '12' };
  }
  return {
    straight: '36',
    split: '18',
    street: '12',
    corner: '9',
    line: '6',
    dozen: '3',
    column: '3',
    red: '2',
    black: '2',
    odd: '2',
    even: '2',
    low: '2',
    high: '2',
  };
}
