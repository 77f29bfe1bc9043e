import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { OffsetClock } from '../src/platform/clock.ts';
import { type ClaimedJob, JobRunner } from '../src/platform/jobs.ts';
import { processLocal } from '../src/platform/process-local.ts';
import { RealtimeHub } from '../src/platform/realtime.ts';
import { followTestClock } from '../src/platform/test-clock.ts';
import { type CallerTokens, consoleChecks, openCallerTokens } from './console-checks.ts';
import { startTestApp, type TestApp, TestClock } from './harness.ts';

const URL = '/backoffice/api/test-clock/advance';
let t: TestApp;
let tokens: CallerTokens;
const { lastAudit, operatorOf, expectFailure, expectRefusals } = consoleChecks(
  () => t,
  () => tokens,
);

describe('console: the test clock (TEST_CLOCK)', () => {
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false, config: { testClock: true } });
    tokens = await openCallerTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves the clock forward for the owner (audited) and answers its new time', async () => {
    const before = t.clock.now();
    const res = await t.send('POST', URL, { minutes: 15 }, tokens.owner);
    expect(res.status).toBe(200);
    const now = new Date(before.getTime() + 15 * 60_000).toISOString();
    expect(res.body.value).toEqual({ now });
    expect(t.clock.now().toISOString()).toBe(now);
    // The entry is dated when the owner asked, before the move.
    expect(await lastAudit('test_clock')).toMatchObject({
      operator_username: (await operatorOf(tokens.owner)).username,
      action: 'advance',
      entity_id: 'clock',
      before: { now: before.toISOString() },
      after: { now, minutes: 15 },
      created_at: before,
    });
  });

  it('refuses 0 or 2000 minutes, and a decimal, with the field', async () => {
    const before = t.clock.now().toISOString();
    for (const minutes of [0, 2000, 1.5, '10'])
      expectFailure(await t.send('POST', URL, { minutes }, tokens.owner), 400, 'validation_failed', {
        minutes: expect.any(String),
      });
    expect(t.clock.now().toISOString()).toBe(before);
  });

  it('is refused to every caller but the owner', async () => {
    await expectRefusals(
      [{ method: 'POST', url: URL, body: { minutes: 5 } }],
      ['operations', 'finance', 'support'],
    );
  });

  it('wakes the job runner, which runs the slot the new time made due at once', async () => {
    const ran: ClaimedJob[] = [];
    // A runner of its own that would otherwise sleep 10 minutes between passes: only the wake can run the slot.
    const runner = new JobRunner(t.deps, { pollMs: 600_000 });
    runner.define('test.hourly', { run: async (job) => void ran.push(job) });
    // The clock lands at 13:15, not 13:00: the first test's 15 minutes are kept in the database (the offset all
    // processes share), whatever the rewind of this process's clock before each test. The missed slot runs.
    runner.schedule({
      name: 'test.hourly',
      kind: 'test.hourly',
      cron: '0 * * * *',
      timeZone: 'UTC',
      missed: 'run',
    });
    await runner.runDue(); // the schedule's first pass: nothing is due at 12:00:00
    // start() reads the clock for the loop's first pass before it returns: only a later pass can see 13:00.
    await runner.start();
    try {
      expect(ran).toEqual([]);
      const res = await t.send('POST', URL, { minutes: 60 }, tokens.owner);
      expect(res.status).toBe(200);
      await vi.waitUntil(() => ran.length > 0, { timeout: 10_000, interval: 50 });
      expect(ran.map((job) => job.slot?.toISOString())).toEqual(['2026-06-01T13:00:00.000Z']);
    } finally {
      await runner.stop();
    }
  });
});

