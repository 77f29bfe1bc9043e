import { type HouseGameSettings, type houseGameUpdate, toMajor, toMinor } from '@tessera/contract';
import type { z } from 'zod';
import { AppError, orNotFound } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { operatorWrite } from '../../../platform/operator-write.ts';
import { type Currency, currencyOf } from '../../wallet/settings.ts';
import { gameName } from '../catalogue.ts';
import { engineFor } from './engine.ts';
import * as store from './store.ts';

/**
 * The console's settings of the house games: the offered RTP a game's outcomes are drawn at and its stake limits,
 * within what the game itself allows (its own minimum, maximum and step). New rounds follow at once; a round
 * records the RTP and the configuration fingerprint it was drawn with.
 */

type OperatorCall = Parameters<typeof operatorWrite>[1];

function settingsView(row: store.SettingsDb, currency: Currency): HouseGameSettings {
  const engine = engineFor(row.engine_game);
  const { fingerprint, rtpExact } = engine.published(row.rtp);
  const limits = engine.limits();
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    id: row.id,
    kind: engine.kind,
    game: row.engine_game,
    name: gameName(row.names, 'EN'),
    vassalage: row.vassalage,
    rtp: row.rtp as HouseGameSettings['rtp'],
    rtpExact,
    configFingerprint: fingerprint,
    minBet: major(row.min_bet),
    maxBet: major(row.max_bet),
    limits: {
      min: major(limits.min),
      max: major(limits.max),
      step: major(limits.step),
    },
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function houseGameSettings(deps: AppDeps): Promise<HouseGameSettings[]> {
  const [rows, currency] = await Promise.all([store.listSettings(deps.db), currencyOf(deps)]);
  return rows.map((row) => settingsView(row, currency));
}

export async function updateHouseGame(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof houseGameUpdate>,
): Promise<HouseGameSettings> {
  const currency = await currencyOf(deps);
  const minBet = toMinor(body.minBet, currency.digits);
  const maxBet = toMinor(body.maxBet, currency.digits);
  return operatorWrite(deps, call, { entity: 'house_game', action: 'update' }, async (tx) => {
    const row = orNotFound(await store.findSettings(tx, id, true));
    const engine = engineFor(row.engine_game);
    const fields: Record<string, string> = {};
    if (minBet === null || !engine.stakeFits(minBet)) fields.minBet = 'invalid_value';
    if (maxBet === null || !engine.stakeFits(maxBet)) fields.maxBet = 'invalid_value';
    else if (minBet !== null && maxBet < minBet) fields.maxBet = 'invalid_value';
    if (minBet === null || maxBet === null || Object.keys(fields).length > 0) {
      throw new AppError('validation_failed', fields);
    }
    const before = settingsView(row, currency);
    await store.updateSettings(tx, id, { rtp: body.rtp, minBet, maxBet }, call.now);
    const after = settingsView(orNotFound(await store.findSettings(tx, id)), currency);
    return { entityId: id, before, after, result: after };
  });
}
