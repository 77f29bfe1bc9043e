/** What a leg counts in a ticket, and a ticket's return in integer minor units (design note E2). */
import type { LegOutcome } from './markets.ts';

/** Prices have 3 decimal places: a price in thousandths is a whole number. */
const THOUSANDTHS = 1000;
const MIN_THOUSANDTHS = 1001;

/** The price in thousandths, refused unless it is above 1 with at most 3 decimal places. */
function priceThousandths(price: number): number {
  const thousandths = Math.round(price * THOUSANDTHS);
  if (
    !Number.isFinite(price) ||
    Math.abs(price * THOUSANDTHS - thousandths) > 1e-6 ||
    thousandths < MIN_THOUSANDTHS
  )
    throw new RangeError(`a price is a decimal above 1 with at most 3 decimal places, not ${price}`);
  return thousandths;
}

function checkStake(stakeMinor: number): void {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0)
    throw new RangeError('a stake is a whole number of minor units from 0');
}

/** A leg's factor as a fraction over 2000 (twice the thousandths, so that half results stay whole numbers). */
function factorOver2000(outcome: LegOutcome, price: number): bigint {
  const d = BigInt(priceThousandths(price));
  switch (outcome) {
    case 'win':
      return 2n * d;
    case 'half_win': // half the stake at the price, half back
      return d + 1000n;
    case 'push':
    case 'void':
      return 2000n;
    case 'half_lose': // half the stake back
      return 1000n;
    case 'lose':
      return 0n;
    default:
      throw new RangeError(`unknown outcome ${String(outcome)}`);
  }
}

/** win d, half_win (1 + d) / 2, push and void 1, half_lose 0.5, lose 0. */
export function legFactor(outcome: LegOutcome, price: number): number {
  return Number(factorOver2000(outcome, price)) / 2000;
}

/** stake × Π numerators / denominator^n, exactly, rounded down once at the end. */
function exactReturn(stakeMinor: number, numerators: bigint[], denominator: bigint): number {
  checkStake(stakeMinor);
  if (numerators.length === 0) throw new RangeError('a ticket has at least one leg');
  let numerator = BigInt(stakeMinor);
  let divisor = 1n;
  for (const one of numerators) {
    numerator *= one;
    divisor *= denominator;
  }
  const result = numerator / divisor; // BigInt division rounds toward zero: down, as nothing is negative
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('the return is too large');
  return Number(result);
}

/**
 * The stake times the product of the legs' factors, in integer minor units, rounded down once (the house keeps
 * the fraction of a minor unit; no rounding per leg). A single is a ticket of one leg.
 */
export function ticketReturn(stakeMinor: number, legs: { price: number; outcome: LegOutcome }[]): number {
  return exactReturn(
    stakeMinor,
    legs.map((leg) => factorOver2000(leg.outcome, leg.price)),
    2000n,
  );
}

/** The return if every leg wins: the stake times the product of the prices, rounded down. */
export function potentialReturn(stakeMinor: number, prices: number[]): number {
  return exactReturn(
    stakeMinor,
    prices.map((price) => BigInt(priceThousandths(price))),
    1000n,
  );
}
