import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMoneyDay, addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { addPlayWindow, insertContract } from '../../../test/factories/agents-settlement.ts';
import { fundMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildJobRunner } from '../../jobs.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { billPostingKey, daySpan, settleDividends, settleSpan } from './settlement.ts';

/**
 * Settlement on the database: the jobs' slots, the bills and their ledger postings, exactly once with two job
 * runners, the payer upline without funds, dividends with their carry. The roll-ups are filled by the factories
 * as the roll-up job would.
 */
describe('agents settlement', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    // The merchant's days are Vietnam's (UTC+7): its 1 June ends at 17:00 UTC.
    await t.db.query(`update merchant set time_zone = 'Asia/Ho_Chi_Minh'`);
  });
  afterEach(() => t.close());

  const bills = (agentId: number) =>
    t.db.query<{
      kind: string;
      status: string;
      amount: bigint;
      paid: bigint;
      gross: bigint;
      downline_gross: bigint;
      carried_in: bigint;
      tier: number | null;
      payer: string;
      period_start: Date;
      metrics: Record<string, unknown>;
    }>('select * from agent_bills where agent_id = $1 order by period_start', [agentId]);
  const postingsOf = (agentId: number) =>
    t.db.query<{ idempotency_key: string; kind: string }>(
      `select idempotency_key, kind from ledger_transactions where member_id = $1 and reference like 'agent-bill:%'
       order by id`,
      [agentId],
    );

  /** A (platform-paid) over B (paid by A): the daily salary example of §A4 with small active counts. */
  async function dailyTree() {
    const a = await placeMember(t.db, { type: 1 });
    const b = await placeMember(t.db, { type: 1, upline: a });
    const a1 = await placeMember(t.db, { upline: a });
    const b1 = await placeMember(t.db, { upline: b });
    const day = '2026-06-01';
    await addPlayDay(t.db, { memberId: a1, day, product: 'LOTT', validBet: 50_000_000n });
    await addPlayDay(t.db, { memberId: b1, day, product: 'LOTT', validBet: 30_000_000n });
    for (const id of [a1, b1]) await addMoneyDay(t.db, { memberId: id, day, deposits: 100_000n });
    const since = new Date('2026-05-01T00:00:00Z');
    await insertContract(t.db, {
      agentId: a,
      kind: 'daily_salary',
      tiers: [
        { minimumBet: 10_000_000n, activeMember: 1, percent: 0.3 },
        { minimumBet: 50_000_000n, activeMember: 2, percent: 0.5 },
      ],
      acceptedAt: since,
    });
    await insertContract(t.db, {
      agentId: b,
      kind: 'daily_salary',
      uplineId: a,
      payer: 'upline',
      tiers: [{ minimumBet: 10_000_000n, activeMember: 1, percent: 0.3 }],
      acceptedAt: since,
    });
    return { a, b };
  }

  it('settles the daily salary of each agent exactly once with two job runners: 310,000 and 90,000', async () => {
    const { a, b } = await dailyTree();
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    await Promise.all(runners.map((runner) => runner.runDue()));
    // The first slot after the merchant's midnight (17:00 UTC) settles its 1 June; both runners race for it.
    t.clock.set(new Date('2026-06-01T17:31:00Z'));
    await Promise.all(runners.map((runner) => runner.runDue()));
    t.clock.set(new Date('2026-06-01T18:31:00Z'));
    await Promise.all(runners.map((runner) => runner.runDue()));

    const [billA] = await bills(a);
    expect(await bills(a)).toHaveLength(1);
    expect(billA).toMatchObject({ kind: 'daily_salary', tier: 1, gross: 400_000n, downline_gross: 90_000n });
    expect(billA).toMatchObject({ amount: 310_000n, paid: 310_000n, status: 'paid', payer: 'platform' });
    expect(billA?.period_start).toEqual(new Date('2026-05-31T17:00:00Z'));
    const [billB] = await bills(b);
    expect(await bills(b)).toHaveLength(1);
    expect(billB).toMatchObject({ amount: 90_000n, paid: 90_000n, status: 'paid', payer: 'upline' });
    // A paid B from what it was paid: 310,000 − 90,000.
    expect(await sumBalance(t.db, a)).toBe(220_000n);
    expect(await sumBalance(t.db, b)).toBe(90_000n);
    const start = new Date('2026-05-31T17:00:00Z');
    expect(await postingsOf(a)).toEqual([
      {
        idempotency_key: billPostingKey(
          { kind: 'daily_salary', agentId: a, product: 'LOTT', periodStart: start },
          1,
        ),
        kind: 'salary',
      },
    ]);
    expect((await postingsOf(a))[0]?.idempotency_key).toBe(
      `agents:daily_salary:${a}:LOTT:${start.toISOString()}`,
    );
    expect(await postingsOf(b)).toHaveLength(1);

    // Two settlements of the same day at once (a slot taken over after its lease ended) still make one bill each.
    const span = daySpan(
      { from: parseIsoDate('2026-06-01'), to: parseIsoDate('2026-06-01') },
      'Asia/Ho_Chi_Minh',
    );
    const again = await Promise.all([
      settleSpan(t.deps, 'daily_salary', span, t.clock.now()),
      settleSpan(t.deps, 'daily_salary', span, t.clock.now()),
    ]);
    expect(again.map((run) => run.bills)).toEqual([0, 0]);
    expect(await postingsOf(a)).toHaveLength(1);
    // The run of 1 June holds both bills; the slots before it settled 31 May, where nobody played.
    const runs = await t.db.query<{ bills: number; total_amount: bigint; total_paid: bigint }>(
      `select bills, total_amount, total_paid from agent_settlement_runs
        where kind = 'daily_salary' and period_start = $1`,
      [start],
    );
    expect(runs).toEqual([{ bills: 2, total_amount: 400_000n, total_paid: 400_000n }]);
  });

  it('bills races of the same period once: two settlements at once on a fresh period', async () => {
    const { a, b } = await dailyTree();
    const span = daySpan(
      { from: parseIsoDate('2026-06-01'), to: parseIsoDate('2026-06-01') },
      'Asia/Ho_Chi_Minh',
    );
    const runs = await Promise.all([
      settleSpan(t.deps, 'daily_salary', span, t.clock.now()),
      settleSpan(t.deps, 'daily_salary', span, t.clock.now()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.bills, 0)).toBe(2);
    expect(await bills(a)).toHaveLength(1);
    expect(await bills(b)).toHaveLength(1);
    expect(await postingsOf(a)).toHaveLength(1);
    expect(await postingsOf(b)).toHaveLength(1);
    expect(await sumBalance(t.db, a)).toBe(220_000n);
  });

  it('has an upline without the funds pay what it has, never going negative, and the rest on a later run', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const b = await placeMember(t.db, { type: 1, upline: a });
    const b1 = await placeMember(t.db, { upline: b });
    await addPlayDay(t.db, { memberId: b1, day: '2026-06-01', product: 'LOTT', validBet: 30_000_000n });
    await addMoneyDay(t.db, { memberId: b1, day: '2026-06-01', deposits: 100_000n });
    await insertContract(t.db, {
      agentId: b,
      kind: 'daily_salary',
      uplineId: a,
      payer: 'upline',
      tiers: [{ minimumBet: 10_000_000n, activeMember: 1, percent: 0.3 }],
      acceptedAt: new Date('2026-05-01T00:00:00Z'),
    });
    await fundMember(t, a, 50_000n);
    const runner = buildJobRunner(t.deps);
    await runner.runDue();
    t.clock.set(new Date('2026-06-01T17:31:00Z'));
    await runner.runDue();
    expect(await bills(b)).toMatchObject([{ amount: 90_000n, paid: 50_000n, status: 'partly_paid' }]);
    expect(await sumBalance(t.db, a)).toBe(0n);
    expect(await sumBalance(t.db, b)).toBe(50_000n);

    // Still nothing on the upline: the next run leaves it as it is.
    t.clock.set(new Date('2026-06-01T18:31:00Z'));
    await runner.runDue();
    expect(await bills(b)).toMatchObject([{ paid: 50_000n, status: 'partly_paid' }]);

    // The upline has money again: the next run pays the rest, as a second posting.
    await fundMember(t, a, 100_000n);
    t.clock.set(new Date('2026-06-01T19:31:00Z'));
    await runner.runDue();
    expect(await bills(b)).toMatchObject([{ paid: 90_000n, status: 'paid' }]);
    expect(await sumBalance(t.db, a)).toBe(60_000n);
    expect(await sumBalance(t.db, b)).toBe(90_000n);
    const key = `agents:daily_salary:${b}:LOTT:${new Date('2026-05-31T17:00:00Z').toISOString()}`;
    expect((await postingsOf(b)).map((row) => row.idempotency_key)).toEqual([key, `${key}:2`]);
  });

  it('bills an upline with nothing as insufficient', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const b = await placeMember(t.db, { type: 1, upline: a });
    const b1 = await placeMember(t.db, { upline: b });
    await addPlayDay(t.db, { memberId: b1, day: '2026-06-01', product: 'LOTT', validBet: 30_000_000n });
    await insertContract(t.db, {
      agentId: b,
      kind: 'daily_salary',
      uplineId: a,
      payer: 'upline',
      tiers: [{ minimumBet: 10_000_000n, percent: 0.3 }],
      acceptedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const span = daySpan(
      { from: parseIsoDate('2026-06-01'), to: parseIsoDate('2026-06-01') },
      'Asia/Ho_Chi_Minh',
    );
    await settleSpan(t.deps, 'daily_salary', span, t.clock.now());
    expect(await bills(b)).toMatchObject([{ amount: 90_000n, paid: 0n, status: 'insufficient' }]);
    expect(await postingsOf(b)).toEqual([]);
  });

  it('pays real-time salary per window on the differential (B 5,000, A 3,000), for the window closed 5 minutes before', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const b = await placeMember(t.db, { type: 1, upline: a });
    const member = await placeMember(t.db, { upline: b });
    const since = new Date('2026-05-01T00:00:00Z');
    await insertContract(t.db, {
      agentId: a,
      kind: 'realtime_salary',
      tiers: [{ percent: 0.8 }],
      acceptedAt: since,
    });
    await insertContract(t.db, {
      agentId: b,
      kind: 'realtime_salary',
      uplineId: a,
      tiers: [{ percent: 0.5 }],
      acceptedAt: since,
    });
    // Settled at 12:03: the window 12:00–12:05; a late settlement at 12:07 falls into the next window.
    await addPlayWindow(t.db, {
      memberId: member,
      windowStart: new Date('2026-06-01T12:00:00Z'),
      product: 'LOTT',
      validBet: 1_000_000n,
    });
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    await Promise.all(runners.map((runner) => runner.runDue()));
    t.clock.set(new Date('2026-06-01T12:09:00Z'));
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(await bills(a)).toEqual([]);
    await addPlayWindow(t.db, {
      memberId: member,
      windowStart: new Date('2026-06-01T12:05:00Z'),
      product: 'LOTT',
      validBet: 2_000_000n,
    });
    t.clock.set(new Date('2026-06-01T12:10:30Z'));
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(await bills(b)).toMatchObject([{ amount: 5_000n, status: 'paid' }]);
    expect(await bills(a)).toMatchObject([
      { gross: 8_000n, downline_gross: 5_000n, amount: 3_000n, status: 'paid' },
    ]);
    t.clock.set(new Date('2026-06-01T12:15:30Z'));
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect((await bills(b)).map((bill) => bill.amount)).toEqual([5_000n, 10_000n]);
    expect((await bills(a)).map((bill) => bill.amount)).toEqual([3_000n, 6_000n]);
    expect(await sumBalance(t.db, a)).toBe(9_000n);
    expect(await sumBalance(t.db, b)).toBe(15_000n);
  });

  it('pays an hourly salary at a fixed rate for the hour just ended, and bills a team below the tier as not reached', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const other = await placeMember(t.db, { type: 1 });
    const member = await placeMember(t.db, { upline: a });
    const otherMember = await placeMember(t.db, { upline: other });
    await addPlayWindow(t.db, {
      memberId: otherMember,
      windowStart: new Date('2026-06-01T12:30:00Z'),
      product: 'LOTT',
      validBet: 99_999n,
    });
    const since = new Date('2026-05-01T00:00:00Z');
    for (const agentId of [a, other]) {
      await insertContract(t.db, {
        agentId,
        kind: 'hourly_salary',
        tiers: [{ minimumBet: 100_000n, activeMember: 1, fixed: 20_000n }],
        acceptedAt: since,
      });
    }
    await addPlayWindow(t.db, {
      memberId: member,
      windowStart: new Date('2026-06-01T12:20:00Z'),
      product: 'LOTT',
      validBet: 60_000n,
    });
    await addPlayWindow(t.db, {
      memberId: member,
      windowStart: new Date('2026-06-01T12:55:00Z'),
      product: 'LOTT',
      validBet: 60_000n,
    });
    const runner = buildJobRunner(t.deps);
    await runner.runDue();
    t.clock.set(new Date('2026-06-01T13:06:00Z'));
    await runner.runDue();
    expect(await bills(a)).toMatchObject([
      { kind: 'hourly_salary', tier: 0, amount: 20_000n, status: 'paid' },
    ]);
    expect(await bills(other)).toMatchObject([{ tier: null, amount: 0n, status: 'not_reached' }]);
    expect(await sumBalance(t.db, a)).toBe(20_000n);
  });

  it('bills dividends after each period for approval, carrying a negative period into the next within the month', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const a1 = await placeMember(t.db, { upline: a });
    await insertContract(t.db, {
      agentId: a,
      kind: 'dividend',
      tiers: [
        { minimumBet: 300_000_000n, netLoss: 10_000_000n, activeMember: 1, percent: 10 },
        { minimumBet: 1_000_000_000n, netLoss: 50_000_000n, activeMember: 1, percent: 20 },
      ],
      acceptedAt: new Date('2026-05-01T00:00:00Z'),
    });
    // 1–15 June: the team won 20,000,000 from the house; 16–30 June: it lost 80,000,000.
    await addPlayDay(t.db, {
      memberId: a1,
      day: '2026-06-03',
      product: 'LOTT',
      validBet: 100_000_000n,
      payout: 120_000_000n,
    });
    await addPlayDay(t.db, {
      memberId: a1,
      day: '2026-06-20',
      product: 'LOTT',
      validBet: 1_200_000_000n,
      payout: 1_120_000_000n,
    });
    for (const day of ['2026-06-03', '2026-06-20'])
      await addMoneyDay(t.db, { memberId: a1, day, deposits: 1_000n });

    await settleDividends(t.deps, new Date('2026-06-16T01:00:00Z'), t.clock.now());
    await settleDividends(t.deps, new Date('2026-07-01T01:00:00Z'), t.clock.now());
    const [first, second] = await bills(a);
    expect(first).toMatchObject({ status: 'not_reached', amount: 0n, carried_in: 0n });
    expect(first?.metrics).toMatchObject({ netLoss: '-20000000', netLossAfterCarry: '-20000000' });
    expect(second).toMatchObject({
      status: 'unapproved',
      carried_in: -20_000_000n,
      tier: 1,
      amount: 12_000_000n,
    });
    expect(second?.period_start).toEqual(new Date('2026-06-15T17:00:00Z'));
    // Nothing is paid before an operator approves it.
    expect(await sumBalance(t.db, a)).toBe(0n);
    // A later slot of the same day makes nothing twice.
    await settleDividends(t.deps, new Date('2026-07-01T02:00:00Z'), t.clock.now());
    expect(await bills(a)).toHaveLength(2);
  });
  it('settles every kind exactly once when two job runners race through the slots around a period end', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const member = await placeMember(t.db, { upline: a });
    const since = new Date('2026-05-01T00:00:00Z');
    const flat = [{ minimumBet: 1n, netLoss: 1n, activeMember: 1, percent: 1 }];
    for (const kind of ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const)
      await insertContract(t.db, { agentId: a, kind, tiers: flat, acceptedAt: since });
    // 15 June (local) play: a day, an hour (17:00–18:00 UTC is 00:00–01:00 on the 16th) and a window.
    await addPlayDay(t.db, { memberId: member, day: '2026-06-15', product: 'LOTT', validBet: 1_000_000n });
    await addMoneyDay(t.db, { memberId: member, day: '2026-06-15', deposits: 1_000n });
    await addPlayWindow(t.db, {
      memberId: member,
      windowStart: new Date('2026-06-15T17:10:00Z'),
      product: 'LOTT',
      validBet: 500_000n,
    });
    t.clock.set(new Date('2026-06-15T16:50:00Z'));
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    await Promise.all(runners.map((runner) => runner.runDue()));
    t.clock.set(new Date('2026-06-15T18:45:00Z'));
    await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));
    const made = await bills(a);
    expect(made.map((bill) => [bill.kind, bill.amount, bill.status])).toEqual([
      ['dividend', 10_000n, 'unapproved'],
      ['daily_salary', 10_000n, 'paid'],
      ['hourly_salary', 5_000n, 'paid'],
      ['realtime_salary', 5_000n, 'paid'],
    ]);
    expect((await postingsOf(a)).map((row) => row.kind).sort()).toEqual(['salary', 'salary', 'salary']);
    expect(await sumBalance(t.db, a)).toBe(20_000n);
    const jobs = await t.db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from jobs where kind like 'agents.settle.%' group by status`,
    );
    expect(jobs.map((row) => row.status)).toEqual(['done']);
  });
  it('settles a dividend contract that ended inside the period on the days up to its end', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const member = await placeMember(t.db, { upline: a });
    await insertContract(t.db, {
      agentId: a,
      kind: 'dividend',
      tiers: [{ minimumBet: 1n, netLoss: 1n, activeMember: 1, percent: 10 }],
      acceptedAt: new Date('2026-05-01T00:00:00Z'),
      // Cancelled at noon of 10 June (local): the 10th counts, the 11th does not.
      endedAt: new Date('2026-06-10T05:00:00Z'),
    });
    for (const day of ['2026-06-10', '2026-06-11']) {
      await addPlayDay(t.db, { memberId: member, day, product: 'LOTT', validBet: 1_000_000n });
      await addMoneyDay(t.db, { memberId: member, day, deposits: 1_000n });
    }
    await settleDividends(t.deps, new Date('2026-06-16T01:00:00Z'), t.clock.now());
    expect(await bills(a)).toMatchObject([{ status: 'unapproved', amount: 100_000n }]);
    expect((await bills(a))[0]?.metrics).toMatchObject({ turnover: '1000000' });
    // A contract ended before the period began has no bill for it.
    await settleDividends(t.deps, new Date('2026-07-01T01:00:00Z'), t.clock.now());
    expect(await bills(a)).toHaveLength(1);
  });
  it('catches up every real-time, hourly and daily window after two days down, in bounded runs of two runners, one job per schedule', async () => {
    const a = await placeMember(t.db, { type: 1 });
    const member = await placeMember(t.db, { upline: a });
    const since = new Date('2026-05-01T00:00:00Z');
    const flat = [{ minimumBet: 1n, netLoss: 1n, activeMember: 1, percent: 1 }];
    for (const kind of ['daily_salary', 'hourly_salary', 'realtime_salary'] as const)
      await insertContract(t.db, { agentId: a, kind, tiers: flat, acceptedAt: since });
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    const at = (iso: string) => {
      t.clock.set(new Date(iso));
      return Promise.all(runners.map((runner) => runner.runDue()));
    };
    await at('2026-06-10T00:00:00Z');
    await at('2026-06-10T00:06:00Z');
    await at('2026-06-10T00:31:00Z');
    // Down from 00:31 on 10 June to 01:01 on 12 June (UTC); the team played 10 minutes past each of the 48 hours,
    // and on the local days 10 and 11 June (Vietnam) with a deposit each.
    for (let hour = 1; hour <= 48; hour += 1) {
      await addPlayWindow(t.db, {
        memberId: member,
        windowStart: new Date(Date.parse('2026-06-10T00:10:00Z') + hour * 3_600_000),
        product: 'LOTT',
        validBet: 100_000n,
      });
    }
    for (const day of ['2026-06-10', '2026-06-11']) {
      await addPlayDay(t.db, { memberId: member, day, product: 'LOTT', validBet: 2_400_000n });
      await addMoneyDay(t.db, { memberId: member, day, deposits: 1_000n });
    }
    const count = async () =>
      Object.fromEntries(
        (
          await t.db.query<{ kind: string; n: number; amount: bigint }>(
            `select kind, count(*)::int as n, sum(amount)::bigint as amount from agent_bills where agent_id = $1
              group by kind order by kind`,
            [a],
          )
        ).map((row) => [row.kind, [row.n, row.amount]]),
      );
    await at('2026-06-12T01:01:00Z');
    // The first run after the downtime: every day and window, and the first 24 hours (a run's batch).
    expect(await count()).toEqual({
      daily_salary: [2, 48_000n],
      hourly_salary: [24, 24_000n],
      realtime_salary: [48, 48_000n],
    });
    await at('2026-06-12T01:21:00Z');
    expect(await count()).toEqual({
      daily_salary: [2, 48_000n],
      hourly_salary: [48, 48_000n],
      realtime_salary: [48, 48_000n],
    });
    // After the downtime each schedule ran its last missed slot only (4 jobs), not one job per missed slot; then
    // the real-time and hourly slots of 01:20 (2 jobs).
    const [jobs] = await t.db.query<{ n: number; failed: number }>(
      `select count(*)::int as n, count(*) filter (where status <> 'done')::int as failed from jobs
        where kind like 'agents.settle.%' and run_at > '2026-06-10T01:00:00Z'`,
    );
    expect(jobs).toEqual({ n: 6, failed: 0 });
    expect(await sumBalance(t.db, a)).toBe(144_000n);
  });

  it("settles the hours of a merchant whose zone is 30 minutes off UTC on its own clock's hours", async () => {
    await t.db.query(`update merchant set time_zone = 'Asia/Kolkata'`);
    const a = await placeMember(t.db, { type: 1 });
    const member = await placeMember(t.db, { upline: a });
    await insertContract(t.db, {
      agentId: a,
      kind: 'hourly_salary',
      tiers: [{ percent: 1 }],
      acceptedAt: new Date('2026-05-01T00:00:00Z'),
    });
    // 12:25 and 12:35 UTC are 17:55 and 18:05 in India: two of its hours, though one UTC hour.
    for (const windowStart of ['2026-06-01T12:25:00Z', '2026-06-01T12:35:00Z']) {
      await addPlayWindow(t.db, {
        memberId: member,
        windowStart: new Date(windowStart),
        product: 'LOTT',
        validBet: 100_000n,
      });
    }
    const runner = buildJobRunner(t.deps);
    t.clock.set(new Date('2026-06-01T12:00:00Z'));
    await runner.runDue();
    t.clock.set(new Date('2026-06-01T13:36:00Z'));
    await runner.runDue();
    expect(
      (await bills(a)).map((bill) => [bill.period_start.toISOString(), bill.metrics.turnover, bill.amount]),
    ).toEqual([
      ['2026-06-01T11:30:00.000Z', '100000', 1_000n],
      ['2026-06-01T12:30:00.000Z', '100000', 1_000n],
    ]);
  });
});
