import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { dueSlots, enqueue, JobRunner, retryDeadJob, slotsBetween } from '../src/platform/jobs.ts';
import { seededRng } from '../src/platform/rng.ts';
import { openTestDatabase, TEST_DATABASE, TestClock } from './harness.ts';

const onPostgres = TEST_DATABASE === 'postgres';

/** The database, noting each transaction and statement it has finished ('transaction', 'statement'), in order. */
function counting(db: Database, finished: string[]): Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction')
        return async (...args: Parameters<Database['transaction']>) => {
          const result = await target.transaction(...args);
          finished.push('transaction');
          return result;
        };
      if (prop === 'query')
        return async (...args: Parameters<Database['query']>) => {
          const result = await target.query(...args);
          finished.push('statement');
          return result;
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('jobs', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const clock = new TestClock();
  const runners: JobRunner[] = [];
  const runner = (options: ConstructorParameters<typeof JobRunner>[1] = {}) => {
    const made = new JobRunner({ db, clock, rng: seededRng(`runner-${runners.length}`) }, options);
    runners.push(made);
    return made;
  };
  const status = async (id: number) =>
    (
      await db.query<{ status: string; attempts: number; last_error: string }>(
        'select status, attempts, last_error from jobs where id = $1',
        [id],
      )
    )[0];

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await db.query('delete from jobs');
    await db.query('delete from job_schedules');
  });
  afterAll(async () => {
    await drop();
  });

  it('runs a job only once its transaction has committed', async () => {
    const ran: unknown[] = [];
    const r = runner().define('note', { run: async (job) => void ran.push(job.payload) });
    await db
      .transaction('read committed', async (tx) => {
        await enqueue(tx, { kind: 'note', payload: { n: 1 }, runAt: clock.now() }, clock.now());
        throw new Error('rolled back');
      })
      .catch(() => {});
    const id = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'note', payload: { n: 2 }, runAt: clock.now() }, clock.now()),
    );
    expect(await r.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 2 }]);
    expect(await status(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await r.runDue()).toBe(0);
  });

  it('wakes a started runner when a job is committed', async () => {
    const ran: number[] = [];
    const r = runner({ pollMs: 60_000 }).define('wake', { run: async () => void ran.push(1) });
    await r.start();
    await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'wake', runAt: clock.now() }, clock.now()),
    );
    await expect.poll(() => ran.length, { timeout: 5000 }).toBe(1);
  });

  it('stop (a shutdown) waits for the run under way to finish, then starts no other', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const ran: number[] = [];
    const r = runner({ pollMs: 60_000 }).define('step', {
      run: async (job) => {
        ran.push(Number(job.payload.n));
        reached();
        await gate;
      },
    });
    const first = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'step', payload: { n: 1 }, runAt: clock.now() }, clock.now()),
    );
    await r.start();
    await started;
    const second = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'step', payload: { n: 2 }, runAt: clock.now() }, clock.now()),
    );
    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    // Still running its step: the stop waits for it.
    expect(await status(first)).toMatchObject({ status: 'running' });
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await status(first)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await status(second)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(ran).toEqual([1]);
  });

  it("a pass returns only when no run this process started is still under way, the loop's included", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    // The runner's database, counting the statements and transactions it has finished: the pass's are how the test
    // knows it has looked for work and is now waiting, with no sleep.
    const finished: string[] = [];
    const r = new JobRunner(
      { db: counting(db, finished), clock, rng: seededRng('runner-gate') },
      { pollMs: 60_000 },
    );
    runners.push(r);
    r.define('slow', {
      run: async () => {
        started = true;
        await gate;
      },
    });
    await r.start();
    const id = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'slow', runAt: clock.now() }, clock.now()),
    );
    // The background loop claims it; a caller's pass finds nothing to claim and waits for that run.
    await expect.poll(() => started, { timeout: 5000 }).toBe(true);
    let returned = false;
    const before = finished.length;
    const pass = r.runDue().then((ran) => {
      returned = true;
      return ran;
    });
    // The pass buries abandoned runs and claims (a statement each), finds nothing and waits for the loop's run.
    await expect.poll(() => finished.length).toBeGreaterThanOrEqual(before + 2);
    expect(returned).toBe(false);
    release();
    expect(await pass).toBe(0);
    expect(await status(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failure with backoff, then leaves the job dead; the console retry queues it again', async () => {
    let fail = true;
    const dead: string[] = [];
    const r = runner().define('flaky', {
      run: async () => {
        if (fail) throw new Error('gateway down');
      },
      onDead: async (_job, error) => void dead.push(error),
      retryDelayMs: (attempt) => attempt * 1000,
    });
    const id = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'flaky', runAt: clock.now(), maxAttempts: 3 }, clock.now()),
    );
    await r.runDue();
    expect(await status(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Error: gateway down',
    });
    // Not due before its backoff has passed.
    expect(await r.runDue()).toBe(0);
    clock.advance(1000);
    await r.runDue();
    expect(await status(id)).toMatchObject({ status: 'queued', attempts: 2 });
    clock.advance(2000);
    await r.runDue();
    expect(await status(id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead).toEqual(['Error: gateway down']);
    clock.advance(3_600_000);
    expect(await r.runDue()).toBe(0);

    fail = false;
    expect(await db.transaction('read committed', (tx) => retryDeadJob(tx, id, clock.now()))).toMatchObject({
      kind: 'flaky',
    });
    expect(await db.transaction('read committed', (tx) => retryDeadJob(tx, id, clock.now()))).toBeNull();
    await r.runDue();
    expect(await status(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands a job whose worker died to another worker when the lease ends, and fences the old one', async () => {
    let releaseFirst: () => void = () => {};
    const runsBy: string[] = [];
    const hanging = runner({ leaseMs: 30_000, workerId: 'first' }).define('long', {
      run: () => {
        runsBy.push('first');
        return new Promise<void>((resolve) => {
          releaseFirst = resolve;
        });
      },
    });
    const second = runner({ leaseMs: 30_000, workerId: 'second' }).define('long', {
      run: async () => void runsBy.push('second'),
    });
    const id = await db.transaction('read committed', (tx) =>
      enqueue(tx, { kind: 'long', runAt: clock.now() }, clock.now()),
    );
    const firstPass = hanging.runDue();
    await expect.poll(() => runsBy.length).toBe(1);
    // While the lease holds, nobody else takes it.
    expect(await second.runDue()).toBe(0);
    clock.advance(30_001);
    expect(await second.runDue()).toBe(1);
    expect(await status(id)).toMatchObject({ status: 'done', attempts: 2 });
    // The first worker comes back: its late finish changes nothing.
    releaseFirst();
    await firstPass;
    const [row] = await db.query<{ worker: string; status: string }>(
      'select worker, status from jobs where id = $1',
      [id],
    );
    expect(row).toEqual({ worker: 'second', status: 'done' });
    expect(runsBy).toEqual(['first', 'second']);
  });

  it('enumerates slots of a schedule in its time zone', () => {
    const daily = {
      name: 'draw',
      kind: 'x',
      cron: '15 16 * * *',
      timeZone: 'Asia/Ho_Chi_Minh',
      missed: 'run' as const,
    };
    expect(slotsBetween(daily, new Date('2026-06-01T00:00:00Z'), new Date('2026-06-03T00:00:00Z'))).toEqual([
      new Date('2026-06-01T09:15:00Z'),
      new Date('2026-06-02T09:15:00Z'),
    ]);
    const every5 = { ...daily, cron: '*/5 * * * *', timeZone: 'UTC' };
    expect(
      slotsBetween(every5, new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T00:12:00Z')),
    ).toHaveLength(2);
  });

  it('after downtime, looks at a skipping schedule’s slots within its grace and its last slot only', () => {
    const minute = {
      name: 'sweep',
      kind: 'x',
      cron: '* * * * *',
      timeZone: 'UTC',
      missed: 'skip' as const,
      graceMs: 90_000,
    };
    const twoDaysBehind = new Date('2026-06-01T00:00:00Z');
    const now = new Date('2026-06-03T00:00:30Z');
    // The slots of the last 90 s, all of them, and the last is remembered: no walk through the 2,880 dropped.
    expect(dueSlots(minute, twoDaysBehind, now)).toEqual({
      due: [new Date('2026-06-02T23:59:00Z'), new Date('2026-06-03T00:00:00Z')],
      last: new Date('2026-06-03T00:00:00Z'),
    });
    // An hourly schedule 20 minutes past its slot, beyond a grace of a minute: nothing due, the slot remembered.
    const hourly = { ...minute, cron: '40 * * * *', timeZone: 'Asia/Ho_Chi_Minh', graceMs: 60_000 };
    expect(dueSlots(hourly, twoDaysBehind, new Date('2026-06-03T01:00:00Z'))).toEqual({
      due: [],
      last: new Date('2026-06-03T00:40:00Z'),
    });
    // Nothing after the last slot yet; a slot exactly at now is due.
    expect(dueSlots(hourly, new Date('2026-06-03T00:40:00Z'), new Date('2026-06-03T01:00:00Z'))).toEqual({
      due: [],
      last: null,
    });
    expect(dueSlots(hourly, new Date('2026-06-03T00:40:00Z'), new Date('2026-06-03T01:40:00Z'))).toEqual({
      due: [new Date('2026-06-03T01:40:00Z')],
      last: new Date('2026-06-03T01:40:00Z'),
    });
    // A catching-up schedule gets every missed slot, oldest first.
    const catchUp = { ...hourly, missed: 'run' as const };
    expect(dueSlots(catchUp, new Date('2026-06-03T00:40:00Z'), new Date('2026-06-03T03:00:00Z'))).toEqual({
      due: [new Date('2026-06-03T01:40:00Z'), new Date('2026-06-03T02:40:00Z')],
      last: new Date('2026-06-03T02:40:00Z'),
    });
  });

  it('runs each scheduled slot once, and after downtime runs or skips the missed ones as declared', async () => {
    clock.set(new Date('2026-06-01T12:00:30Z'));
    const ran: Record<string, string[]> = { catchUp: [], skip: [] };
    const r = runner()
      .define('catchUp', { run: async (job) => void ran.catchUp?.push(job.slot?.toISOString() ?? '') })
      .define('skip', { run: async (job) => void ran.skip?.push(job.slot?.toISOString() ?? '') })
      .schedule({
        name: 'every-minute-run',
        kind: 'catchUp',
        cron: '* * * * *',
        timeZone: 'UTC',
        missed: 'run',
      })
      .schedule({
        name: 'every-minute-skip',
        kind: 'skip',
        cron: '* * * * *',
        timeZone: 'UTC',
        missed: 'skip',
      });
    // The first pass starts the schedules from now: nothing before it runs.
    expect(await r.runDue()).toBe(0);
    clock.advance(60_000);
    await r.runDue();
    await r.runDue();
    expect(ran.catchUp).toEqual(['2026-06-01T12:01:00.000Z']);
    expect(ran.skip).toEqual(['2026-06-01T12:01:00.000Z']);
    // Down for five minutes.
    clock.advance(5 * 60_000);
    await r.runDue();
    expect(ran.catchUp).toEqual([
      '2026-06-01T12:01:00.000Z',
      '2026-06-01T12:02:00.000Z',
      '2026-06-01T12:03:00.000Z',
      '2026-06-01T12:04:00.000Z',
      '2026-06-01T12:05:00.000Z',
      '2026-06-01T12:06:00.000Z',
    ]);
    // Skipped slots older than the grace period (one minute by default): only 12:06 ran.
    expect(ran.skip).toEqual(['2026-06-01T12:01:00.000Z', '2026-06-01T12:06:00.000Z']);
    // A second runner scheduling the same slots adds nothing.
    const other = runner()
      .define('catchUp', { run: async () => void ran.catchUp?.push('again') })
      .schedule({
        name: 'every-minute-run',
        kind: 'catchUp',
        cron: '* * * * *',
        timeZone: 'UTC',
        missed: 'run',
      });
    await other.runDue();
    expect(ran.catchUp).not.toContain('again');
  });

  it('an idle pass sends two statements: a schedule whose next slot is ahead is not read until that slot', async () => {
    clock.set(new Date('2026-06-01T12:00:30Z'));
    const sent: string[] = [];
    const ran: string[] = [];
    const r = new JobRunner({ db: counting(db, sent), clock, rng: seededRng('runner-idle') });
    runners.push(r);
    r.define('tick', { run: async (job) => void ran.push(job.slot?.toISOString() ?? '') });
    for (const name of ['a', 'b', 'c'])
      r.schedule({
        name: `every-minute-${name}`,
        kind: 'tick',
        cron: '* * * * *',
        timeZone: 'UTC',
        missed: 'run',
      });
    // The first pass reads each schedule once (a transaction each), then buries and claims.
    await r.runDue();
    expect(sent).toEqual(['transaction', 'transaction', 'transaction', 'statement', 'statement']);
    // Until 12:01 nothing is due: the schedules cost nothing.
    sent.length = 0;
    clock.advance(20_000);
    await r.runDue();
    expect(sent).toEqual(['statement', 'statement']);
    // At 12:01 each schedule's slot is due, and runs once.
    clock.advance(10_000);
    await r.runDue();
    expect(ran).toEqual(['2026-06-01T12:01:00.000Z', '2026-06-01T12:01:00.000Z', '2026-06-01T12:01:00.000Z']);
  });

  it('refuses a schedule of an undefined job or with a bad pattern', () => {
    const r = runner().define('x', { run: async () => {} });
    expect(() =>
      r.schedule({ name: 'nope', kind: 'missing', cron: '* * * * *', timeZone: 'UTC', missed: 'run' }),
    ).toThrow(/no job missing/);
    expect(() =>
      r.schedule({ name: 'bad', kind: 'x', cron: 'every day', timeZone: 'UTC', missed: 'run' }),
    ).toThrow();
  });

  it.runIf(onPostgres)(
    'runs each job once when two runners claim at the same time (real PostgreSQL)',
    async () => {
      await db.query('create table if not exists job_effects (job_id bigint not null, worker text not null)');
      const make = (name: string) =>
        runner({ workerId: name, concurrency: 3 }).define('count', {
          run: async (job) => {
            await new Promise((resolve) => setTimeout(resolve, 10));
            await db.transaction('read committed', (tx) =>
              tx.query('insert into job_effects values ($1, $2)', [job.id, name]),
            );
          },
        });
      const a = make('a');
      const b = make('b');
      await db.transaction('read committed', async (tx) => {
        for (let n = 0; n < 40; n += 1) await enqueue(tx, { kind: 'count', runAt: clock.now() }, clock.now());
      });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(40);
      const effects = await db.query<{ job_id: bigint; n: number }>(
        'select job_id, count(*)::int as n from job_effects group by job_id',
      );
      expect(effects).toHaveLength(40);
      expect(effects.every((row) => row.n === 1)).toBe(true);
      const workers = await db.query<{ worker: string }>(
        'select distinct worker from job_effects order by 1',
      );
      expect(workers.map((row) => row.worker)).toEqual(['a', 'b']);
    },
  );
});