describe('the test clock of several processes on one database', () => {
  /** Another server process on t's database: its own clock, hub (LISTEN connection) and job runner, as main.ts starts it. */
  async function anotherProcess(t: TestApp) {
    const clock = new TestClock();
    const realtime = new RealtimeHub(t.db);
    await realtime.start();
    await followTestClock(t.db, realtime, clock);
    const deps = { ...t.deps, clock, realtime, local: processLocal(t.db, realtime, t.config) };
    const app = await buildApp(deps, { logger: false });
    await app.ready();
    return {
      clock,
      deps,
      send: (body: unknown, token: string) =>
        app.inject({
          method: 'POST',
          url: URL,
          payload: body as object,
          headers: { authorization: `Bearer ${token}` },
        }),
      async close() {
        await app.close();
        await realtime.stop();
      },
    };
  }

  it("a move through one process moves every process's clock, and a process started later starts at it", async () => {
    const t = await startTestApp({ runJobs: false, demo: false, config: { testClock: true } });
    const second = await anotherProcess(t);
    const ran: string[] = [];
    // The second process's job runner, which would otherwise sleep 10 minutes between passes: only the move
    // (its clock moved, then its runner woken) can run the 13:00 slot, and it does by the second process's time.
    const runner = new JobRunner(second.deps, { pollMs: 600_000 });
    runner.define('test.hourly', { run: async (job) => void ran.push(job.slot?.toISOString() ?? '') });
    runner.schedule({
      name: 'test.hourly',
      kind: 'test.hourly',
      cron: '0 * * * *',
      timeZone: 'UTC',
      missed: 'skip',
    });
    try {
      await runner.runDue();
      await runner.start();
      const owner = await t.operatorToken('owner');
      expect(second.clock.now().toISOString()).toBe('2026-06-01T12:00:00.000Z');
      const res = await t.send('POST', URL, { minutes: 60 }, owner);
      expect(res.status).toBe(200);
      expect(t.clock.now().toISOString()).toBe('2026-06-01T13:00:00.000Z');
      await vi.waitUntil(() => second.clock.now().getTime() > Date.parse('2026-06-01T12:00:00Z'), {
        timeout: 10_000,
        interval: 20,
      });
      expect(second.clock.now().toISOString()).toBe('2026-06-01T13:00:00.000Z');
      await vi.waitUntil(() => ran.length > 0, { timeout: 10_000, interval: 50 });
      expect(ran).toEqual(['2026-06-01T13:00:00.000Z']);
      // The offset is kept in the database: a process that starts now starts at the moved time.
      const third = await anotherProcess(t);
      expect(third.clock.now().toISOString()).toBe('2026-06-01T13:00:00.000Z');
      await third.close();
      // A move sent through the other process is followed as well (a new session: the first one idled out).
      const again = await second.send({ minutes: 5 }, await t.operatorToken('owner'));
      expect(again.statusCode).toBe(200);
      await vi.waitUntil(() => t.clock.now().toISOString() === '2026-06-01T13:05:00.000Z', {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await runner.stop();
      await second.close();
      await t.close();
    }
  });
});

describe('console: the test clock when TEST_CLOCK is off', () => {
  it('does not exist, for the owner too', async () => {
    const off = await startTestApp({ runJobs: false, demo: false });
    try {
      const owner = await off.operatorToken('owner');
      const res = await off.send('POST', URL, { minutes: 5 }, owner);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, value: null });
    } finally {
      await off.close();
    }
  });
});

describe('TEST_CLOCK in the configuration', () => {
  it('is off by default, on with 1, and refused in production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(loadConfig({ TEST_CLOCK: '0', NODE_ENV: 'production' }).testClock).toBe(false);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK is for tests only/,
    );
  });
});

describe('the offset clock', () => {
  // The machine's clock is held still (and moved by hand) so that no assertion races a millisecond tick.
  const machine = { ms: Date.parse('2026-06-01T12:00:00Z') };
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockImplementation(() => machine.ms);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is real time plus what it was moved, and never goes back', () => {
    const clock = new OffsetClock();
    const start = machine.ms;
    clock.advance(10 * 60_000);
    expect(clock.now().getTime()).toBe(start + 10 * 60_000);
    machine.ms += 1_500;
    expect(clock.now().getTime()).toBe(start + 1_500 + 10 * 60_000);
    const moved = clock.now().getTime();
    machine.ms = start - 3_600_000; // the machine's clock jumps back an hour
    expect(clock.now().getTime()).toBe(moved);
    machine.ms = start + 1_500;
    expect(() => clock.advance(0)).toThrow(RangeError);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.now().getTime()).toBe(moved);
  });

  it('follows a shared offset forward, never back', () => {
    const clock = new OffsetClock();
    const start = machine.ms;
    clock.offsetTo(30 * 60_000);
    const moved = clock.now().getTime();
    expect(moved).toBe(start + 30 * 60_000);
    clock.offsetTo(10 * 60_000); // an older offset, told late
    expect(clock.now().getTime()).toBe(moved);
    machine.ms += 2_000;
    expect(clock.now().getTime()).toBe(start + 2_000 + 30 * 60_000);
    clock.offsetTo(45 * 60_000);
    expect(clock.now().getTime()).toBe(start + 2_000 + 45 * 60_000);
  });
});
