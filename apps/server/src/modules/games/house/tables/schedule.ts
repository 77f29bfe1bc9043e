import type * as store from './store.ts';

/**
 * A table's rounds follow from time alone: round n opens at anchor_at + (n − anchor_round) × period, where the
 * period is the betting window and the result time together; betting closes betting_ms after it opens. Every
 * process computes the same round from the same table row, with no timer of its own.
 */

export interface RoundTimes {
  roundNo: bigint;
  opensAt: Date;
  closesAt: Date;
  endsAt: Date;
}

type Timing = Pick<store.TableDb, 'betting_ms' | 'result_ms' | 'anchor_at' | 'anchor_round'>;

const periodOf = (table: Timing) => table.betting_ms + table.result_ms;

export function roundTimes(table: Timing, roundNo: bigint): RoundTimes {
  const offset = Number(roundNo - BigInt(table.anchor_round)) * periodOf(table);
  const opensAt = new Date(table.anchor_at.getTime() + offset);
  return {
    roundNo,
    opensAt,
    closesAt: new Date(opensAt.getTime() + table.betting_ms),
    endsAt: new Date(opensAt.getTime() + periodOf(table)),
  };
}

/**
 * The round in play at `now` (the one whose period holds it). Before the anchor it is the round before the anchor's,
 * which a change of timing left in play with its own times (its row was written with them); the anchor's round
 * itself when there is none before it.
 */
export function roundAt(table: Timing, now: Date): RoundTimes {
  const elapsed = now.getTime() - table.anchor_at.getTime();
  const anchor = BigInt(table.anchor_round);
  if (elapsed < 0) {
    if (anchor === 0n) return roundTimes(table, anchor);
    return {
      roundNo: anchor - 1n,
      opensAt: new Date(table.anchor_at.getTime() - periodOf(table)),
      closesAt: new Date(table.anchor_at.getTime() - table.result_ms),
      endsAt: table.anchor_at,
    };
  }
  return roundTimes(table, anchor + BigInt(Math.floor(elapsed / periodOf(table))));
}
