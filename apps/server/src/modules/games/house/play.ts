import type { HouseGameKind, HouseRound } from '@tessera/contract';
import type { GameSessionCaller } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { uuid } from '../../../platform/rng.ts';
import { encodeAnswer, type IdempotencyKey, write } from '../../../platform/write.ts';
import * as seamless from '../providers/seamless.ts';
import { engineOf } from './engine.ts';
import { lockPair } from './fairness.ts';
import { roundView } from './history.ts';
import {
  type Money,
  payOutcome,
  placeBet,
  type RoundOutcome,
  SEAMLESS_MONEY,
  voidRound,
  walletRefusal,
} from './round-play.ts';
import * as store from './store.ts';

/**
 * A paid round of the session's house game, whatever its kind (a slot's spin, a fish shot). The round is started
 * first (its nonce taken from the member's pair, under the pair's lock, with the player's choice), then the stake is
 * bet through the seamless wallet with the session's token, the outcome drawn from the seeds and its win paid; a
 * refusal of the bet or an error after it voids the round with a rollback. A request repeated with the same
 * idempotency key plays nothing again: it answers the round's result once there is one.
 */

/** A played round's answer: the round, its outcome and the main wallet after it. */
export interface PlayedRound<O extends RoundOutcome = RoundOutcome> {
  round: HouseRound;
  outcome: O;
  balance: string;
}

/** The session's game, playable, of the kind the page plays, with its settings. */
export async function sessionGame(
  deps: AppDeps,
  player: GameSessionCaller,
  kind: HouseGameKind,
): Promise<store.HouseGameDb> {
  const game = await store.findGame(deps.db, player.gameId);
  if (!game?.enabled || game.provider !== player.provider || engineOf(game.engine_game)?.kind !== kind) {
    throw new AppError('game_not_found');
  }
  return game;
}

export interface RoundRequest {
  bet: bigint;
  /** What the player chose besides the stake (the fish of a shot); null for a spin. */
  choice: Record<string, string> | null;
  idempotency: IdempotencyKey | null;
}

export async function playRound(
  deps: AppDeps,
  player: GameSessionCaller,
  kind: HouseGameKind,
  request: RoundRequest,
  language: string,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<PlayedRound> {
  const game = await sessionGame(deps, player, kind);
  const engine = engineOf(game.engine_game);
  if (!engine) throw new AppError('game_not_found');
  const { bet, choice } = request;
  const key = request.idempotency?.key ?? `auto:${uuid(deps.rng)}`;
  const fingerprint = sha256Hex(
    encodeAnswer({
      game: game.id,
      request: request.idempotency?.fingerprint ?? encodeAnswer({ bet: bet.toString(), choice }),
    }),
  );
  // A retry gets the first answer, whatever changed since (limits, balance).
  const earlier = await store.findRoundByKey(deps.db, player.memberId, key);
  if (earlier) return repeatedRound(deps, earlier, fingerprint, game, language);
  if (bet < game.min_bet || bet > game.max_bet || !engine.stakeFits(bet)) {
    throw new AppError('house_bet_out_of_limits');
  }
  const { fingerprint: configFingerprint } = engine.published(game.rtp);

  // A stake above the balance is refused before a round starts (the wallet refuses it again under any race).
  const wallet = await seamless.balance(deps, player.provider, player, now);
  if (!wallet.ok) throw walletRefusal(wallet.refusal);
  if (wallet.state.balance < bet) throw new AppError('insufficient_balance');

  const started = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const pair = await lockPair(deps, tx, player.memberId, now);
    // A concurrent request with the same key waited for the pair's lock: it finds the round the first one started.
    const first = await store.findRoundByKey(tx, player.memberId, key);
    if (first) return { id: first.id, fresh: false };
    const nonce = await store.takeNonce(tx, pair.id);
    const ref = uuid(deps.rng);
    const id = await store.insertRound(
      tx,
      {
        member_id: player.memberId,
        game_id: game.id,
        engine_game: game.engine_game,
        ref,
        request_key: key,
        request_fingerprint: fingerprint,
        currency: wallet.state.currency,
        bet,
        rtp: game.rtp,
        config_fingerprint: configFingerprint,
        seed_id: pair.id,
        commitment: pair.commitment,
        client_seed: pair.client_seed,
        nonce,
        choice,
        bet_transaction: `${ref}:bet`,
        win_transaction: `${ref}:win`,
        rollback_transaction: `${ref}:rollback`,
      },
      now,
    );
    return { id, fresh: true };
  });
  const round = await store.findRound(deps.db, started.id);
  if (!round) throw new Error('the started round vanished');
  if (!started.fresh) return repeatedRound(deps, round, fingerprint, game, language);
  return playStarted(deps, round, game, player.token, language, now, money);
}

/** The answer to a request repeated with its key: the round's result, or its refusal, or "still in play". */
async function repeatedRound(
  deps: AppDeps,
  round: store.RoundDb,
  fingerprint: string,
  game: store.HouseGameDb,
  language: string,
): Promise<PlayedRound> {
  if (round.request_fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
  if (round.state === 'started') throw new AppError('house_round_in_progress');
  if (round.state === 'voided') throw voidedError(round.void_reason);
  const wallet = await seamless.memberState(deps, round.member_id);
  return {
    round: roundView(round, game, language),
    outcome: round.outcome as RoundOutcome,
    balance: (wallet?.balance ?? 0n).toString(),
  };
}

const voidedError = (reason: string | null) =>
  reason && reason !== 'interrupted'
    ? walletRefusal(reason as seamless.SeamlessRefusal)
    : new AppError('house_round_voided');

async function playStarted(
  deps: AppDeps,
  round: store.RoundDb,
  game: store.HouseGameDb,
  sessionToken: string,
  language: string,
  now: Date,
  money: Money,
): Promise<PlayedRound> {
  const target = { provider: game.provider, code: game.code };
  /**
   * After an error the round is voided if it is still started. When even that fails it stays started for the
   * recovery job, and the error stands; when its win was booked after all (the answer was lost), it stands.
   */
  const afterError = async (error: unknown): Promise<PlayedRound> => {
    let state: store.RoundDb['state'] | null = null;
    try {
      state = await voidRound(deps, round, game.provider, 'interrupted', money, now);
    } catch {
      throw error;
    }
    if (state === 'settled') {
      const settled = await store.findRound(deps.db, round.id);
      return repeatedRound(deps, settled ?? round, round.request_fingerprint, game, language);
    }
    throw Object.assign(new AppError('house_round_voided'), { cause: error });
  };

  let placed: seamless.SeamlessResult;
  try {
    placed = await placeBet(deps, round, target, sessionToken, money, now);
  } catch (error) {
    return afterError(error);
  }
  if (!placed.ok) {
    await voidRound(deps, round, game.provider, placed.refusal, money, now);
    throw placed.error ?? walletRefusal(placed.refusal);
  }
  let paid: Awaited<ReturnType<typeof payOutcome>>;
  try {
    paid = await payOutcome(deps, round, target, money, now);
    if (!paid.result.ok)
      throw new Error(`the win of house round ${round.id} was refused: ${paid.result.refusal}`);
  } catch (error) {
    return afterError(error);
  }
  const settled = await store.findRound(deps.db, round.id);
  if (!settled) throw new Error('the settled round vanished');
  return {
    round: roundView(settled, game, language),
    outcome: paid.outcome,
    balance: paid.result.state.balance.toString(),
  };
}
