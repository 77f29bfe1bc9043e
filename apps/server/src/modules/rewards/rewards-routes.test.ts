import { rewardEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newPromotion } from '../../../test/factories/promotions.ts';
import { setRebateFlag } from '../../../test/factories/rebates.ts';
import { issueRebate, issueVipReward } from '../../../test/factories/rewards.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { memberSocket } from '../../../test/sockets.ts';
import { sumBalance } from '../wallet/ledger.ts';

/**
 * The rewards centre's endpoints: the list of what a member can claim (a VIP reward and a manual rebate, soonest
 * expiry first) and what it received, the badge's count, and a claim through the owning area (its credit once, with
 * its wagering requirement), each with a client mistake and the refused callers. The seed's currency is PHP
 * (2 digits); amounts in the database are minor units.
 */
describe('rewards centre endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await setRebateFlag(t.db, 'MANUALREBATE3', true);
    // The demo's promotions over, so that the lists hold only the rewards of this file's own.
    await t.db.query(`update promotions set starts_at = '2000-01-01', ends_at = '2000-01-02'`);
  });
  // Each test starts at its clock's start (test/setup.ts): the same instant for every one.
  beforeEach(() => t.clock.set(new Date('2026-06-10T04:00:00Z')));
  afterAll(() => t.close());

  const claimPath = (source: string, id: number | string) =>
    api.claim.path.replace(':source', source).replace(':id', String(id));
  const claim = (token: string | undefined, source: string, id: number | string, key?: string) =>
    t.call({
      method: 'POST',
      url: claimPath(source, id),
      token,
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const obligations = (memberId: number) =>
    t.db.query<{ source_ref: string; amount: bigint; required: bigint }>(
      `select source_ref, amount, required from turnover_obligations where member_id = $1 order by id`,
      [memberId],
    );

  it('lists what a member can claim, soonest expiry first, with the count the badge shows', async () => {
    const member = await newMember(t);
    const at = new Date('2026-06-08T00:00:00Z');
    const weekly = await issueVipReward(t.db, member.id, { period: '2026-06-01', amount: 5_000n, at });
    const rebate = await issueRebate(t.db, member.id, {
      day: '2026-06-07',
      amount: 1_234n,
      at,
      expiresAt: new Date('2026-06-14T17:40:00Z'),
    });
    // Expired, or someone else's: not listed.
    await issueRebate(t.db, member.id, {
      day: '2026-05-20',
      amount: 999n,
      at,
      expiresAt: new Date('2026-06-01T00:00:00Z'),
    });
    await issueVipReward(t.db, (await newMember(t)).id, { period: '2026-06-01', amount: 7_000n, at });

    const page = await t.get(api.centre.path, member.token);
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({ currency: 'PHP', digits: 2, total: 62.34, recent: [] });
    expect(page.body.value.claimable).toEqual([
      {
        source: 'rebate',
        id: rebate,
        type: 'rebate',
        title: null,
        period: '2026-06-07',
        product: 'RNG',
        amount: 12.34,
        turnoverMultiple: 1,
        createdAt: at.toISOString(),
        expiresAt: '2026-06-14T17:40:00.000Z',
        claimedAt: null,
      },
      {
        source: 'vip',
        id: weekly,
        type: 'weekly',
        title: null,
        period: '2026-06-01',
        product: null,
        amount: 50,
        turnoverMultiple: 1,
        createdAt: at.toISOString(),
        expiresAt: null,
        claimedAt: null,
      },
    ]);
    const count = await t.get(api.count.path, member.token);
    expect(count.body.value).toEqual({ count: 2, sources: { vip: 1, rebate: 1, referral: 0, promotion: 0 } });
  });

  it('claims a reward once through its owner: the credit, its turnover, the history; a retry with its key answers the same', async () => {
    const member = await newMember(t);
    const weekly = await issueVipReward(t.db, member.id, {
      period: '2026-06-01',
      amount: 5_000n,
      turnoverMultiple: 3,
      at: new Date('2026-06-08T00:00:00Z'),
    });
    const first = await claim(member.token, 'vip', weekly, 'reward-once');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      source: 'vip',
      id: weekly,
      amount: 50,
      claimedAt: t.clock.now().toISOString(),
    });
    const retry = await claim(member.token, 'vip', weekly, 'reward-once');
    expect([retry.status, retry.body.value]).toEqual([200, first.body.value]);
    expect(await sumBalance(t.db, member.id)).toBe(5_000n);
    expect(await obligations(member.id)).toEqual([
      { source_ref: `vip-reward:${weekly}`, amount: 5_000n, required: 15_000n },
    ]);
    // A second claim without the key is the owner's refusal; nothing more is credited.
    const again = await claim(member.token, 'vip', weekly);
    expect([again.status, again.body.code]).toEqual([409, 'vip_reward_claimed']);
    expect(await sumBalance(t.db, member.id)).toBe(5_000n);

    const page = await t.get(api.centre.path, member.token);
    expect(page.body.value.claimable).toEqual([]);
    expect(page.body.value.recent).toMatchObject([{ source: 'vip', id: weekly, type: 'weekly', amount: 50 }]);
    expect((await t.get(api.count.path, member.token)).body.value.count).toBe(0);
  });

  it('claims a manual rebate through the rebates area, and refuses one past its claim period', async () => {
    const member = await newMember(t);
    const at = new Date('2026-06-08T00:00:00Z');
    const open = await issueRebate(t.db, member.id, {
      day: '2026-06-07',
      amount: 800n,
      at,
      expiresAt: new Date('2026-06-14T17:40:00Z'),
    });
    const late = await issueRebate(t.db, member.id, {
      day: '2026-06-01',
      amount: 700n,
      at,
      expiresAt: new Date('2026-06-09T17:40:00Z'),
    });
    const claimed = await claim(member.token, 'rebate', open);
    expect([claimed.status, claimed.body.value.amount, claimed.body.value.source]).toEqual([
      200,
      8,
      'rebate',
    ]);
    const refused = await claim(member.token, 'rebate', late);
    expect([refused.status, refused.body.code]).toEqual([409, 'rebate_not_claimable']);
    expect(await sumBalance(t.db, member.id)).toBe(800n);
    const recent = (await t.get(api.centre.path, member.token)).body.value.recent;
    expect(recent).toMatchObject([{ source: 'rebate', id: open, product: 'RNG', amount: 8 }]);
  });

  it('answers a client mistake with its code and refuses visitors, trial accounts and other members', async () => {
    const member = await newMember(t);
    const other = await newMember(t);
    const theirs = await issueVipReward(t.db, other.id, {
      period: '2026-06-01',
      amount: 1_000n,
      at: new Date('2026-06-08T00:00:00Z'),
    });
    const unknownSource = await claim(member.token, 'lottery', 1);
    expect([unknownSource.status, unknownSource.body.code]).toEqual([400, 'validation_failed']);
    const badId = await claim(member.token, 'vip', 'abc');
    expect([badId.status, badId.body.code]).toEqual([400, 'validation_failed']);
    // Referral rewards are paid by their job, never claimed.
    const referral = await claim(member.token, 'referral', 1);
    expect([referral.status, referral.body.code]).toEqual([404, 'reward_not_found']);
    const notMine = await claim(member.token, 'vip', theirs);
    expect([notMine.status, notMine.body.code]).toEqual([404, 'vip_reward_not_found']);

    const trial = await newMember(t, 4);
    for (const [path, method] of [
      [api.centre.path, 'GET'],
      [api.count.path, 'GET'],
      [claimPath('vip', theirs), 'POST'],
    ] as const) {
      const visitor = await t.call({ method, url: path });
      expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
      const asTrial = await t.call({ method, url: path, token: trial.token });
      expect([asTrial.status, asTrial.body.code]).toEqual([403, 'in_need_true_account']);
    }
    expect(await sumBalance(t.db, other.id)).toBe(0n);
  });

  it('with the rewards centre switched off, refuses the page and a claim and counts nothing', async () => {
    const member = await newMember(t);
    const weekly = await issueVipReward(t.db, member.id, {
      period: '2026-06-01',
      amount: 1_000n,
      at: new Date('2026-06-08T00:00:00Z'),
    });
    await t.db.query(`update module_flags set enabled = false where mod_id = 'REWARDCENTER3'`);
    try {
      const page = await t.get(api.centre.path, member.token);
      expect([page.status, page.body.code]).toEqual([403, 'feature_disabled']);
      expect([(await claim(member.token, 'vip', weekly)).body.code]).toEqual(['feature_disabled']);
      expect((await t.get(api.count.path, member.token)).body.value).toEqual({ count: 0, sources: {} });
    } finally {
      await t.db.query(`update module_flags set enabled = true where mod_id = 'REWARDCENTER3'`);
    }
  });

  it('lists a promotion the member can claim with its own title, and claims it through the promotions area once', async () => {
    const operations = await t.operatorToken('operations');
    const id = await newPromotion(t, operations, {
      versions: [
        { language: 'EN', title: 'Centre bonus', content: '<p>50.00</p>', imageId: null },
        { language: 'VI', title: 'Thưởng trung tâm', content: '<p>50.00</p>', imageId: null },
      ],
    });
    const member = await newMember(t);
    const before = await sumBalance(t.db, member.id);

    // In the reader's language (the header the site sends).
    const page = await t.get(api.centre.path, member.token, { language: 'VI' });
    const item = page.body.value.claimable.find((row: { source: string }) => row.source === 'promotion');
    expect(item).toMatchObject({
      source: 'promotion',
      id,
      type: 'fixed',
      title: 'Thưởng trung tâm',
      amount: 50,
      turnoverMultiple: 5,
    });
    const count = await t.get(api.count.path, member.token);
    expect(count.body.value.sources.promotion).toBeGreaterThanOrEqual(1);

    const claimed = await claim(member.token, 'promotion', id, 'centre-promotion-1');
    expect(claimed.status).toBe(200);
    expect(claimed.body.value).toMatchObject({ source: 'promotion', id, amount: 50, title: 'Centre bonus' });
    expect(claimed.body.value.claimedAt).not.toBeNull();
    expect(await sumBalance(t.db, member.id)).toBe(before + 5_000n);
    expect((await obligations(member.id)).at(-1)).toMatchObject({ amount: 5_000n, required: 25_000n });

    // Once: a retry with its key answers the same; a new claim finds nothing to claim.
    const retry = await claim(member.token, 'promotion', id, 'centre-promotion-1');
    expect(retry.body.value).toEqual(claimed.body.value);
    const again = await claim(member.token, 'promotion', id, 'centre-promotion-2');
    expect([again.status, again.body.code]).toEqual([409, 'promotion_action_unavailable']);
    expect(await sumBalance(t.db, member.id)).toBe(before + 5_000n);
    const after = await t.get(api.centre.path, member.token);
    expect(
      after.body.value.claimable.some(
        (row: { source: string; id: number }) => row.source === 'promotion' && row.id === id,
      ),
    ).toBe(false);
    expect(after.body.value.recent).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'promotion', id, amount: 50 })]),
    );
  });
});

/** The badge live: a member's sockets hear rewards.changed when a reward of theirs is claimed. */
describe('rewards over /ws', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const connect = (token: string) => memberSocket(t, token);

  it('tells the member’s sockets, and only theirs, when a reward is claimed', async () => {
    const member = await newMember(t);
    const other = await newMember(t);
    const weekly = await issueVipReward(t.db, member.id, {
      period: '2026-06-01',
      amount: 1_000n,
      at: new Date('2026-06-08T00:00:00Z'),
    });
    const mine = await connect(member.token);
    const others = await connect(other.token);
    const claimed = await t.send(
      'POST',
      api.claim.path.replace(':source', 'vip').replace(':id', String(weekly)),
      undefined,
      member.token,
    );
    expect(claimed.status).toBe(200);
    await expect.poll(() => mine.messages).toContainEqual({ type: 'rewards.changed' });
    expect(others.messages.some((event) => event.type === 'rewards.changed')).toBe(false);
    mine.socket.close();
    others.socket.close();
  });
});
