/**
 * Punto banco baccarat, for the PVP rooms: each round shuffles a fresh 8-deck shoe with the round's drawer
 * (Fisher–Yates from the front) and deals from its top, so every round has the full shoe's exact odds.
 */
import { type Drawer, shuffle } from './fair.ts';
import { add, mul, type Rational, rational } from './rational.ts';

const DECKS = 8;
/** A card: rank 1 (ace) to 13 (king), suit 0 to 3. */
export interface Card {
  readonly rank: number;
  readonly suit: number;
}

/** The unshuffled shoe: deck after deck, each deck suit by suit, ace to king. */
const orderedShoe = (): Card[] =>
  Array.from({ length: DECKS * 52 }, (_, i) => ({ rank: (i % 13) + 1, suit: Math.floor(i / 13) % 4 }));

export const cardValue = (card: Card): number => (card.rank >= 10 ? 0 : card.rank);
const total = (cards: readonly Card[]): number => cards.reduce((acc, card) => acc + cardValue(card), 0) % 10;

export type Winner = 'player' | 'banker' | 'tie';

export interface BaccaratOutcome {
  readonly player: readonly Card[];
  readonly banker: readonly Card[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** Whether the banker draws, given its two-card total and the player's third card value (null: none). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Deals in order player, banker, player, banker, then the player's third card, then the banker's. */
export function dealHands(deal: () => Card): Pick<BaccaratOutcome, 'player' | 'banker'> {
  const first = [deal(), deal(), deal(), deal()] as Card[];
  const player = [first[0] as Card, first[2] as Card];
  const banker = [first[1] as Card, first[3] as Card];
  if (total(player) >= 8 || total(banker) >= 8) return { player, banker };
  let playerThird: number | null = null;
  if (total(player) <= 5) {
    const card = deal();
    player.push(card);
    playerThird = cardValue(card);
  }
  if (bankerDraws(total(banker), playerThird)) banker.push(deal());
  return { player, banker };
}

export function outcomeOf(hands: Pick<BaccaratOutcome, 'player' | 'banker'>): BaccaratOutcome {
  const playerTotal = total(hands.player);
  const bankerTotal = total(hands.banker);
  const pair = (cards: readonly Card[]) => cards[0]?.rank === cards[1]?.rank;
  return {
    ...hands,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: pair(hands.player),
    bankerPair: pair(hands.banker),
  };
}

/** The shuffled shoe of a round, all 416 cards: what a verification page shows. */
export const shuffledShoe = (draw: Drawer): Card[] => shuffle(orderedShoe(), draw);

/**
 * One round. Draws the same numbers as `shuffledShoe` would for the cards it deals: Fisher–Yates from the
 * front fixes card i at step i, so the shuffle stops after the last card dealt.
 */
export function playRound(draw: Drawer): BaccaratOutcome {
  const shoe = orderedShoe();
  let next = 0;
  const deal = () => {
    const j = next + draw.int(shoe.length - next);
    [shoe[next], shoe[j]] = [shoe[j] as Card, shoe[next] as Card];
    return shoe[next++] as Card;
  };
  return outcomeOf(dealHands(deal));
}

export type BaccaratBetType = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export const BACCARAT_BET_TYPES: readonly BaccaratBetType[] = [
  'player',
  'banker',
  'tie',
  'playerPair',
  'bankerPair',
];

export interface Bet<T extends string> {
  readonly type: T;
  readonly stake: bigint;
}

export interface Settlement<T extends string> extends Bet<T> {
  /** Returned to the player, stake included: 0 on a loss, the stake on a push. */
  readonly payout: bigint;
}

/** Banker stakes must be multiples of 20 minor units, so that the 5% commission is exact. */
export function settle(
  bets: readonly Bet<BaccaratBetType>[],
  outcome: BaccaratOutcome,
): Settlement<BaccaratBetType>[] {
  return bets.map((bet) => {
    if (bet.stake <= 0n) throw new RangeError('stake must be positive');
    const { stake } = bet;
    const push = outcome.winner === 'tie';
    let payout: bigint;
    switch (bet.type) {
      case 'player':
        payout = push ? stake : outcome.winner === 'player' ? 2n * stake : 0n;
        break;
      case 'banker':
        if (stake % 20n !== 0n) throw new RangeError('banker stake must be a multiple of 20 minor units');
        payout = push ? stake : outcome.winner === 'banker' ? stake + (stake * 19n) / 20n : 0n;
        break;
      case 'tie':
        payout = push ? 9n * stake : 0n;
        break;
      case 'playerPair':
        payout = outcome.playerPair ? 12n * stake : 0n;
        break;
      case 'bankerPair':
        payout = outcome.bankerPair ? 12n * stake : 0n;
        break;
    }
    return { ...bet, payout };
  });
}

/**
 * Exact chances of player win, banker win and tie from a full shoe, by enumerating every sequence of card
 * values (0 for tens and faces: 128 cards; 1 to 9: 32 each) drawn without replacement. A sequence of k cards is
 * counted with the number of ordered 6-card deals that start with it, so all counts share the denominator
 * 416·415·…·411, below 2^53.
 */
export function winnerChances(): Record<Winner, Rational> {
  const counts = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 * DECKS : 4 * DECKS));
  const shoeSize = DECKS * 52;
  const found: Record<Winner, number> = { player: 0, banker: 0, tie: 0 };
  const values: number[] = [];
  // Deals replay the values chosen so far; asking for one more card than chosen stops the replay.
  let position = 0;
  const dealValues = (): Card => {
    if (position >= values.length) throw new NeedCard();
    const value = values[position++] as number;
    return { rank: value === 0 ? 10 : value, suit: 0 };
  };
  const explore = (ways: number) => {
    position = 0;
    let hands: Pick<BaccaratOutcome, 'player' | 'banker'>;
    try {
      hands = dealHands(dealValues);
    } catch (error) {
      if (!(error instanceof NeedCard)) throw error;
      const remaining = shoeSize - values.length;
      for (let value = 0; value < 10; value++) {
        const left = counts[value] as number;
        if (left === 0) continue;
        counts[value] = left - 1;
        values.push(value);
        explore((ways / remaining) * left);
        values.pop();
        counts[value] = left;
      }
      return;
    }
    found[outcomeOf(hands).winner] += ways;
  };
  explore(fallingFactorial(shoeSize, 6));
  const denominator = fallingFactorial(shoeSize, 6);
  return {
    player: rational(BigInt(found.player), BigInt(denominator)),
    banker: rational(BigInt(found.banker), BigInt(denominator)),
    tie: rational(BigInt(found.tie), BigInt(denominator)),
  };
}

class NeedCard extends Error {}

const fallingFactorial = (n: number, k: number): number => {
  let product = 1;
  for (let i = 0; i < k; i++) product *= n - i;
  return product;
};

/**
 * Exact RTP (expected payout per unit stake) of each bet. Pairs from combinatorics: whatever the first card of a
 * hand, 31 of the 415 cards left share its rank, so a pair has chance 31/415 and pays 12 back.
 */
export function baccaratRtp(): Record<BaccaratBetType, Rational> {
  const chance = winnerChances();
  const pair = mul(rational(31n, 415n), rational(12n));
  return {
    player: add(mul(chance.player, rational(2n)), chance.tie),
    banker: add(mul(chance.banker, rational(39n, 20n)), chance.tie),
    tie: mul(chance.tie, rational(9n)),
    playerPair: pair,
    bankerPair: pair,
  };
}
