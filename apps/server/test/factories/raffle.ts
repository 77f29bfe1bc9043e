import type { Queryable } from '../../src/db/database.ts';
import { grantTickets } from '../../src/modules/raffle/tickets.ts';
import { write } from '../../src/platform/write.ts';
import type { TestApp } from '../harness.ts';

/** Helpers for the raffle and red envelope rain tests: rows as the console writes them, tickets granted. */

const names = (text: string) => ({ EN: text, VI: `${text} VI`, CN: `${text} CN` });

export interface TestPrize {
  kind: 'cash' | 'points' | 'tickets' | 'physical' | 'none';
  /** Minor units for cash, a count for points and tickets. */
  value?: bigint;
  weight: number;
  stock: number | null;
  turnoverMultiple?: number;
}

/** A raffle and its prizes (in order); answers the raffle's and prizes' ids. */
export async function newRaffle(
  db: Queryable,
  raffle: {
    entryKind?: 'tickets' | 'points';
    entryCost?: number;
    dailyLimit?: number;
    enabled?: boolean;
    prizes: TestPrize[];
  },
): Promise<{ id: number; prizeIds: number[] }> {
  const [row] = await db.query<{ id: number }>(
    `insert into raffles (names, enabled, entry_kind, entry_cost, daily_limit, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now()) returning id`,
    [
      JSON.stringify(names('Lucky wheel')),
      raffle.enabled ?? true,
      raffle.entryKind ?? 'tickets',
      raffle.entryCost ?? 1,
      raffle.dailyLimit ?? 10,
    ],
  );
  if (!row) throw new Error('no raffle');
  const prizeIds: number[] = [];
  for (const [position, prize] of raffle.prizes.entries()) {
    const [inserted] = await db.query<{ id: number }>(
      `insert into raffle_prizes (raffle_id, position, names, kind, value, turnover_multiple, weight, stock)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        row.id,
        position,
        JSON.stringify(names(`${prize.kind} ${position}`)),
        prize.kind,
        prize.value ?? 0n,
        prize.turnoverMultiple ?? 0,
        prize.weight,
        prize.stock,
      ],
    );
    if (inserted) prizeIds.push(inserted.id);
  }
  return { id: row.id, prizeIds };
}

let granted = 0;

/** Gives a member tickets through the area's own grant (source promotion, a fresh ref). */
export async function giveTickets(t: TestApp, memberId: number, count: number): Promise<number> {
  granted += 1;
  return write(t.db, { isolation: 'read committed' }, (tx) =>
    grantTickets(
      tx,
      memberId,
      count,
      { kind: 'promotion', ref: `test:${memberId}:${granted}` },
      t.clock.now(),
    ),
  );
}

/** A rain schedule as the console saves it (minor units); answers its id. */
export async function newRainSchedule(
  db: Queryable,
  schedule: {
    weekdays?: number[];
    times?: string[];
    durationSeconds?: number;
    pool: bigint;
    envelopes: number;
    min: bigint;
    max: bigint;
    turnoverMultiple?: number;
    grabRules?: { minDeposit: bigint; grabs: number }[];
    enabled?: boolean;
    /** The chat room its rounds drop in (none: the site-wide rain). */
    roomId?: number;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into rain_schedules (name, enabled, weekdays, times, duration_seconds, pool, envelopes, min_amount,
       max_amount, turnover_multiple, grab_rules, room_id, created_at, updated_at)
     values ('Test rain', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), now()) returning id`,
    [
      schedule.enabled ?? true,
      schedule.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
      schedule.times ?? ['20:00'],
      schedule.durationSeconds ?? 120,
      schedule.pool,
      schedule.envelopes,
      schedule.min,
      schedule.max,
      schedule.turnoverMultiple ?? 0,
      JSON.stringify(
        (schedule.grabRules ?? [{ minDeposit: 0n, grabs: 1 }]).map((rule) => ({
          minDeposit: rule.minDeposit.toString(),
          grabs: rule.grabs,
        })),
      ),
      schedule.roomId ?? null,
    ],
  );
  if (!row) throw new Error('no schedule');
  return row.id;
}
