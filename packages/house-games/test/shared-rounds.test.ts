import { describe, expect, it } from 'vitest';
import { rouletteSpot, spinWheel, tableDrawer, tableSalt, toHex } from '../src/index.ts';

/** WebCrypto, independent of the package's own SHA-256 and HMAC. */
const encode = (text: string) => new TextEncoder().encode(text);
async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encode(text))));
}
async function hmacFirstByte(key: string, message: string): Promise<number> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encode(message)))[0] as number;
}

const SEED = '0d1c2b3a49586776859483a2b1c0dfeefdcba98765432100123456789abcdef0';

describe('shared rounds (tessera-table-1)', () => {
  it('salts a round with the table, the round and the bets’ client seeds in order, as PROVABLY_FAIR.md §6 says', async () => {
    const expected = await sha256Hex('tessera-table-1:jade:42\nalice seed\nbob');
    expect(tableSalt('jade', 42, ['alice seed', 'bob'])).toBe(expected);
    expect(tableSalt('jade', 42, ['bob', 'alice seed'])).not.toBe(expected);
    expect(tableSalt('jade', 42, [])).toBe(await sha256Hex('tessera-table-1:jade:42'));
    expect(() => tableSalt('jade', 42, ['line\nbreak'])).toThrow(RangeError);
    expect(() => tableSalt('Jade Room', 1, [])).toThrow(RangeError);
  });

  it('draws from HMAC-SHA256(server seed, "salt:round:cursor")', async () => {
    // int(37) reads one byte and accepts it below 256 - 256 % 37 = 222; the first rounds whose first byte is
    // accepted draw that byte mod 37.
    let checked = 0;
    for (let round = 0; checked < 5; round++) {
      const salt = tableSalt('roulette-live', round, ['x']);
      const first = await hmacFirstByte(SEED, `${salt}:${round}:0`);
      if (first >= 222) continue;
      expect(spinWheel(tableDrawer(SEED, salt, round))).toBe(first % 37);
      checked += 1;
    }
  });

  it('reads roulette spots as the tables name them, and only those the layout offers', () => {
    expect(rouletteSpot('straight:17', 5n)).toEqual({ type: 'straight', numbers: [17], stake: 5n });
    expect(rouletteSpot('split:0-1', 5n)).toEqual({ type: 'split', numbers: [0, 1], stake: 5n });
    expect(rouletteSpot('dozen:3', 5n)).toEqual({ type: 'dozen', which: 3, stake: 5n });
    expect(rouletteSpot('red', 5n)).toEqual({ type: 'red', stake: 5n });
    for (const bad of [
      'split:1-3',
      'straight:37',
      'split:2-1',
      'dozen:4',
      'red:1',
      'corner:1-2-3-4',
      'x',
      'straight:07',
    ]) {
      expect(rouletteSpot(bad, 5n), bad).toBeNull();
    }
  });
});
