import { type Rng, text } from '../../platform/rng.ts';

/**
 * An order number people can read out on the phone: a letter for what it is (D deposit, W withdrawal, T transfer,
 * P points converted, R points mall redemption),
 * the UTC date, and ten random digits (unique: a clash fails the insert and the request is retried by the client).
 */
export function orderNo(prefix: 'D' | 'W' | 'T' | 'P' | 'R', rng: Rng, now: Date): string {
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${date}${text(rng, 10, '0123456789')}`;
}
