import { GAME_TYPES, type GameType, type PointsSettingsBody } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';
import { currencyOf } from '../wallet/settings.ts';

/**
 * The points rules, one settings document ('points'): the earning rate per product type (points per major unit of
 * valid bet, kept in millionths), an optional daily cap per member, and the conversion (ratio points per major
 * unit of cash, the fewest points converted at once, the multiple of the cash's turnover obligation). Until an
 * operator saves them, the demo rules apply: 1 point per major unit of valid bet on every product, no cap,
 * 100 points make 1, from 1,000 points, 1× turnover (design note §B9).
 */
const POINTS_SETTINGS_KEY = 'points';
const MICRO = 1_000_000n;

export interface PointsSettings {
  /** Points per major unit of valid bet, in millionths, per product type (absent: earns nothing). */
  rates: Map<string, bigint>;
  dailyCap: bigint | null;
  ratio: bigint;
  minPoints: bigint;
  turnoverMultiple: number;
}

interface Stored {
  rates?: { product: string; rateMicro: string }[];
  dailyCap?: string | null;
  ratio?: string;
  minPoints?: string;
  turnoverMultiple?: number;
}

export async function pointsSettings(db: Queryable): Promise<PointsSettings> {
  const stored = (await settingDocument<Stored>(db, POINTS_SETTINGS_KEY)) ?? {};
  return {
    rates: new Map(
      stored.rates?.map((row) => [row.product, BigInt(row.rateMicro)]) ??
        GAME_TYPES.map((product) => [product, MICRO]),
    ),
    dailyCap: stored.dailyCap ? BigInt(stored.dailyCap) : null,
    ratio: BigInt(stored.ratio ?? '100'),
    minPoints: BigInt(stored.minPoints ?? '1000'),
    turnoverMultiple: stored.turnoverMultiple ?? 1,
  };
}

/** floor(valid bet × rate): the valid bet in minor units, the rate in millionths of a point per major unit. */
export function pointsFor(validBet: bigint, rateMicro: bigint, digits: number): bigint {
  return (validBet * rateMicro) / (10n ** BigInt(digits) * MICRO);
}

/** The cash (minor units) that points make, or null when they do not make a whole minor unit. */
export function cashFor(points: bigint, ratio: bigint, digits: number): bigint | null {
  const scaled = points * 10n ** BigInt(digits);
  return scaled % ratio === 0n ? scaled / ratio : null;
}

const rateOf = (rateMicro: bigint) => Number(rateMicro) / Number(MICRO);

/** The products that earn points (a rate above 0), in their fixed order. */
export function ratesView(settings: PointsSettings) {
  return GAME_TYPES.filter((product) => (settings.rates.get(product) ?? 0n) > 0n).map((product) => ({
    product: product as GameType,
    rate: rateOf(settings.rates.get(product) ?? 0n),
  }));
}

function view(settings: PointsSettings) {
  return {
    rates: ratesView(settings),
    dailyCap: settings.dailyCap === null ? null : Number(settings.dailyCap),
    ratio: Number(settings.ratio),
    minPoints: Number(settings.minPoints),
    turnoverMultiple: settings.turnoverMultiple,
  };
}

export async function settingsForConsole(deps: Pick<AppDeps, 'db' | 'config'>) {
  const currency = await currencyOf(deps);
  return { ...currency, ...view(await pointsSettings(deps.db)) };
}

/** Replaces the points rules, audited (entity points_settings) with the document before. */
export async function saveSettings(deps: AppDeps, call: OperatorCall, input: PointsSettingsBody) {
  const currency = await currencyOf(deps);
  const stored: Stored = {
    rates: input.rates.map((row) => ({
      product: row.product,
      rateMicro: String(Math.round(row.rate * Number(MICRO))),
    })),
    dailyCap: input.dailyCap === null ? null : String(input.dailyCap),
    ratio: String(input.ratio),
    minPoints: String(input.minPoints),
    turnoverMultiple: input.turnoverMultiple,
  };
  return operatorWrite(deps, call, { entity: 'points_settings', action: 'update' }, async (tx) => {
    const before = view(await pointsSettings(tx));
    await writeSettingDocument(tx, POINTS_SETTINGS_KEY, stored, call.now);
    const after = view(await pointsSettings(tx));
    return { entityId: POINTS_SETTINGS_KEY, before, after, result: { ...currency, ...after } };
  });
}
