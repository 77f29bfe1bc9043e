import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { OffsetClock } from '../src/platform/clock.ts';
import { type ClaimedJob, JobRunner } from '../src/platform/jobs.ts';
import { type CallerTokens, consoleChecks, openCallerTokens } from './console-checks.ts';
import { startTestApp, type TestApp } from './harness.ts';

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
    runner.schedule({
      name: 'test.hourly',
      kind: 'test.hourly',
      cron: '0 * * * *',
      timeZone: 'UTC',
      missed: 'skip',
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
  it('is real time plus what it was moved, and never goes back', () => {
    const clock = new OffsetClock();
    const start = Date.now();
    clock.advance(10 * 60_000);
    const moved = clock.now().getTime();
    expect(moved).toBeGreaterThanOrEqual(start + 10 * 60_000);
    expect(moved).toBeLessThan(Date.now() + 10 * 60_000 + 1_000);
    const spy = vi.spyOn(Date, 'now').mockReturnValue(start - 3_600_000); // the machine's clock jumps back an hour
    try {
      expect(clock.now().getTime()).toBe(moved);
    } finally {
      spy.mockRestore();
    }
    expect(() => clock.advance(0)).toThrow(RangeError);
  });
});
