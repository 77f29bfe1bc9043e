import {
  pointsEndpoints as api,
  pointsConsoleEndpoints as bo,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPoints, mallItem, pointsOf, savePointsSettings } from '../../../test/factories/points.ts';
import { PAYMENT_PASSWORD, sealedCall, walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { ticketBalance } from '../raffle/tickets.ts';
import { sumBalance } from '../wallet/ledger.ts';

/**
 * The points endpoints: the member's balance, rules, catalogue and redeem record (the original's MCS2_ and MCSFE_
 * twins), conversion and redemption with the payment password (encrypted), and the console's rules, catalogue and
 * fulfilment queue (audited). Each with its happy path, a client mistake with its code, and the refused callers.
 * The seed's currency is PHP (2 digits). Rules here: 100 points make 1.00, from 1,000 points, 2× turnover.
 */
describe('points endpoints', () => {
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
    await savePointsSettings(t.db, {
      rates: [{ product: 'RNG', rateMicro: 1_500_000n }],
      ratio: 100n,
      minPoints: 1_000n,
      turnoverMultiple: 2,
    });
  });
  afterAll(() => t.close());

  const obligationsOf = (memberId: number) =>
    t.db.query<{ amount: bigint; required: bigint }>(
      `select amount, required from turnover_obligations where member_id = $1 and source_kind = 'points'
        order by id`,
      [memberId],
    );

  it('shows the balance, the accumulated points and the rules on both twins; refuses visitors and operators', async () => {
    const member = await walletMember(t);
    await creditPoints(t, member.id, 2_550n);
    for (const prefix of ['MCS2', 'MCSFE'] as const) {
      const balance = await t.get(api.balance[prefix].path, member.token);
      expect(balance.status).toBe(200);
      expect(balance.body.value).toEqual({
        currency: 'PHP',
        currencySymbol: expect.any(String),
        digits: 2,
        balance: 2_550,
        accumulated: 2_550,
        ratio: 100,
        cashValue: 25.5,
      });
      const config = await t.get(api.config[prefix].path, member.token);
      expect(config.body.value).toMatchObject({
        ratio: 100,
        minPoints: 1_000,
        turnoverMultiple: 2,
        dailyCap: null,
        rates: [{ product: 'RNG', rate: 1.5 }],
        expires: false,
      });
    }
    const types = await t.get(api.conversionTypes.path, member.token);
    expect(types.body.value.list.map((row: { type: string }) => row.type)).toEqual([
      'CONVERT',
      'BONUS',
      'PHYSICAL',
      'TICKET',
    ]);
    expect((await t.get(api.balance.MCS2.path)).body.code).toBe('unauthorized');
    expect((await t.get(api.config.MCSFE.path, operations)).status).toBe(401);
    const trial = await walletMember(t, { type: 4 });
    expect((await t.get(api.history.MCS2.path, trial.token)).body.code).toBe('in_need_true_account');
  });

  it('converts points to cash at the ratio with the payment password: one posting, its obligation, once per key', async () => {
    const member = await walletMember(t, { paymentPassword: true });
    await creditPoints(t, member.id, 5_000n);
    const body = { points: 1_250, paymentPassword: PAYMENT_PASSWORD };
    const first = await sealedCall(t, api.convert.MCS2, body, member.token, {
      'Idempotency-Key': 'convert-1',
    });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      points: 1_250,
      amount: 12.5,
      turnoverMultiple: 2,
      balance: 3_750,
    });
    expect(first.body.value.transactionNo).toMatch(/^P\d{16}$/);
    const again = await sealedCall(t, api.convert.MCS2, body, member.token, {
      'Idempotency-Key': 'convert-1',
    });
    expect(again.body.value).toEqual(first.body.value);
    expect(await pointsOf(t.db, member.id)).toBe(3_750n);
    expect(await sumBalance(t.db, member.id)).toBe(1_250n);
    expect(await obligationsOf(member.id)).toEqual([{ amount: 1_250n, required: 2_500n }]);
    // The posting is balanced in each unit: points to house:points, cash from house:bonuses.
    const legs = await t.db.query<{ code: string; amount: bigint }>(
      `select a.code, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transactions x on x.id = e.transaction_id
        where x.idempotency_key = $1 order by a.code`,
      [`points-conversion:${first.body.value.transactionNo}`],
    );
    expect(legs.map((leg) => [leg.code.replace(/:\d+$/, ''), leg.amount])).toEqual([
      ['house:bonuses', -1_250n],
      ['house:points', 1_250n],
      [`member:${member.id}:main`, 1_250n],
      [`member:${member.id}:points`, -1_250n],
    ]);
    // The record shows it; the accumulated total stays what was received.
    const history = await t.get(api.history.MCSFE.path, member.token);
    expect(history.body.value.list).toMatchObject([
      {
        exchangeType: 'CONVERT',
        requiredPoints: 1_250,
        requiredAmount: 12.5,
        status: 'completed',
        quantity: 1,
      },
    ]);
    expect((await t.get(api.balance.MCS2.path, member.token)).body.value).toMatchObject({
      balance: 3_750,
      accumulated: 5_000,
    });
    // The account record (ODSFE2_MemTransDet) shows both sides: the points out and the cash in.
    const record = await t.get(`${walletPlayerEndpoints.accountRecord.path}?type=points`, member.token);
    expect(
      record.body.value.list.map((row: { wallet: string; amount: number; balanceAfter: number }) => [
        row.wallet,
        row.amount,
        row.balanceAfter,
      ]),
    ).toEqual([
      ['points', -1_250, 3_750],
      ['main', 12.5, 12.5],
      ['points', 5_000, 5_000],
    ]);

    const mistake = async (changed: Record<string, unknown>) => {
      const answer = await sealedCall(t, api.convert.MCSFE, { ...body, ...changed }, member.token);
      return [answer.status, answer.body.code];
    };
    expect(await mistake({ points: 999 })).toEqual([422, 'points_below_minimum']);
    expect(await mistake({ points: 12.5 })).toEqual([400, 'validation_failed']);
    expect(await mistake({ points: 9_000 })).toEqual([422, 'points_insufficient']);
    expect(await pointsOf(t.db, member.id)).toBe(3_750n);
    const noPassword = await walletMember(t);
    await creditPoints(t, noPassword.id, 5_000n);
    expect((await sealedCall(t, api.convert.MCS2, body, noPassword.token)).body.code).toBe(
      'payment_password_not_set',
    );
    expect((await sealedCall(t, api.convert.MCS2, body)).status).toBe(401);
    expect((await t.send('POST', api.convert.MCS2.path, body, member.token)).body.code).toBe(
      'plaintext_refused',
    );
  });

  it('refuses points that make no whole cent, and locks the payment password after the configured failures', async () => {
    await savePointsSettings(t.db, {
      rates: [{ product: 'RNG', rateMicro: 1_500_000n }],
      ratio: 300n,
      minPoints: 1_000n,
      turnoverMultiple: 2,
    });
    const member = await walletMember(t, { paymentPassword: true });
    await creditPoints(t, member.id, 5_000n);
    const uneven = await sealedCall(
      t,
      api.convert.MCS2,
      { points: 1_001, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([uneven.status, uneven.body.code]).toEqual([422, 'points_not_convertible']);
    const wrong = { points: 1_200, paymentPassword: '000000' };
    const codes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push((await sealedCall(t, api.convert.MCS2, wrong, member.token)).body.code);
    }
    expect(codes).toEqual([
      'payment_password_wrong',
      'payment_password_wrong',
      'payment_password_wrong',
      'payment_password_wrong',
      'payment_password_locked',
    ]);
    const right = await sealedCall(
      t,
      api.convert.MCS2,
      { ...wrong, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([right.status, right.body.code]).toEqual([423, 'payment_password_locked']);
    expect(await pointsOf(t.db, member.id)).toBe(5_000n);
    await savePointsSettings(t.db, {
      rates: [{ product: 'RNG', rateMicro: 1_500_000n }],
      ratio: 100n,
      minPoints: 1_000n,
      turnoverMultiple: 2,
    });
  });

  it('redeems a bonus item at once: points out, the bonus in net of its cash part, its obligation, the limit held', async () => {
    const member = await walletMember(t, { paymentPassword: true, funds: 1_000n });
    await creditPoints(t, member.id, 3_000n);
    const item = await mallItem(t.db, {
      name: 'Bonus 50',
      points: 1_000n,
      cash: 200n,
      bonus: 5_000n,
      turnoverMultiple: 3,
      stock: 10,
      perMemberLimit: 2,
    });
    const catalogue = await t.get(api.catalogue.MCS2.path, member.token);
    expect(catalogue.body.value.list).toContainEqual(
      expect.objectContaining({
        id: item,
        kind: 'bonus',
        name: 'Bonus 50',
        points: 1_000,
        cash: 2,
        bonus: 50,
      }),
    );
    const redeemed = await sealedCall(
      t,
      api.redeem.MCS2,
      { rewardId: item, quantity: 2, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.value).toMatchObject({
      exchangeType: 'BONUS',
      productName: 'Bonus 50',
      quantity: 2,
      requiredPoints: 2_000,
      requiredAmount: 4,
      status: 'completed',
      balance: 1_000,
    });
    // 10.00 + 2 × (50.00 − 2.00).
    expect(await sumBalance(t.db, member.id)).toBe(10_600n);
    expect(await obligationsOf(member.id)).toEqual([{ amount: 10_000n, required: 30_000n }]);
    const after = await t.get(api.catalogue.MCSFE.path, member.token);
    expect(after.body.value.list).toContainEqual(
      expect.objectContaining({ id: item, stock: 8, redeemed: 2 }),
    );
    const limit = await sealedCall(
      t,
      api.redeem.MCSFE,
      { rewardId: item, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([limit.status, limit.body.code]).toEqual([409, 'mall_item_limit_reached']);
    const missing = await sealedCall(
      t,
      api.redeem.MCS2,
      { rewardId: 999_999, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([missing.status, missing.body.code]).toEqual([404, 'mall_item_not_found']);
    const zero = await sealedCall(
      t,
      api.redeem.MCS2,
      { rewardId: item, quantity: 0, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([zero.status, zero.body.code]).toEqual([400, 'validation_failed']);
    const poor = await walletMember(t, { paymentPassword: true });
    await creditPoints(t, poor.id, 500n);
    const short = await sealedCall(
      t,
      api.redeem.MCS2,
      { rewardId: item, paymentPassword: PAYMENT_PASSWORD },
      poor.token,
    );
    expect([short.status, short.body.code]).toEqual([422, 'points_insufficient']);
    expect(
      (await sealedCall(t, api.redeem.MCS2, { rewardId: item, paymentPassword: PAYMENT_PASSWORD })).status,
    ).toBe(401);
  });

  it('sells prize tickets: a ticket item completes at once, takes the points and grants its tickets once', async () => {
    const item = {
      kind: 'ticket',
      texts: { EN: { name: 'Wheel tickets ×3' } },
      images: {},
      points: 500,
      tickets: 3,
      stock: 10,
      perMemberLimit: null,
    };
    const withoutTickets = await t.send('POST', bo.createItem.path, { ...item, tickets: 0 }, operations);
    expect([withoutTickets.status, withoutTickets.body.code]).toEqual([400, 'validation_failed']);
    const bonusWithTickets = await t.send(
      'POST',
      bo.createItem.path,
      { ...item, kind: 'bonus', bonus: 5 },
      operations,
    );
    expect([bonusWithTickets.status, bonusWithTickets.body.code]).toEqual([400, 'validation_failed']);
    const created = await t.send('POST', bo.createItem.path, item, operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ kind: 'ticket', points: 500, tickets: 3, bonus: 0 });
    const id = created.body.value.id as number;

    const member = await walletMember(t, { paymentPassword: true, funds: 1_000n });
    await creditPoints(t, member.id, 1_200n);
    const catalogue = await t.get(api.catalogue.MCS2.path, member.token);
    expect(catalogue.body.value.list).toContainEqual(
      expect.objectContaining({ id, kind: 'ticket', name: 'Wheel tickets ×3', points: 500, tickets: 3 }),
    );
    const body = { rewardId: id, quantity: 2, paymentPassword: PAYMENT_PASSWORD };
    const headers = { 'Idempotency-Key': 'tickets-1' };
    const redeemed = await sealedCall(t, api.redeem.MCS2, body, member.token, headers);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.value).toMatchObject({
      exchangeType: 'TICKET',
      productName: 'Wheel tickets ×3',
      quantity: 2,
      requiredPoints: 1_000,
      requiredAmount: 0,
      status: 'completed',
      balance: 200,
    });
    const again = await sealedCall(t, api.redeem.MCS2, body, member.token, headers);
    expect(again.body.value).toEqual(redeemed.body.value);
    expect(await pointsOf(t.db, member.id)).toBe(200n);
    expect(await sumBalance(t.db, member.id)).toBe(1_000n);
    expect(await ticketBalance(t.db, member.id)).toBe(6);
    const movements = await t.db.query<{ delta: number; source: string; ref: string }>(
      'select delta, source, ref from ticket_movements where member_id = $1',
      [member.id],
    );
    expect(movements).toEqual([
      { delta: 6, source: 'mall', ref: `point-redemption:${redeemed.body.value.transactionNo}` },
    ]);
    expect(await obligationsOf(member.id)).toEqual([]);
    const short = await sealedCall(t, api.redeem.MCS2, { ...body, quantity: 1 }, member.token);
    expect([short.status, short.body.code]).toEqual([422, 'points_insufficient']);
    expect(await ticketBalance(t.db, member.id)).toBe(6);
    const queue = await t.get(bo.redemptions.path, support);
    expect(queue.body.value.list).toContainEqual(
      expect.objectContaining({
        transactionNo: redeemed.body.value.transactionNo,
        kind: 'ticket',
        tickets: 6,
        status: 'completed',
        points: 1_000,
      }),
    );
    await t.db.query(`update point_mall_items set active = false where id = $1`, [id]);
  });

  it('keeps a physical item in processing until the operator completes it or rejects it, points returned', async () => {
    const member = await walletMember(t, { paymentPassword: true });
    await creditPoints(t, member.id, 10_000n);
    const item = await mallItem(t.db, { kind: 'physical', name: 'Headphones', points: 4_000n, stock: 5 });
    const noAddress = await sealedCall(
      t,
      api.redeem.MCS2,
      { rewardId: item, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect([noAddress.status, noAddress.body.code]).toEqual([400, 'validation_failed']);
    expect(Object.keys(noAddress.body.fields ?? {})).toEqual(['address', 'phone']);
    const order = {
      rewardId: item,
      paymentPassword: PAYMENT_PASSWORD,
      address: '1 Nguyen Hue, HCMC',
      phone: '+84 901 234 567',
    };
    const shipped = await sealedCall(t, api.redeem.MCS2, order, member.token);
    expect(shipped.body.value).toMatchObject({
      exchangeType: 'PHYSICAL',
      status: 'processing',
      balance: 6_000,
    });
    const refused = await sealedCall(t, api.redeem.MCS2, order, member.token);
    expect(refused.body.value).toMatchObject({ status: 'processing', balance: 2_000 });

    const queue = await t.get(`${bo.redemptions.path}?status=processing`, support);
    expect(queue.status).toBe(200);
    const mine = queue.body.value.list.filter((row: { memberId: number }) => row.memberId === member.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      productName: 'Headphones',
      address: order.address,
      phone: order.phone,
      points: 4_000,
    });
    const [second, first] = mine as { id: number }[];
    const complete = (id: number) => bo.completeRedemption.path.replace(':id', String(id));
    const reject = (id: number) => bo.rejectRedemption.path.replace(':id', String(id));
    const done = await t.send(
      'POST',
      complete(first?.id ?? 0),
      { remark: 'VNPost EE123456789VN' },
      operations,
    );
    expect(done.body.value).toMatchObject({ status: 'completed', remark: 'VNPost EE123456789VN' });
    const back = await t.send('POST', reject(second?.id ?? 0), { remark: 'Out of this colour' }, operations);
    expect(back.body.value).toMatchObject({ status: 'rejected', remark: 'Out of this colour' });
    expect(await pointsOf(t.db, member.id)).toBe(6_000n);
    expect((await t.get(api.balance.MCS2.path, member.token)).body.value).toMatchObject({
      balance: 6_000,
      accumulated: 10_000,
    });
    const items = await t.get(bo.items.path, support);
    expect(items.body.value.list).toContainEqual(
      expect.objectContaining({ id: item, stock: 4, redeemed: 1 }),
    );
    const history = await t.get(api.history.MCS2.path, member.token);
    expect(
      history.body.value.list.map((row: { status: string; remark: string }) => [row.status, row.remark]),
    ).toEqual([
      ['rejected', 'Out of this colour'],
      ['completed', 'VNPost EE123456789VN'],
    ]);
    const audits = await t.db.query<{ action: string }>(
      `select action from audit_log where entity = 'point_redemption' and entity_id in ($1, $2) order by id`,
      [String(first?.id), String(second?.id)],
    );
    expect(audits.map((row) => row.action)).toEqual(['complete', 'reject']);

    const twice = await t.send('POST', reject(first?.id ?? 0), { remark: 'again' }, operations);
    expect([twice.status, twice.body.code]).toEqual([409, 'redemption_decided']);
    expect((await t.send('POST', reject(999_999), { remark: 'x' }, operations)).body.code).toBe(
      'redemption_not_found',
    );
    expect((await t.send('POST', reject(first?.id ?? 0), { remark: '' }, operations)).body.code).toBe(
      'validation_failed',
    );
    expect((await t.send('POST', complete(first?.id ?? 0), { remark: 'x' }, support)).body.code).toBe(
      'forbidden',
    );
    expect((await t.get(bo.redemptions.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.redemptions.path, member.token)).status).toBe(401);
  });

  it('edits the rules and the catalogue (audited), refusing mistakes and other roles', async () => {
    const rules = {
      rates: [
        { product: 'LIVE', rate: 1 },
        { product: 'RNG', rate: 0.25 },
      ],
      dailyCap: 2_000,
      ratio: 50,
      minPoints: 500,
      turnoverMultiple: 1,
    };
    const saved = await t.send('PUT', bo.putSettings.path, rules, operations);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ ...rules, currency: 'PHP' });
    expect((await t.get(bo.settings.path, support)).body.value).toMatchObject(rules);
    const [audit] = await t.db.query<{ entity_id: string }>(
      `select entity_id from audit_log where entity = 'points_settings' order by id desc limit 1`,
    );
    expect(audit).toEqual({ entity_id: 'points' });
    expect((await t.send('PUT', bo.putSettings.path, { ...rules, ratio: 0 }, operations)).body.code).toBe(
      'validation_failed',
    );
    expect((await t.send('PUT', bo.putSettings.path, rules, support)).body.code).toBe('forbidden');

    const item = {
      kind: 'bonus',
      texts: { EN: { name: 'Cash 20', description: 'Twenty in your wallet' }, VI: { name: 'Tiền 20' } },
      images: {},
      points: 2_000,
      bonus: 20,
      turnoverMultiple: 1,
      stock: null,
      perMemberLimit: 1,
    };
    const created = await t.send('POST', bo.createItem.path, item, operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      kind: 'bonus',
      points: 2_000,
      bonus: 20,
      cash: 0,
      active: true,
      redeemed: 0,
    });
    const id = created.body.value.id as number;
    const updated = await t.send(
      'PUT',
      bo.updateItem.path.replace(':id', String(id)),
      { ...item, active: false },
      operations,
    );
    expect(updated.body.value).toMatchObject({ id, active: false });
    const member = await walletMember(t);
    const vietnamese = await t.get(api.catalogue.MCS2.path, member.token, { language: 'VI' });
    expect(vietnamese.body.value.list.some((row: { id: number }) => row.id === id)).toBe(false);
    await t.send('PUT', bo.updateItem.path.replace(':id', String(id)), item, operations);
    const shown = await t.get(api.catalogue.MCS2.path, member.token, { language: 'VI' });
    expect(shown.body.value.list).toContainEqual(
      expect.objectContaining({ id, name: 'Tiền 20', description: '' }),
    );
    const actions = await t.db.query<{ action: string }>(
      `select action from audit_log where entity = 'point_mall_item' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(actions.map((row) => row.action)).toEqual(['create', 'update', 'update']);

    const mistake = async (changed: Record<string, unknown>) => {
      const answer = await t.send('POST', bo.createItem.path, { ...item, ...changed }, operations);
      return [answer.status, answer.body.code];
    };
    expect(await mistake({ bonus: 0 })).toEqual([400, 'validation_failed']);
    expect(await mistake({ texts: { VI: { name: 'Chỉ tiếng Việt' } } })).toEqual([400, 'validation_failed']);
    expect(await mistake({ images: { EN: '8d1f1f6e-1c9e-4c8e-9a59-1d2f3e4a5b6c' } })).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await mistake({ cash: 0.001 })).toEqual([400, 'amount_invalid']);
    const missing = await t.send('PUT', bo.updateItem.path.replace(':id', '999999'), item, operations);
    expect([missing.status, missing.body.code]).toEqual([404, 'mall_item_not_found']);
    expect((await t.send('POST', bo.createItem.path, item, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.items.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.items.path, member.token)).status).toBe(401);
    await t.db.query(`update point_mall_items set active = false where id = $1`, [id]);
  });

  it('sells the last unit once to concurrent redemptions', async () => {
    const item = await mallItem(t.db, { name: 'Last one', points: 100n, bonus: 100n, stock: 1 });
    const members = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const member = await walletMember(t, { paymentPassword: true });
        await creditPoints(t, member.id, 100n);
        return member;
      }),
    );
    const answers = await Promise.all(
      members.map((member) =>
        sealedCall(t, api.redeem.MCS2, { rewardId: item, paymentPassword: PAYMENT_PASSWORD }, member.token),
      ),
    );
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual([
      'mall_item_out_of_stock',
      'mall_item_out_of_stock',
      'mall_item_out_of_stock',
      'ok',
    ]);
    const [row] = await t.db.query<{ stock: number }>('select stock from point_mall_items where id = $1', [
      item,
    ]);
    expect(row?.stock).toBe(0);
    const [count] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from point_redemptions where item_id = $1',
      [item],
    );
    expect(count?.n).toBe(1);
  });
});
