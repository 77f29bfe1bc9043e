import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { spreadHold } from './hold-spread.ts';

describe('spreadHold', () => {
  const tokenHashes = Array.from({ length: 1000 }, (_, i) =>
    createHash('sha256').update(`token ${i}`).digest('hex'),
  );

  it('holds each entry between half and all of the longest hold, the same each time for one key', () => {
    for (const key of [...tokenHashes, 'row 1', 'balance 1', '']) {
      const hold = spreadHold(5_000, key);
      expect(hold).toBeGreaterThanOrEqual(2_500);
      expect(hold).toBeLessThan(5_000);
      expect(spreadHold(5_000, key)).toBe(hold);
    }
    expect(spreadHold(0, tokenHashes[0] as string)).toBe(0);
  });

  it('spreads the ends of a thousand entries read at once over the half of the hold, none of its tenths empty or crowded', () => {
    const tenths = Array.from(
      { length: 10 },
      (_, tenth) =>
        tokenHashes.filter((key) => Math.floor((spreadHold(5_000, key) - 2_500) / 250) === tenth).length,
    );
    expect(tenths.reduce((sum, count) => sum + count)).toBe(1000);
    for (const count of tenths) {
      expect(count).toBeGreaterThan(60);
      expect(count).toBeLessThan(140);
    }
    // Members' entries are keyed by change and id: consecutive ids spread too.
    const members = Array.from({ length: 1000 }, (_, id) => spreadHold(5_000, `balance ${id + 1}`));
    expect(Math.min(...members)).toBeLessThan(2_600);
    expect(Math.max(...members)).toBeGreaterThan(4_900);
  });
});
