import type { Rng } from '../../platform/rng.ts';

/**
 * Splits a rain round's pool into its envelopes ("double mean", design note §B7): with R left for k envelopes, the
 * next one is uniform in [lo, hi] where lo = max(min, R − (k − 1)·max) and hi = max(lo, min(max, R − (k − 1)·min,
 * ⌊2R / k⌋)); the last takes what is left. Every step leaves R' within [(k − 1)·min, (k − 1)·max], so each envelope is
 * within [min, max] and they sum to the pool exactly. The amounts are then shuffled (Fisher–Yates), so the order
 * envelopes are grabbed in says nothing of their size. Integers of minor units throughout.
 */
export function splitPool(rng: Rng, pool: bigint, count: number, min: bigint, max: bigint): bigint[] {
  if (count < 1 || min <= 0n || max < min) throw new RangeError('invalid envelope figures');
  const n = BigInt(count);
  if (min * n > pool || max * n < pool) throw new RangeError('the pool does not fit the envelopes');
  const amounts: bigint[] = [];
  let left = pool;
  for (let k = n; k > 1n; k -= 1n) {
    const lo = maxOf(min, left - (k - 1n) * max);
    const hi = maxOf(lo, minOf(max, left - (k - 1n) * min, (2n * left) / k));
    const amount = lo + uniformBig(rng, hi - lo + 1n);
    amounts.push(amount);
    left -= amount;
  }
  amounts.push(left);
  for (let index = amounts.length - 1; index > 0; index -= 1) {
    const other = rng.int(0, index + 1);
    [amounts[index], amounts[other]] = [amounts[other] as bigint, amounts[index] as bigint];
  }
  return amounts;
}

/** The largest (sign 1) or smallest (sign -1) of bigints (Math.max and Math.min take numbers only). */
function extreme(sign: 1 | -1, first: bigint, ...rest: bigint[]): bigint {
  let found = first;
  for (const value of rest) if ((value - found) * BigInt(sign) > 0n) found = value;
  return found;
}
const maxOf = (first: bigint, ...rest: bigint[]) => extreme(1, first, ...rest);
const minOf = (first: bigint, ...rest: bigint[]) => extreme(-1, first, ...rest);

/** A uniform bigint in [0, range) from the injected source; pools are below 2^48 minor units (a trillion major). */
function uniformBig(rng: Rng, range: bigint): bigint {
  if (range > 2n ** 48n) throw new RangeError('an envelope range above 2^48 minor units');
  return BigInt(rng.int(0, Number(range)));
}
