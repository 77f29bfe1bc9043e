/**
 * The provably fair core. The procedure is specified in PROVABLY_FAIR.md; this file is its reference
 * implementation and must not drift from it.
 */
import { hmacSha256, sha256, toHex, utf8 } from './sha256.ts';

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** 1 to 64 printable ASCII characters, so that its UTF-8 bytes are its characters. */
const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;
/** The largest n that `int(n)` accepts: four bytes per attempt. */
const MAX_RANGE = 2 ** 32;

const randomHex = (byteCount: number): string =>
  toHex(globalThis.crypto.getRandomValues(new Uint8Array(byteCount)));

/** 32 bytes from the platform's cryptographic generator, as 64 lowercase hex characters. */
export const newServerSeed = (): string => randomHex(32);

export function isValidServerSeed(serverSeed: string): boolean {
  return SERVER_SEED_PATTERN.test(serverSeed);
}

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED_PATTERN.test(clientSeed);
}

export function isValidNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/** SHA-256 of the server seed's 64 ASCII characters, hex: shown to the player before the seed is used. */
export function commitment(serverSeed: string): string {
  if (!isValidServerSeed(serverSeed)) throw new RangeError('server seed must be 64 lowercase hex characters');
  return toHex(sha256(utf8(serverSeed)));
}

export function verifyCommitment(serverSeed: string, committedHash: string): boolean {
  return isValidServerSeed(serverSeed) && commitment(serverSeed) === committedHash.toLowerCase();
}

let lastKey = '';
let lastHmac: ReturnType<typeof hmacSha256> | null = null;

/** Rounds of one server seed share its keyed HMAC. */
function keyedHmac(serverSeed: string): ReturnType<typeof hmacSha256> {
  if (serverSeed !== lastKey || !lastHmac) {
    lastHmac = hmacSha256(utf8(serverSeed));
    lastKey = serverSeed;
  }
  return lastHmac;
}

export interface Drawer {
  /** A uniform integer in [0, n), for 1 <= n <= 2^32, by rejection sampling (no modulo bias). */
  int(n: number): number;
  /** An index drawn with probability weights[i] / sum(weights); weights are positive integers. */
  weighted(weights: readonly number[]): number;
  /** Bytes taken from the stream so far, rejected attempts included. */
  readonly bytesUsed: number;
}

/**
 * The round's byte stream: block c (c = 0, 1, 2, ...) is HMAC-SHA256(key = server seed as ASCII,
 * message = `${clientSeed}:${nonce}:${c}`), 32 bytes; the stream is the blocks in order, read front to back.
 */
export function drawer(serverSeed: string, clientSeed: string, nonce: number): Drawer {
  if (!isValidServerSeed(serverSeed)) throw new RangeError('server seed must be 64 lowercase hex characters');
  if (!isValidClientSeed(clientSeed))
    throw new RangeError('client seed must be 1-64 printable ASCII characters');
  if (!isValidNonce(nonce)) throw new RangeError('nonce must be a non-negative safe integer');
  const hmac = keyedHmac(serverSeed);
  let cursor = 0;
  let block: Uint8Array = new Uint8Array(0);
  let position = 0;
  let bytesUsed = 0;

  const nextByte = (): number => {
    if (position === block.length) {
      block = hmac(utf8(`${clientSeed}:${nonce}:${cursor}`));
      cursor += 1;
      position = 0;
    }
    bytesUsed += 1;
    return block[position++] as number;
  };

  const int = (n: number): number => {
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_RANGE)
      throw new RangeError(`cannot draw from [0, ${n})`);
    if (n === 1) return 0;
    let byteCount = 1;
    while (256 ** byteCount < n) byteCount += 1;
    const range = 256 ** byteCount;
    const limit = range - (range % n);
    for (;;) {
      let value = 0;
      for (let i = 0; i < byteCount; i++) value = value * 256 + nextByte();
      if (value < limit) return value % n;
    }
  };

  const weighted = (weights: readonly number[]): number => {
    let total = 0;
    for (const weight of weights) {
      if (!Number.isSafeInteger(weight) || weight < 1)
        throw new RangeError('weights must be positive integers');
      total += weight;
    }
    let target = int(total);
    for (let index = 0; index < weights.length; index++) {
      target -= weights[index] as number;
      if (target < 0) return index;
    }
    throw new Error('unreachable');
  };

  return {
    int,
    weighted,
    get bytesUsed() {
      return bytesUsed;
    },
  };
}

/** Fisher–Yates from the front: for i = 0 .. length-2, swap item i with item i + int(length - i). */
export function shuffle<T>(items: readonly T[], draw: Drawer): T[] {
  const result = items.slice();
  for (let i = 0; i < result.length - 1; i++) {
    const j = i + draw.int(result.length - i);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
