import { rebateEndpoints as api, rebateConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayDay } from '../../../test/factories/agents.ts';
import { saveRebateSettings, setRebateFlag } from '../../../test/factories/rebates.ts';
import { setVipLevel } from '../../../test/factories/vip.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { runRebateDays } from './rebates.ts';

/**
 * The rebate endpoints: the member's bonusDetails page (today's accrual, the level's rates), its history and the
 * original's settings call; the console's rates (audited) and list. Each with its happy path, a client mistake with
 * its code, and the refused callers. The seed's currency is PHP (2 digits); the merchant's days are UTC here; the
 * demo rates apply until saved (0.5 % from 0, 0.8 % from 100,000.00; VIP3 and up 0.8 % and 1 %; minimum 1.00).
 */
describe('rebate endpoints', () => {
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

  it('shows a member today’s accrual per product and its level’s rates; refuses visitors, trial accounts and operators', async () => {
    t.clock.set(new Date('2026-06-10T12:00:00Z'));
    const member = await newMember(t);
    await addPlayDay(t.db, { memberId: member.id, day: '2026-06-10', product: 'RNG', validBet: 1_234_500n });
    await addPlayDay(t.db, {
      memberId: member.id,
      day: '2026-06-10',
      product: 'LIVE',
      validBet: 20_000_000n,
    });
    // Yesterday's play is not today's accrual.
    await addPlayDay(t.db, { memberId: member.id, day: '2026-06-09', product: 'FISH', validBet: 500_000n });
    const page = await t.get(api.overview.path, member.token);
    expect(page.status).toBe(200);
    expect(page.body.value).toMatchObject({
      currency: 'PHP',
      day: '2026-06-10',
      rank: 0,
      manual: false,
      claimDays: 7,
      minPayout: 1,
      // 12,345.00 × 0.5 % = 61.72 (rounded down); 200,000.00 reaches 0.8 %: 1,600.00.
      accrual: [
        { product: 'LIVE', validBet: 200_000, rate: 0.8, amount: 1_600 },
        { product: 'RNG', validBet: 12_345, rate: 0.5, amount: 61.72 },
      ],
      total: 1_661.72,
    });
    expect(page.body.value.rates).toContainEqual({
      product: 'RNG',
      tiers: [
        { minValidBet: 0, rate: 0.5 },
        { minValidBet: 100_000, rate: 0.8 },
      ],
    });
    const vip = await newMember(t);
    await setVipLevel(t.db, vip.id, 4, 90_000n);
    const vipPage = await t.get(api.overview.path, vip.token);
    expect(vipPage.body.value.rates[0].tiers).toEqual([
      { minValidBet: 0, rate: 0.8 },
      { minValidBet: 100_000, rate: 1 },
    ]);

    expect((await t.get(api.overview.path)).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await t.get(api.overview.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.history.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.overview.path, operations)).status).toBe(401);

    // Player rebate off: the page and the original's call are refused.
    await setRebateFlag(t.db, 'PLAYERREBATE3', false);
    const off = await t.get(api.overview.path, member.token);
    expect([off.status, off.body.code]).toEqual([403, 'feature_disabled']);
    const offOriginal = await t.get(api.originalSetting.path, member.token);
    expect(offOriginal.body.code).toBe('feature_disabled');
    await setRebateFlag(t.db, 'PLAYERREBATE3', true);
  });

  it('pages a member’s rebates newest first and refuses a bad page', async () => {
    const member = await newMember(t);
    for (const day of ['2026-05-01', '2026-05-02', '2026-05-03']) {
      await addPlayDay(t.db, { memberId: member.id, day, product: 'RNG', validBet: 100_000n });
    }
    await runRebateDays(t.deps, parseIsoDate('2026-05-03'), new Date('2026-05-04T00:40:00Z'));
    const first = await t.get(`${api.history.path}?pageNo=1&pageSize=2`, member.token);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(first.body.value.list).toMatchObject([
      { day: '2026-05-03', product: 'RNG', validBet: 1_000, rate: 0.5, amount: 5, status: 'paid' },
      { day: '2026-05-02', status: 'paid' },
    ]);
    const second = await t.get(`${api.history.path}?pageNo=2&pageSize=2`, member.token);
    expect(second.body.value.list.map((row: { day: string }) => row.day)).toEqual(['2026-05-01']);
    const bad = await t.get(`${api.history.path}?pageNo=0`, member.token);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(api.history.path)).status).toBe(401);
    const claim = await t.send('POST', api.claim.path.replace(':id', 'x'), undefined, member.token);
    expect([claim.status, claim.body.code]).toEqual([400, 'validation_failed']);
  });

  it('answers MCSFE_getCustomerRebateSettingByProductType with the level’s tiers, one product when asked', async () => {
    const member = await newMember(t);
    const all = await t.get(api.originalSetting.path, member.token);
    expect(all.status).toBe(200);
    expect(all.body.value.playerRank).toBe(0);
    expect(all.body.value.list).toHaveLength(8);
    const one = await t.get(`${api.originalSetting.path}?productType=LIVE`, member.token);
    expect(one.body.value.list).toEqual([
      {
        productType: 'LIVE',
        rebateSettings: [
          { validBetAmount: 0, rebateRate: 0.5 },
          { validBetAmount: 100_000, rebateRate: 0.8 },
        ],
      },
    ]);
    const bad = await t.get(`${api.originalSetting.path}?productType=CARDS`, member.token);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(api.originalSetting.path)).status).toBe(401);
  });

  it('edits the rates (audited), refusing tiers out of order, finer amounts and other roles', async () => {
    const body = {
      rates: [
        {
          product: 'RNG',
          rank: 0,
          tiers: [
            { minValidBet: 0, rate: 0.4 },
            { minValidBet: 50_000, rate: 0.75 },
          ],
        },
        { product: 'LIVE', rank: 2, tiers: [{ minValidBet: 0, rate: 1.25 }] },
      ],
      minPayout: 2.5,
      turnoverMultiple: 3,
    };
    const saved = await t.send('PUT', bo.putSettings.path, body, operations);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ ...body, currency: 'PHP', manual: false });
    expect((await t.get(bo.settings.path, support)).body.value).toMatchObject(body);
    const [audit] = await t.db.query<{ action: string; entity_id: string }>(
      `select action, entity_id from audit_log where entity = 'rebate_settings' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'update', entity_id: 'rebates' });

    const mistake = async (changed: unknown) => {
      const answer = await t.send('PUT', bo.putSettings.path, changed, operations);
      return [answer.status, answer.body.code];
    };
    const reversed = { ...body.rates[0], tiers: [...(body.rates[0]?.tiers ?? [])].reverse() };
    expect(await mistake({ ...body, rates: [reversed] })).toEqual([400, 'validation_failed']);
    expect(await mistake({ ...body, rates: [body.rates[0], body.rates[0]] })).toEqual([
      400,
      'validation_failed',
    ]);
    expect(
      await mistake({ ...body, rates: [{ ...body.rates[1], tiers: [{ minValidBet: 0, rate: 0.125 }] }] }),
    ).toEqual([400, 'validation_failed']);
    expect(await mistake({ ...body, minPayout: 0.001 })).toEqual([400, 'amount_invalid']);

    expect((await t.send('PUT', bo.putSettings.path, body, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.settings.path, finance)).body.code).toBe('forbidden');
    const member = await newMember(t);
    expect((await t.get(bo.settings.path, member.token)).status).toBe(401);
    await t.db.query(`delete from site_settings where key = 'rebates'`);
  });

  it('lists paid and issued rebates with filters for the console, refusing bad filters and other roles', async () => {
    await saveRebateSettings(t.db, {
      rates: [{ product: 'SPORTS', rank: 0, tiers: [{ minValidBet: 0n, rateBp: 100 }] }],
      minPayout: 0n,
      turnoverMultiple: 1,
    });
    const member = await newMember(t);
    const [user] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      member.id,
    ]);
    await addPlayDay(t.db, { memberId: member.id, day: '2026-04-01', product: 'SPORTS', validBet: 70_000n });
    await runRebateDays(t.deps, parseIsoDate('2026-04-01'), new Date('2026-04-02T00:40:00Z'));
    const list = await t.get(
      `${bo.list.path}?username=${user?.username}&status=paid&product=SPORTS&from=2026-04-01&to=2026-04-01`,
      support,
    );
    expect(list.status).toBe(200);
    expect(list.body.value).toMatchObject({ total: 1, currency: 'PHP' });
    expect(list.body.value.list).toMatchObject([
      { memberId: member.id, username: user?.username, day: '2026-04-01', amount: 7, status: 'paid' },
    ]);
    const none = await t.get(`${bo.list.path}?username=${user?.username}&status=expired`, support);
    expect(none.body.value.total).toBe(0);
    const bad = await t.get(`${bo.list.path}?status=lost`, support);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(bo.list.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.list.path, member.token)).status).toBe(401);
    await t.db.query(`delete from site_settings where key = 'rebates'`);
  });
});
