import { createHmac, randomBytes } from 'node:crypto';

/**
 * The one source of randomness, injected like the clock: tokens, codes, captchas, generated names and draws
 * all take it from here. Production uses the operating system's CSPRNG; tests may use a seeded generator.
 */
export interface Rng {
  /** n random bytes. */
  bytes(n: number): Buffer;
  /** A uniform integer in [min, max), without modulo bias. */
  int(min: number, max: number): number;
  /** A uniform number in [0, 1), for jitter and other non-secret spreads. */
  fraction(): number;
}

/** An integer in [min, max) drawn from a byte source by rejection sampling (no modulo bias). */
function uniformInt(bytes: (n: number) => Buffer, min: number, max: number): number {
  const range = max - min;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || range <= 0 || range > 2 ** 48) {
    throw new RangeError(`invalid range [${min}, ${max})`);
  }
  const limit = 2 ** 48 - (2 ** 48 % range);
  for (;;) {
    const value = bytes(6).readUIntBE(0, 6);
    if (value < limit) return min + (value % range);
  }
}

function fromBytes(bytes: (n: number) => Buffer): Rng {
  return {
    bytes,
    int: (min, max) => uniformInt(bytes, min, max),
    fraction: () => bytes(6).readUIntBE(0, 6) / 2 ** 48,
  };
}

export const cryptoRng: Rng = fromBytes((n) => randomBytes(n));

/**
 * A deterministic generator for tests: the stream HMAC-SHA256(seed, counter). Never used outside tests.
 */
export function seededRng(seed: string): Rng {
  let counter = 0;
  let pool = Buffer.alloc(0);
  return fromBytes((n) => {
    while (pool.length < n) {
      const block = createHmac('sha256', seed).update(String(counter)).digest();
      counter += 1;
      pool = Buffer.concat([pool, block]);
    }
    const out = pool.subarray(0, n);
    pool = pool.subarray(n);
    return Buffer.from(out);
  });
}

/** A random UUID (version 4) from the injected source. */
export function uuid(rng: Rng): string {
  return uuidOf(rng.bytes(16));
}

/**
 * Random UUIDs (version 4) for what is made on every request (the log's request id): cut from blocks of the
 * injected source, so that a request costs no call of its own into the operating system's generator.
 */
export function uuidBlocks(rng: Rng, perBlock = 256): () => string {
  let block: Buffer = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at >= block.length) {
      block = rng.bytes(16 * perBlock);
      at = 0;
    }
    at += 16;
    return uuidOf(block.subarray(at - 16, at));
  };
}

/** The UUID of 16 random bytes (which it marks with the version and variant). */
function uuidOf(b: Buffer): string {
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random 256-bit token, base64url (sessions, reset links). */
export function token(rng: Rng): string {
  return rng.bytes(32).toString('base64url');
}

/** Random text of `length` characters from `alphabet` (uniform per character). */
export function text(rng: Rng, length: number, alphabet: string): string {
  let out = '';
  for (let index = 0; index < length; index += 1) out += alphabet[rng.int(0, alphabet.length)];
  return out;
}
