import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { Database, Queryable } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { Rng } from './rng.ts';

const WAKE_CHANNEL = 'tessera_jobs';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run; default: at once. */
  runAt: Date;
  /** Runs in all before the job is dead (default 8). */
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This run's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** The slot of a scheduled job (its time), null for others. */
  slot: Date | null;
}

/** Puts a job in the queue inside the caller's transaction: it exists, and wakes the runners, only on commit. */
export async function enqueue(tx: Queryable, job: NewJob, now: Date): Promise<number> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into jobs (kind, payload, run_at, max_attempts, created_at) values ($1, $2, $3, $4, $5)
     returning id`,
    [job.kind, JSON.stringify(job.payload ?? {}), job.runAt, job.maxAttempts ?? 8, now],
  );
  return Number(row?.id);
}

/**
 * Wakes the job runners of every process when the caller's transaction commits (as a queued job does), e.g. after
 * the test clock moved: each runs a pass at once, scheduling and running what is due by then.
 */
export async function wakeJobRunners(tx: Queryable): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [WAKE_CHANNEL, 'wake']);
}

export interface JobDefinition {
  run(job: ClaimedJob): Promise<void>;
  /** Called once when the job dies (its last run failed), e.g. to mark what it was delivering as failed. */
  onDead?(job: ClaimedJob, error: string): Promise<void>;
  /** Pause before the next run after the attempt-th failed (default: 10 s doubling, at most 1 h, jittered). */
  retryDelayMs?(attempt: number): number;
}

/**
 * Recurring work. Every process schedules, and each slot is one row (jobs.slot is unique), so a slot runs once
 * whatever the number of processes. After downtime, `missed: 'run'` runs every missed slot (oldest first) and
 * `missed: 'skip'` drops those older than `graceMs`.
 */
export interface Schedule {
  name: string;
  kind: string;
  /** A cron pattern (minute hour day month weekday), read in timeZone. */
  cron: string;
  timeZone: string;
  missed: 'run' | 'skip';
  graceMs?: number;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  /** Pause between passes when nothing woke the runner (ms). */
  pollMs?: number;
  /** Jobs run at once by one process. */
  concurrency?: number;
  workerId?: string;
  /** How long a claim holds a job before another worker may take it over (default 60 s; renewed while it runs). */
  leaseMs?: number;
  log?: { error(object: object, message: string): void };
}

interface JobRow {
  id: bigint;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  slot: string | null;
  run_at: Date;
}

/** Each schedule's parsed pattern (a pattern is parsed once, not on every pass). */
const patterns = new WeakMap<Schedule, Cron>();
function patternOf(schedule: Schedule): Cron {
  let cron = patterns.get(schedule);
  if (!cron) {
    cron = new Cron(schedule.cron, { timezone: schedule.timeZone, paused: true });
    patterns.set(schedule, cron);
  }
  return cron;
}

/** Slots of a schedule after `after` and not after `until`, oldest first (at most `limit`). */
export function slotsBetween(schedule: Schedule, after: Date, until: Date, limit = 1000): Date[] {
  const cron = patternOf(schedule);
  const slots: Date[] = [];
  let next = cron.nextRun(after);
  while (next && next.getTime() <= until.getTime() && slots.length < limit) {
    slots.push(next);
    next = cron.nextRun(next);
  }
  return slots;
}

/** A schedule's first slot after `after` (null when its pattern has none). */
function nextSlotAfter(schedule: Schedule, after: Date): Date | null {
  return patternOf(schedule).nextRun(after);
}

/**
 * What a pass schedules for one schedule whose last scheduled slot is `lastSlot`: the slots due as jobs, and the
 * slot to remember as the last one (null: none after `lastSlot` yet). A `skip` schedule only looks at the slots
 * within its grace and at the last slot up to now, however long the process was down or the test clock moved: an
 * every-minute schedule two days behind used to walk its 1,000 oldest missed slots, to drop them all, on each of
 * three passes.
 */
export function dueSlots(schedule: Schedule, lastSlot: Date, now: Date): { due: Date[]; last: Date | null } {
  if (schedule.missed === 'run') {
    const slots = slotsBetween(schedule, lastSlot, now);
    return { due: slots, last: slots.at(-1) ?? null };
  }
  const grace = schedule.graceMs ?? 60_000;
  const from = new Date(Math.max(lastSlot.getTime(), now.getTime() - grace - 1));
  const due = slotsBetween(schedule, from, now);
  if (due.length > 0) return { due, last: due.at(-1) ?? null };
  // None within the grace: the last slot up to now (croner's previous runs are those before the date given).
  const [latest] = patternOf(schedule).previousRuns(1, new Date(now.getTime() + 1));
  return { due: [], last: latest && latest.getTime() > lastSlot.getTime() ? latest : null };
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED and a lease, runs them outside any transaction, and finishes each
 * with a fenced update (only the worker holding that attempt can finish it). A failure is retried with backoff;
 * the last failure leaves the job dead, where the console shows it with a retry button.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly schedules: Schedule[] = [];
  private readonly workerId: string;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Set by stop(): a pass in progress ends after its current batch. */
  private stopping = false;
  private wake: (() => void) | null = null;
  private woken = false;
  private unlisten: (() => Promise<void>) | null = null;
  /** The runs this process has under way, whichever pass (the loop's or a caller's) started them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Claims under way (their query sent, their runs not yet tracked), and the passes waiting for them. */
  private pendingClaims = 0;
  private claimWaiters: (() => void)[] = [];
  /** Each schedule's next slot after the last one this process saw scheduled (scheduleSlots). */
  private readonly nextSlots = new Map<string, Date>();

  constructor(
    private readonly deps: { db: Database; clock: Clock; rng: Rng },
    private readonly options: JobRunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${deps.rng.bytes(4).toString('hex')}`;
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  define(kind: string, definition: JobDefinition): this {
    if (this.definitions.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
    this.definitions.set(kind, definition);
    return this;
  }

  schedule(schedule: Schedule): this {
    if (!this.definitions.has(schedule.kind))
      throw new Error(`schedule ${schedule.name}: no job ${schedule.kind}`);
    slotsBetween(schedule, new Date(0), new Date(0)); // a bad pattern or time zone fails here, at start
    this.schedules.push(schedule);
    return this;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.unlisten = await this.deps.db.listen(WAKE_CHANNEL, () => this.poke());
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    this.poke();
    await this.running;
    this.running = null;
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Wakes the loop now (a job was queued, or the runner is stopping). */
  poke(): void {
    this.woken = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let ran = 0;
      try {
        ran = await this.runDue();
      } catch (error) {
        this.options.log?.error({ err: error }, 'job runner pass failed');
      }
      if (ran > 0 || this.woken || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * One pass: schedules due slots, then claims and runs due jobs until none is left. Answers how many it ran.
   * When it returns, no run this process started is still under way: a due job the background loop had already
   * claimed has ended too.
   */
  async runDue(): Promise<number> {
    await this.scheduleSlots();
    await this.buryAbandoned();
    let total = 0;
    for (;;) {
      // A claim of another pass counts as under way from its query until its runs are tracked: the jobs it took
      // are already 'running' in the table, and a pass that found nothing waits for them too.
      this.pendingClaims += 1;
      let claimed: ClaimedJob[];
      try {
        claimed = await this.claim(this.concurrency);
      } finally {
        this.pendingClaims -= 1;
        // The waiters resume as microtasks, after the runs below are tracked (synchronously).
        this.claimSettled();
      }
      const runs = claimed.map((job) => this.track(this.runOne(job)));
      if (claimed.length === 0) {
        if (this.stopping || (this.inFlight.size === 0 && this.pendingClaims === 0)) return total;
        if (this.pendingClaims > 0) await new Promise<void>((resolve) => this.claimWaiters.push(resolve));
        else await Promise.all(this.inFlight);
        continue;
      }
      await Promise.all(runs);
      total += claimed.length;
      if (this.stopping) return total;
    }
  }

  /** Wakes the passes waiting for a claim of another pass to be tracked (or to have failed). */
  private claimSettled(): void {
    const waiters = this.claimWaiters;
    this.claimWaiters = [];
    for (const waiter of waiters) waiter();
  }

  private async track(run: Promise<void>): Promise<void> {
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  /**
   * Schedules the due slots: for each schedule, in one transaction, the slots after its last scheduled one and not
   * after now become jobs. A schedule whose next slot (after the last one this process saw scheduled) is still
   * ahead costs no round trip: an idle pass used to cost four per schedule. Another process may have scheduled
   * later slots since; the transaction reads the row and finds them, so this process's view can only be behind,
   * which costs a transaction that schedules nothing, never a slot.
   */
  private async scheduleSlots(): Promise<void> {
    const now = this.deps.clock.now();
    for (const schedule of this.schedules) {
      const next = this.nextSlots.get(schedule.name);
      if (next && next.getTime() > now.getTime()) continue;
      const lastSlot = await this.deps.db.transaction('read committed', async (tx) => {
        await tx.query('insert into job_schedules (name, last_slot) values ($1, $2) on conflict do nothing', [
          schedule.name,
          now,
        ]);
        const [row] = await tx.query<{ last_slot: Date }>(
          'select last_slot from job_schedules where name = $1 for update',
          [schedule.name],
        );
        if (!row) return null;
        const { due, last } = dueSlots(schedule, row.last_slot, now);
        if (!last) return row.last_slot;
        for (const slot of due) {
          await tx.query(
            `insert into jobs (kind, payload, run_at, max_attempts, slot, created_at)
             values ($1, $2, $3, $4, $5, $6) on conflict (slot) do nothing`,
            [
              schedule.kind,
              JSON.stringify(schedule.payload ?? {}),
              slot,
              schedule.maxAttempts ?? 8,
              `${schedule.name}@${slot.toISOString()}`,
              now,
            ],
          );
        }
        await tx.query('update job_schedules set last_slot = $2 where name = $1', [schedule.name, last]);
        return last;
      });
      const following = lastSlot && nextSlotAfter(schedule, lastSlot);
      if (following) this.nextSlots.set(schedule.name, following);
      else this.nextSlots.delete(schedule.name);
    }
  }

  /** A running job whose lease ended after its last allowed attempt is dead: its worker died on every try. */
  private async buryAbandoned(): Promise<void> {
    const now = this.deps.clock.now();
    // One statement, atomic on its own: no transaction's BEGIN and COMMIT around it.
    const rows = await this.deps.db.query<JobRow>(
      `update jobs set status = 'dead', finished_at = $1, lease_until = null,
           last_error = 'the worker stopped during the last attempt'
         where id in (select id from jobs where status = 'running' and lease_until <= $1
                        and attempts >= max_attempts for update skip locked)
         returning id, kind, payload, attempts, max_attempts, slot, run_at`,
      [now],
    );
    for (const row of rows)
      await this.died(this.toClaimed(row), 'the worker stopped during the last attempt');
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return [];
    const now = this.deps.clock.now();
    // One statement, atomic on its own (each pass makes one, every second on an idle process).
    const rows = await this.deps.db.query<JobRow>(
      `with due as (
           select id from jobs
           where kind = any($2::text[])
             and ((status = 'queued' and run_at <= $1)
               or (status = 'running' and lease_until <= $1 and attempts < max_attempts))
           order by run_at, id
           limit $3
           for update skip locked)
         update jobs set status = 'running', attempts = jobs.attempts + 1, worker = $4,
           lease_until = $1::timestamptz + $5::int * interval '1 millisecond'
         from due where jobs.id = due.id
         returning jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts, jobs.slot, jobs.run_at`,
      [now, kinds, limit, this.workerId, this.leaseMs],
    );
    return rows.map((row) => this.toClaimed(row));
  }

  private toClaimed(row: JobRow): ClaimedJob {
    return {
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      slot: row.slot ? row.run_at : null,
    };
  }

  private async renew(id: number, attempt: number): Promise<void> {
    await this.deps.db.transaction('read committed', (tx) =>
      tx.query(
        `update jobs set lease_until = $4::timestamptz + $5::int * interval '1 millisecond'
         where id = $1 and worker = $2 and attempts = $3 and status = 'running'`,
        [id, this.workerId, attempt, this.deps.clock.now(), this.leaseMs],
      ),
    );
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const definition = this.definitions.get(job.kind);
    if (!definition) return;
    const heartbeat = setInterval(
      () => {
        this.renew(job.id, job.attempt).catch(() => {});
      },
      Math.max(1000, this.leaseMs / 3),
    );
    let error: string | null = null;
    try {
      await definition.run(job);
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    } finally {
      clearInterval(heartbeat);
    }
    const now = this.deps.clock.now();
    if (error === null) {
      await this.deps.db.transaction('read committed', (tx) =>
        tx.query(
          `update jobs set status = 'done', finished_at = $4, lease_until = null, last_error = ''
           where id = $1 and worker = $2 and attempts = $3 and status = 'running'`,
          [job.id, this.workerId, job.attempt, now],
        ),
      );
      return;
    }
    const dead = job.attempt >= job.maxAttempts;
    const delay = definition.retryDelayMs?.(job.attempt) ?? this.defaultDelay(job.attempt);
    const [row] = await this.deps.db.transaction('read committed', (tx) =>
      tx.query<{ status: string }>(
        `update jobs set status = $4, run_at = $5, lease_until = null, last_error = $6,
           finished_at = case when $4 = 'dead' then $7::timestamptz end
         where id = $1 and worker = $2 and attempts = $3 and status = 'running'
         returning status`,
        [
          job.id,
          this.workerId,
          job.attempt,
          dead ? 'dead' : 'queued',
          new Date(now.getTime() + delay),
          error.slice(0, 2000),
          now,
        ],
      ),
    );
    if (row?.status === 'dead') await this.died(job, error);
  }

  private async died(job: ClaimedJob, error: string): Promise<void> {
    try {
      await this.definitions.get(job.kind)?.onDead?.(job, error);
    } catch (cause) {
      this.options.log?.error({ err: cause, job: job.id }, 'onDead of a job failed');
    }
  }

  private defaultDelay(attempt: number): number {
    const base = Math.min(3_600_000, 10_000 * 2 ** (attempt - 1));
    return Math.round(base * (0.5 + this.deps.rng.fraction() / 2));
  }
}

// The console's view of jobs: the list (dead ones show their last error), and a retry of a dead job.

export interface JobDb {
  id: bigint;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'dead';
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string;
  slot: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const JOB_COLUMNS =
  'id, kind, status, attempts, max_attempts, run_at, last_error, slot, created_at, finished_at';

export async function listJobs(
  db: Queryable,
  filter: { status?: string | undefined; kind?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: JobDb[]; total: number }> {
  const where = ['($1::text is null or status = $1)', '($2::text is null or kind = $2)'];
  const params = [filter.status ?? null, filter.kind ?? null];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from jobs where ${where.join(' and ')}`,
    params,
  );
  const rows = await db.query<JobDb>(
    `select ${JOB_COLUMNS} from jobs where ${where.join(' and ')} order by id desc limit $3 offset $4`,
    [...params, filter.pageSize, (filter.pageNo - 1) * filter.pageSize],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findJob(db: Queryable, id: number): Promise<JobDb | null> {
  const rows = await db.query<JobDb>(`select ${JOB_COLUMNS} from jobs where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Queues a dead job again with a fresh count of attempts; null when the job is not dead. */
export async function retryDeadJob(tx: Queryable, id: number, now: Date): Promise<JobDb | null> {
  const [row] = await tx.query<JobDb>(
    `update jobs set status = 'queued', run_at = $2, attempts = 0, lease_until = null, worker = null,
       finished_at = null
     where id = $1 and status = 'dead' returning ${JOB_COLUMNS}`,
    [id, now],
  );
  return row ?? null;
}
