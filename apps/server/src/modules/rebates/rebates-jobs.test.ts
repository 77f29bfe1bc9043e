import { rebateEndpoints as api } from '@tessera/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { saveRebateSettings, setRebateFlag } from '../../../test/factories/rebates.ts';
import { saveVipSettings, setVipLevel, signIn } from '../../../test/factories/vip.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildJobRunner } from '../../jobs.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { runRebateDays } from './rebates.ts';

/**
 * The rebate job on the database: the tier of the day's valid bet in the member's level's rates, the minimum payout,
 * each (member, product, day) once with two job runners, and manual rebate's claim within 7 days and expiry. The
 * seed's currency is PHP (2 digits, minor units here); the merchant's days are Vietnam's (UTC+7): a day ends at
 * 17:00 UTC, the job runs at 40 past each hour. Valid bets bring no VIP growth here, so the ranks stay as set.
 */
describe('rebate job', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query(`update merchant set time_zone = 'Asia/Ho_Chi_Minh'`);
    await saveVipSettings(t.db, {
      betPercent: { LOTT: 0, ELOTT: 0, LIVE: 0, RNG: 0, FISH: 0, PVP: 0, SPORTS: 0, ESPORTS: 0 },
    });
    // RNG: 0.5 % from the first unit, 0.8 % from 1,000.00; VIP2 and up 1 %. LIVE only from VIP2. At least 5.00.
    await saveRebateSettings(t.db, {
      rates: [
        {
          product: 'RNG',
          rank: 0,
          tiers: [
            { minValidBet: 0n, rateBp: 50 },
            { minValidBet: 100_000n, rateBp: 80 },
          ],
        },
        { product: 'RNG', rank: 2, tiers: [{ minValidBet: 0n, rateBp: 100 }] },
        { product: 'LIVE', rank: 2, tiers: [{ minValidBet: 0n, rateBp: 30 }] },
      ],
      minPayout: 500n,
      turnoverMultiple: 2,
    });
  });
  afterEach(() => t.close());

  const rebatesOf = (memberId: number) =>
    t.db.query<{
      product: string;
      day: string;
      valid_bet: bigint;
      rate_bp: number;
      amount: bigint;
      status: string;
    }>(
      `select product, day::text as day, valid_bet, rate_bp, amount, status from rebates where member_id = $1
        order by product, day`,
      [memberId],
    );
  const rebatePostings = (memberId: number) =>
    t.db.query<{ idempotency_key: string }>(
      `select idempotency_key from ledger_transactions where member_id = $1 and kind = 'rebate' order by id`,
      [memberId],
    );
  const obligationsOf = (memberId: number) =>
    t.db.query<{ amount: bigint; required: bigint }>(
      `select amount, required from turnover_obligations where member_id = $1 and source_kind = 'rebate' order by id`,
      [memberId],
    );
  async function race(at: string) {
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    t.clock.set(new Date(at));
    await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));
  }

  it('pays the tier the day reaches, nothing below the minimum payout, with the level’s rates and its turnover', async () => {
    const [small, large, vip] = [await placeMember(t.db), await placeMember(t.db), await placeMember(t.db)];
    await setVipLevel(t.db, vip, 3, 9_000n);
    const day = '2026-06-01';
    // 999.99 × 0.5 % = 4.99 (rounded down): below the 5.00 minimum. LIVE has no rates below VIP2.
    await addPlayDay(t.db, { memberId: small, day, product: 'RNG', validBet: 99_999n });
    await addPlayDay(t.db, { memberId: small, day, product: 'LIVE', validBet: 900_000n });
    // 1,000.00 reaches the second tier: × 0.8 % = 8.00.
    await addPlayDay(t.db, { memberId: large, day, product: 'RNG', validBet: 100_000n });
    // VIP3 has no rates of its own: VIP2's. RNG 600.00 × 1 % = 6.00; LIVE 2,000.00 × 0.3 % = 6.00.
    await addPlayDay(t.db, { memberId: vip, day, product: 'RNG', validBet: 60_000n });
    await addPlayDay(t.db, { memberId: vip, day, product: 'LIVE', validBet: 200_000n });
    const now = new Date('2026-06-01T17:40:00Z');
    await runRebateDays(t.deps, parseIsoDate(day), now);
    await runRebateDays(t.deps, parseIsoDate(day), now);

    expect(await rebatesOf(small)).toEqual([]);
    expect(await rebatesOf(large)).toEqual([
      { product: 'RNG', day, valid_bet: 100_000n, rate_bp: 80, amount: 800n, status: 'paid' },
    ]);
    expect(await rebatesOf(vip)).toEqual([
      { product: 'LIVE', day, valid_bet: 200_000n, rate_bp: 30, amount: 600n, status: 'paid' },
      { product: 'RNG', day, valid_bet: 60_000n, rate_bp: 100, amount: 600n, status: 'paid' },
    ]);
    expect(await sumBalance(t.db, small)).toBe(0n);
    expect(await sumBalance(t.db, large)).toBe(800n);
    expect(await sumBalance(t.db, vip)).toBe(1_200n);
    expect(await obligationsOf(large)).toEqual([{ amount: 800n, required: 1_600n }]);
    expect(await rebatePostings(vip)).toHaveLength(2);
  });

  it('issues each member’s rebate per product and day once with two job runners', async () => {
    const member = await placeMember(t.db);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 200_000n });
    // Before the merchant's midnight nothing is issued.
    await race('2026-06-01T16:40:00Z');
    expect(await rebatesOf(member)).toEqual([]);
    await race('2026-06-01T17:40:00Z');
    await race('2026-06-01T18:40:00Z');
    expect(await rebatesOf(member)).toEqual([
      { product: 'RNG', day: '2026-06-01', valid_bet: 200_000n, rate_bp: 80, amount: 1_600n, status: 'paid' },
    ]);
    expect(await rebatePostings(member)).toHaveLength(1);
    expect(await sumBalance(t.db, member)).toBe(1_600n);
    expect(await obligationsOf(member)).toEqual([{ amount: 1_600n, required: 3_200n }]);
  });

  it('issues nothing for a day that ended while player rebate was off', async () => {
    await setRebateFlag(t.db, 'PLAYERREBATE3', false);
    const member = await placeMember(t.db);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 200_000n });
    await runRebateDays(t.deps, parseIsoDate('2026-06-01'), new Date('2026-06-01T17:40:00Z'));
    await setRebateFlag(t.db, 'PLAYERREBATE3', true);
    await runRebateDays(t.deps, parseIsoDate('2026-06-01'), new Date('2026-06-01T18:40:00Z'));
    expect(await rebatesOf(member)).toEqual([]);
    expect(await rebatePostings(member)).toEqual([]);
  });

  it('with manual rebate issues rebates to claim for 7 days, pays a claim once and expires the rest', async () => {
    await setRebateFlag(t.db, 'MANUALREBATE3', true);
    const member = await placeMember(t.db);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 100_000n });
    await addPlayDay(t.db, { memberId: member, day: '2026-06-02', product: 'RNG', validBet: 100_000n });
    await runRebateDays(t.deps, parseIsoDate('2026-06-02'), new Date('2026-06-02T17:40:00Z'));
    const issued = await t.db.query<{ id: string; day: string; status: string; expires_at: Date }>(
      `select id::text, day::text as day, status, expires_at from rebates where member_id = $1 order by day`,
      [member],
    );
    expect(issued.map((row) => [row.day, row.status, row.expires_at.toISOString()])).toEqual([
      ['2026-06-01', 'available', '2026-06-09T17:40:00.000Z'],
      ['2026-06-02', 'available', '2026-06-09T17:40:00.000Z'],
    ]);
    expect(await sumBalance(t.db, member)).toBe(0n);

    const [first, second] = issued.map((row) => api.claim.path.replace(':id', row.id));
    t.clock.set(new Date('2026-06-09T17:39:00Z'));
    const token = await signIn(t, member);
    const claimed = await t.send('POST', first as string, undefined, token);
    expect(claimed.status).toBe(200);
    expect(claimed.body.value).toMatchObject({ day: '2026-06-01', status: 'claimed', amount: 8, rate: 0.8 });
    expect(await sumBalance(t.db, member)).toBe(800n);
    expect(await obligationsOf(member)).toEqual([{ amount: 800n, required: 1_600n }]);
    const again = await t.send('POST', first as string, undefined, token);
    expect([again.status, again.body.code]).toEqual([409, 'rebate_not_claimable']);
    const someoneElse = await signIn(t, await placeMember(t.db));
    const notTheirs = await t.send('POST', second as string, undefined, someoneElse);
    expect([notTheirs.status, notTheirs.body.code]).toEqual([404, 'rebate_not_found']);

    // At the end of the 7 days it can no longer be claimed, and the job marks it expired.
    t.clock.set(new Date('2026-06-09T17:40:00Z'));
    const late = await t.send('POST', second as string, undefined, token);
    expect([late.status, late.body.code]).toEqual([409, 'rebate_not_claimable']);
    await runRebateDays(t.deps, parseIsoDate('2026-06-09'), new Date('2026-06-09T17:40:00Z'));
    expect((await rebatesOf(member)).map((row) => [row.day, row.status])).toEqual([
      ['2026-06-01', 'claimed'],
      ['2026-06-02', 'expired'],
    ]);
    expect(await rebatePostings(member)).toHaveLength(1);
    expect(await sumBalance(t.db, member)).toBe(800n);
  });
});
