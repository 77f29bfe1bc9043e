/**
 * The commit-reveal draw of the e-lotteries. The procedure is specified in DRAW_PROCEDURE.md; this file is
 * its reference implementation and must not drift from it.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { type DrawResult, SHAPES, type ShapeCode } from './shapes.ts';

export const SEED_PATTERN = /^[0-9a-f]{64}$/;
export const GAME_CODE_PATTERN = /^[A-Z0-9_]{1,32}$/;
export const NUMERO_PATTERN = /^[0-9A-Za-z-]{1,32}$/;

const checkSeed = (seed: string): void => {
  if (!SEED_PATTERN.test(seed)) throw new RangeError('the seed must be 64 lowercase hex characters');
};

/** 32 bytes from the platform's cryptographic generator, as 64 lowercase hex characters. */
export function newSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 of the seed's 64 ASCII characters, lowercase hex: published before the draw. */
export function seedHash(seed: string): string {
  checkSeed(seed);
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/** Block c of the stream is HMAC-SHA256(key = the seed's ASCII, message = `${gameCode}:${numero}:${c}`). */
function byteStream(seed: string, gameCode: string, numero: string): () => number {
  const keyed = hmac.create(sha256, utf8ToBytes(seed));
  let blockIndex = 0;
  let block: Uint8Array = new Uint8Array(0);
  let position = 0;
  return () => {
    if (position === block.length) {
      block = keyed
        .clone()
        .update(utf8ToBytes(`${gameCode}:${numero}:${blockIndex}`))
        .digest();
      blockIndex += 1;
      position = 0;
    }
    return block[position++] as number;
  };
}

/** The prize numbers of draw `numero` of game `gameCode`, a function of the seed alone. */
export function drawResult(seed: string, gameCode: string, numero: string, shape: ShapeCode): DrawResult {
  checkSeed(seed);
  if (!GAME_CODE_PATTERN.test(gameCode))
    throw new RangeError('the game code must be 1-32 of A-Z, 0-9 and underscore');
  if (!NUMERO_PATTERN.test(numero))
    throw new RangeError('the numero must be 1-32 of 0-9, A-Z, a-z and hyphen');
  const nextByte = byteStream(seed, gameCode, numero);
  const nextUint32 = (): number =>
    nextByte() * 0x1000000 + nextByte() * 0x10000 + nextByte() * 0x100 + nextByte();
  const result: DrawResult = {};
  for (const { prize, count, digits } of SHAPES[shape].rows) {
    const n = 10 ** digits;
    // Every residue mod n comes from the same number of values below the limit: no modulo bias.
    const limit = Math.floor(2 ** 32 / n) * n;
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      let x = nextUint32();
      while (x >= limit) x = nextUint32();
      numbers.push(String(x % n).padStart(digits, '0'));
    }
    result[prize] = numbers;
  }
  return result;
}

function sameResult(a: DrawResult, b: DrawResult): boolean {
  const prizes = Object.keys(a) as (keyof DrawResult)[];
  if (prizes.length !== Object.keys(b).length) return false;
  return prizes.every((prize) => {
    const left = a[prize];
    const right = Object.hasOwn(b, prize) ? b[prize] : undefined;
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((number, index) => number === right[index])
    );
  });
}

/** Whether the revealed seed is the committed one, and whether it gives the published result. */
export function verifyDraw(input: {
  seed: string;
  seedHash: string;
  gameCode: string;
  numero: string;
  shape: ShapeCode;
  result: DrawResult;
}): { hashMatches: boolean; resultMatches: boolean; recomputed: DrawResult } {
  const recomputed = drawResult(input.seed, input.gameCode, input.numero, input.shape);
  return {
    hashMatches: seedHash(input.seed) === input.seedHash.trim().toLowerCase(),
    resultMatches: sameResult(recomputed, input.result),
    recomputed,
  };
}
