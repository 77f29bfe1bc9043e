import { type DrawResult, drawResult, seedHash } from '@tessera/lottery';
import type { Queryable, Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import { seal, unseal } from '../../platform/secret-box.ts';
import { write } from '../../platform/write.ts';
import { secretsKeyOf } from '../games/house/fairness.ts';
import { type DrawTimes, drawsFrom } from './schedule.ts';
import * as store from './store.ts';

/**
 * A draw's life: its row is written (with an rng draw's seed sealed and its hash published) by whichever process
 * needs it first, before its betting opens; at its time the first process to hold its row draws it once (an rng
 * draw from its revealed seed; an official one when two operators agreed on its result); its tickets are then
 * settled in batches, each once, by whichever processes take them.
 */

export const DRAW_JOB = 'lottery-draw';
export const SETTLE_JOB = 'lottery-settle';
/** A draw taken up later than this after its time was missed (the server was down): its game's policy applies. */
const MISSED_AFTER_MS = 120_000;

const sealContext = (gameId: number, numero: string, hash: string) =>
  `lottery-draw:${gameId}:${numero}:${hash}`;

/** Scheduled draws looked at past ones whose rows closed early (voided before their time, or kept by their bets). */
const MAX_SKIPPED = 3;

/** A draw's row still takes bets. */
const sellable = (draw: store.DrawDb, now: Date) => draw.state === 'open' && now < draw.locks_at;

/** A written draw's times. */
export const timesOf = (draw: store.DrawDb): DrawTimes => ({
  numero: draw.numero,
  opensAt: draw.opens_at,
  locksAt: draw.locks_at,
  drawsAt: draw.draws_at,
});

/**
 * The game's draw on sale and the next (count in all), their rows written when missing: an rng draw's seed is drawn
 * and sealed now, and its hash is public from this moment, before any ticket can be sold on it. The schedule names
 * the draws; a written row is the truth of its times, and one that no longer takes bets gives way to the next.
 */
export async function ensureDraws(
  deps: AppDeps,
  game: store.GameDb,
  now: Date,
  count = 2,
): Promise<store.DrawDb[]> {
  const draws: store.DrawDb[] = [];
  for (const times of drawsFrom(game, now, count + MAX_SKIPPED)) {
    if (draws.length === count) break;
    const draw =
      (await store.drawByNumero(deps.db, game.game_id, times.numero)) ??
      (await createDraw(deps, game, times, now));
    if (sellable(draw, now)) draws.push(draw);
  }
  return draws;
}

/**
 * The draw on sale of each game, as the lobby and the betting views show it, without writing anything: its row's
 * times once written (the times bets are taken and the result is entered at), the schedule's until then; a row that
 * no longer takes bets gives way to the next draw. A disabled game has none.
 */
export async function drawsOnSale(
  db: Queryable,
  games: store.GameDb[],
  now: Date,
): Promise<Map<number, DrawTimes | null>> {
  const scheduled = new Map(
    games.filter((game) => game.enabled).map((game) => [game.game_id, drawsFrom(game, now, 1 + MAX_SKIPPED)]),
  );
  const rows = await store.drawsByNumero(
    db,
    [...scheduled].flatMap(([gameId, list]) => list.map((times) => ({ gameId, numero: times.numero }))),
  );
  const written = new Map(rows.map((row) => [`${row.game_id}:${row.numero}`, row]));
  const onSale = new Map<number, DrawTimes | null>();
  for (const game of games) {
    let found: DrawTimes | null = null;
    for (const times of scheduled.get(game.game_id) ?? []) {
      const row = written.get(`${game.game_id}:${times.numero}`);
      if (!row || sellable(row, now)) {
        found = row ? timesOf(row) : times;
        break;
      }
    }
    onSale.set(game.game_id, found);
  }
  return onSale;
}

function createDraw(deps: AppDeps, game: store.GameDb, times: DrawTimes, now: Date): Promise<store.DrawDb> {
  return write(deps.db, { isolation: 'read committed' }, (tx) => writeDraw(deps, tx, game, times, now));
}

/** Writes a draw's row unless it exists (with an rng draw's sealed seed and its job), in the caller's write. */
async function writeDraw(
  deps: AppDeps,
  tx: Transaction,
  game: store.GameDb,
  times: DrawTimes,
  now: Date,
): Promise<store.DrawDb> {
  const seed = game.source === 'rng' ? deps.rng.bytes(32).toString('hex') : null;
  const hash = seed ? seedHash(seed) : null;
  const written = await store.insertDraw(
    tx,
    {
      gameId: game.game_id,
      numero: times.numero,
      opensAt: times.opensAt,
      locksAt: times.locksAt,
      drawsAt: times.drawsAt,
      seedSealed:
        seed && hash
          ? seal(secretsKeyOf(deps), sealContext(game.game_id, times.numero, hash), seed, deps.rng)
          : null,
      seedHash: hash,
    },
    now,
  );
  if (written) {
    if (game.source === 'rng') {
      await enqueue(
        tx,
        { kind: DRAW_JOB, payload: { drawId: String(written.id) }, runAt: times.drawsAt },
        now,
      );
    }
    return written;
  }
  const existing = await store.drawByNumero(tx, game.game_id, times.numero);
  if (!existing) throw new Error('the draw vanished while it was written');
  return existing;
}

/**
 * After a game's schedule changed, in the same write: its open draws not yet drawn that took no ticket are removed,
 * and the draws on sale under the new schedule written (new seeds, their hashes published with the change), so no
 * process can write one at the old times in between. A draw with tickets keeps the times it was sold at. Answers
 * the numeros removed.
 */
export async function rescheduleDraws(
  deps: AppDeps,
  tx: Transaction,
  game: store.GameDb,
  now: Date,
): Promise<string[]> {
  const removed = await store.removeUnbetDraws(tx, game.game_id, now);
  if (game.enabled) {
    for (const times of drawsFrom(game, now, 2)) await writeDraw(deps, tx, game, times, now);
  }
  return removed;
}

/** The draw's seed once revealed, or unsealed; null when it does not open (the secrets key changed). */
function openSeed(deps: AppDeps, draw: store.DrawDb): string | null {
  if (draw.seed) return draw.seed;
  if (!draw.seed_sealed || !draw.seed_hash) return null;
  const opened = unseal(
    secretsKeyOf(deps),
    sealContext(draw.game_id, draw.numero, draw.seed_hash),
    draw.seed_sealed,
  );
  return opened !== null && seedHash(opened) === draw.seed_hash ? opened : null;
}

export type DrawOutcome = 'drawn' | 'voided' | 'waiting' | 'not_due' | 'done';

/**
 * Draws an rng draw whose time came, once: under its row's lock, a draw still open gets the numbers that follow from
 * its seed, which is revealed with them. A draw taken up long after its time (the server was down) is drawn late or
 * voided as its game says. An official draw waits for its confirmed result.
 */
export async function drawIfDue(deps: AppDeps, drawId: bigint, now: Date): Promise<DrawOutcome> {
  const outcome = await write(deps.db, { isolation: 'read committed' }, async (tx): Promise<DrawOutcome> => {
    const draw = await store.lockDraw(tx, drawId, 'update');
    if (draw?.state !== 'open') return 'done';
    if (draw.draws_at > now) return 'not_due';
    const game = await store.gameById(tx, draw.game_id);
    if (!game) throw new Error(`draw ${drawId} has no game`);
    if (game.source === 'official') return 'waiting';
    const missed = now.getTime() - draw.draws_at.getTime() > MISSED_AFTER_MS;
    const seed = openSeed(deps, draw);
    if ((missed && game.missed === 'void') || seed === null) {
      await store.setVoid(tx, draw.id, seed === null ? 'seed_unavailable' : 'missed', now);
    } else {
      await store.setDrawn(
        tx,
        draw.id,
        { result: drawResult(seed, game.code, draw.numero, game.shape), seed, confirmedBy: null },
        now,
      );
    }
    await enqueue(tx, { kind: SETTLE_JOB, payload: { drawId: String(draw.id) }, runAt: now }, now);
    return seed === null || (missed && game.missed === 'void') ? 'voided' : 'drawn';
  });
  return outcome;
}

/** Fixes an official draw's result (confirmed by a second operator) and starts its settlement, in the caller's write. */
export async function takeOfficialResult(
  tx: Transaction,
  draw: store.DrawDb,
  result: DrawResult,
  confirmedBy: number,
  now: Date,
) {
  await store.setDrawn(tx, draw.id, { result, seed: null, confirmedBy }, now);
  await enqueue(tx, { kind: SETTLE_JOB, payload: { drawId: String(draw.id) }, runAt: now }, now);
}

/** Voids an open draw in the caller's write: its tickets are then refunded by the settlement job. */
export async function voidOpenDraw(tx: Transaction, draw: store.DrawDb, reason: string, now: Date) {
  await store.setVoid(tx, draw.id, reason, now);
  await enqueue(tx, { kind: SETTLE_JOB, payload: { drawId: String(draw.id) }, runAt: now }, now);
}
