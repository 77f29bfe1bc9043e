import { GAME_TYPES, type RebateSettingsBody } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';
import { minorOf } from '../vip/settings.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';

/**
 * The rebate rates (per product type and VIP level, in tiers of the day's valid bets), the minimum payout and the
 * multiple of a rebate credit: one settings document ('rebates'), money in minor units, a rate in hundredths of a
 * percent. Until an operator saves them, the demo rates apply: every product 0.5 % from the first unit and 0.8 %
 * from 100,000 a day for every level, VIP3 and up 0.8 % and 1 %; a minimum payout of 1 (major unit); 1× turnover.
 */
const REBATE_SETTINGS_KEY = 'rebates';

export interface Tier {
  minValidBet: bigint;
  rateBp: number;
}

export interface RebateSettings {
  rates: { product: string; rank: number; tiers: Tier[] }[];
  minPayout: bigint;
  turnoverMultiple: number;
}

interface Stored {
  rates?: { product: string; rank: number; tiers: { minValidBet: string; rateBp: number }[] }[];
  minPayout?: string;
  turnoverMultiple?: number;
}

function demoRates(unit: bigint): RebateSettings['rates'] {
  return GAME_TYPES.flatMap((product) => [
    {
      product,
      rank: 0,
      tiers: [
        { minValidBet: 0n, rateBp: 50 },
        { minValidBet: 100_000n * unit, rateBp: 80 },
      ],
    },
    {
      product,
      rank: 3,
      tiers: [
        { minValidBet: 0n, rateBp: 80 },
        { minValidBet: 100_000n * unit, rateBp: 100 },
      ],
    },
  ]);
}

export async function rebateSettings(db: Queryable, currency: Currency): Promise<RebateSettings> {
  const unit = 10n ** BigInt(currency.digits);
  const stored = (await settingDocument<Stored>(db, REBATE_SETTINGS_KEY)) ?? {};
  return {
    rates:
      stored.rates?.map((row) => ({
        ...row,
        tiers: row.tiers.map((tier) => ({ minValidBet: BigInt(tier.minValidBet), rateBp: tier.rateBp })),
      })) ?? demoRates(unit),
    minPayout: BigInt(stored.minPayout ?? unit.toString()),
    turnoverMultiple: stored.turnoverMultiple ?? 1,
  };
}

/** The tiers for a member of the rank: those of the highest rank at or below it that has the product's rates. */
export function tiersFor(settings: RebateSettings, product: string, rank: number): Tier[] {
  let best: RebateSettings['rates'][number] | undefined;
  for (const row of settings.rates) {
    if (row.product === product && row.rank <= rank && (!best || row.rank > best.rank)) best = row;
  }
  return best?.tiers ?? [];
}

/** The tier of the day's valid bet: the last whose threshold it reaches; null when none does. */
export function tierOf(tiers: readonly Tier[], validBet: bigint): Tier | null {
  let chosen: Tier | null = null;
  for (const tier of [...tiers].sort((a, b) => (a.minValidBet < b.minValidBet ? -1 : 1))) {
    if (validBet >= tier.minValidBet) chosen = tier;
  }
  return chosen;
}

/** validBet × rate, rounded down to a minor unit. */
export const rebateAmount = (validBet: bigint, rateBp: number) => (validBet * BigInt(rateBp)) / 10_000n;

/** Manual rebate (MANUALREBATE3): rebates are issued to claim rather than paid. */
export const manualRebate = (db: Queryable) => moduleEnabled(db, 'MANUALREBATE3');

/** Player rebate (PLAYERREBATE3, spec §2's site-wide flags): off, the pages are refused and no rebate is issued. */
export const rebatesOn = (db: Queryable) => moduleEnabled(db, 'PLAYERREBATE3');

export const rateOf = (rateBp: number) => rateBp / 100;
const major = (minor: bigint, digits: number) => Number(minor) / 10 ** digits;

function view(settings: RebateSettings, currency: Currency, manual: boolean) {
  return {
    ...currency,
    manual,
    rates: settings.rates.map((row) => ({
      product: row.product as RebateSettingsBody['rates'][number]['product'],
      rank: row.rank,
      tiers: row.tiers.map((tier) => ({
        minValidBet: major(tier.minValidBet, currency.digits),
        rate: rateOf(tier.rateBp),
      })),
    })),
    minPayout: major(settings.minPayout, currency.digits),
    turnoverMultiple: settings.turnoverMultiple,
  };
}

export async function settingsForConsole(deps: Pick<AppDeps, 'db' | 'config'>) {
  const currency = await currencyOf(deps);
  const [settings, manual] = await Promise.all([rebateSettings(deps.db, currency), manualRebate(deps.db)]);
  return view(settings, currency, manual);
}

/** Replaces the rates, minimum payout and multiple, audited (entity rebate_settings) with the document before. */
export async function saveSettings(deps: AppDeps, call: OperatorCall, input: RebateSettingsBody) {
  const currency = await currencyOf(deps);
  const stored: Stored = {
    rates: input.rates.map((row, index) => ({
      product: row.product,
      rank: row.rank,
      tiers: row.tiers.map((tier, at) => ({
        minValidBet: minorOf(
          tier.minValidBet,
          currency.digits,
          `rates.${index}.tiers.${at}.minValidBet`,
        ).toString(),
        rateBp: Math.round(tier.rate * 100),
      })),
    })),
    minPayout: minorOf(input.minPayout, currency.digits, 'minPayout').toString(),
    turnoverMultiple: input.turnoverMultiple,
  };
  const manual = await manualRebate(deps.db);
  return operatorWrite(deps, call, { entity: 'rebate_settings', action: 'update' }, async (tx) => {
    const before = view(await rebateSettings(tx, currency), currency, manual);
    await writeSettingDocument(tx, REBATE_SETTINGS_KEY, stored, call.now);
    const after = view(await rebateSettings(tx, currency), currency, manual);
    return { entityId: REBATE_SETTINGS_KEY, before, after, result: after };
  });
}
