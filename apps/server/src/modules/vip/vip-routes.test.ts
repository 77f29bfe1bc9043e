import { vipEndpoints as api, vipConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoneyDay, placeMember } from '../../../test/factories/agents.ts';
import { referredFriend, saveVipSettings, setVipLevel, signIn } from '../../../test/factories/vip.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { payReferralRewards } from './referral.ts';

/**
 * The VIP, labels and referral endpoints: the member's /vip and referral pages, the console's levels, settings and
 * labels (audited), each with its happy path, a client mistake with its code, and the refused callers; referral
 * rewards once per friend, self-referral and the cap refused. The seed's currency is PHP (2 digits); the merchant's
 * days are UTC here.
 */
describe('VIP, labels and referral endpoints', () => {
  let t: TestApp;
  let operations: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    [operations, support, finance] = [
      await t.operatorToken('operations'),
      await t.operatorToken('support'),
      await t.operatorToken('finance'),
    ];
  });
  afterAll(() => t.close());

  const level = {
    name: 'VIP6',
    growth: 500_000,
    keepGrowth: 50_000,
    levelUpBonus: 5_000.5,
    weeklyReward: 500,
    weeklyMinValidBet: 50_000,
    monthlyReward: '2000',
    monthlyMinValidBet: 200_000,
    turnoverMultiple: 3,
  };

  it('shows a member the levels, its progress and the VIP contact above rank 4; refuses visitors and trial accounts', async () => {
    const member = await newMember(t);
    await setVipLevel(t.db, member.id, 1, 3_000n);
    const page = await t.get(api.vip.path, member.token);
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({
      rank: 1,
      rankName: 'VIP1',
      growth: 3_000,
      nextRank: 2,
      nextGrowth: 5_000,
      // (3,000 − 1,000) of (5,000 − 1,000).
      progress: 50,
      vipContact: null,
      vipContactEligible: false,
      currency: 'PHP',
    });
    expect(page.body.value.levels[1]).toMatchObject({ rank: 1, growth: 1_000, levelUpBonus: 100 });

    const vip = await newMember(t);
    await setVipLevel(t.db, vip.id, 5, 250_000n);
    expect((await t.get(api.vip.path, vip.token)).body.value).toMatchObject({
      vipContact: null,
      vipContactEligible: true,
      progress: 100,
      nextRank: null,
    });
    await t.db.query(
      `update site_settings set value = jsonb_set(value, '{vipChatUrl}', '"https://vip.tessera.example"') where key = 'site'`,
    );
    expect((await t.get(api.vip.path, vip.token)).body.value.vipContact).toBe('https://vip.tessera.example');

    expect((await t.get(api.vip.path)).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await t.get(api.vip.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.referral.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.vip.path, operations)).status).toBe(401);
  });

  it('edits levels: saves one (audited), refuses a growth out of order or an amount finer than the currency, and removes only a free top level', async () => {
    const path = bo.putLevel.path.replace(':rank', '6');
    const saved = await t.send('PUT', path, level, operations);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({
      rank: 6,
      name: 'VIP6',
      levelUpBonus: 5_000.5,
      monthlyReward: 2_000,
    });
    const list = await t.get(bo.levels.path, support);
    expect(list.body.value.list.map((found: { rank: number }) => found.rank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const [audit] = await t.db.query<{ action: string; entity_id: string }>(
      `select action, entity_id from audit_log where entity = 'vip_level' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'save', entity_id: '6' });

    const mistake = async (rank: string, body: unknown) => {
      const answer = await t.send('PUT', bo.putLevel.path.replace(':rank', rank), body, operations);
      return [answer.status, answer.body.code, Object.keys(answer.body.fields ?? {})];
    };
    // Below VIP5's 200,000.
    expect(await mistake('6', { ...level, growth: 100_000 })).toEqual([409, 'vip_level_order', ['growth']]);
    expect(await mistake('0', { ...level, growth: 1 })).toEqual([409, 'vip_level_order', ['growth']]);
    expect(await mistake('6', { ...level, levelUpBonus: 1.005 })).toEqual([
      400,
      'amount_invalid',
      ['levelUpBonus'],
    ]);
    expect(await mistake('6', { ...level, name: '' })).toEqual([400, 'validation_failed', ['name']]);
    expect(await mistake('6', { ...level, turnoverMultiple: 101 })).toEqual([
      400,
      'validation_failed',
      ['turnoverMultiple'],
    ]);

    const remove = (rank: string, token = operations) =>
      t.send('DELETE', bo.removeLevel.path.replace(':rank', rank), undefined, token);
    expect((await remove('5')).body.code).toBe('vip_level_in_use');
    expect((await remove('0')).body.code).toBe('vip_level_in_use');
    expect((await remove('9')).body.code).toBe('not_found');
    expect((await remove('6', support)).body.code).toBe('forbidden');
    expect((await remove('6')).body.value).toEqual({ ok: true });

    expect((await t.send('PUT', path, level, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.levels.path, finance)).body.code).toBe('forbidden');
    const member = await newMember(t);
    expect((await t.get(bo.levels.path, member.token)).status).toBe(401);
    expect((await t.send('PUT', path, level)).status).toBe(401);
  });

  it('reads and saves the growth weights and referral rules, refusing mistakes and other roles', async () => {
    const defaults = await t.get(bo.settings.path, support);
    expect(defaults.body.value).toMatchObject({
      depositPercent: 100,
      levelUpClaim: false,
      betPercent: { RNG: 100, LIVE: 100 },
      referral: {
        minDeposit: 1_000,
        rewardPercent: 1,
        rewardCap: 500,
        periodDays: 30,
        maxRewards: 0,
        turnoverMultiple: 1,
      },
    });
    const body = {
      depositPercent: 50,
      levelUpClaim: true,
      betPercent: { ...defaults.body.value.betPercent, LIVE: 30 },
      referral: {
        minDeposit: 200,
        rewardPercent: 2.5,
        rewardCap: 88.5,
        periodDays: 14,
        maxRewards: 5,
        turnoverMultiple: 2,
      },
    };
    const saved = await t.send('PUT', bo.putSettings.path, body, operations);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject(body);
    const bad = await t.send(
      'PUT',
      bo.putSettings.path,
      { ...body, referral: { ...body.referral, periodDays: 0 } },
      operations,
    );
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    const percent = await t.send(
      'PUT',
      bo.putSettings.path,
      { ...body, referral: { ...body.referral, rewardPercent: 1.005 } },
      operations,
    );
    expect([percent.status, percent.body.code]).toEqual([400, 'validation_failed']);
    const fine = await t.send(
      'PUT',
      bo.putSettings.path,
      { ...body, referral: { ...body.referral, rewardCap: 0.001 } },
      operations,
    );
    expect([fine.status, fine.body.code]).toEqual([400, 'amount_invalid']);
    expect((await t.send('PUT', bo.putSettings.path, body, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.settings.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.settings.path)).status).toBe(401);
    await saveVipSettings(t.db, {});
  });

  it('creates labels, assigns and removes them by hand (audited), and the member info shows them', async () => {
    const created = await t.send(
      'POST',
      bo.createLabel.path,
      { name: 'High roller', color: '#aa3300' },
      operations,
    );
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ name: 'High roller', color: '#aa3300', members: 0 });
    const taken = await t.send('POST', bo.createLabel.path, { name: 'high ROLLER' }, operations);
    expect([taken.status, taken.body.code]).toEqual([409, 'member_label_taken']);
    const badColour = await t.send('POST', bo.createLabel.path, { name: 'x', color: 'red' }, operations);
    expect([badColour.status, badColour.body.code]).toEqual([400, 'validation_failed']);
    const other = (await t.send('POST', bo.createLabel.path, { name: 'Watch' }, operations)).body.value;

    const member = await newMember(t);
    const labelsPath = bo.assignLabel.path.replace(':id', String(member.id));
    const assigned = await t.send('POST', labelsPath, { labelId: created.body.value.id }, support);
    expect(assigned.status).toBe(200);
    expect(assigned.body.value.labels).toEqual([
      { id: created.body.value.id, name: 'High roller', color: '#aa3300' },
    ]);
    await t.send('POST', labelsPath, { labelId: other.id }, support);
    expect((await t.get('/wps/member/info', member.token)).body.value.memberLabel).toEqual([
      'High roller',
      'Watch',
    ]);
    expect((await t.get(bo.labels.path, support)).body.value).toMatchObject([
      { name: 'High roller', members: 1 },
      { name: 'Watch', members: 1 },
    ]);

    const unassign = await t.send(
      'DELETE',
      bo.unassignLabel.path.replace(':id', String(member.id)).replace(':labelId', String(other.id)),
      undefined,
      support,
    );
    expect(unassign.body.value.labels.map((label: { name: string }) => label.name)).toEqual(['High roller']);
    const audit = await t.db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_log where entity = 'member_labels' order by id`,
    );
    expect(audit).toEqual([
      { action: 'assign', before: [], after: ['High roller'] },
      { action: 'assign', before: ['High roller'], after: ['High roller', 'Watch'] },
      { action: 'unassign', before: ['High roller', 'Watch'], after: ['High roller'] },
    ]);

    // Removing a label takes it off its members.
    const removed = await t.send(
      'DELETE',
      bo.removeLabel.path.replace(':id', String(created.body.value.id)),
      undefined,
      operations,
    );
    expect(removed.body.value).toEqual({ ok: true });
    expect((await t.get('/wps/member/info', member.token)).body.value.memberLabel).toEqual([]);

    expect((await t.send('POST', labelsPath, { labelId: 999_999 }, support)).body.code).toBe(
      'member_label_not_found',
    );
    expect((await t.send('POST', labelsPath, { labelId: 'x' }, support)).body.code).toBe('validation_failed');
    const nobody = bo.assignLabel.path.replace(':id', '999999');
    expect((await t.send('POST', nobody, { labelId: other.id }, support)).body.code).toBe('not_found');
    expect((await t.send('POST', labelsPath, { labelId: other.id }, finance)).body.code).toBe('forbidden');
    expect((await t.send('POST', bo.createLabel.path, { name: 'Nope' }, support)).body.code).toBe(
      'forbidden',
    );
    expect((await t.send('POST', labelsPath, { labelId: other.id }, member.token)).status).toBe(401);
    const vip = await t.get(bo.playerVip.path.replace(':id', String(member.id)), support);
    expect(vip.body.value).toMatchObject({ rank: 0, rankName: 'VIP0', labels: [] });
  });

  it('refuses the remaining mistakes and callers: bad ids, unknown labels and players, other roles, trial accounts', async () => {
    const member = await newMember(t);
    const trial = await newMember(t, 4);
    const claim = (id: string, token?: string) =>
      t.send('POST', api.claimVipReward.path.replace(':id', id), undefined, token);
    expect([(await claim('abc', member.token)).status, (await claim('abc', member.token)).body.code]).toEqual(
      [400, 'validation_failed'],
    );
    expect((await claim('1', trial.token)).body.code).toBe('in_need_true_account');

    const removeLabel = (id: string, token: string) =>
      t.send('DELETE', bo.removeLabel.path.replace(':id', id), undefined, token);
    expect((await removeLabel('999999', operations)).body.code).toBe('member_label_not_found');
    expect((await removeLabel('x', operations)).body.code).toBe('validation_failed');
    const label = (await t.send('POST', bo.createLabel.path, { name: 'Kept' }, operations)).body.value;
    expect((await removeLabel(String(label.id), support)).body.code).toBe('forbidden');
    expect((await t.get(bo.labels.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.labels.path, member.token)).status).toBe(401);

    const vipOf = (id: string, token: string) => t.get(bo.playerVip.path.replace(':id', id), token);
    expect((await vipOf('999999', support)).body.code).toBe('not_found');
    expect((await vipOf(String(member.id), finance)).body.code).toBe('forbidden');
    expect((await vipOf(String(member.id), member.token)).status).toBe(401);
    const unassign = bo.unassignLabel.path
      .replace(':id', String(member.id))
      .replace(':labelId', String(label.id));
    expect((await t.send('DELETE', unassign, undefined, finance)).body.code).toBe('forbidden');
    expect((await t.send('DELETE', unassign, undefined, support)).body.value.labels).toEqual([]);
  });

  it('pays the referrer its share of each qualifying friend’s deposits in the period, capped, once; refuses self-referral and the cap, and shows the friends', async () => {
    // 10 % of a friend's deposits within 30 days, at most 120.00 a friend, once they reach 1,000.00.
    await saveVipSettings(t.db, {
      referral: {
        minDeposit: '100000',
        rewardPercent: 10,
        rewardCap: '12000',
        periodDays: 30,
        maxRewards: 3,
      },
    });
    const referrer = await placeMember(t.db);
    await t.db.query(
      `update members set referral_code = 'REFCODE9', register_ip = '203.0.113.7', last_login_device = 'device-A'
        where id = $1`,
      [referrer],
    );
    const token = await signIn(t, referrer);
    const now = t.clock.now();
    const qualifies = await referredFriend(t.db, referrer, now);
    const below = await referredFriend(t.db, referrer, now);
    const sameIp = await referredFriend(t.db, referrer, now, { ip: '203.0.113.7' });
    const sameDevice = await referredFriend(t.db, referrer, now, { device: 'device-A' });
    // The friend's number was the referrer's before the referrer changed it.
    const samePhone = await referredFriend(t.db, referrer, now, { mobile: '912345678' });
    await t.db.query(`update members set mobile = '900000001' where id = $1`, [referrer]);
    await t.db.query(
      `insert into member_mobile_changes (member_id, old_country_dialing_code, old_mobile, new_country_dialing_code,
                                          new_mobile, ip, changed_at)
       values ($1, '84', '912345678', '84', '900000001', '', now())`,
      [referrer],
    );
    const sameBank = await referredFriend(t.db, referrer, now);
    for (const id of [referrer, sameBank]) {
      await t.db.query(
        `insert into member_bank_accounts (member_id, bank_name, account_number, payee_name, created_at)
         values ($1, 'VCB', '0011223344', 'NGUYEN VAN A', now())`,
        [id],
      );
    }
    const day = now.toISOString().slice(0, 10);
    for (const id of [qualifies, sameIp, sameDevice, samePhone, sameBank]) {
      await addMoneyDay(t.db, { memberId: id, day, deposits: 150_000n });
    }
    await addMoneyDay(t.db, { memberId: below, day, deposits: 99_999n });
    // Below the minimum for the whole period: never decided, pending.
    const short = await referredFriend(t.db, referrer, now);
    await addMoneyDay(t.db, { memberId: short, day, deposits: 99_999n });
    // The friend below the cap deposits more on its period's last day, and again the day after: only the first counts.
    const lastDay = new Date(now.getTime() + 29 * 86_400_000).toISOString().slice(0, 10);
    const after = new Date(now.getTime() + 30 * 86_400_000);
    await addMoneyDay(t.db, { memberId: below, day: lastDay, deposits: 1n });
    await addMoneyDay(t.db, { memberId: below, day: after.toISOString().slice(0, 10), deposits: 500_000n });

    // While the friends' period runs nothing is decided: the reward is a share of the whole period's deposits.
    expect(await payReferralRewards(t.deps, now)).toBe(0);
    // Once it has ended, two runs at once decide each friend once.
    const decided = await Promise.all([payReferralRewards(t.deps, after), payReferralRewards(t.deps, after)]);
    expect(decided[0] + decided[1]).toBe(6);
    expect(await payReferralRewards(t.deps, after)).toBe(0);
    const rows = await t.db.query<{
      referee_id: number;
      status: string;
      reason: string;
      amount: bigint;
      deposits: bigint;
    }>(
      `select referee_id, status, reason, amount, deposits from referral_rewards where referrer_id = $1
        order by referee_id`,
      [referrer],
    );
    expect(rows).toEqual([
      // 10 % of 1,500.00 is 150.00: capped at 120.00.
      { referee_id: qualifies, status: 'paid', reason: '', amount: 12_000n, deposits: 150_000n },
      // 10 % of 1,000.00 (999.99 and 0.01 on the last day; not the 5,000.00 after the period).
      { referee_id: below, status: 'paid', reason: '', amount: 10_000n, deposits: 100_000n },
      { referee_id: sameIp, status: 'refused', reason: 'same_ip', amount: 0n, deposits: 150_000n },
      { referee_id: sameDevice, status: 'refused', reason: 'same_device', amount: 0n, deposits: 150_000n },
      { referee_id: samePhone, status: 'refused', reason: 'same_mobile', amount: 0n, deposits: 150_000n },
      {
        referee_id: sameBank,
        status: 'refused',
        reason: 'same_bank_account',
        amount: 0n,
        deposits: 150_000n,
      },
    ]);
    expect(await sumBalance(t.db, referrer)).toBe(22_000n);
    const postings = await t.db.query<{ idempotency_key: string; kind: string }>(
      'select idempotency_key, kind from ledger_transactions where member_id = $1 order by id',
      [referrer],
    );
    expect(postings).toEqual([
      { idempotency_key: `referral:${qualifies}`, kind: 'bonus' },
      { idempotency_key: `referral:${below}`, kind: 'bonus' },
    ]);

    // The cap: three friends paid at most.
    for (let n = 0; n < 2; n += 1) {
      const friend = await referredFriend(t.db, referrer, now);
      await addMoneyDay(t.db, { memberId: friend, day, deposits: 100_000n });
    }
    expect(await payReferralRewards(t.deps, after)).toBe(2);
    const statuses = await t.db.query<{ status: string; reason: string }>(
      `select status, reason from referral_rewards where referrer_id = $1 and reason in ('', 'max_rewards')`,
      [referrer],
    );
    expect(statuses.filter((row) => row.status === 'paid')).toHaveLength(3);
    expect(statuses.filter((row) => row.reason === 'max_rewards')).toHaveLength(1);
    expect(await sumBalance(t.db, referrer)).toBe(32_000n);

    const page = await t.get(api.referral.path, token);
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({
      code: 'REFCODE9',
      path: '/?referralCode=REFCODE9',
      minDeposit: 1_000,
      rewardPercent: 10,
      rewardCap: 120,
      maxRewards: 3,
      rewardsPaid: 3,
      totalReward: 320,
    });
    expect(page.body.value.friends).toHaveLength(9);
    const statusCount = (status: string) =>
      page.body.value.friends.filter((friend: { status: string }) => friend.status === status).length;
    expect([statusCount('qualified'), statusCount('refused'), statusCount('pending')]).toEqual([3, 5, 1]);
    expect(page.body.value.friends).toContainEqual(
      expect.objectContaining({ status: 'qualified', deposits: 1_500, reward: 120 }),
    );
    expect(page.body.value.friends[0].username).toMatch(/^fr\*\*\*\d$/);
    expect((await t.get(api.referral.path)).body.code).toBe('unauthorized');

    // With the referral module off, the page is refused and a qualifying friend waits.
    await t.db.query(`update module_flags set enabled = false where mod_id = 'REFERRAL3'`);
    expect((await t.get(api.referral.path, token)).body.code).toBe('feature_disabled');
    const waiting = await referredFriend(t.db, referrer, now);
    await addMoneyDay(t.db, { memberId: waiting, day, deposits: 100_000n });
    expect(await payReferralRewards(t.deps, after)).toBe(0);
    await t.db.query(`update module_flags set enabled = true where mod_id = 'REFERRAL3'`);
    await saveVipSettings(t.db, {});
  });
});
