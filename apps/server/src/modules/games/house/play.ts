import { HOUSE_SPIN_INTERVAL_MS, type HouseGameKind, type HouseRound } from '@tessera/contract';
import type { GameSessionCaller } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { uuid } from '../../../platform/rng.ts';
import { encodeAnswer, type IdempotencyKey, write } from '../../../platform/write.ts';
import * as seamless from '../providers/seamless.ts';
import { engineFor, engineOf, SLOT_GAME_IDS } from './engine.ts';
import { lockPair } from './fairness.ts';
import { roundView } from './history.ts';
import {
  drawnOutcome,
  drawRound,
  type Money,
  payOutcome,
  placeBet,
  RoundClosed,
  type RoundOutcome,
  resolveFault,
  SEAMLESS_MONEY,
  voidRound,
  walletRefusal,
} from './round-play.ts';
import * as store from './store.ts';

/**
 * A paid round of the session's house game, whatever its kind (a slot's spin, a fish shot). The round is started
 * first (its nonce taken from the member's pair, under the pair's lock, with the player's choice), then the stake is
 * bet through the seamless wallet with the session's token, the outcome drawn from the seeds and its win paid; a
 * refusal of the bet voids the round with a rollback, and an error after it resolves the round as a fault
 * (round-play.ts resolveFault). An outcome that waits for the player's decision (a slot's free spins) is persisted
 * with the bet, answered as played so far, and finished by playDecision (or, after the operator's days, by the
 * recovery job's default action); meanwhile no new round of that game starts. A house slot's spin starts no sooner
 * than HOUSE_SPIN_INTERVAL_MS after the member's last one started. A request repeated with the same idempotency key
 * plays nothing again: it answers the round's result once there is one.
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

  // BEGIN's round trip locks the member's pair and, under its lock, reads what decides whether a round may start
  // (so two requests at once cannot both pass): the key's round, a round waiting for a decision, the last start.
  const reads = [
    store.roundByKeyRead(player.memberId, key),
    store.awaitingRoundRead(player.memberId, game.id),
    store.lastRoundStartRead(player.memberId, engine.kind === 'slots' ? SLOT_GAME_IDS : []),
  ] as const;
  const locking = store.lockCurrentSeedRead(player.memberId);
  const started = await write(
    deps.db,
    { isolation: 'read committed', opening: [locking.sql, ...reads.map((read) => read.sql)] },
    async (tx) => {
      let pair = locking.of(tx.opened[0] ?? []);
      let rows = tx.opened.slice(1);
      if (!pair) {
        // The member's first round: the pair is made, and the reads made again under its lock.
        pair = await lockPair(deps, tx, player.memberId, now);
        rows = [];
        for (const read of reads) rows.push(await tx.query(read.sql));
      }
      // A concurrent request with the same key waited for the pair's lock: it finds the round the first one started.
      const first = reads[0].of(rows[0] ?? []);
      if (first) return { round: first, fresh: false, pair };
      if (reads[1].of(rows[1] ?? []) !== null) throw new AppError('house_round_pending');
      const last = reads[2].of(rows[2] ?? []);
      if (last && now.getTime() - last.getTime() < HOUSE_SPIN_INTERVAL_MS) {
        throw new AppError('house_spin_too_soon');
      }
      const nonce = await store.takeNonce(tx, pair.id);
      const ref = uuid(deps.rng);
      const round = await store.insertRound(
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
      return { round, fresh: true, pair };
    },
  );
  const { round } = started;
  if (!started.fresh) return repeatedRound(deps, round, fingerprint, game, language);
  // Its outcome is drawn from the pair locked for it (its server seed never changes).
  const drawn = drawRound(deps, round, started.pair);
  return playStarted(deps, round, game, player.token, language, now, money, drawn);
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
  return roundAnswer(deps, round, game, language);
}

/** A round's answer as it stands: its result, or what it has played so far while it waits for a decision. */
async function roundAnswer(
  deps: AppDeps,
  round: store.RoundDb,
  game: store.HouseGameDb,
  language: string,
): Promise<PlayedRound> {
  let outcome: RoundOutcome;
  if (round.state === 'started') {
    if (round.decision === null) throw new AppError('house_round_in_progress');
    outcome = engineFor(round.engine_game).soFar((await drawnOutcome(deps, round)).outcome);
  } else if (round.state === 'voided') {
    throw voidedError(round.void_reason);
  } else {
    outcome = round.outcome as RoundOutcome;
  }
  const wallet = await seamless.memberState(deps, round.member_id);
  return {
    round: roundView(round, game, language),
    outcome,
    balance: (wallet?.balance ?? 0n).toString(),
  };
}

