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

/** The round in play at `now` (the one whose period holds it); never before the anchor's round. */
export function roundAt(table: Timing, now: Date): RoundTimes {
  const elapsed = now.getTime() - table.anchor_at.getTime();
  const index = elapsed <= 0 ? 0 : Math.floor(elapsed / periodOf(table));
  return roundTimes(table, BigInt(table.anchor_round) + BigInt(index));
}
