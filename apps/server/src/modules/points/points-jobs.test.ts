import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { pointsOf, savePointsSettings } from '../../../test/factories/points.ts';
import { saveVipSettings } from '../../../test/factories/vip.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { JobRunner } from '../../platform/jobs.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { definePointsJobs } from './jobs.ts';
import { runPointsDays } from './points.ts';

/**
 * The points job on the database: floor(valid bet × the product's rate), the daily cap per member, and each
 * (member, product, day) credited once with two job runners. The seed's currency is PHP (2 digits, valid bets in
 * minor units here); the merchant's days are Vietnam's (UTC+7): a day ends at 17:00 UTC, the job runs at 45 past.
 */
describe('points job', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query(`update merchant set time_zone = 'Asia/Ho_Chi_Minh'`);
    await saveVipSettings(t.db, {
      betPercent: { LOTT: 0, ELOTT: 0, LIVE: 0, RNG: 0, FISH: 0, PVP: 0, SPORTS: 0, ESPORTS: 0 },
    });
    // RNG: 1 point per 1.00 of valid bet; LIVE 0.5; FISH earns nothing. At most 500 points a day.
    await savePointsSettings(t.db, {
      rates: [
        { product: 'RNG', rateMicro: 1_000_000n },
        { product: 'LIVE', rateMicro: 500_000n },
      ],
      dailyCap: 500n,
    });
  });
  afterEach(() => t.close());

  const earningsOf = (memberId: number) =>
    t.db.query<{ product: string; day: string; valid_bet: bigint; points: bigint }>(
      `select product, day::text as day, valid_bet, points from points_earnings where member_id = $1
        order by day, product`,
      [memberId],
    );
  const postingsOf = (memberId: number) =>
    t.db.query<{ idempotency_key: string }>(
      `select idempotency_key from ledger_transactions where member_id = $1 and kind = 'points' order by id`,
      [memberId],
    );

  it('credits floor(valid bet × rate) per product, up to the daily cap, and no money', async () => {
    const [small, large] = [await placeMember(t.db), await placeMember(t.db)];
    const day = '2026-06-01';
    // 123.45 × 1 = 123 (rounded down); LIVE 99.99 × 0.5 = 49; FISH has no rate.
    await addPlayDay(t.db, { memberId: small, day, product: 'RNG', validBet: 12_345n });
    await addPlayDay(t.db, { memberId: small, day, product: 'LIVE', validBet: 9_999n });
    await addPlayDay(t.db, { memberId: small, day, product: 'FISH', validBet: 900_000n });
    // 400 on LIVE (800.00 × 0.5), then RNG 300 is capped at the 100 left of the day's 500.
    await addPlayDay(t.db, { memberId: large, day, product: 'LIVE', validBet: 80_000n });
    await addPlayDay(t.db, { memberId: large, day, product: 'RNG', validBet: 30_000n });
    await runPointsDays(t.deps, parseIsoDate(day), new Date('2026-06-01T17:45:00Z'));
    await runPointsDays(t.deps, parseIsoDate(day), new Date('2026-06-01T18:45:00Z'));

    expect(await earningsOf(small)).toEqual([
      { product: 'LIVE', day, valid_bet: 9_999n, points: 49n },
      { product: 'RNG', day, valid_bet: 12_345n, points: 123n },
    ]);
    expect(await earningsOf(large)).toEqual([
      { product: 'LIVE', day, valid_bet: 80_000n, points: 400n },
      { product: 'RNG', day, valid_bet: 30_000n, points: 100n },
    ]);
    expect(await pointsOf(t.db, small)).toBe(172n);
    expect(await pointsOf(t.db, large)).toBe(500n);
    expect(await sumBalance(t.db, small)).toBe(0n);
  });

  it('credits each member’s points per product and day once with two job runners', async () => {
    const member = await placeMember(t.db);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 20_000n });
    const race = async (at: string) => {
      // Runners of the points job only (the server's runner runs every area's jobs, each tested on its own).
      const pointsRunner = () => {
        const runner = new JobRunner(t.deps);
        definePointsJobs(runner, t.deps);
        return runner;
      };
      const runners = [pointsRunner(), pointsRunner()];
      t.clock.set(new Date(at));
      await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));
    };
    // Before the merchant's midnight nothing is credited.
    await race('2026-06-01T16:45:00Z');
    expect(await earningsOf(member)).toEqual([]);
    await race('2026-06-01T17:45:00Z');
    await race('2026-06-01T18:45:00Z');
    expect(await earningsOf(member)).toEqual([
      { product: 'RNG', day: '2026-06-01', valid_bet: 20_000n, points: 200n },
    ]);
    expect(await postingsOf(member)).toEqual([{ idempotency_key: `points-earned:${member}:RNG:2026-06-01` }]);
    expect(await pointsOf(t.db, member)).toBe(200n);
  });
});
