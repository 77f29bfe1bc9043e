import {
  type consoleLotteryDraw,
  type consoleLotteryGame,
  type consoleLotteryGameUpdate,
  type LotteryGame,
  type LotteryOddsRow,
  toMajor,
  toMinor,
} from '@tessera/contract';
import {
  BET_TYPES,
  type BetTypeCode,
  type DrawResult,
  resultProblems,
  type ShapeCode,
} from '@tessera/lottery';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { checkOperatorUrl, fetchChecked, type Resolver } from '../../platform/operator-urls.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { rescheduleDraws, takeOfficialResult, voidOpenDraw } from './draws.ts';
import { gameViews } from './games.ts';
import * as store from './store.ts';
import { drawView } from './views.ts';

/**
 * The operators' lottery: games' schedules, the odds and caps per result shape, the draws with their reports, and
 * official results under a two-person rule (one operator enters a result, a different one confirms it by entering
 * it again; only then is the draw settled). Every write is audited.
 */

type OperatorCall = Parameters<typeof operatorWrite>[1];
type ConsoleGame = z.infer<typeof consoleLotteryGame>;
type ConsoleDraw = z.infer<typeof consoleLotteryDraw>;

/** Games as the console shows them, each with its draw on sale as stored. */
async function consoleGameViews(db: Queryable, games: store.GameDb[], now: Date): Promise<ConsoleGame[]> {
  const views = await gameViews(db, games, 'EN', now);
  return games.map((game, index) => ({
    ...(views[index] as LotteryGame),
    enabled: game.enabled,
    drawTime: game.draw_time,
    timeZone: game.time_zone,
    lockSeconds: game.lock_seconds,
    missed: game.missed,
  }));
}

async function consoleGameView(db: Queryable, code: string, now: Date): Promise<ConsoleGame> {
  const [view] = await consoleGameViews(db, [orNotFound(await store.gameByCode(db, code))], now);
  return view as ConsoleGame;
}

export async function consoleGames(deps: AppDeps, now: Date): Promise<ConsoleGame[]> {
  return consoleGameViews(deps.db, await store.listGames(deps.db, { enabledOnly: false }), now);
}

/** A game's draw times follow from these; a change of any of them moves the draws not sold on. */
const scheduleOf = (game: store.GameDb) =>
  JSON.stringify([game.interval_seconds, game.draw_time, game.draw_days, game.time_zone, game.lock_seconds]);

/**
 * Changes a game's schedule and its draw policy. A draw's times are those of its row: when the schedule changes,
 * the open draws not yet drawn that took no ticket are removed in the same write and written again from the new
 * schedule (rescheduleDraws); a draw with tickets keeps the times it was sold at, and the lobby, the betting view
 * and the result entry all follow its row.
 */
export async function updateGame(
  deps: AppDeps,
  call: OperatorCall,
  code: string,
  body: z.output<typeof consoleLotteryGameUpdate>,
): Promise<ConsoleGame> {
  return operatorWrite(deps, call, { entity: 'lottery_game', action: 'update' }, async (tx) => {
    const game = await store.gameByCode(tx, code);
    if (!game) throw new AppError('lottery_game_not_found');
    // A game keeps its kind of schedule: a fast game its interval, a daily one its time and weekdays.
    const fields: Record<string, string> = {};
    if ((game.interval_seconds === null) !== (body.intervalSeconds === null))
      fields.intervalSeconds = 'invalid_value';
    if (body.intervalSeconds !== null && 86_400 % body.intervalSeconds !== 0)
      fields.intervalSeconds = 'invalid_value';
    if ((game.draw_time === null) !== (body.drawTime === null)) fields.drawTime = 'invalid_value';
    if ((body.drawTime === null) !== (body.drawDays === null)) fields.drawDays = 'invalid_value';
    const period = body.intervalSeconds ?? 86_400;
    if (body.lockSeconds >= period) fields.lockSeconds = 'invalid_value';
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
    const before = await consoleGameView(tx, code, call.now);
    await store.updateGame(tx, game.game_id, body, call.now);
    const changed = orNotFound(await store.gameByCode(tx, code));
    const moved =
      scheduleOf(changed) === scheduleOf(game) ? [] : await rescheduleDraws(deps, tx, changed, call.now);
    const after = await consoleGameView(tx, code, call.now);
    return { entityId: code, before, after: { ...after, movedDraws: moved }, result: after };
  });
}

