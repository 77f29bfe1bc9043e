import { toMajor, type VipLevelBody, type VipLevelView } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { promote } from './growth.ts';
import { minorOf } from './settings.ts';
import * as store from './store.ts';

/** The VIP levels as the console and the site show them: money in major units, growth in points. */
export function levelView(level: store.LevelDb, currency: Currency): VipLevelView {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    rank: level.rank,
    name: level.name,
    growth: Number(level.growth),
    keepGrowth: Number(level.keep_growth),
    levelUpBonus: major(level.level_up_bonus),
    weeklyReward: major(level.weekly_reward),
    weeklyMinValidBet: major(level.weekly_min_valid_bet),
    monthlyReward: major(level.monthly_reward),
    monthlyMinValidBet: major(level.monthly_min_valid_bet),
    turnoverMultiple: level.turnover_multiple,
  };
}

/**
 * A member's level (the highest at or below its rank, so a rank whose level was removed reads as the one below), the
 * next level, and the progress from the level's growth threshold to the next's (0–100; 100 at the top).
 */
export function levelStanding(levels: readonly store.LevelDb[], member: { rank: number; growth: bigint }) {
  const current = levels.filter((level) => level.rank <= member.rank).at(-1) ?? levels[0] ?? null;
  const next = levels.find((level) => level.rank > (current?.rank ?? member.rank)) ?? null;
  const progress = (() => {
    if (!next) return 100;
    const base = current?.growth ?? 0n;
    const span = next.growth - base;
    if (span <= 0n) return 100;
    const done = member.growth - base;
    return Math.max(0, Math.min(100, Number((done * 10_000n) / span) / 100));
  })();
  return { current, next, progress };
}

async function levelsView(db: Queryable, currency: Currency): Promise<VipLevelView[]> {
  return (await store.levels(db)).map((level) => levelView(level, currency));
}

export async function levelsForConsole(deps: Pick<AppDeps, 'db' | 'config'>) {
  const currency = await currencyOf(deps);
  return { ...currency, list: await levelsView(deps.db, currency) };
}

/**
 * Creates or replaces the level of a rank, audited. Growth rises with the rank (rank 0 needs none), else
 * vip_level_order. Members whose growth now reaches a higher level are promoted at once.
 */
export async function saveLevel(deps: AppDeps, call: OperatorCall, rank: number, input: VipLevelBody) {
  const currency = await currencyOf(deps);
  const money = (value: number, field: string) => minorOf(value, currency.digits, field);
  const level: store.LevelDb = {
    rank,
    name: input.name,
    growth: BigInt(input.growth),
    keep_growth: BigInt(input.keepGrowth),
    level_up_bonus: money(input.levelUpBonus, 'levelUpBonus'),
    weekly_reward: money(input.weeklyReward, 'weeklyReward'),
    weekly_min_valid_bet: money(input.weeklyMinValidBet, 'weeklyMinValidBet'),
    monthly_reward: money(input.monthlyReward, 'monthlyReward'),
    monthly_min_valid_bet: money(input.monthlyMinValidBet, 'monthlyMinValidBet'),
    turnover_multiple: input.turnoverMultiple,
  };
  return operatorWrite(deps, call, { entity: 'vip_level', action: 'save' }, async (tx) => {
    await store.lockLevels(tx);
    const levels = await store.levels(tx);
    const before = levels.find((found) => found.rank === rank) ?? null;
    const ordered =
      (rank !== 0 || level.growth === 0n) &&
      levels.every((other) =>
        other.rank < rank
          ? other.growth < level.growth
          : other.rank > rank
            ? other.growth > level.growth
            : true,
      );
    if (!ordered) throw new AppError('vip_level_order', { growth: 'invalid_value' });
    await store.upsertLevel(tx, level);
    await promote(tx, call.now);
    return {
      entityId: rank,
      before: before && levelView(before, currency),
      after: levelView(level, currency),
      result: levelView(level, currency),
    };
  });
}

/** Removes the top level when no member holds it (never rank 0): vip_level_in_use otherwise. */
export async function removeLevel(deps: AppDeps, call: OperatorCall, rank: number) {
  const currency = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'vip_level', action: 'remove' }, async (tx) => {
    await store.lockLevels(tx);
    const levels = await store.levels(tx);
    const level = levels.find((found) => found.rank === rank);
    if (!level) throw new AppError('not_found');
    const top = levels[levels.length - 1];
    if (rank === 0 || top?.rank !== rank || (await store.holdersOf(tx, rank)) > 0) {
      throw new AppError('vip_level_in_use');
    }
    await store.removeLevel(tx, rank);
    return { entityId: rank, before: levelView(level, currency), after: null, result: { ok: true as const } };
  });
}

/** Members' VIP ranks (a member without a VIP row is rank 0 and is left out), for other areas (rebates). */
export const memberRanks = (db: Queryable, memberIds: readonly number[]) => store.ranksOf(db, memberIds);
