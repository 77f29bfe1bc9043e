import type { ShotOutcome, SlotOutcome } from '@tessera/contract';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import * as seamless from '../providers/seamless.ts';
import { engineFor } from './engine.ts';
import { serverSeedOf } from './fairness.ts';
import * as store from './store.ts';

/**
 * One round's money, through the seamless wallet only, as any provider moves it: the bet, then the win (0 or more)
 * that settles the round, or the rollback that voids it. Each call carries the round's own transaction id, so a
 * repeated call moves nothing, and writes the round's state in its own transaction (seamless `alongside`): a round
 * is settled exactly when its win is booked, voided exactly when its rollback is, and never both (each requires the
 * round still started, and the row's lock orders them).
 */

/** The seamless wallet's calls; tests pass their own to interrupt a round. */
export interface Money {
  bet: typeof seamless.bet;
  win: typeof seamless.win;
  rollback: typeof seamless.rollback;
}
export const SEAMLESS_MONEY: Money = { bet: seamless.bet, win: seamless.win, rollback: seamless.rollback };

/** The round was settled or voided meanwhile: the money call that found it so is undone. */
/**
 * The refusal a player of a house game gets for the wallet's; a refusal the player cannot act on is `otherwise`
 * (a round is voided, a table bet is refused).
 */
export function walletRefusal(
  refusal: seamless.SeamlessRefusal,
  otherwise: 'house_round_voided' | 'unauthorized' = 'house_round_voided',
): AppError {
  switch (refusal) {
    case 'not_enough_money':
      return new AppError('insufficient_balance');
    case 'invalid_token':
    case 'token_expired':
      return new AppError('session_expired');
    case 'user_disabled':
      return new AppError('member_locked');
    case 'unknown_user':
      return new AppError('unauthorized');
    case 'invalid_game':
      return new AppError('game_not_found');
    default:
      return new AppError(otherwise);
  }
}

export class RoundClosed extends Error {
  constructor(readonly roundId: bigint) {
    super(`house round ${roundId} is no longer started`);
  }
}

export interface RoundGame {
  provider: string;
  /** The game's code at the vendor (the seamless wallet's game_code). */
  code: string;
}

/**
 * Places the round's bet with the game session's token; the round records it in the bet's transaction, with the
 * decision of the player its outcome now waits for (persisted before anything is answered).
 */
export function placeBet(
  deps: AppDeps,
  round: store.RoundDb,
  game: RoundGame,
  sessionToken: string,
  decision: store.RoundDb['decision'],
  money: Money,
  now: Date,
): Promise<seamless.SeamlessResult> {
  return money.bet(
    deps,
    game.provider,
    {
      transactionUuid: round.bet_transaction,
      memberId: round.member_id,
      token: sessionToken,
      gameCode: game.code,
      round: { ref: round.ref, closed: false },
      currency: round.currency,
      amount: round.bet,
    },
    now,
    async (tx, effect) => {
      if (!(await store.markBetPlaced(tx, round.id, effect.roundId, decision, now))) {
        throw new RoundClosed(round.id);
      }
    },
  );
}

/** A round's outcome as stored: a spin's or a shot's. */
export type RoundOutcome = SlotOutcome | ShotOutcome;

/**
 * The round's outcome and win, from its pair's server seed, its client seed and nonce, at its RTP, with the
 * player's choice: its game's procedure (a spin, a shot) decides.
 */
export function drawRound(
  deps: AppDeps,
  round: store.RoundDb,
  seed: store.SeedDb,
): { outcome: RoundOutcome; win: bigint } {
  return engineFor(round.engine_game).draw(round, {
    serverSeed: serverSeedOf(deps, seed),
    clientSeed: round.client_seed,
    nonce: round.nonce,
  });
}

/** A slot round's outcome (the slot tests read it). */
export function outcomeOf(deps: AppDeps, round: store.RoundDb, seed: store.SeedDb): SlotOutcome {
  return drawRound(deps, round, seed).outcome as SlotOutcome;
}

/** The round's outcome drawn from its pair (whose server seed may still be secret). */
export async function drawnOutcome(
  deps: AppDeps,
  round: store.RoundDb,
): Promise<{ outcome: RoundOutcome; win: bigint }> {
  const seed = await store.findSeed(deps.db, round.seed_id);
  if (!seed) throw new Error(`the seed pair of house round ${round.id} vanished`);
  return drawRound(deps, round, seed);
}