function oddsView(row: store.OddsDb, currency: Currency): LotteryOddsRow {
  const major = (minor: bigint | string) => toMajor(BigInt(minor), currency.digits);
  return {
    shape: row.shape,
    betType: row.bet_type as BetTypeCode,
    pricePerPoint: major(row.price_per_point),
    payouts: Object.fromEntries(Object.entries(row.payouts).map(([tier, value]) => [tier, major(value)])),
    maxPoints: row.max_points,
    capPerNumber: major(row.cap_per_number),
    enabled: row.enabled,
  };
}

export async function consoleOdds(deps: AppDeps): Promise<LotteryOddsRow[]> {
  const [rows, currency] = await Promise.all([store.listOdds(deps.db), currencyOf(deps)]);
  return rows.map((row) => oddsView(row, currency));
}

/**
 * Saves a shape's whole odds table at once: every row must be a bet type of that shape with exactly its tiers, and
 * amounts the currency can hold. New tickets sell at the new odds; sold tickets keep theirs.
 */
export async function saveOdds(
  deps: AppDeps,
  call: OperatorCall,
  shape: ShapeCode,
  rows: LotteryOddsRow[],
): Promise<LotteryOddsRow[]> {
  const currency = await currencyOf(deps);
  const fields: Record<string, string> = {};
  // Prices and caps are above zero; a payout may be zero.
  const minor = (value: number, field: string, min = 1n) => {
    const converted = toMinor(value, currency.digits);
    if (converted === null || converted < min) fields[field] = 'invalid_value';
    return converted ?? 0n;
  };
  const seen = new Set<string>();
  const parsed: store.OddsDb[] = rows.map((row, index) => {
    const info = BET_TYPES[row.betType];
    if (row.shape !== shape || !info.shapes.includes(shape) || seen.has(row.betType)) {
      fields[`rows.${index}.betType`] = 'invalid_value';
    }
    seen.add(row.betType);
    const tiers = Object.keys(row.payouts).sort();
    if (tiers.join() !== [...info.tiers].sort().join()) fields[`rows.${index}.payouts`] = 'invalid_value';
    return {
      shape,
      bet_type: row.betType,
      price_per_point: minor(row.pricePerPoint, `rows.${index}.pricePerPoint`),
      payouts: Object.fromEntries(
        Object.entries(row.payouts).map(([tier, value]) => [
          tier,
          minor(value, `rows.${index}.payouts`, 0n).toString(),
        ]),
      ),
      max_points: row.maxPoints,
      cap_per_number: minor(row.capPerNumber, `rows.${index}.capPerNumber`),
      enabled: row.enabled,
    };
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
  return operatorWrite(deps, call, { entity: 'lottery_odds', action: 'update' }, async (tx) => {
    const before = (await store.listOdds(tx, shape)).map((row) => oddsView(row, currency));
    for (const row of parsed) await store.upsertOdds(tx, row, call.now);
    const after = (await store.listOdds(tx, shape)).map((row) => oddsView(row, currency));
    return { entityId: shape, before, after, result: after };
  });
}

function consoleDrawView(row: store.DrawReportDb, currency: Currency): ConsoleDraw {
  const game = { code: row.code, names: row.names, shape: row.shape } as store.GameDb;
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    ...drawView(row, game, 'EN'),
    id: Number(row.id),
    source: row.source,
    enteredAt: row.entered_at?.toISOString() ?? null,
    enteredBy: row.entered_by_name,
    confirmedBy: row.confirmed_by_name,
    voidReason: row.void_reason,
    tickets: Number(row.tickets),
    stake: major(row.stake),
    payout: major(row.payout),
    houseResult: major(row.stake - row.payout),
  };
}

export async function consoleDraws(
  deps: AppDeps,
  query: {
    gameId?: string | undefined;
    state?: string | undefined;
    numero?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
) {
  const game = query.gameId ? await store.gameByCode(deps.db, query.gameId) : null;
  if (query.gameId && !game) throw new AppError('lottery_game_not_found');
  const [{ rows, total }, currency] = await Promise.all([
    store.drawReports(deps.db, {
      gameId: game?.game_id,
      state: query.state,
      numero: query.numero,
      now,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    currencyOf(deps),
  ]);
  return {
    list: rows.map((row) => consoleDrawView(row, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function consoleDraw(deps: AppDeps, id: bigint, now: Date): Promise<ConsoleDraw> {
  const { rows } = await store.drawReports(deps.db, { now, limit: 1, offset: 0, drawId: id });
  const currency = await currencyOf(deps);
  return consoleDrawView(orNotFound(rows[0]), currency);
}

/** Same prizes with the same numbers in the same order. */
const sameResult = (a: DrawResult, b: DrawResult) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** A draw of an official game whose time has come and that has no result yet: what an entry or import may touch. */
async function awaitingDraw(tx: Parameters<typeof store.lockDraw>[0], id: bigint, now: Date) {
  const draw = await store.lockDraw(tx, id, 'update');
  if (!draw) throw new AppError('lottery_draw_not_found');
  const game = await store.gameById(tx, draw.game_id);
  if (game?.source !== 'official' || draw.state !== 'open' || draw.draws_at > now) {
    throw new AppError('lottery_result_not_expected');
  }
  return { draw, game };
}

function checkedResult(shape: ShapeCode, result: DrawResult): DrawResult {
  if (resultProblems(shape, result).length > 0) throw new AppError('lottery_result_invalid');
  return result;
}

/** The first operator's entry of an official result (replacing an earlier entry not yet confirmed). */
export async function enterResult(deps: AppDeps, call: OperatorCall, id: number, result: DrawResult) {
  const operatorId = asOperator(call.caller).operatorId;
  await operatorWrite(deps, call, { entity: 'lottery_draw', action: 'enter_result' }, async (tx) => {
    const { draw, game } = await awaitingDraw(tx, BigInt(id), call.now);
    await store.setEntered(
      tx,
      draw.id,
      { result: checkedResult(game.shape, result), by: operatorId },
      call.now,
    );
    return {
      entityId: id,
      before: { entered: draw.entered_result },
      after: { entered: result },
      result: null,
    };
  });
  return consoleDraw(deps, BigInt(id), call.now);
}

/**
 * The second operator's confirmation: a different operator enters the same result again. The draw then takes it
 * and its tickets are settled. A different result is refused and the entry stays for both to check.
 */
export async function confirmResult(deps: AppDeps, call: OperatorCall, id: number, result: DrawResult) {
  const operatorId = asOperator(call.caller).operatorId;
  await operatorWrite(deps, call, { entity: 'lottery_draw', action: 'confirm_result' }, async (tx) => {
    const { draw, game } = await awaitingDraw(tx, BigInt(id), call.now);
    if (!draw.entered_result) throw new AppError('lottery_result_not_expected');
    if (draw.entered_by === operatorId) throw new AppError('lottery_result_needs_second_operator');
    if (!sameResult(draw.entered_result, checkedResult(game.shape, result)))
      throw new AppError('lottery_result_mismatch');
    await takeOfficialResult(tx, draw, draw.entered_result, operatorId, call.now);
    return { entityId: id, before: { state: draw.state }, after: { state: 'drawn', result }, result: null };
  });
  return consoleDraw(deps, BigInt(id), call.now);
}

/** Voids a draw without a result: every ticket on it is refunded. */
export async function voidDraw(deps: AppDeps, call: OperatorCall, id: number, reason: string) {
  await operatorWrite(deps, call, { entity: 'lottery_draw', action: 'void' }, async (tx) => {
    const draw = await store.lockDraw(tx, BigInt(id), 'update');
    if (!draw) throw new AppError('lottery_draw_not_found');
    if (draw.state !== 'open') throw new AppError('lottery_draw_not_voidable');
    await voidOpenDraw(tx, draw, reason, call.now);
    return { entityId: id, before: { state: draw.state }, after: { state: 'void', reason }, result: null };
  });
  return consoleDraw(deps, BigInt(id), call.now);
}

export interface ImportedResult {
  gameId: string;
  numero: string;
  result: DrawResult;
}

/** Where official results come from: a file the operator uploads, or a feed the server fetches. */
export interface ResultFeed {
  results(): Promise<ImportedResult[]>;
}

const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 1_000_000;

/**
 * A JSON feed over HTTP: [{gameId, numero, result}], fetched outside any database transaction, from the address
 * its name had when it was checked (`resolve`: how names are resolved, the system's unless a test gives one).
 */
export function httpResultFeed(
  url: string,
  options: { allowPrivate: boolean; resolve?: Resolver | undefined },
): ResultFeed {
  return {
    async results() {
      // An operator's URL: no loopback, private or link-local address (unless the install allows them).
      const checked = await checkOperatorUrl(url, { ...options, field: 'url' });
      let text: string;
      try {
        const response = await fetchChecked(checked, {
          timeoutMs: FEED_TIMEOUT_MS,
          maxBytes: FEED_MAX_BYTES,
        });
        if (response.status < 200 || response.status > 299) throw new Error(`status ${response.status}`);
        text = response.text;
      } catch {
        throw new AppError('lottery_feed_unavailable');
      }
      return parseFeed(text);
    },
  };
}

function parseFeed(text: string): ImportedResult[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('lottery_result_invalid');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { results?: unknown })?.results;
  if (!Array.isArray(list)) throw new AppError('lottery_result_invalid');
  return list.map((item) => {
    const row = item as Partial<ImportedResult>;
    if (typeof row?.gameId !== 'string' || typeof row.numero !== 'string' || typeof row.result !== 'object') {
      throw new AppError('lottery_result_invalid');
    }
    return { gameId: row.gameId.toUpperCase(), numero: row.numero, result: row.result as DrawResult };
  });
}

/**
 * Imports official results as the importing operator's entries: each still needs a different operator's
 * confirmation. A result for an unknown draw, a draw not awaiting one, or of the wrong shape is skipped and named.
 */
export async function importResults(deps: AppDeps, call: OperatorCall, feed: ResultFeed) {
  const results = await feed.results();
  const operatorId = asOperator(call.caller).operatorId;
  return operatorWrite(deps, call, { entity: 'lottery_results', action: 'import' }, async (tx) => {
    let imported = 0;
    const skipped: string[] = [];
    for (const item of results) {
      const label = `${item.gameId}/${item.numero}`;
      const game = await store.gameByCode(tx, item.gameId);
      const draw = game ? await store.drawByNumero(tx, game.game_id, item.numero) : null;
      if (
        !game ||
        !draw ||
        game.source !== 'official' ||
        draw.state !== 'open' ||
        draw.draws_at > call.now ||
        resultProblems(game.shape, item.result).length > 0
      ) {
        skipped.push(label);
        continue;
      }
      await store.setEntered(tx, draw.id, { result: item.result, by: operatorId }, call.now);
      imported++;
    }
    const result = { imported, skipped };
    return { entityId: 'import', before: null, after: result, result };
  });
}

export const resultFeedOf = (
  config: Pick<Config, 'operatorUrlsAllowPrivate'>,
  body: {
    results?: ImportedResult[] | undefined;
    url?: string | undefined;
  },
): ResultFeed => {
  if (body.results) {
    const results = body.results;
    return { results: async () => results };
  }
  if (body.url) return httpResultFeed(body.url, { allowPrivate: config.operatorUrlsAllowPrivate });
  throw new AppError('validation_failed', { results: 'required' });
};
