import {
  BACCARAT_SPOT_TYPES,
  type HouseTableSettings,
  type houseTableUpdate,
  ROULETTE_SPOT_TYPES,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { z } from 'zod';
import { AppError, orNotFound } from '../../../../platform/app-error.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import { operatorWrite } from '../../../../platform/operator-write.ts';
import { type Currency, currencyOf } from '../../../wallet/settings.ts';
import { gameName } from '../../catalogue.ts';
import { newRoundSeed } from './draw.ts';
import { roundAt } from './schedule.ts';
import * as store from './store.ts';
import { stakeStep } from './tables.ts';

/**
 * The console's settings of the shared tables: the betting window and result time of their rounds, and the stake
 * limits of each spot type (a member's total on one spot in one round). Audited. A new timing starts with the round
 * after the one in play (which keeps its times), so no round's close ever moves: the anchor moves to the end of the
 * round in play, and rounds written ahead that nobody could bet on yet are written again.
 */

type OperatorCall = Parameters<typeof operatorWrite>[1];

const SPOT_TYPES: Record<store.TableDb['kind'], readonly string[]> = {
  baccarat: BACCARAT_SPOT_TYPES,
  roulette: ROULETTE_SPOT_TYPES,
};

/** A table's limits in the order of its spot types (the database keeps JSON keys in an order of its own). */
export function orderedLimits(row: Pick<store.TableDb, 'kind' | 'limits'>) {
  return SPOT_TYPES[row.kind].flatMap((type) => {
    const limit = row.limits[type];
    return limit ? [[type, limit] as const] : [];
  });
}

function settingsView(row: store.TableDb, currency: Currency, step: bigint): HouseTableSettings {
  const major = (minor: string | bigint) => toMajor(BigInt(minor), currency.digits);
  return {
    id: row.game_id,
    kind: row.kind,
    table: row.room,
    name: gameName(row.names, 'EN'),
    bettingSeconds: Math.round(row.betting_ms / 1000),
    resultSeconds: Math.round(row.result_ms / 1000),
    limits: Object.fromEntries(
      orderedLimits(row).map(([spot, limit]) => [spot, { min: major(limit.min), max: major(limit.max) }]),
    ),
    step: major(step),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function houseTableSettings(deps: AppDeps): Promise<HouseTableSettings[]> {
  const [rows, currency, step] = await Promise.all([
    store.listTables(deps.db),
    currencyOf(deps),
    stakeStep(deps),
  ]);
  return rows.map((row) => settingsView(row, currency, step));
}

export async function updateHouseTable(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof houseTableUpdate>,
): Promise<HouseTableSettings> {
  const [currency, step] = await Promise.all([currencyOf(deps), stakeStep(deps)]);
  return operatorWrite(deps, call, { entity: 'house_table', action: 'update' }, async (tx) => {
    const row = orNotFound(await store.findTable(tx, id, true));
    const fields: Record<string, string> = {};
    const limits: Record<string, { min: string; max: string }> = {};
    const types = SPOT_TYPES[row.kind];
    for (const type of Object.keys(body.limits)) {
      if (!types.includes(type)) fields[`limits.${type}`] = 'invalid_value';
    }
    for (const type of types) {
      const given = body.limits[type];
      const min = given ? toMinor(given.min, currency.digits) : null;
      const max = given ? toMinor(given.max, currency.digits) : null;
      if (min === null || min % step !== 0n) fields[`limits.${type}.min`] = 'invalid_value';
      if (max === null || max % step !== 0n || (min !== null && max < min)) {
        fields[`limits.${type}.max`] = 'invalid_value';
      }
      if (min !== null && max !== null) limits[type] = { min: min.toString(), max: max.toString() };
    }
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
    const before = settingsView(row, currency, step);
    // The round in play keeps its times (its row is written now if nobody asked for it yet); the new timing starts
    // with the next one.
    const playing = roundAt(row, call.now);
    await store.ensureRound(
      tx,
      { gameId: id, ...playing, ...newRoundSeed(deps, id, playing.roundNo) },
      call.now,
    );
    await store.updateTable(
      tx,
      id,
      {
        bettingMs: body.bettingSeconds * 1000,
        resultMs: body.resultSeconds * 1000,
        anchorAt: playing.endsAt,
        anchorRound: playing.roundNo + 1n,
        limits,
      },
      call.now,
    );
    await store.dropFutureRounds(tx, id, playing.roundNo, call.now);
    const smallest = Object.values(limits).reduce(
      (least, limit) => (BigInt(limit.min) < least ? BigInt(limit.min) : least),
      BigInt(Object.values(limits)[0]?.min ?? '0'),
    );
    await store.setCatalogueMinBet(tx, id, smallest, call.now);
    const after = settingsView(orNotFound(await store.findTable(tx, id)), currency, step);
    return { entityId: id, before, after, result: after };
  });
}
