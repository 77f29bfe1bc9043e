import {
  promotionEndpoints as api,
  promotionConsoleEndpoints as bo,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalance } from '../../../test/factories/game-providers.ts';
import { confirmedDeposit, newPromotion, promotionBody } from '../../../test/factories/promotions.ts';
import { setVipLevel, signIn } from '../../../test/factories/vip.ts';
import { multipartBody, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../platform/app-error.ts';
import { write } from '../../platform/write.ts';
import { stake } from '../games/round-owner.ts';
import { ticketBalance } from '../raffle/tickets.ts';

/**
 * Promotions: the console's authoring, applications queue and blacklist (audited), /promotions and /promoDetail with
 * the member's status and its one action, claims (idempotent, within the budget, one posting with its obligation),
 * the abuse controls, and the original's calls. Each endpoint with its happy path, a client mistake with its code,
 * and the refused callers. The seed's currency is PHP (2 digits); each test starts at the harness clock's
 * 2026-06-01T12:00Z, within the factory's promotion period (from 2026-05-01).
 */
const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

let png: Buffer;
let gif: Buffer;

describe('promotions', () => {
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
    const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#cc3366' } });
    png = await image.clone().png().toBuffer();
    gif = await image.clone().gif().toBuffer();
  });
  afterAll(() => t.close());

  const detail = (id: number, token?: string) => t.get(at(api.detail.path, { id }), token);
  const claim = (id: number, token: string, key?: string) =>
    t.call({
      method: 'POST',
      url: at(api.claim.path, { id }),
      token,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const obligations = (memberId: number) =>
    t.db.query<{
      source_kind: string;
      source_ref: string;
      amount: bigint;
      required: bigint;
      product_scope: string | null;
      max_stake: bigint | null;
    }>(
      `select source_kind, source_ref, amount, required, product_scope, max_stake from turnover_obligations
       where member_id = $1 order by id`,
      [memberId],
    );
  const apply = (
    id: number,
    token: string,
    remark: string,
    files: { data: Buffer; filename: string; contentType: string }[] = [],
  ) => {
    const { boundary, payload } = multipartBody([
      { name: 'remark', value: remark },
      ...files.map((file) => ({ name: 'proof', file })),
    ]);
    return t.call({
      method: 'POST',
      url: at(api.apply.path, { id }),
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('lets operations author a promotion (sanitised, audited); refuses a bad body, support, members and visitors', async () => {
    const created = await t.send('POST', bo.create.path, promotionBody(), operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      kind: 'fixed',
      budget: 1_000,
      spent: 0,
      amount: 50,
      turnoverMultiple: 5,
      enabled: true,
    });
    expect(created.body.value.versions[0].content).toBe('<p>Claim <b>50.00</b></p>');
    const id = created.body.value.id as number;
    const [audit] = await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'promotion' and entity_id = $1",
      [String(id)],
    );
    expect(audit?.action).toBe('create');

    const noPercent = await t.send('POST', bo.create.path, promotionBody({ kind: 'deposit' }), operations);
    expect([noPercent.status, noPercent.body.code]).toEqual([400, 'validation_failed']);
    expect(noPercent.body.fields).toHaveProperty('percent');
    const noEnglish = await t.send(
      'POST',
      bo.create.path,
      promotionBody({ versions: [{ language: 'VI', title: 'x', content: '', imageId: null }] }),
      operations,
    );
    expect(noEnglish.body.code).toBe('validation_failed');

    const updated = await t.send(
      'PUT',
      at(bo.update.path, { id }),
      promotionBody({ budget: 2_000 }),
      operations,
    );
    expect(updated.body.value).toMatchObject({ id, budget: 2_000 });
    const missing = await t.send('PUT', at(bo.update.path, { id: 999_999 }), promotionBody(), operations);
    expect([missing.status, missing.body.code]).toEqual([404, 'promotion_not_found']);

    expect((await t.send('POST', bo.create.path, promotionBody(), support)).status).toBe(403);
    expect((await t.send('POST', bo.create.path, promotionBody(), finance)).status).toBe(403);
    const member = await newMember(t);
    expect((await t.send('POST', bo.create.path, promotionBody(), member.token)).status).toBe(401);
    expect((await t.send('POST', bo.create.path, promotionBody())).status).toBe(401);
    const list = await t.get(bo.list.path, support);
    expect(list.status).toBe(200);
    expect(list.body.value.some((row: { id: number }) => row.id === id)).toBe(true);
    expect((await t.get(bo.list.path, member.token)).status).toBe(401);
  });

  it('shows visitors and members /promotions and /promoDetail with their status; a claim credits once with its obligation', async () => {
    const id = await newPromotion(t, operations, { category: 'NEW' });
    const soon = await newPromotion(t, operations, { startsAt: '2026-06-20T00:00:00Z' });

    const visitor = await t.get(`${api.list.path}?category=NEW`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.value.list.find((row: { id: number }) => row.id === id)).toMatchObject({
      title: 'Welcome bonus',
      status: 'claim',
      action: 'claim',
      amount: 50,
    });
    expect(visitor.body.value.list.some((row: { id: number }) => row.id === soon)).toBe(false);
    const vi = await t.get(at(api.detail.path, { id }), undefined, { Language: 'VI' });
    expect(vi.body.value).toMatchObject({ title: 'Thưởng chào mừng', content: '<p>Nhận 50.00</p>' });
    expect((await detail(soon)).body.value).toMatchObject({ status: 'coming_soon', action: null });
    const bad = await t.get(`${api.list.path}?category=NOPE`);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    expect((await detail(999_999)).body.code).toBe('promotion_not_found');

    const member = await newMember(t);
    const before = await mainBalance(t, member.id);
    const first = await claim(id, member.token, 'claim-once');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      status: 'process',
      action: null,
      entry: { status: 'claimed', amount: 50 },
    });
    expect(await mainBalance(t, member.id)).toBe(before + 5_000n);
    // The retry with its key gets the first answer; a second claim finds nothing to claim.
    expect((await claim(id, member.token, 'claim-once')).body.value).toEqual(first.body.value);
    const again = await claim(id, member.token);
    expect([again.status, again.body.code]).toEqual([409, 'promotion_action_unavailable']);
    expect(await mainBalance(t, member.id)).toBe(before + 5_000n);
    expect(await obligations(member.id)).toMatchObject([
      { source_kind: 'bonus', amount: 5_000n, required: 25_000n, product_scope: null, max_stake: null },
    ]);
    const [posting] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from ledger_transactions where idempotency_key like 'promotion:%' and member_id = $1",
      [member.id],
    );
    expect(posting?.n).toBe(1);

    const early = await claim(soon, member.token);
    expect([early.status, early.body.code]).toEqual([409, 'promotion_action_unavailable']);
    expect((await claim(id, '')).status).toBe(401);
    const trial = await newMember(t, 4);
    expect((await claim(id, trial.token)).body.code).toBe('in_need_true_account');
    expect((await claim(id, operations)).status).toBe(401);
    const badId = await t.send('POST', at(api.claim.path, { id: 'x' }), undefined, member.token);
    expect([badId.status, badId.body.code]).toEqual([400, 'validation_failed']);
  });

  it('grants a promotion’s prize tickets with its claim, once; refuses a bad ticket count', async () => {
    const id = await newPromotion(t, operations, { tickets: 3 });
    expect((await detail(id)).body.value).toMatchObject({ amount: 50, tickets: 3 });
    const member = await newMember(t);
    const first = await claim(id, member.token, 'claim-tickets');
    expect(first.status).toBe(200);
    expect(await ticketBalance(t.db, member.id)).toBe(3);
    // The retry with its key and a second claim grant nothing more.
    expect((await claim(id, member.token, 'claim-tickets')).body.value).toEqual(first.body.value);
    expect((await claim(id, member.token)).body.code).toBe('promotion_action_unavailable');
    expect(await ticketBalance(t.db, member.id)).toBe(3);
    const movements = await t.db.query<{ source: string; ref: string; delta: number }>(
      'select source, ref, delta from ticket_movements where member_id = $1',
      [member.id],
    );
    expect(movements).toEqual([
      { source: 'promotion', ref: `promotion:${first.body.value.entry.id}`, delta: 3 },
    ]);

    // A promotion without tickets grants none.
    const plain = await newPromotion(t, operations);
    const other = await newMember(t);
    expect((await claim(plain, other.token)).status).toBe(200);
    expect(await ticketBalance(t.db, other.id)).toBe(0);

    for (const tickets of [-1, 1_001, 1.5, 'many']) {
      const bad = await t.send('POST', bo.create.path, promotionBody({ tickets } as never), operations);
      expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
      expect(bad.body.fields).toHaveProperty('tickets');
    }
  });

  it('shows each reader their language’s title, content and image; a version without content or image shows English’s', async () => {
    const [english, vietnamese] = [crypto.randomUUID(), crypto.randomUUID()];
    const id = await newPromotion(t, operations, {
      versions: [
        { language: 'EN', title: 'Welcome bonus', content: '<p>Claim 50.00</p>', imageId: english },
        { language: 'VI', title: 'Thưởng chào mừng', content: '<p>Nhận 50.00</p>', imageId: vietnamese },
        { language: 'CN', title: '欢迎奖金', content: '', imageId: null },
      ],
    });
    const read = async (language: string) => {
      const [one, list] = [
        await t.get(at(api.detail.path, { id }), undefined, { Language: language }),
        await t.get(api.list.path, undefined, { Language: language }),
      ];
      const card = list.body.value.list.find((row: { id: number }) => row.id === id);
      expect(card).toMatchObject({ title: one.body.value.title, imageUrl: one.body.value.imageUrl });
      return {
        title: one.body.value.title,
        content: one.body.value.content,
        imageUrl: one.body.value.imageUrl,
      };
    };
    expect(await read('VI')).toEqual({
      title: 'Thưởng chào mừng',
      content: '<p>Nhận 50.00</p>',
      imageUrl: `/images/${vietnamese}`,
    });
    expect(await read('EN')).toEqual({
      title: 'Welcome bonus',
      content: '<p>Claim 50.00</p>',
      imageUrl: `/images/${english}`,
    });
    // Chinese has its title only: English's content and image; a language without a version sees English's.
    expect(await read('ZH')).toEqual({
      title: '欢迎奖金',
      content: '<p>Claim 50.00</p>',
      imageUrl: `/images/${english}`,
    });
    expect((await read('TH')).title).toBe('Welcome bonus');
  });

  it('pays the worked deposit bonus: 1,000.00 at 50 % capped at 300.00 is 300.00, wagered 10× on slots with a max stake', async () => {
    const id = await newPromotion(t, operations, {
      category: 'DEPOSIT',
      kind: 'deposit',
      percent: 50,
      cap: 300,
      minDeposit: 100,
      depositWhich: 'first',
      amount: null,
      turnoverMultiple: 10,
      productScope: 'RNG',
      maxStake: 20,
      budget: 10_000,
    });
    const member = await newMember(t);
    expect((await detail(id, member.token)).body.value).toMatchObject({ status: 'signed', action: null });
    await confirmedDeposit(t, member.id, 100_000n);
    const ready = await detail(id, member.token);
    expect(ready.body.value).toMatchObject({ status: 'claim', action: 'claim', claimable: 300 });
    const claimed = await claim(id, member.token);
    expect(claimed.body.value).toMatchObject({ status: 'process', entry: { amount: 300 } });
    expect(await mainBalance(t, member.id)).toBe(130_000n);
    // The deposit's own obligation (1×), then the bonus's: 300.00 × 10 = 3,000.00 on slots only.
    expect((await obligations(member.id)).at(-1)).toMatchObject({
      source_kind: 'bonus',
      amount: 30_000n,
      required: 300_000n,
      product_scope: 'RNG',
      max_stake: 2_000n,
    });
    // The first deposit only: a second deposit gives nothing more.
    await confirmedDeposit(t, member.id, 100_000n);
    expect((await detail(id, member.token)).body.value.status).toBe('process');

    // While it is being wagered, a slot stake above 20.00 is refused before any money moves.
    const [game] = await t.db.query<{ id: number }>(
      "select g.id from games g join game_vendors v on v.id = g.vendor_id where v.game_type = 'RNG' order by g.id limit 1",
    );
    const bet = (amount: bigint, ref: string) =>
      write(t.db, { isolation: 'read committed' }, (tx) =>
        stake(
          tx,
          { memberId: member.id, gameId: game?.id ?? 0, ref, currency: 'PHP', closed: false },
          amount,
          { key: `test-bet:${ref}` },
          t.clock.now(),
        ),
      );
    await expect(bet(2_001n, `big-${member.id}`)).rejects.toThrow(AppError);
    await expect(bet(2_001n, `big2-${member.id}`)).rejects.toMatchObject({ code: 'bonus_max_stake' });
    await bet(2_000n, `ok-${member.id}`);
    expect(await mainBalance(t, member.id)).toBe(228_000n);

    // A deposit below the minimum does not qualify.
    const small = await newMember(t);
    await confirmedDeposit(t, small.id, 9_999n);
    expect((await detail(id, small.token)).body.value.status).toBe('signed');
  });

  it('plays a claimed deposit bonus through: settled slot stakes fill the deposit, then the bonus, and the gate opens', async () => {
    const id = await newPromotion(t, operations, {
      kind: 'deposit',
      percent: 10,
      cap: 5,
      minDeposit: 50,
      depositWhich: 'first',
      amount: null,
      turnoverMultiple: 1,
      productScope: 'RNG',
    });
    const member = await newMember(t);
    await confirmedDeposit(t, member.id, 30_000n);
    expect((await claim(id, member.token)).body.value.entry.amount).toBe(5);
    const info = () => t.get(withdrawalPlayerEndpoints.withdrawalInfo.path, member.token);
    expect((await info()).body.value).toMatchObject({ balance: 305, turnoverRemaining: 305 });
    expect(
      (await info()).body.value.turnoverObligations.map((row: { source: string }) => row.source),
    ).toEqual(['deposit', 'bonus']);
    const [game] = await t.db.query<{ id: number }>(
      "select g.id from games g join game_vendors v on v.id = g.vendor_id where v.game_type = 'RNG' order by g.id limit 1",
    );
    // A settled slot round of 302.00 (lost): the deposit's 300.00 first, then 2.00 of the bonus's 5.00.
    const play = (amount: bigint, ref: string) =>
      write(t.db, { isolation: 'read committed' }, (tx) =>
        stake(
          tx,
          { memberId: member.id, gameId: game?.id ?? 0, ref, currency: 'PHP', closed: true },
          amount,
          { key: `test-play:${ref}` },
          t.clock.now(),
        ),
      );
    await play(30_200n, `through-1-${member.id}`);
    expect((await info()).body.value).toMatchObject({ balance: 3, turnoverRemaining: 3 });
    await play(300n, `through-2-${member.id}`);
    expect((await info()).body.value).toMatchObject({
      balance: 0,
      turnoverRemaining: 0,
      turnoverObligations: [],
    });
  });

  it('joins an every-deposit promotion first (join, signed), then each qualifying deposit is claimed once', async () => {
    const id = await newPromotion(t, operations, {
      kind: 'deposit',
      percent: 10,
      cap: 50,
      minDeposit: 0,
      depositWhich: 'every',
      joinRequired: true,
      amount: null,
    });
    const member = await newMember(t);
    await confirmedDeposit(t, member.id, 10_000n);
    t.clock.advance(60_000);
    expect((await detail(id, member.token)).body.value).toMatchObject({ status: 'join', action: 'join' });
    const joined = await t.send('POST', at(api.join.path, { id }), undefined, member.token);
    expect(joined.body.value).toMatchObject({ status: 'signed', entry: { status: 'signed' } });
    const twice = await t.send('POST', at(api.join.path, { id }), undefined, member.token);
    expect([twice.status, twice.body.code]).toEqual([409, 'promotion_action_unavailable']);
    t.clock.advance(5 * 60_000);
    await confirmedDeposit(t, member.id, 20_000n);
    await confirmedDeposit(t, member.id, 100_000n);
    expect((await claim(id, member.token)).body.value.entry.amount).toBe(20);
    expect((await detail(id, member.token)).body.value.claimable).toBe(50);
    expect((await claim(id, member.token)).body.value.entry.amount).toBe(50);
    expect((await claim(id, member.token)).body.code).toBe('promotion_action_unavailable');
    expect((await t.send('POST', at(api.join.path, { id }))).status).toBe(401);
  });

  it('takes an activity application with its remark and images; operations approve it within the budget or reject it', async () => {
    const id = await newPromotion(t, operations, {
      kind: 'application',
      amount: null,
      budget: 100,
      applyUntil: '2026-06-20T00:00:00Z',
    });
    const member = await newMember(t);
    expect((await detail(id, member.token)).body.value).toMatchObject({ status: 'join', action: 'apply' });
    const file = (data: Buffer, name: string, type: string) => ({ data, filename: name, contentType: type });
    const long = await apply(id, member.token, 'x'.repeat(141));
    expect([long.status, long.body.code]).toEqual([400, 'validation_failed']);
    const wrongType = await apply(id, member.token, 'hi', [file(gif, 'a.png', 'image/png')]);
    expect(wrongType.body.code).toBe('image_type_not_allowed');
    const many = await apply(
      id,
      member.token,
      'hi',
      [png, png, png, png].map((data, n) => file(data, `p${n}.png`, 'image/png')),
    );
    expect(many.body.code).toBe('too_many_images');
    const applied = await apply(id, member.token, 'My screenshot of the win', [
      file(png, 'win.png', 'image/png'),
    ]);
    expect(applied.status).toBe(200);
    expect(applied.body.value).toMatchObject({
      status: 'applying',
      entry: { status: 'applying', remark: 'My screenshot of the win' },
    });
    expect((await apply(id, member.token, 'again')).body.code).toBe('promotion_action_unavailable');

    const queue = await t.get(`${bo.applications.path}?status=applying&promotionId=${id}`, support);
    expect(queue.body.value.list).toHaveLength(1);
    const row = queue.body.value.list[0];
    expect(row).toMatchObject({
      memberId: member.id,
      remark: 'My screenshot of the win',
      status: 'applying',
    });
    const image = await t.get(at(bo.applicationImage.path, { id: row.id, imageId: row.images[0] }), support);
    expect(image.body.value.contentType).toBe('image/png');
    expect((await t.get(`${bo.applications.path}`, member.token)).status).toBe(401);

    const tooMuch = await t.send('POST', at(bo.approve.path, { id: row.id }), { amount: 100.01 }, operations);
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'promotion_budget_spent']);
    expect((await t.send('POST', at(bo.approve.path, { id: row.id }), { amount: 80 }, support)).status).toBe(
      403,
    );
    const approved = await t.send('POST', at(bo.approve.path, { id: row.id }), { amount: 80 }, operations);
    expect(approved.body.value).toMatchObject({ status: 'issued', amount: 80 });
    const twice = await t.send('POST', at(bo.reject.path, { id: row.id }), { reason: 'no' }, operations);
    expect([twice.status, twice.body.code]).toEqual([409, 'promotion_application_decided']);
    expect((await detail(id, member.token)).body.value).toMatchObject({ status: 'issued', claimable: 80 });
    const before = await mainBalance(t, member.id);
    expect((await claim(id, member.token)).body.value).toMatchObject({
      status: 'process',
      entry: { amount: 80 },
    });
    expect(await mainBalance(t, member.id)).toBe(before + 8_000n);

    // The budget holds: 20.00 is left, and another application cannot be approved above it.
    const other = await newMember(t);
    await apply(id, other.token, '');
    const [pending] = (await t.get(`${bo.applications.path}?status=applying&promotionId=${id}`, support)).body
      .value.list;
    expect(
      (await t.send('POST', at(bo.approve.path, { id: pending.id }), { amount: 21 }, operations)).body.code,
    ).toBe('promotion_budget_spent');
    const noReason = await t.send('POST', at(bo.reject.path, { id: pending.id }), { reason: '' }, operations);
    expect(noReason.body.code).toBe('validation_failed');
    await t.send(
      'POST',
      at(bo.reject.path, { id: pending.id }),
      { reason: 'Not a qualifying win' },
      operations,
    );
    expect((await detail(id, other.token)).body.value).toMatchObject({
      status: 'rejected',
      entry: { reason: 'Not a qualifying win' },
    });

    t.clock.set(new Date('2026-06-21T00:00:00Z'));
    const late = await newMember(t);
    expect((await detail(id, late.token)).body.value.status).toBe('registration_closed');
    expect((await apply(id, late.token, '')).body.code).toBe('promotion_action_unavailable');
  });

  it('keeps a promotion to its audience and out of the blacklisted; one bonus per address when asked', async () => {
    const vipOnly = await newPromotion(t, operations, {
      audience: { ranks: [3], labels: [], newWithinDays: null },
    });
    const member = await newMember(t);
    expect((await detail(vipOnly, member.token)).body.value.status).toBe('application_forbidden');
    const refused = await claim(vipOnly, member.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'promotion_not_eligible']);
    await setVipLevel(t.db, member.id, 3, 50_000n);
    expect((await detail(vipOnly, member.token)).body.value.status).toBe('claim');

    const open = await newPromotion(t, operations, { kind: 'daily', category: 'DAILY', onePer: ['address'] });
    const [{ username } = { username: '' }] = await t.db.query<{ username: string }>(
      'select username from members where id = $1',
      [member.id],
    );
    const listed = await t.send(
      'POST',
      bo.addToBlacklist.path,
      { kind: 'daily', username, reason: 'abuse' },
      operations,
    );
    expect(listed.body.value).toMatchObject({ kind: 'daily', memberId: member.id, reason: 'abuse' });
    expect(
      (await t.send('POST', bo.addToBlacklist.path, { kind: 'daily', username }, operations)).body.code,
    ).toBe('conflict');
    expect(
      (await t.send('POST', bo.addToBlacklist.path, { kind: 'daily', username: 'nobody-here' }, operations))
        .body.code,
    ).toBe('validation_failed');
    expect((await t.send('POST', bo.addToBlacklist.path, { kind: 'daily', username }, support)).status).toBe(
      403,
    );
    expect((await detail(open, member.token)).body.value.status).toBe('application_forbidden');
    expect((await t.get(`${bo.blacklist.path}?kind=daily`, support)).body.value.list[0].username).toBe(
      username,
    );
    const removed = await t.send(
      'DELETE',
      at(bo.removeFromBlacklist.path, { kind: 'daily', memberId: member.id }),
      undefined,
      operations,
    );
    expect(removed.body.value).toEqual({ ok: true });

    // Two accounts registered from one address: the daily bonus goes to one of them per day.
    const twin = await newMember(t);
    await t.db.query("update members set register_ip = '203.0.113.7' where id = any($1::int[])", [
      [member.id, twin.id],
    ]);
    expect((await claim(open, member.token)).status).toBe(200);
    const linked = await claim(open, twin.token);
    expect([linked.status, linked.body.code]).toEqual([409, 'promotion_linked_account']);
    expect((await claim(open, member.token)).body.code).toBe('promotion_action_unavailable');
    // The next merchant day, the daily claim is open again.
    t.clock.advance(86_400_000);
    const tomorrow = await signIn(t, member.id);
    expect((await detail(open, tomorrow)).body.value.status).toBe('claim');
    expect((await claim(open, tomorrow)).status).toBe(200);
  });

  it('answers the original promotion calls in their shapes', async () => {
    const id = await newPromotion(t, operations, { kind: 'application', amount: null, category: 'VIP' });
    const member = await newMember(t);
    const categories = await t.get(api.originalCategories.path);
    expect(categories.body.value.list).toContainEqual({ categoryCode: 'VIP', count: expect.any(Number) });
    const merchant = await t.get(api.originalMerchantAvailable.path);
    expect(
      merchant.body.value.list.find((row: { promotionId: number }) => row.promotionId === id),
    ).toMatchObject({
      promotionTitle: 'Welcome bonus',
      promotionType: 'APPLICATION',
      status: 'JOIN',
    });
    const available = await t.get(api.originalAvailable.path, member.token);
    expect(available.body.value.list.some((row: { promotionId: number }) => row.promotionId === id)).toBe(
      true,
    );
    expect((await t.get(api.originalAvailable.path)).status).toBe(401);
    const signUp = await t.send(
      'POST',
      api.originalSignUp.path,
      { promotionId: id, remark: 'please' },
      member.token,
    );
    expect(signUp.body.value).toMatchObject({ promotionId: id, status: 'APPLYING', bonusAmount: 0 });
    const again = await t.send('POST', api.originalSignUp.path, { promotionId: id }, member.token);
    expect(again.body.code).toBe('promotion_action_unavailable');
    expect((await t.send('POST', api.originalSignUp.path, {}, member.token)).body.code).toBe(
      'validation_failed',
    );
    const claims = await t.get(api.originalClaimList.path, member.token);
    expect(claims.body.value.list[0]).toMatchObject({
      recordId: signUp.body.value.recordId,
      status: 'APPLYING',
    });
  });

  describe.runIf(TEST_DATABASE === 'postgres')('under concurrency', () => {
    it('holds the budget: of 25 parallel claims of 50.00 against 500.00, exactly 10 succeed', async () => {
      const id = await newPromotion(t, operations, { budget: 500, amount: 50 });
      const members = await Promise.all(Array.from({ length: 25 }, () => newMember(t)));
      const answers = await Promise.all(members.map((member) => claim(id, member.token)));
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
      expect(codes.filter((code) => code !== 'ok').every((code) => code === 'promotion_budget_spent')).toBe(
        true,
      );
      const [row] = await t.db.query<{ spent: bigint }>('select spent from promotions where id = $1', [id]);
      expect(row?.spent).toBe(50_000n);
      const [credited] = await t.db.query<{ total: bigint }>(
        `select coalesce(sum(e.amount), 0)::bigint as total from promotion_entries e where e.promotion_id = $1
           and e.status = 'claimed'`,
        [id],
      );
      expect(credited?.total).toBe(50_000n);
    });

    it('gives one bonus per device when claims of linked accounts race', async () => {
      const id = await newPromotion(t, operations, { onePer: ['device'] });
      const members = await Promise.all(Array.from({ length: 6 }, () => newMember(t)));
      for (const member of members) {
        await t.db.query("update members set last_login_device = 'device-shared-1' where id = $1", [
          member.id,
        ]);
      }
      const answers = await Promise.all(members.map((member) => claim(id, member.token)));
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(codes.filter((code) => code === 'promotion_linked_account')).toHaveLength(5);
    });
  });
});