describe.runIf(onPostgres)('scheduled slots across server processes (real PostgreSQL)', () => {
  it('runs each slot once with two server processes on one database; a third with JOBS=0 runs none', async () => {
    const { startServer } = await import('../../../e2e/start-server.ts');
    const { db, drop, url } = await openTestDatabase();
    const env = { DATABASE_URL: url, HOUSEKEEPING_CRON: '* * * * * *', DEMO_SEED: '0' };
    // Started at once, as a deployment's instances are: each start-up waits mostly on its child process.
    const [first, second, idle] = await Promise.all([
      startServer(env, { compiled: true }),
      startServer(env, { compiled: true }),
      startServer({ ...env, JOBS: '0' }, { compiled: true }),
    ]);
    try {
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                "select count(distinct worker)::int as n from jobs where kind = 'housekeeping' and status = 'done'",
              )
            )[0]?.n,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(2);
    } finally {
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
      expect(await idle.stop()).toBe(0);
    }
    const workers = await db.query<{ worker: string }>(
      "select distinct worker from jobs where kind = 'housekeeping' and worker is not null",
    );
    // Worker ids are host:pid:random; the JOBS=0 process claimed nothing.
    expect(workers.map((row) => row.worker.split(':')[1]).sort()).toEqual(
      [String(first.pid), String(second.pid)].sort(),
    );
    const slots = await db.query<{ slot: string; status: string; attempts: number }>(
      "select slot, status, attempts from jobs where kind = 'housekeeping' order by slot",
    );
    expect(slots.length).toBeGreaterThanOrEqual(2);
    // One row per slot (a second process scheduling the same slot adds nothing), each claimed and run once.
    expect(new Set(slots.map((row) => row.slot)).size).toBe(slots.length);
    for (const row of slots) {
      expect(row.attempts).toBeLessThanOrEqual(1);
      if (row.status !== 'queued') expect(row).toMatchObject({ status: 'done', attempts: 1 });
    }
    await drop();
  }, 60_000);
});
