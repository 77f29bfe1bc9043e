/**
 * The arithmetic of settlement (design note §A4), without the database: a contract's tiers, the tier reached, what
 * a contract yields on its team (gross), the agent's own spread, the real-time differential along a bet's path and
 * the carry of a negative dividend period. Money is bigint minor units; a 'P' rate is in millionths of the base
 * (0.30 % = 3000), an 'F' rate a fixed amount in minor units. Amounts are rounded towards zero to the minor unit.
 */

export type ContractKind = 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';
export type Carry = 'none' | 'month' | 'forever';

export interface Tier {
  /** Team turnover (valid bet) at least this. */
  minimumBet: bigint;
  /** Team net loss at least this (dividends). */
  netLoss: bigint;
  activeMember: number;
  rateType: 'P' | 'F';
  rate: bigint;
}

/** The measures a tier is read against. */
export interface Measures {
  turnover: bigint;
  netLoss: bigint;
  activeMembers: number;
}

export const RATE_SCALE = 1_000_000n;

const whole = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return 0n;
};

/** The tiers of agent_contracts.tiers (jsonb: money and rates as decimal strings or integers). */
export function parseTiers(stored: unknown): Tier[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((raw: Record<string, unknown>) => ({
    minimumBet: whole(raw.minimumBet),
    netLoss: whole(raw.netLoss),
    activeMember: Number(whole(raw.activeMember)),
    rateType: raw.rateType === 'F' ? 'F' : 'P',
    rate: whole(raw.rate),
  }));
}

/**
 * §A4.1: the highest tier whose conditions all hold (its index in the contract's list), or null when none does.
 * Tiers are listed from the lowest; the last one that holds wins. A net-loss condition of 0 is no condition (a
 * salary's tiers have none; a dividend on a net loss below zero yields nothing anyway).
 */
export function tierReached(tiers: readonly Tier[], measures: Measures): number | null {
  let reached: number | null = null;
  tiers.forEach((tier, index) => {
    if (
      measures.turnover >= tier.minimumBet &&
      (tier.netLoss <= 0n || measures.netLoss >= tier.netLoss) &&
      measures.activeMembers >= tier.activeMember
    )
      reached = index;
  });
  return reached;
}

/** A rate applied to a base: a percentage (millionths) of it, or the fixed amount. */
function applyRate(tier: Pick<Tier, 'rateType' | 'rate'>, base: bigint): bigint {
  return tier.rateType === 'F' ? tier.rate : (base * tier.rate) / RATE_SCALE;
}

export interface Yield {
  tier: number | null;
  gross: bigint;
}

/** §A4.2: gross(U) = base(Team U) × f(U), where f is the rate of the tier reached (0 when none is). */
export function contractYield(tiers: readonly Tier[], measures: Measures, base: bigint): Yield {
  const tier = tierReached(tiers, measures);
  const reached = tier === null ? undefined : tiers[tier];
  if (!reached || base <= 0n) return { tier, gross: 0n };
  return { tier, gross: applyRate(reached, base) };
}

/** §A4.2: what the agent keeps: its gross less what the contracts it gave its direct downlines yield. */
export function spread(gross: bigint, downlineGross: readonly bigint[]): bigint {
  return downlineGross.reduce((pay, sub) => pay - sub, gross);
}

/**
 * The daily salary's cap (§A3 `amountLimit`) on what the agent keeps: min(spread, cap), and the spread before it
 * when the cap cut it (null otherwise). It caps the agent's own pay only: a downline's bill is its own contract's
 * spread and cap, and the agent's spread is read from the downlines' gross, not from what their caps let them keep.
 */
export function capped(pay: bigint, cap: bigint | null): { amount: bigint; uncapped: bigint | null } {
  if (cap === null || pay <= cap) return { amount: pay, uncapped: null };
  return { amount: cap, uncapped: pay };
}

/**
 * §A4.7: a bet's valid amount shared along the path from the top agent down to the member: each agent gets the
 * difference between its rate and the rate of the next agent below it on the path (a member's own rate is 0).
 * Rates in millionths; answers each agent's credit in path order.
 */
export function realtimeDifferential(validBet: bigint, ratesDownThePath: readonly bigint[]): bigint[] {
  return ratesDownThePath.map((rate, index) => {
    const below = ratesDownThePath[index + 1] ?? 0n;
    return (validBet * (rate - below)) / RATE_SCALE;
  });
}

/**
 * §A4.6: the negative net loss brought into a dividend period from the one before: none, within the calendar month
 * (the default), or always. `previous` is the earlier period's net loss after its own carry; only a negative one
 * is carried.
 */
export function carriedIn(
  carry: Carry,
  previous: { netLossAfterCarry: bigint; sameMonth: boolean } | null,
): bigint {
  if (!previous || previous.netLossAfterCarry >= 0n || carry === 'none') return 0n;
  if (carry === 'month' && !previous.sameMonth) return 0n;
  return previous.netLossAfterCarry;
}
