import type { HouseRound } from '@tessera/contract';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { gameName } from '../catalogue.ts';
import { engineFor } from './engine.ts';
import { drawnOutcome, type RoundOutcome } from './round-play.ts';
import * as store from './store.ts';

/**
 * A member's house rounds for the verification page: each with the commitment, client seed and nonce it was drawn
 * with, and the server seed once its pair was rotated, so that the player can compute the outcome again.
 */

export function roundView(
  round: store.RoundDb,
  game: { code: string; names: Record<string, string> } | undefined,
  language: string,
): HouseRound {
  return {
    id: round.id.toString(),
    ref: round.ref,
    kind: engineFor(round.engine_game).kind,
    game: round.engine_game,
    choice: round.choice,
    gameName: game ? gameName(game.names, language) : round.engine_game,
    bet: round.bet.toString(),
    win: round.win === null ? null : round.win.toString(),
    state: round.state,
    decision: round.decision,
    resolution: round.resolution,
    rtp: round.rtp,
    configFingerprint: round.config_fingerprint,
    commitment: round.commitment,
    clientSeed: round.client_seed,
    nonce: Number(round.nonce),
    serverSeed: round.server_seed,
    createdAt: round.created_at.toISOString(),
    updatedAt: round.updated_at.toISOString(),
  };
}

export async function memberRounds(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
  language: string,
) {
  const { rows, total } = await store.memberRounds(
    deps.db,
    memberId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  const games = await store.gameNames(deps.db, [...new Set(rows.map((row) => row.game_id))]);
  return {
    list: rows.map((row) => roundView(row, games.get(row.game_id), language)),
    total,
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
}

/** One of the member's rounds with its outcome; another member's is not found. */
export async function memberRound(deps: AppDeps, memberId: number, id: string, language: string) {
  const round = await store.findRound(deps.db, BigInt(id));
  if (!round || round.member_id !== memberId) throw new AppError('not_found');
  const games = await store.gameNames(deps.db, [round.game_id]);
  return {
    ...roundView(round, games.get(round.game_id), language),
    outcome: round.outcome as RoundOutcome | null,
  };
}

/** How many of a game's rounds the member can recall (GLI-19: the last round and the nine before it). */
const LAST_ROUNDS = 10;

/**
 * The member's last rounds of a house game (the session's game, or another house game by its id in
 * @tessera/house-games), latest first, with their outcome and amounts: a round waiting for a decision shows what it
 * has played so far, a voided one pays 0 (its stake came back).
 */
export async function lastRounds(
  deps: AppDeps,
  memberId: number,
  sessionGameId: number,
  engineGame: string | undefined,
  language: string,
) {
  const gameId = engineGame === undefined ? sessionGameId : await store.houseGameIdOf(deps.db, engineGame);
  if (gameId === null) throw new AppError('game_not_found');
  const [rows, games] = await Promise.all([
    store.gameRounds(deps.db, memberId, gameId, LAST_ROUNDS),
    store.gameNames(deps.db, [gameId]),
  ]);
  const game = games.get(gameId);
  const list = await Promise.all(
    rows.map(async (round) => ({
      id: round.id.toString(),
      state: round.state,
      decision: round.decision,
      resolution: round.resolution,
      bet: round.bet.toString(),
      win: round.state === 'voided' ? '0' : round.win === null ? null : round.win.toString(),
      outcome:
        round.state === 'settled'
          ? (round.outcome as RoundOutcome)
          : round.state === 'started' && round.decision !== null
            ? engineFor(round.engine_game).soFar((await drawnOutcome(deps, round)).outcome)
            : null,
      choice: round.choice,
      createdAt: round.created_at.toISOString(),
      updatedAt: round.updated_at.toISOString(),
    })),
  );
  return {
    game: engineGame ?? rows[0]?.engine_game ?? (await store.engineGameOf(deps.db, gameId)),
    gameName: game ? gameName(game.names, language) : '',
    list,
  };
}
