import { redEnvelopeRainEndpoints as api, rainConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRainSchedule } from '../../../test/factories/raffle.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { seededRng } from '../../platform/rng.ts';
import * as ledger from '../wallet/ledger.ts';
import { openDueRounds } from './rain.ts';
import { splitPool } from './rain-split.ts';

/**
 * The red envelope rain: the pool's split, rounds opened by the job exactly once, the live state, grabs (limits,
 * pace, credit), the console's schedules, rounds and envelopes. The seed's currency is PHP (2 digits) and the
 * merchant's clock is UTC.
 */
describe('the red envelope pool', () => {
  it('sums exactly to the pool with every envelope within its bounds, over many random configurations', () => {
    const rng = seededRng('rain-split');
    for (let run = 0; run < 2_000; run += 1) {
      const count = rng.int(1, 200);
      const min = BigInt(rng.int(1, 5_000));
      const max = min + BigInt(rng.int(0, 20_000));
      const pool = min * BigInt(count) + BigInt(rng.int(0, Number((max - min) * BigInt(count)) + 1));
      const amounts = splitPool(rng, pool, count, min, max);
      expect(amounts).toHaveLength(count);
      expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBe(pool);
      for (const amount of amounts) {
        expect(amount >= min && amount <= max, `${amount} outside [${min}, ${max}] in run ${run}`).toBe(true);
      }
    }
    expect(() => splitPool(rng, 99n, 10, 10n, 20n)).toThrow(RangeError);
    expect(() => splitPool(rng, 201n, 10, 10n, 20n)).toThrow(RangeError);
  });
});

