import { vipEndpoints as api } from '@tessera/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMoneyDay, addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { addGrowthDay, saveVipSettings, setVipLevel, signIn } from '../../../test/factories/vip.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { JobRunner } from '../../platform/jobs.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { defineVipJobs } from './jobs.ts';

/**
 * The VIP job on the database: growth from the roll-ups (weighted per product), promotion with its level-up bonuses
 * once per level, weekly and monthly rewards and their claim, the monthly keep-or-drop review; every period once with
 * two job runners. The merchant's days are Vietnam's (UTC+7): a day ends at 17:00 UTC, the job runs at 50 past each
 * hour. The seeded levels (PHP, minor units): VIP1 at 1,000 growth (bonus 10,000; weekly 5,000 from 500,000 valid
 * bets; monthly 20,000 from 2,000,000), VIP2 at 5,000 (bonus 50,000; keep 500 a month).
 */
describe('VIP jobs', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query(`update merchant set time_zone = 'Asia/Ho_Chi_Minh'`);
  });
  afterEach(() => t.close());

  const rewardsOf = (memberId: number) =>
    t.db.query<{ kind: string; period: string; rank: number; amount: bigint; status: string }>(
      'select kind, period, rank, amount, status from vip_rewards where member_id = $1 order by id',
      [memberId],
    );
  const bonusPostings = (memberId: number) =>
    t.db.query<{ idempotency_key: string }>(
      `select idempotency_key from ledger_transactions where member_id = $1 and kind = 'bonus' order by id`,
      [memberId],
    );
  /**
   * A runner of the VIP area's jobs only: the same play would earn rebates, points and mission progress on the
   * server's runner, each with tests of its own; here the balances are the VIP area's alone.
   */
  function vipRunner(): JobRunner {
    const runner = new JobRunner(t.deps);
    defineVipJobs(runner, t.deps);
    return runner;
  }

  async function race(at: string) {
    const runners = [vipRunner(), vipRunner()];
    t.clock.set(new Date(at));
    await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));
  }

  it('accrues weighted growth once and promotes with each level-up bonus once, with two job runners', async () => {
    await saveVipSettings(t.db, { depositPercent: 100, betPercent: { LIVE: 50 } });
    const member = await placeMember(t.db);
    // 4,000 (slots) + 200,000 × 50 % = 1,000 (live) + 1,000 (deposits) = 6,000 growth: VIP2.
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 400_000n });
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'LIVE', validBet: 200_000n });
    await addMoneyDay(t.db, { memberId: member, day: '2026-06-01', deposits: 100_000n });
    await race('2026-06-01T12:00:00Z');
    expect(await rewardsOf(member)).toEqual([]);

    await race('2026-06-01T17:50:00Z');
    await race('2026-06-01T18:50:00Z');
    const [growth] = await t.db.query('select growth, rank from vip_members where member_id = $1', [member]);
    expect(growth).toEqual({ growth: 6_000n, rank: 2 });
    expect(
      await t.db.query('select day::text, growth from vip_growth_days where member_id = $1', [member]),
    ).toEqual([{ day: '2026-06-01', growth: 6_000n }]);
    expect(await rewardsOf(member)).toEqual([
      { kind: 'level_up', period: '1', rank: 1, amount: 10_000n, status: 'claimed' },
      { kind: 'level_up', period: '2', rank: 2, amount: 50_000n, status: 'claimed' },
    ]);
    expect(await bonusPostings(member)).toHaveLength(2);
    expect(await sumBalance(t.db, member)).toBe(60_000n);
    const [club] = await t.db.query('select club_rank, club_label from members where id = $1', [member]);
    expect(club).toEqual({ club_rank: 2, club_label: 'VIP2' });

    // Dropped to VIP1 and growing back to VIP2 pays no second VIP2 bonus.
    await setVipLevel(t.db, member, 1, 1_000n);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-02', product: 'RNG', validBet: 500_000n });
    await race('2026-06-02T17:50:00Z');
    expect((await t.db.query('select rank from vip_members where member_id = $1', [member]))[0]).toEqual({
      rank: 2,
    });
    expect(await rewardsOf(member)).toHaveLength(2);
    expect(await sumBalance(t.db, member)).toBe(60_000n);
  });

  it('with level-up bonuses to claim, issues each once to claim and pays it on the claim', async () => {
    await saveVipSettings(t.db, { levelUpClaim: true });
    const member = await placeMember(t.db);
    await addPlayDay(t.db, { memberId: member, day: '2026-06-01', product: 'RNG', validBet: 150_000n });
    await race('2026-06-01T17:50:00Z');
    await race('2026-06-01T18:50:00Z');
    expect(await rewardsOf(member)).toEqual([
      { kind: 'level_up', period: '1', rank: 1, amount: 10_000n, status: 'available' },
    ]);
    expect(await sumBalance(t.db, member)).toBe(0n);
    const [reward] = await t.db.query<{ id: string }>(
      'select id::text from vip_rewards where member_id = $1',
      [member],
    );
    const claim = api.claimVipReward.path.replace(':id', reward?.id as string);
    const claimed = await t.send('POST', claim, undefined, await signIn(t, member));
    expect(claimed.body.value).toMatchObject({ kind: 'level_up', status: 'claimed', amount: 100 });
    expect(await sumBalance(t.db, member)).toBe(10_000n);
    expect(await bonusPostings(member)).toEqual([{ idempotency_key: `vip-reward:${reward?.id}` }]);
  });

  it('drops a member who missed the keep requirement one level at the monthly review, once', async () => {
    const [keeps, drops] = [await placeMember(t.db), await placeMember(t.db)];
    await setVipLevel(t.db, keeps, 2, 8_000n);
    await setVipLevel(t.db, drops, 2, 8_000n);
    await addGrowthDay(t.db, keeps, '2026-06-10', 600n);
    await addGrowthDay(t.db, drops, '2026-06-10', 100n);
    // A growth day of July does not count for June.
    await addGrowthDay(t.db, drops, '2026-07-01', 900n);
    await race('2026-06-30T12:00:00Z');
    await race('2026-06-30T17:50:00Z');
    await race('2026-06-30T18:50:00Z');

    const reviews = await t.db.query(
      'select member_id, month, rank_before, rank_after, growth from vip_reviews order by member_id',
    );
    expect(reviews).toEqual([
      { member_id: keeps, month: '2026-06', rank_before: 2, rank_after: 2, growth: 600n },
      { member_id: drops, month: '2026-06', rank_before: 2, rank_after: 1, growth: 100n },
    ]);
    const members = await t.db.query(
      'select member_id, rank, growth from vip_members where member_id = any($1::int[]) order by member_id',
      [[keeps, drops]],
    );
    // The dropped member's growth is cut to VIP1's threshold, so it is not promoted straight back.
    expect(members).toEqual([
      { member_id: keeps, rank: 2, growth: 8_000n },
      { member_id: drops, rank: 1, growth: 1_000n },
    ]);
    const [club] = await t.db.query('select club_rank, club_label from members where id = $1', [drops]);
    expect(club).toEqual({ club_rank: 1, club_label: 'VIP1' });
  });

  it('issues weekly and monthly rewards to members whose valid bets reach their level, claimed once', async () => {
    // Bets bring no growth here, so the member stays VIP1.
    await saveVipSettings(t.db, { betPercent: { RNG: 0 } });
    const member = { id: await placeMember(t.db), token: '' };
    const idle = { id: await placeMember(t.db), token: '' };
    await setVipLevel(t.db, member.id, 1, 1_000n);
    await setVipLevel(t.db, idle.id, 1, 1_000n);
    await addPlayDay(t.db, { memberId: member.id, day: '2026-06-03', product: 'RNG', validBet: 2_100_000n });
    await addPlayDay(t.db, { memberId: idle.id, day: '2026-06-03', product: 'RNG', validBet: 400_000n });
    await race('2026-06-07T12:00:00Z');
    await race('2026-06-07T17:50:00Z');
    expect(await rewardsOf(member.id)).toEqual([
      { kind: 'weekly', period: '2026-06-01', rank: 1, amount: 5_000n, status: 'available' },
    ]);
    await race('2026-06-30T17:50:00Z');
    await race('2026-06-30T18:50:00Z');
    expect(await rewardsOf(member.id)).toEqual([
      { kind: 'weekly', period: '2026-06-01', rank: 1, amount: 5_000n, status: 'available' },
      { kind: 'monthly', period: '2026-06', rank: 1, amount: 20_000n, status: 'available' },
    ]);
    expect(await rewardsOf(idle.id)).toEqual([]);

    member.token = await signIn(t, member.id);
    idle.token = await signIn(t, idle.id);
    const page = await t.get(api.vip.path, member.token);
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({
      rank: 1,
      rankName: 'VIP1',
      growth: 1_000,
      nextRank: 2,
      progress: 0,
    });
    const weekly = page.body.value.rewards.find((reward: { kind: string }) => reward.kind === 'weekly');
    const claimPath = api.claimVipReward.path.replace(':id', String(weekly.id));
    expect((await t.send('POST', claimPath, undefined, idle.token)).body.code).toBe('vip_reward_not_found');
    const claimed = await t.send('POST', claimPath, undefined, member.token);
    expect([claimed.status, claimed.body.value.status, claimed.body.value.amount]).toEqual([
      200,
      'claimed',
      50,
    ]);
    const again = await t.send('POST', claimPath, undefined, member.token);
    expect([again.status, again.body.code]).toEqual([409, 'vip_reward_claimed']);
    expect(await sumBalance(t.db, member.id)).toBe(5_000n);
    expect(await bonusPostings(member.id)).toHaveLength(1);
    expect((await t.send('POST', claimPath, undefined)).status).toBe(401);
  });
});
