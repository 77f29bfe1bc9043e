import type { Queryable } from '../db/database.ts';
import type { MovableClock } from './clock.ts';
import { announceClockMove, type RealtimeHub } from './realtime.ts';

/**
 * TEST_CLOCK across processes: the console's move is one offset kept in the test_clock row (migration 0068) and
 * announced over NOTIFY when it commits, so every process of the database keeps one time, and a process started
 * later starts at it.
 */

/** Makes this process's clock follow the shared offset: where it is now, then every move any process makes. */
export async function followTestClock(
  db: Queryable,
  realtime: RealtimeHub,
  clock: MovableClock,
): Promise<void> {
  realtime.onClockMoved((offsetMs) => clock.offsetTo(offsetMs));
  const [row] = await db.query<{ offset_ms: bigint }>('select offset_ms from test_clock');
  if (row) clock.offsetTo(Number(row.offset_ms));
}

/** Moves the shared clock `ms` forward in the caller's transaction (told to every process on commit); the new offset. */
export async function moveTestClock(tx: Queryable, ms: number): Promise<number> {
  const [row] = await tx.query<{ offset_ms: bigint }>(
    `insert into test_clock (id, offset_ms) values (true, $1)
     on conflict (id) do update set offset_ms = test_clock.offset_ms + excluded.offset_ms
     returning offset_ms`,
    [ms],
  );
  const offsetMs = Number(row?.offset_ms);
  await announceClockMove(tx, offsetMs);
  return offsetMs;
}
