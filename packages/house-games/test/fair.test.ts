import { describe, expect, it } from 'vitest';
import {
  commitment,
  drawer,
  hmacSha256,
  isValidClientSeed,
  newServerSeed,
  sha256,
  shuffle,
  toHex,
  utf8,
  verifyCommitment,
} from '../src/index.ts';

const SERVER_SEED = '9f2c4d1e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d';
const CLIENT_SEED = 'lucky player';

async function subtleHmac(key: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, message)));
}

describe('SHA-256 and HMAC-SHA256', () => {
  it('match the published test vectors', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // RFC 4231, test case 2.
    expect(toHex(hmacSha256(utf8('Jefe'))(utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('agree with WebCrypto for keys and messages of every length around the block size', async () => {
    for (const keyLength of [1, 32, 63, 64, 65, 100]) {
      const key = Uint8Array.from({ length: keyLength }, (_, i) => (i * 7 + keyLength) & 0xff);
      const hmac = hmacSha256(key);
      for (let length = 0; length <= 130; length += 1) {
        const message = Uint8Array.from({ length }, (_, i) => (i * 13 + length) & 0xff);
        expect(toHex(hmac(message))).toBe(await subtleHmac(key, message));
      }
    }
  });
});

describe('commitment', () => {
  it('is the SHA-256 of the seed text, and verifies only the committed seed', async () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const hash = commitment(seed);
    expect(hash).toBe(toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(seed)))));
    expect(verifyCommitment(seed, hash)).toBe(true);
    expect(verifyCommitment(seed, hash.toUpperCase())).toBe(true);
    expect(verifyCommitment(newServerSeed(), hash)).toBe(false);
    expect(commitment(SERVER_SEED)).toBe('1f13297a935c55bc10fc672e5b3f6d1d02cfed203187348e4443dad66b7d4362');
  });
});

describe('drawer', () => {
  it('refuses malformed seeds and nonces', () => {
    expect(() => drawer('ABC', CLIENT_SEED, 0)).toThrow(RangeError);
    expect(() => drawer(SERVER_SEED, '', 0)).toThrow(RangeError);
    expect(() => drawer(SERVER_SEED, 'x'.repeat(65), 0)).toThrow(RangeError);
    expect(() => drawer(SERVER_SEED, CLIENT_SEED, -1)).toThrow(RangeError);
    expect(() => drawer(SERVER_SEED, CLIENT_SEED, 1.5)).toThrow(RangeError);
    expect(isValidClientSeed('émoji')).toBe(false);
    expect(() => drawer(SERVER_SEED, CLIENT_SEED, 0).int(0)).toThrow(RangeError);
    expect(() => drawer(SERVER_SEED, CLIENT_SEED, 0).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  // The first block is also what \`printf %s 'lucky player:0:0' | openssl dgst -sha256 -hmac <seed>\` prints:
  // c9 89 b3 ... = 201, 137, 179, i.e. 16, 26, 31 modulo 37 (all below the limit 222).
  it('is deterministic in (server seed, client seed, nonce), and pinned', () => {
    const draws = (nonce: number) => {
      const draw = drawer(SERVER_SEED, CLIENT_SEED, nonce);
      return Array.from({ length: 12 }, () => draw.int(37));
    };
    expect(draws(0)).toEqual(draws(0));
    expect(draws(1)).not.toEqual(draws(0));
    expect(draws(0)).toEqual([16, 26, 31, 17, 9, 30, 24, 35, 19, 25, 13, 16]);
    const big = drawer(SERVER_SEED, CLIENT_SEED, 42);
    expect([big.int(2 ** 32), big.int(1_000_000), big.weighted([1, 2, 3, 4])]).toEqual([
      505890654, 137868, 0,
    ]);
  });

  it('reads the documented byte stream with rejection: int(200) takes one byte and skips bytes >= 200', () => {
    const hmac = hmacSha256(utf8(SERVER_SEED));
    const stream = [0, 1, 2, 3].flatMap((cursor) => [...hmac(utf8(`${CLIENT_SEED}:7:${cursor}`))]);
    const expected = stream.filter((byte) => byte < 200);
    const draw = drawer(SERVER_SEED, CLIENT_SEED, 7);
    const drawn = expected.map(() => draw.int(200));
    expect(drawn).toEqual(expected);
    expect(draw.bytesUsed).toBe(stream.lastIndexOf(expected.at(-1) as number) + 1);
  });

  it('reads two bytes big-endian for 256 < n <= 65536, rejecting values at or above the largest multiple of n', () => {
    const hmac = hmacSha256(utf8(SERVER_SEED));
    const stream = [0, 1, 2, 3].flatMap((cursor) => [...hmac(utf8(`${CLIENT_SEED}:9:${cursor}`))]);
    const n = 40_000; // 65536 - 65536 % 40000 = 40000: values 40000..65535 are rejected
    const expected: number[] = [];
    for (let i = 0; i + 1 < stream.length; i += 2) {
      const value = (stream[i] as number) * 256 + (stream[i + 1] as number);
      if (value < 40_000) expected.push(value % n);
    }
    const draw = drawer(SERVER_SEED, CLIENT_SEED, 9);
    expect(expected.map(() => draw.int(n))).toEqual(expected);
  });

  it('draws every value of a range equally often (chi-square, fixed seed)', () => {
    const draw = drawer(SERVER_SEED, CLIENT_SEED, 3);
    for (const n of [3, 6, 37]) {
      const draws = 30_000 * n;
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < draws; i++) {
        const value = draw.int(n);
        counts[value] = (counts[value] ?? 0) + 1;
      }
      const expected = draws / n;
      const chiSquare = counts.reduce((acc, count) => acc + (count - expected) ** 2 / expected, 0);
      // 99.9th percentile of chi-square with n-1 degrees of freedom is below 3 * (n - 1) + 14 for these n.
      expect(chiSquare).toBeLessThan(3 * (n - 1) + 14);
    }
  });

  it('picks weighted indices in proportion to their weights', () => {
    const draw = drawer(SERVER_SEED, CLIENT_SEED, 5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const index = draw.weighted([1, 2, 3]);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts.map((count) => Math.round(count / 1000))).toEqual([10, 20, 30]);
  });

  it('shuffles into a permutation, the same one for the same round', () => {
    const items = Array.from({ length: 52 }, (_, i) => i);
    const first = shuffle(items, drawer(SERVER_SEED, CLIENT_SEED, 11));
    expect([...first].sort((a, b) => a - b)).toEqual(items);
    expect(shuffle(items, drawer(SERVER_SEED, CLIENT_SEED, 11))).toEqual(first);
    expect(first).not.toEqual(items);
  });
});