/** The member's round of the session's game waiting for their decision, as its spin answered it, or null. */
export async function pendingRound(
  deps: AppDeps,
  player: GameSessionCaller,
  game: store.HouseGameDb,
  language: string,
): Promise<PlayedRound | null> {
  const round = await store.awaitingRound(deps.db, player.memberId, game.id);
  return round ? roundAnswer(deps, round, game, language) : null;
}

/**
 * The player's decision on their round of the session's game that waits for it (a slot's free spins: played, and
 * the round's whole win paid, which settles it). A round already played answers its result again.
 */
export async function playDecision(
  deps: AppDeps,
  player: GameSessionCaller,
  kind: HouseGameKind,
  roundId: bigint,
  language: string,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<PlayedRound> {
  const game = await sessionGame(deps, player, kind);
  const round = await store.findRound(deps.db, roundId);
  if (!round || round.member_id !== player.memberId || round.game_id !== game.id) {
    throw new AppError('not_found');
  }
  if (round.state === 'started' && round.decision === null) throw new AppError('house_no_pending_round');
  if (round.state === 'started') {
    try {
      const paid = await payOutcome(deps, round, { provider: game.provider, code: game.code }, money, now);
      if (!paid.result.ok)
        throw new Error(`the win of house round ${round.id} was refused: ${paid.result.refusal}`);
    } catch (error) {
      // Played meanwhile by another request (or the default action): answered below as it ended.
      if (!(error instanceof RoundClosed)) throw error;
    }
  }
  const after = await store.findRound(deps.db, round.id);
  if (!after) throw new Error(`house round ${round.id} vanished`);
  return roundAnswer(deps, after, game, language);
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
  drawn: { outcome: RoundOutcome; win: bigint },
): Promise<PlayedRound> {
  const target = { provider: game.provider, code: game.code };
  /**
   * After an error the round is resolved as a fault: voided with its stake back, or paid what it won, whichever is
   * more; a round whose stake was taken with a decision pending stays for the player. When even that fails it stays
   * started for the recovery job, and the error stands.
   */
  const afterError = async (error: unknown): Promise<PlayedRound> => {
    let state: store.RoundDb['state'];
    try {
      state = await resolveFault(deps, round.id, target, money, now);
    } catch {
      throw error;
    }
    if (state === 'voided') throw Object.assign(new AppError('house_round_voided'), { cause: error });
    const after = await store.findRound(deps.db, round.id);
    if (!after || (after.state === 'started' && after.decision === null)) throw error;
    return roundAnswer(deps, after, game, language);
  };

  // The outcome is fixed by the seeds and nonce: whether it waits for a decision is known before the stake is taken.
  const decision = engineFor(round.engine_game).decision(drawn.outcome);
  let placed: seamless.SeamlessResult;
  try {
    placed = await placeBet(deps, round, target, sessionToken, decision, money, now);
  } catch (error) {
    return afterError(error);
  }
  if (!placed.ok) {
    await voidRound(deps, round, game.provider, placed.refusal, money, now);
    throw placed.error ?? walletRefusal(placed.refusal);
  }
  if (decision !== null) {
    const waiting = await store.findRound(deps.db, round.id);
    if (!waiting) throw new Error('the started round vanished');
    return roundAnswer(deps, waiting, game, language);
  }
  let paid: Awaited<ReturnType<typeof payOutcome>>;
  try {
    paid = await payOutcome(deps, round, target, money, now, null, drawn);
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