describe('red envelope rain', () => {
  let t: TestApp;
  let operations: string;
  let support: string;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query("update merchant set time_zone = 'UTC'");
  });
  /** Operators signed in at the test's time (a session ends when the clock moves past its idle time). */
  const signIn = async () => {
    [operations, support] = [await t.operatorToken('operations'), await t.operatorToken('support')];
  };
  afterAll(() => t.close());

  const grab = (roundId: number, token: string, key?: string) =>
    t.call({
      method: 'POST',
      url: api.grab.path.replace(':id', String(roundId)),
      token,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const mainOf = async (memberId: number) =>
    (await ledger.memberAccounts(t.db, memberId)).find((row) => row.kind === 'main')?.balance ?? 0n;
  /** Schedules of the tests before must not open rounds in this one's. */
  const closeSchedules = () => t.db.query('update rain_schedules set enabled = false');

  it('opens a scheduled round once, whatever the passes, with envelopes summing to the pool; shows it live', async () => {
    await closeSchedules();
    const scheduleId = await newRainSchedule(t.db, {
      weekdays: [1], // 2026-06-01 is a Monday
      times: ['20:00'],
      durationSeconds: 120,
      pool: 100_000n,
      envelopes: 40,
      min: 100n,
      max: 10_000n,
    });
    t.clock.set(new Date('2026-06-01T19:59:00Z'));
    await t.jobs.runDue(); // the schedules' first pass: slots are due from the next minute on
    expect(await openDueRounds(t.deps, t.clock.now())).toBe(0);
    const before = await t.get(api.state.path);
    expect(before.body.value).toMatchObject({ live: null, next: { opensAt: '2026-06-01T20:00:00.000Z' } });

    t.clock.set(new Date('2026-06-01T20:00:00Z'));
    expect(await t.jobs.runDue()).toBeGreaterThan(0); // the job opens the round
    const passes = await Promise.all([
      openDueRounds(t.deps, t.clock.now()),
      openDueRounds(t.deps, t.clock.now()),
    ]);
    expect(passes).toEqual([0, 0]);
    const rounds = await t.db.query<{ id: bigint; pool: bigint; sum: bigint; count: number }>(
      `select r.id, r.pool, sum(e.amount)::bigint as sum, count(e.id)::int as count
       from rain_rounds r join rain_envelopes e on e.round_id = r.id where r.schedule_id = $1 group by r.id`,
      [scheduleId],
    );
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ pool: 100_000n, sum: 100_000n, count: 40 });

    t.clock.set(new Date('2026-06-01T20:01:00Z'));
    const state = await t.get(api.state.path);
    expect(state.body.value.live).toMatchObject({
      roundId: Number(rounds[0]?.id),
      closesAt: '2026-06-01T20:02:00.000Z',
      left: 40,
      grabs: 0,
      grabbed: 0,
    });
    // The next Monday's round is the next one.
    expect(state.body.value.next).toEqual({ opensAt: '2026-06-08T20:00:00.000Z' });
    t.clock.set(new Date('2026-06-01T20:02:00Z'));
    expect((await t.get(api.state.path)).body.value.live).toBeNull();
  });

  it('credits a grab with its turnover, paces a member’s grabs and counts them by the day’s deposits', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-02T09:00:00Z'));
    await signIn();
    const scheduleId = await newRainSchedule(t.db, {
      pool: 10_000n,
      envelopes: 10,
      min: 500n,
      max: 2_000n,
      turnoverMultiple: 3,
      grabRules: [
        { minDeposit: 0n, grabs: 1 },
        { minDeposit: 50_000n, grabs: 2 },
      ],
    });
    const started = await t.call({
      method: 'POST',
      url: bo.startNow.path.replace(':id', String(scheduleId)),
      token: operations,
      headers: { 'idempotency-key': `start-${scheduleId}` },
    });
    expect(started.status).toBe(200);
    const roundId = started.body.value.id;
    const member = await newMember(t);
    await fundMember(t, member.id, 50_000n);
    const state = await t.get(api.state.path, member.token);
    expect(state.body.value.live).toMatchObject({ roundId, grabs: 2, grabbed: 0, turnoverMultiple: 3 });

    const first = await grab(roundId, member.token, 'g-1');
    expect(first.status).toBe(200);
    const amount = Math.round(first.body.value.amount * 100);
    expect(amount).toBeGreaterThanOrEqual(500);
    expect(first.body.value).toMatchObject({ grabsLeft: 1, turnoverMultiple: 3, currency: 'PHP' });
    expect(await mainOf(member.id)).toBe(50_000n + BigInt(amount));
    const [obligation] = await t.db.query<{ required: bigint }>(
      'select required from turnover_obligations where member_id = $1 and source_ref = $2',
      [member.id, `rain:${first.body.value.envelopeId}`],
    );
    expect(obligation?.required).toBe(BigInt(amount) * 3n);
    const [record] = await t.db.query<{ kind: string }>(
      `select kind from ledger_transactions where idempotency_key = $1`,
      [`rain:${first.body.value.envelopeId}`],
    );
    expect(record?.kind).toBe('red_envelope');
    // The same key is the same grab.
    expect((await grab(roundId, member.token, 'g-1')).body.value).toEqual(first.body.value);

    t.clock.advance(299);
    const fast = await grab(roundId, member.token);
    expect([fast.status, fast.body.code]).toEqual([429, 'rain_too_fast']);
    t.clock.advance(1);
    expect((await grab(roundId, member.token)).body.value.grabsLeft).toBe(0);
    t.clock.advance(300);
    const none = await grab(roundId, member.token);
    expect([none.status, none.body.code]).toEqual([409, 'rain_no_grabs']);

    const visitorState = await t.get(api.state.path);
    expect(visitorState.body.value.live).toMatchObject({ roundId, grabs: 0, left: 8 });
    expect((await grab(roundId, '')).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await grab(roundId, trial.token)).body.code).toBe('in_need_true_account');
    expect((await grab(roundId, operations)).status).toBe(401);
    expect((await grab(999_999, member.token)).body.code).toBe('not_found');
    t.clock.advance(120_000);
    const late = await grab(roundId, (await newMember(t)).token);
    expect([late.status, late.body.code]).toEqual([409, 'rain_not_live']);
  });

  it('refuses a grab once every envelope is taken', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-03T09:00:00Z'));
    await signIn();
    const scheduleId = await newRainSchedule(t.db, { pool: 1_000n, envelopes: 2, min: 100n, max: 900n });
    const started = await t.call({
      method: 'POST',
      url: bo.startNow.path.replace(':id', String(scheduleId)),
      token: operations,
    });
    const roundId = started.body.value.id;
    const members = [await newMember(t), await newMember(t), await newMember(t)];
    const answers = [];
    for (const member of members) answers.push(await grab(roundId, member.token));
    expect(answers.map((answer) => answer.body.code)).toEqual(['ok', 'ok', 'rain_all_taken']);
    expect(answers[0]?.body.value.amount + answers[1]?.body.value.amount).toBe(10);
  });

  it('lets operations schedule rounds, audited, and support read rounds and what was grabbed; refuses support’s writes, members and a pool that does not fit', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-04T09:00:00Z'));
    await signIn();
    const input = {
      name: 'Evening rain',
      enabled: false,
      weekdays: [5, 6],
      times: ['21:00', '20:30'],
      durationSeconds: 90,
      pool: '1000.00',
      envelopes: 100,
      minAmount: 1,
      maxAmount: 50,
      turnoverMultiple: 1,
      grabRules: [{ minDeposit: 0, grabs: 1 }],
    };
    const created = await t.send('POST', bo.createSchedule.path, input, operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      name: 'Evening rain',
      times: ['20:30', '21:00'],
      pool: 1000,
      timeZone: 'UTC',
    });
    const id = created.body.value.id;
    const small = await t.send('POST', bo.createSchedule.path, { ...input, pool: 99 }, operations);
    expect([small.status, small.body.code, Object.keys(small.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['pool'],
    ]);
    const edited = await t.send(
      'PUT',
      bo.updateSchedule.path.replace(':id', String(id)),
      { ...input, envelopes: 50 },
      operations,
    );
    expect(edited.body.value.envelopes).toBe(50);
    expect((await t.send('POST', bo.createSchedule.path, input, support)).status).toBe(403);
    const member = await newMember(t);
    expect((await t.get(bo.schedules.path, member.token)).status).toBe(401);
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'rain_schedule' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);

    const started = await t.call({
      method: 'POST',
      url: bo.startNow.path.replace(':id', String(id)),
      token: operations,
    });
    expect(started.body.value).toMatchObject({
      scheduleName: 'Evening rain',
      envelopes: 50,
      pool: 1000,
      grabbed: 0,
    });
    await grab(started.body.value.id, member.token);
    const rounds = await t.get(bo.rounds.path, support);
    expect(rounds.body.value.list[0]).toMatchObject({ id: started.body.value.id, grabbed: 1 });
    const envelopes = await t.get(bo.envelopes.path.replace(':id', String(started.body.value.id)), support);
    expect(envelopes.body.value.envelopes).toHaveLength(50);
    expect(
      envelopes.body.value.envelopes.filter((row: { memberId: number | null }) => row.memberId === member.id),
    ).toHaveLength(1);
    expect(
      envelopes.body.value.envelopes.reduce(
        (sum: number, row: { amount: number }) => sum + row.amount * 100,
        0,
      ),
    ).toBeCloseTo(100_000);
  });

  describe.runIf(TEST_DATABASE === 'postgres')('under concurrency (PostgreSQL)', () => {
    it('gives each envelope to one grab when many members grab at once, and credits exactly the pool', async () => {
      await closeSchedules();
      t.clock.set(new Date('2026-06-05T09:00:00Z'));
      await signIn();
      const scheduleId = await newRainSchedule(t.db, { pool: 5_000n, envelopes: 10, min: 100n, max: 1_000n });
      const started = await t.call({
        method: 'POST',
        url: bo.startNow.path.replace(':id', String(scheduleId)),
        token: operations,
      });
      const roundId = started.body.value.id;
      const members = await Promise.all(Array.from({ length: 16 }, () => newMember(t)));
      const answers = await Promise.all(members.map((member) => grab(roundId, member.token)));
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
      expect(codes.filter((code) => code === 'rain_all_taken')).toHaveLength(6);
      const [envelopes] = await t.db.query<{ members: number; taken: number }>(
        `select count(distinct member_id)::int as members, count(member_id)::int as taken
         from rain_envelopes where round_id = $1`,
        [roundId],
      );
      expect(envelopes).toEqual({ members: 10, taken: 10 });
      const credited = await t.db.query<{ sum: bigint }>(
        `select coalesce(sum(e.amount), 0)::bigint as sum from ledger_entries e
         join ledger_transactions x on x.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
         where x.idempotency_key like 'rain:%' and a.member_id = any($1::int[])`,
        [members.map((member) => member.id)],
      );
      expect(credited[0]?.sum).toBe(5_000n);
    });

    it('lets a member take one envelope at a time when they grab many times at once', async () => {
      await closeSchedules();
      t.clock.set(new Date('2026-06-06T09:00:00Z'));
      await signIn();
      const scheduleId = await newRainSchedule(t.db, {
        pool: 5_000n,
        envelopes: 10,
        min: 100n,
        max: 1_000n,
        grabRules: [{ minDeposit: 0n, grabs: 5 }],
      });
      const started = await t.call({
        method: 'POST',
        url: bo.startNow.path.replace(':id', String(scheduleId)),
        token: operations,
      });
      const member = await newMember(t);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => grab(started.body.value.id, member.token)),
      );
      // Same instant: the first grab holds the member's row; the others then find it 0 ms old.
      expect(answers.filter((answer) => answer.body.code === 'ok')).toHaveLength(1);
      expect(answers.filter((answer) => answer.body.code === 'rain_too_fast')).toHaveLength(5);
    });
  });
});
