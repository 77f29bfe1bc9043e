import type { Queryable } from '../../db/database.ts';
import * as store from './providers/store.ts';

/**
 * The betting-record rounds (`game_rounds`) belong to the games area. Another area that plays a round (the lottery:
 * a ticket is a round of its game) opens, adds to, settles and reverses it through these functions, in its own
 * transaction, never through the games area's store.
 */

export interface RoundOf {
  memberId: number;
  gameId: number;
  /** The round's reference within the game (the lottery's ticket number). */
  ref: string;
  currency: string;
  /** A closed round is settled. */
  closed: boolean;
}

/** Adds a stake or a win to the member's round of the game, opening the round on its first part; answers its id. */
export function addToRound(
  tx: Queryable,
  round: RoundOf,
  amounts: { bet: bigint; win: bigint },
  now: Date,
): Promise<bigint> {
  return store.addToRound(tx, round, amounts, now);
}

/** Settles rounds, each with its win added (a batch, in one statement). */
export function settleRounds(tx: Queryable, rounds: { id: bigint; win: bigint }[], now: Date): Promise<void> {
  return store.settleRounds(tx, rounds, now);
}

/** Takes a reversed stake or win out of a round; a round left with nothing staked or won is void. */
export function reverseInRound(
  tx: Queryable,
  id: bigint,
  part: { bet: bigint; win: bigint },
  now: Date,
): Promise<void> {
  return store.reverseInRound(tx, id, part, now);
}
