import type { Queryable } from '../db/database.ts';

export interface AttemptPolicy {
  /** Failures counted inside this window. */
  windowMinutes: number;
  /** Failures after which the key is locked. */
  maxFailures: number;
  lockMinutes: number;
}

/** When the key is locked, the time it unlocks; otherwise null. */
export async function lockedUntil(db: Queryable, key: string, now: Date): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date | null }>(
    'select locked_until from attempt_counters where key = $1',
    [key],
  );
  const until = rows[0]?.locked_until ?? null;
  return until && until > now ? until : null;
}

/**
 * Counts one failure (or `calls` of them, counted in a process first); returns the number of failures in the
 * current window. Shared by every process.
 */
export async function recordFailure(
  db: Queryable,
  key: string,
  policy: AttemptPolicy,
  now: Date,
  calls = 1,
): Promise<number> {
  const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
  const rows = await db.query<{ count: number }>(
    `insert into attempt_counters (key, count, window_started_at) values ($1, $4::int, $2)
     on conflict (key) do update set
       count = case when attempt_counters.window_started_at < $3 then $4::int
                    else attempt_counters.count + $4::int end,
       window_started_at = case when attempt_counters.window_started_at < $3 then $2
                                else attempt_counters.window_started_at end
     returning count`,
    [key, now, windowStart, calls],
  );
  const count = rows[0]?.count ?? calls;
  if (count >= policy.maxFailures) {
    await db.query(
      'update attempt_counters set locked_until = $2, count = 0, window_started_at = $3 where key = $1',
      [key, new Date(now.getTime() + policy.lockMinutes * 60_000), now],
    );
  }
  return count;
}

/** Failures counted for the key in the current window (0 once the window has passed or a lock reset it). */
export async function failureCount(db: Queryable, key: string, policy: AttemptPolicy, now: Date) {
  const rows = await db.query<{ count: number }>(
    'select count from attempt_counters where key = $1 and window_started_at >= $2',
    [key, new Date(now.getTime() - policy.windowMinutes * 60_000)],
  );
  return rows[0]?.count ?? 0;
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('delete from attempt_counters where key = $1', [key]);
}

/** Locks the key until the given time without resetting its count (a growing wait between tries). */
export async function lockKeyUntil(db: Queryable, key: string, until: Date): Promise<void> {
  await db.query('update attempt_counters set locked_until = $2 where key = $1', [key, until]);
}