/**
 * Draws the outcome of a round whose bet was placed and pays its win, which settles the round (with how it ended
 * when the player did not end it). Answers the wallet's result; a refusal (the bet was rolled back meanwhile) leaves
 * the round as the rollback left it.
 */
export async function payOutcome(
  deps: AppDeps,
  round: store.RoundDb,
  game: RoundGame,
  money: Money,
  now: Date,
  resolution: store.RoundDb['resolution'] = null,
  /** The round's outcome drawn already (from its pair, as `drawRound`): not drawn again. */
  drawn?: { outcome: RoundOutcome; win: bigint },
): Promise<{ result: seamless.SeamlessResult; outcome: RoundOutcome }> {
  const { outcome, win } = drawn ?? (await drawnOutcome(deps, round));
  const result = await money.win(
    deps,
    game.provider,
    {
      transactionUuid: round.win_transaction,
      memberId: round.member_id,
      referenceUuid: round.bet_transaction,
      gameCode: game.code,
      round: { ref: round.ref, closed: true },
      currency: round.currency,
      amount: win,
    },
    now,
    async (tx) => {
      if (!(await store.settleRound(tx, round.id, JSON.stringify(outcome), win, resolution, now))) {
        throw new RoundClosed(round.id);
      }
    },
  );
  return { result, outcome };
}

/**
 * Voids a started round with a rollback of its bet: the stake comes back if it was taken, and a bet that never
 * arrived is refused if it ever does. Answers the round's state afterwards: 'settled' when its win was booked first
 * (then nothing was rolled back).
 */
export async function voidRound(
  deps: AppDeps,
  round: store.RoundDb,
  provider: string,
  reason: string,
  money: Money,
  now: Date,
  resolution: store.RoundDb['resolution'] = null,
): Promise<store.RoundDb['state']> {
  try {
    const result = await money.rollback(
      deps,
      provider,
      {
        transactionUuid: round.rollback_transaction,
        memberId: round.member_id,
        referenceUuid: round.bet_transaction,
      },
      now,
      async (tx) => {
        if (!(await store.voidRound(tx, round.id, reason, resolution, now))) throw new RoundClosed(round.id);
      },
    );
    if (!result.ok) throw new Error(`the rollback of house round ${round.id} was refused: ${result.refusal}`);
  } catch (error) {
    if (!(error instanceof RoundClosed)) throw error;
  }
  const after = await store.findRound(deps.db, round.id);
  if (!after) throw new Error(`house round ${round.id} vanished`);
  return after.state;
}

/**
 * A round broken by a server fault (an error after it started, or left started with no decision pending): voided
 * with its stake returned, or paid what it had won so far, whichever is more for the player (AGCO, GLI-19). A
 * round that waits for the player's decision is not broken: it stays for the player to resume. The outcome of a
 * round that waits for no decision is fixed once its stake is taken, so what it has won so far is its drawn win; a
 * stake that never reached the wallet was not taken, and the round is voided (a late bet is then refused). Answers
 * the round's state afterwards; an error leaves the round started for the recovery job.
 */
export async function resolveFault(
  deps: AppDeps,
  roundId: bigint,
  game: RoundGame,
  money: Money,
  now: Date,
): Promise<store.RoundDb['state']> {
  const round = await store.findRound(deps.db, roundId);
  if (!round) throw new Error(`house round ${roundId} vanished`);
  if (round.state !== 'started' || round.decision !== null) return round.state;
  if (round.bet_placed) {
    const { win } = await drawnOutcome(deps, round);
    if (win > round.bet) {
      try {
        // Refused: the bet was rolled back meanwhile, and the rollback voided the round.
        await payOutcome(deps, round, game, money, now, 'fault');
      } catch (error) {
        if (!(error instanceof RoundClosed)) throw error;
      }
      const after = await store.findRound(deps.db, round.id);
      if (!after) throw new Error(`house round ${round.id} vanished`);
      return after.state;
    }
  }
  return voidRound(deps, round, game.provider, 'interrupted', money, now, 'fault');
}
