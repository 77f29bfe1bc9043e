import { describe, expect, it } from 'vitest';
import {
  cardValue,
  commitment,
  drawTableOutcome,
  rouletteSpot,
  spinWheel,
  tableDrawer,
  tableSalt,
  toHex,
  verifyTableRound,
} from '../src/index.ts';

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

  describe('verifyTableRound (the verification page’s procedure)', () => {
    const seeds = ['alice seed', 'bob'];

    it('confirms an honest roulette round, its pocket drawn as WebCrypto draws it', async () => {
      // A round whose first HMAC byte is accepted by int(37), so the pocket is that byte mod 37.
      let round = 0;
      let salt = '';
      let first = 255;
      for (; first >= 222; round++) {
        salt = await sha256Hex(`tessera-table-1:roulette-live:${round}\n${seeds.join('\n')}`);
        first = await hmacFirstByte(SEED, `${salt}:${round}:0`);
      }
      round -= 1;
      const pocket = first % 37;
      const verification = verifyTableRound({
        kind: 'roulette',
        table: 'roulette-live',
        round,
        serverSeed: SEED,
        clientSeeds: seeds,
        commitment: await sha256Hex(SEED),
        salt,
        outcome: {
          kind: 'roulette',
          pocket,
          colour:
            pocket === 0
              ? 'green'
              : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket)
                ? 'red'
                : 'black',
        },
      });
      expect(verification).toMatchObject({ commitment: 'match', salt: 'match', outcome: 'match' });
      expect(verification.computedSalt).toBe(salt);
      expect(verification.computed).toMatchObject({ kind: 'roulette', pocket });
    });

    it('deals a baccarat round by the third-card rules and confirms it; a changed client seed, order or seed fails', () => {
      const table = 'jade';
      const round = 7;
      const salt = tableSalt(table, round, seeds);
      const recorded = drawTableOutcome('baccarat', SEED, salt, round);
      if (recorded.kind !== 'baccarat') throw new Error('not baccarat');
      const total = (cards: { rank: number; suit: number }[]) =>
        cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
      expect(total(recorded.player)).toBe(recorded.playerTotal);
      expect(total(recorded.banker)).toBe(recorded.bankerTotal);
      expect(recorded.player.length).toBeGreaterThanOrEqual(2);
      expect(recorded.winner).toBe(
        recorded.playerTotal > recorded.bankerTotal
          ? 'player'
          : recorded.playerTotal < recorded.bankerTotal
            ? 'banker'
            : 'tie',
      );
      const honest = {
        kind: 'baccarat' as const,
        table,
        round,
        serverSeed: SEED,
        clientSeeds: seeds,
        commitment: commitment(SEED),
        salt,
        outcome: JSON.parse(JSON.stringify(recorded)),
      };
      expect(verifyTableRound(honest)).toMatchObject({
        commitment: 'match',
        salt: 'match',
        outcome: 'match',
      });

      // One client seed changed: another salt, so other cards.
      const changed = verifyTableRound({ ...honest, clientSeeds: ['alice seed', 'bob!'] });
      expect(changed).toMatchObject({ commitment: 'match', salt: 'mismatch', outcome: 'mismatch' });
      // The same seeds in another order: another salt.
      expect(verifyTableRound({ ...honest, clientSeeds: ['bob', 'alice seed'] }).salt).toBe('mismatch');
      // Another round number of the same table: another salt.
      expect(verifyTableRound({ ...honest, round: 8 }).salt).toBe('mismatch');
      // Another server seed: the commitment fails, and the cards differ.
      const otherSeed = `${SEED.slice(0, 63)}1`;
      expect(verifyTableRound({ ...honest, serverSeed: otherSeed })).toMatchObject({
        commitment: 'mismatch',
        salt: 'match',
        outcome: 'mismatch',
      });
      // A claimed outcome with one card changed does not match.
      const tampered = JSON.parse(JSON.stringify(recorded));
      tampered.player[0].suit = (tampered.player[0].suit + 1) % 4;
      expect(verifyTableRound({ ...honest, outcome: tampered }).outcome).toBe('mismatch');
      // Nothing claimed: nothing compared, the outcome still computed.
      const bare = verifyTableRound({ kind: 'baccarat', table, round, serverSeed: SEED, clientSeeds: seeds });
      expect(bare).toMatchObject({ commitment: 'unchecked', salt: 'unchecked', outcome: 'unchecked' });
      expect(bare.computed).toEqual(recorded);
    });

    it('refuses what the procedure cannot take', () => {
      const base = {
        kind: 'roulette' as const,
        table: 'roulette-live',
        round: 1,
        serverSeed: SEED,
        clientSeeds: [],
      };
      expect(() => verifyTableRound({ ...base, serverSeed: 'abc' })).toThrow(RangeError);
      expect(() => verifyTableRound({ ...base, table: 'Live Roulette' })).toThrow(RangeError);
      expect(() => verifyTableRound({ ...base, clientSeeds: ['é'] })).toThrow(RangeError);
      expect(() => verifyTableRound({ ...base, round: -1 })).toThrow(RangeError);
      expect(() => verifyTableRound({ ...base, kind: 'poker' as never })).toThrow(RangeError);
    });
  });
});
