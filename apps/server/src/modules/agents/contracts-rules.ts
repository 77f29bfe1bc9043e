import {
  type ContractKind,
  type ContractTierInput,
  type ContractTierView,
  contractTierInput,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';

/**
 * The rules of a contract's tiers, without the database: how they are validated and stored, which tier a team's
 * figures reach, and the differential rule's dominance test (design note §A4.1, §A5).
 */

/** A tier as agent_contracts.tiers stores it (0025): money in minor units as decimal strings. */
export interface StoredTier {
  minimumBet: string;
  netLoss: string;
  activeMember: number;
  rateType: 'P' | 'F';
  /** 'P': millionths of the base (0.30 % = 3000); 'F': minor units. */
  rate: string;
}

export interface Tier {
  minimumBet: bigint;
  netLoss: bigint;
  activeMember: number;
  rateType: 'P' | 'F';
  rate: bigint;
}

/** What a tier's thresholds are read against. */
export interface TierMetrics {
  turnover: bigint;
  netLoss: bigint;
  activeMembers: number;
}

/** 100 % in millionths. */
export const FULL_RATE = 1_000_000n;
/** A percentage of the wire has at most 4 decimals (0.0001 % = 1 millionth). */
const PERCENT_DIGITS = 4;

export function parseTiers(stored: readonly StoredTier[]): Tier[] {
  return stored.map((tier) => ({
    minimumBet: BigInt(tier.minimumBet),
    netLoss: BigInt(tier.netLoss),
    activeMember: tier.activeMember,
    rateType: tier.rateType,
    rate: BigInt(tier.rate),
  }));
}

export function storeTiers(tiers: readonly Tier[]): StoredTier[] {
  return tiers.map((tier) => ({
    minimumBet: tier.minimumBet.toString(),
    netLoss: tier.netLoss.toString(),
    activeMember: tier.activeMember,
    rateType: tier.rateType,
    rate: tier.rate.toString(),
  }));
}

/** A tier for the wire: money in major units, a 'P' rate as a percentage. */
export function tierView(tier: Tier, digits: number): ContractTierView {
  return {
    minimumBet: toMajor(tier.minimumBet, digits),
    netLoss: toMajor(tier.netLoss, digits),
    activeMember: tier.activeMember,
    rateType: tier.rateType,
    rate: tier.rateType === 'P' ? toMajor(tier.rate, PERCENT_DIGITS) : toMajor(tier.rate, digits),
  };
}

type TierRefusal = 'contract_tier_rate_invalid' | 'contract_tiers_not_ascending' | 'contract_tiers_shape';
const refuse = (index: number, field: string, code: TierRefusal): never => {
  throw new AppError(code, { [`tiers.${index}.${field}`]: code });
};

/**
 * The tiers a client sent, checked and in minor units: amounts within the currency's decimals and not negative;
 * a 'P' rate above 0 and at most 100 % in steps of 0.0001 %, an 'F' rate above 0; one rate type for all tiers, 'P'
 * for dividends; each tier's thresholds at least the previous tier's and higher on one, its rate at least the
 * previous rate; real-time salary one tier without thresholds. Refusals name the tier's field.
 */
export function tiersFromInput(
  kind: ContractKind,
  input: readonly z.output<typeof contractTierInput>[] | readonly ContractTierInput[],
  digits: number,
): Tier[] {
  const tiers = input.map((raw, index) => {
    const tier = contractTierInput.parse(raw);
    const money = (value: number, field: string) => {
      const minor = toMinor(value, digits);
      if (minor === null || minor < 0n) return refuse(index, field, 'contract_tiers_shape');
      return minor;
    };
    const rate = tier.rateType === 'P' ? toMinor(tier.rate, PERCENT_DIGITS) : toMinor(tier.rate, digits);
    if (rate === null || rate <= 0n || (tier.rateType === 'P' && rate > FULL_RATE)) {
      refuse(index, 'rate', 'contract_tier_rate_invalid');
    }
    return {
      minimumBet: money(tier.minimumBet, 'minimumBet'),
      netLoss: money(tier.netLoss, 'netLoss'),
      activeMember: tier.activeMember,
      rateType: tier.rateType,
      rate: rate as bigint,
    };
  });
  tiers.forEach((tier, index) => {
    if (tier.rateType !== tiers[0]?.rateType) refuse(index, 'rateType', 'contract_tiers_shape');
    if (kind === 'dividend' && tier.rateType !== 'P') refuse(index, 'rateType', 'contract_tiers_shape');
    if (kind === 'realtime_salary') {
      if (index > 0) refuse(index, 'rate', 'contract_tiers_shape');
      if (tier.rateType !== 'P' || tier.minimumBet > 0n || tier.netLoss > 0n || tier.activeMember > 0) {
        refuse(index, 'minimumBet', 'contract_tiers_shape');
      }
    }
    if (kind !== 'dividend' && tier.netLoss > 0n) refuse(index, 'netLoss', 'contract_tiers_shape');
    const before = tiers[index - 1];
    if (before) {
      const notLower =
        tier.minimumBet >= before.minimumBet &&
        tier.netLoss >= before.netLoss &&
        tier.activeMember >= before.activeMember;
      const higher =
        tier.minimumBet > before.minimumBet ||
        tier.netLoss > before.netLoss ||
        tier.activeMember > before.activeMember;
      if (!notLower || !higher) refuse(index, 'minimumBet', 'contract_tiers_not_ascending');
      if (tier.rate < before.rate) refuse(index, 'rate', 'contract_tiers_not_ascending');
    }
  });
  return tiers;
}

/** Whether the tier's thresholds are all reached. */
const reaches = (tier: Tier, metrics: TierMetrics) =>
  metrics.turnover >= tier.minimumBet &&
  metrics.netLoss >= tier.netLoss &&
  metrics.activeMembers >= tier.activeMember;

/**
 * The tier the figures reach (§A4.1): the highest whose thresholds all hold, with its index; null when none does
 * (the rate is 0 and the bill is not reached).
 */
export function tierReached(
  tiers: readonly Tier[],
  metrics: TierMetrics,
): { index: number; tier: Tier } | null {
  for (let index = tiers.length - 1; index >= 0; index -= 1) {
    const tier = tiers[index] as Tier;
    if (reaches(tier, metrics)) return { index, tier };
  }
  return null;
}

/** The rate the tiers give at the figures (0 when no tier is reached). */
export function rateAt(tiers: readonly Tier[], metrics: TierMetrics): bigint {
  return tierReached(tiers, metrics)?.tier.rate ?? 0n;
}

/**
 * The dominance test of §A5: whether a child's tiers pay more than the parent's anywhere, i.e. ∃ m: f_child(m) >
 * f_parent(m). Both are step functions, so checking at the union of both tables' tier breakpoints is enough (with
 * thresholds and rates that never fall, f is monotone: if f_child(m) > f_parent(m), the child tier reached at m,
 * read at its own thresholds m' ≤ m, still pays at least as much while the parent pays at most as much).
 * Tiers of different rate types (a percentage against a fixed amount) cannot be compared: they count as exceeding.
 */
export function exceeds(child: readonly Tier[], parent: readonly Tier[]): boolean {
  const childType = child[0]?.rateType;
  if (childType && parent.some((tier) => tier.rateType !== childType)) return true;
  const points: TierMetrics[] = [...child, ...parent].map((tier) => ({
    turnover: tier.minimumBet,
    netLoss: tier.netLoss,
    activeMembers: tier.activeMember,
  }));
  return points.some((point) => rateAt(child, point) > rateAt(parent, point));
}

/**
 * The daily salary's cap a client sent, in minor units (null: no cap). Only daily salary takes one, above zero and
 * within the currency's decimals; a refusal names the amountLimit field.
 */
export function capFromInput(
  kind: ContractKind,
  input: number | null | undefined,
  digits: number,
): bigint | null {
  if (input === null || input === undefined) return null;
  const minor = toMinor(input, digits);
  if (kind !== 'daily_salary' || minor === null || minor <= 0n) {
    throw new AppError('contract_cap_invalid', { amountLimit: 'contract_cap_invalid' });
  }
  return minor;
}

/** A stored cap (minor units as a decimal string, or null) for the wire, in major units. */
export function capView(stored: string | null, digits: number): number | null {
  return stored === null ? null : toMajor(BigInt(stored), digits);
}

/** A stored cap in minor units (null: none). */
export const parseCap = (stored: string | null): bigint | null => (stored === null ? null : BigInt(stored));

/**
 * The differential rule on the cap: a child's cap may not exceed its parent's when the parent has one (no cap is
 * unbounded, so it exceeds a capped parent). A parent without a cap allows any.
 */
export function capExceeds(child: bigint | null, parent: bigint | null): boolean {
  return parent !== null && (child === null || child > parent);
}
