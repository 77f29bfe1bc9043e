import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';
import { type AttemptPolicy, lockedUntil, recordFailure } from './attempts.ts';
import { type RealtimeHub, reportLockedAddress } from './realtime.ts';
import { write } from './write.ts';

/** From this share of the limit on, a process adds its count for an address to the shared counter. */
const SHARE_FROM = 0.25;
/** Calls counted in the process between two additions to the shared counter (as a share of the limit). */
const SHARE_STEP = 0.05;

interface Count {
  /** Start of the current window (ms). */
  windowStart: number;
  current: number;
  previous: number;
  /** Calls not yet added to the shared counter. */
  unshared: number;
  /** Until when the address is refused (ms), as this process knows it. */
  lockedUntil: number;
}

/**
 * The per-address limit of calls without a session, counted in the process: a sliding window (the current and the
 * previous window, the latter weighted by how much of it still lies inside the window). The database is read once
 * when the process first meets an address in a window (another process may have locked it), and written only once
 * an address has made a quarter of its limit here, in steps of a twentieth; an address past the limit is locked in
 * the shared counter and reported to every process through NOTIFY, so the limit holds across processes while an
 * ordinary visitor costs the database nothing.
 */
export class VisitorLimiter {
  private readonly counts = new Map<string, Count>();
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    realtime: RealtimeHub,
  ) {
    realtime.onAddressLocked((key, until) => {
      const count = this.counts.get(key);
      if (count) count.lockedUntil = Math.max(count.lockedUntil, until.getTime());
      else
        this.counts.set(key, {
          windowStart: 0,
          current: 0,
          previous: 0,
          unshared: 0,
          lockedUntil: until.getTime(),
        });
    });
  }

  /**
   * Counts one call of the key; refused with too_many_requests past the policy's limit. Answers a promise only when
   * the database is read or written (an address first met here, a count to share, a lock): an ordinary call is
   * counted without one.
   */
  count(key: string, policy: AttemptPolicy, now: Date): Promise<void> | undefined {
    const at = now.getTime();
    this.sweep(at, policy.windowMinutes * 60_000);
    const count = this.counts.get(key);
    if (count && count.windowStart !== 0) return this.tally(key, count, policy, now);
    // First call from this address here: another process may have locked it.
    return lockedUntil(this.db, key, now).then((locked) => {
      const fresh: Count = {
        windowStart: at,
        current: 0,
        previous: 0,
        unshared: 0,
        lockedUntil: Math.max(locked?.getTime() ?? 0, count?.lockedUntil ?? 0),
      };
      this.counts.set(key, fresh);
      return this.tally(key, fresh, policy, now);
    });
  }

  private tally(key: string, count: Count, policy: AttemptPolicy, now: Date): Promise<void> | undefined {
    const at = now.getTime();
    const windowMs = policy.windowMinutes * 60_000;
    if (at - count.windowStart >= windowMs) {
      const windows = Math.floor((at - count.windowStart) / windowMs);
      count.previous = windows === 1 ? count.current : 0;
      count.current = 0;
      count.windowStart += windows * windowMs;
    }
    if (count.lockedUntil > at) throw new AppError('too_many_requests');
    count.current += 1;
    count.unshared += 1;
    const inWindow = count.previous * (1 - (at - count.windowStart) / windowMs) + count.current;
    const max = policy.maxFailures;
    if (inWindow > max) return this.lock(key, count, policy, now);
    if (inWindow >= max * SHARE_FROM && count.unshared >= Math.max(1, Math.floor(max * SHARE_STEP))) {
      return this.share(key, count, policy, now);
    }
    return undefined;
  }

  /** Adds the calls counted here since the last time to the shared counter; refused when it is locked. */
  private async share(key: string, count: Count, policy: AttemptPolicy, now: Date): Promise<void> {
    const unshared = count.unshared;
    count.unshared = 0;
    const locked = await write(this.db, { isolation: 'read committed' }, async (tx) => {
      // A limit can afford to forget the last counts in a crash: the commit does not wait for the disk.
      await tx.query('set local synchronous_commit = off');
      const before = await lockedUntil(tx, key, now);
      if (before) return { refused: true, until: before };
      await recordFailure(tx, key, policy, now, unshared);
      const until = await lockedUntil(tx, key, now);
      if (until) await reportLockedAddress(tx, key, until);
      return { refused: false, until };
    });
    if (locked.until) {
      // As the shared counter does: the call that reaches the limit is served, the next ones are refused.
      count.lockedUntil = locked.until.getTime();
      count.current = 0;
      count.previous = 0;
    }
    if (locked.refused) throw new AppError('too_many_requests');
  }

  /** Past the limit in this process alone: locked here, in the shared counter, and on every process. */
  private async lock(key: string, count: Count, policy: AttemptPolicy, now: Date): Promise<never> {
    const until = new Date(now.getTime() + policy.lockMinutes * 60_000);
    count.lockedUntil = until.getTime();
    count.unshared = 0;
    count.current = 0;
    count.previous = 0;
    await write(this.db, { isolation: 'read committed' }, async (tx) => {
      await tx.query(
        `insert into attempt_counters (key, count, window_started_at, locked_until) values ($1, 0, $2, $3)
         on conflict (key) do update set locked_until = greatest(attempt_counters.locked_until, $3), count = 0,
           window_started_at = $2`,
        [key, now, until],
      );
      await reportLockedAddress(tx, key, until);
    });
    throw new AppError('too_many_requests');
  }

  /** Forgets, once a window, the addresses not seen for two windows and not locked. */
  private sweep(at: number, windowMs: number) {
    if (at - this.lastSweep < windowMs) return;
    this.lastSweep = at;
    for (const [key, count] of this.counts) {
      if (count.lockedUntil <= at && at - count.windowStart >= 2 * windowMs) this.counts.delete(key);
    }
  }
}
