import { sha256, toHex, utf8 } from './sha256.ts';

/** JSON with object keys sorted at every level and bigints as decimal strings: one text per value. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface Published<T> {
  readonly config: T;
  /** SHA-256 of canonicalJson(config), hex. */
  readonly fingerprint: string;
}

export function publish<T>(config: T): Published<T> {
  return { config, fingerprint: toHex(sha256(utf8(canonicalJson(config)))) };
}

/** The version of PROVABLY_FAIR.md that outcomes follow; part of every published configuration. */
export const PROCEDURE = 'tessera-fair-1';
