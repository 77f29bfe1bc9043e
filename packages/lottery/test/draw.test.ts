import { describe, expect, it } from 'vitest';
import {
  type DrawResult,
  drawResult,
  newSeed,
  resultProblems,
  SHAPE_CODES,
  SHAPES,
  seedHash,
  verifyDraw,
} from '../src/index.ts';

// The checks below use WebCrypto and Node's own encoders, independent of the package's hashing.
const utf8 = (text: string) => new TextEncoder().encode(text);
const toHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

const SEED = 'ef9c518d6e2724b1b646d733e69cc67a69c229012deafcf33a40c51d4dbd50eb';
const OTHER_SEED = '9f2c4d1e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d';

async function webCryptoHmac(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    utf8(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, utf8(message))));
}

describe('seeds', () => {
  it('are 64 lowercase hex characters, a new one each time', () => {
    const seeds = new Set(Array.from({ length: 20 }, newSeed));
    expect(seeds.size).toBe(20);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are committed to by the SHA-256 of their ASCII characters', async () => {
    const seed = newSeed();
    expect(seedHash(seed)).toBe(toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(seed)))));
    expect(() => seedHash(SEED.toUpperCase())).toThrow(RangeError);
    expect(() => seedHash(SEED.slice(1))).toThrow(RangeError);
  });
});

describe('drawResult', () => {
  it('follows the worked example of DRAW_PROCEDURE.md', async () => {
    expect(seedHash(SEED)).toBe('2e911b8db2baf7056f45c827f019c77bf9fc66cdb75cacc3a5c3f9632dd1fd0f');
    // The blocks, from WebCrypto rather than the package's HMAC.
    expect(await webCryptoHmac(SEED, 'E_SOUTH:20250601-0042:0')).toBe(
      '4510dde2c8b69987ec3d63d82200b2199c2929ffde88dbc2888532d2cb50fc1d',
    );
    expect(await webCryptoHmac(SEED, 'E_SOUTH:20250601-0042:1')).toBe(
      '9593db7ffbecbbb68cde4eb26dc6906175069e2e1e1673bc7049617091e54693',
    );
    // Bytes 64-67 (fffff5c0 = 4294964672) are at or above G1's limit 4294900000 and are skipped.
    expect(await webCryptoHmac(SEED, 'E_SOUTH:20250601-0042:2')).toMatch(/^fffff5c0a413a23bdecfa827/);
    expect(drawResult(SEED, 'E_SOUTH', '20250601-0042', 'south18')).toEqual({
      G8: ['82'],
      G7: ['055'],
      G6: ['6232', '0937', '3423'],
      G5: ['1106'],
      G4: ['30674', '82269', '95167', '95766', '79378', '29633', '67982'],
      G3: ['87900', '57264'],
      G2: ['22131'],
      G1: ['50139'], // from bytes 68-71 (a413a23b = 2752750139), after the rejected four
      DB: ['150951'],
    });
  });

  it('is a function of its inputs', () => {
    const result = drawResult(SEED, 'E_NORTH', '20250601-0001', 'north27');
    expect(drawResult(SEED, 'E_NORTH', '20250601-0001', 'north27')).toEqual(result);
    expect(drawResult(SEED, 'E_NORTH', '20250601-0002', 'north27')).not.toEqual(result);
    expect(drawResult(SEED, 'E_NORTH_2', '20250601-0001', 'north27')).not.toEqual(result);
    expect(drawResult(OTHER_SEED, 'E_NORTH', '20250601-0001', 'north27')).not.toEqual(result);
  });

  it('fills every row of every shape with numbers of the right digits', () => {
    for (const shape of SHAPE_CODES) {
      for (let draw = 0; draw < 200; draw++) {
        const result = drawResult(SEED, 'E_TEST', String(draw), shape);
        expect(resultProblems(shape, result)).toEqual([]);
        expect(Object.keys(result)).toEqual(SHAPES[shape].rows.map((row) => row.prize));
      }
    }
  });

  it('draws the last two digits of G7 uniformly', () => {
    const counts = new Array<number>(100).fill(0);
    const draws = 20_000;
    for (let draw = 0; draw < draws; draw++) {
      for (const number of drawResult(SEED, 'E_NORTH', String(draw), 'north27').G7 ?? []) {
        counts[Number(number)] = (counts[Number(number)] ?? 0) + 1;
      }
    }
    const expected = (draws * 4) / 100;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 99 degrees of freedom: mean 99, standard deviation 14; 200 is exceeded with probability below 1e-8.
    expect(chiSquare).toBeLessThan(200);
  });

  it('refuses malformed inputs', () => {
    expect(() => drawResult(SEED.toUpperCase(), 'E_SOUTH', '1', 'south18')).toThrow(RangeError);
    expect(() => drawResult(`${SEED}0`, 'E_SOUTH', '1', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'e_south', '1', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'E:SOUTH', '1', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'A'.repeat(33), '1', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'E_SOUTH', '', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'E_SOUTH', '2025:06', 'south18')).toThrow(RangeError);
    expect(() => drawResult(SEED, 'E_SOUTH', '1'.repeat(33), 'south18')).toThrow(RangeError);
    expect(drawResult(SEED, 'A'.repeat(32), `Ab-${'1'.repeat(29)}`, 'fourD23').P1).toHaveLength(1);
  });
});

describe('verifyDraw', () => {
  const published = {
    seedHash: seedHash(SEED),
    gameCode: 'E_SOUTH',
    numero: '20250601-0042',
    shape: 'south18' as const,
    result: drawResult(SEED, 'E_SOUTH', '20250601-0042', 'south18'),
  };

  it('confirms an honest draw', () => {
    const verdict = verifyDraw({ ...published, seed: SEED });
    expect(verdict).toEqual({ hashMatches: true, resultMatches: true, recomputed: published.result });
    expect(
      verifyDraw({ ...published, seedHash: published.seedHash.toUpperCase(), seed: SEED }).hashMatches,
    ).toBe(true);
  });

  it('detects a seed other than the committed one', () => {
    const verdict = verifyDraw({ ...published, seed: OTHER_SEED });
    expect(verdict.hashMatches).toBe(false);
    expect(verdict.resultMatches).toBe(false);
  });

  it('detects a changed number, a missing row and an extra row', () => {
    const changed: DrawResult = structuredClone(published.result);
    (changed.G4 as string[])[3] = '95767';
    expect(verifyDraw({ ...published, seed: SEED, result: changed })).toMatchObject({
      hashMatches: true,
      resultMatches: false,
    });
    const { DB: _, ...withoutSpecial } = published.result;
    expect(verifyDraw({ ...published, seed: SEED, result: withoutSpecial }).resultMatches).toBe(false);
    const extra = { ...published.result, P1: ['0000'] };
    expect(verifyDraw({ ...published, seed: SEED, result: extra }).resultMatches).toBe(false);
  });
});
