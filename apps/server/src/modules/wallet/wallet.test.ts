import { walletPlayerEndpoints as api, walletConsoleEndpoints as consoleApi } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import { registerMember, sealed } from '../../../test/factories/accounts.ts';
import { newGame } from '../../../test/factories/games.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { countRoundTrips } from '../../../test/round-trips.ts';
import { ContentCache } from '../../platform/content-cache.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { vendorWallets } from '../games/vendor-wallets.ts';
import { reconcile } from './reconciliation.ts';
import { walletTransfer } from './transfers.ts';

const TRIAL = 4;

/** The member moves money between its own wallets. */
const moveMoney = (t: TestApp, token: string, fromWallet: string, toWallet: string, amount: unknown) =>
  t.send('POST', api.walletTransfer.path, { fromWallet, toWallet, amount }, token);

describe('wallet: balances, transfers, records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    // Vendor wallets are offered only for vendors with a game: FB and SEA Lottery have one, Vietnam Lottery none.
    await newGame(t, { vendor: 'FB' });
    await newGame(t, { vendor: 'TCG_SEA' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new member has a zero balance in every wallet, in the merchant currency', async () => {
    const { token } = await newMember(t);
    const res = await t.get(api.balance.path, token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      sumBalance: 0,
      currency: 'PHP',
      currencySymbol: 'P',
      digits: 2,
      wallets: [
        { wallet: 'main', name: 'Main wallet', balance: 0, playable: true },
        { wallet: 'FB', name: 'FB Sports', balance: 0, playable: true },
        { wallet: 'TCG_SEA', name: 'SEA Lottery', balance: 0, playable: true },
      ],
    });
  });

  it('offers no wallet of a vendor without an enabled game; money left in one may only leave it', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 10_000n);
    const move = (fromWallet: string, toWallet: string, amount: number) =>
      moveMoney(t, token, fromWallet, toWallet, amount);
    const gameless = await move('main', 'TCG_LOTTO_VN', 5);
    expect(gameless.status).toBe(400);
    expect(gameless.body).toMatchObject({ code: 'wallet_unknown', fields: { toWallet: expect.any(String) } });
    expect((await move('main', 'TCG_SEA', 30)).status).toBe(200);
    const [sea] = await t.db.query<{ id: number }>(
      `select g.id from games g join game_vendors v on v.id = g.vendor_id where v.vassalage = 'TCG_SEA' and g.enabled`,
    );
    await t.db.query('update games set enabled = false where id = $1', [sea?.id]);
    try {
      // Its games are gone: the member still sees the money there and may take it out, not put more in; the
      // answer says so (playable false), so that the site offers it only as the wallet the money leaves.
      expect((await t.get(api.balance.path, token)).body.value.wallets).toEqual([
        { wallet: 'main', name: 'Main wallet', balance: 70, playable: true },
        { wallet: 'FB', name: 'FB Sports', balance: 0, playable: true },
        { wallet: 'TCG_SEA', name: 'SEA Lottery', balance: 30, playable: false },
      ]);
      expect((await move('main', 'TCG_SEA', 1)).body.code).toBe('wallet_unknown');
      const out = await move('TCG_SEA', 'main', 30);
      expect(out.status).toBe(200);
      expect(out.body.value.wallets).toEqual([
        { wallet: 'main', name: 'Main wallet', balance: 100, playable: true },
        { wallet: 'FB', name: 'FB Sports', balance: 0, playable: true },
      ]);
    } finally {
      await t.db.query('update games set enabled = true where id = $1', [sea?.id]);
    }
  });

  it('the balance is refused without a session; the consolidated funds carry it with the contract requests', async () => {
    expect((await t.get(api.balance.path)).body.code).toBe('unauthorized');
    const { token, id } = await newMember(t);
    await fundMember(t, id, 123_456n);
    const res = await t.get(api.consolidatedFunds.path, token);
    expect(res.body.value).toMatchObject({
      sumBalance: 1234.56,
      currency: 'PHP',
      divtypereq: null,
      dailysalinfotype: 0,
    });
  });

  it('moves money between the main and a vendor wallet, once per idempotency key', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 50_000n);
    const move = () =>
      t.call({
        method: 'POST',
        url: api.walletTransfer.path,
        token,
        headers: { 'idempotency-key': `move-${id}` },
        payload: { fromWallet: 'main', toWallet: 'FB', amount: 120.5 },
      });
    const first = await move();
    expect(first.status).toBe(200);
    expect(first.body.value.sumBalance).toBe(500);
    expect(first.body.value.wallets.slice(0, 2)).toEqual([
      { wallet: 'main', name: 'Main wallet', balance: 379.5, playable: true },
      { wallet: 'FB', name: 'FB Sports', balance: 120.5, playable: true },
    ]);
    const again = await move();
    expect(again.body.value).toEqual(first.body.value);
    const back = await moveMoney(t, token, 'FB', 'main', 20);
    expect(back.body.value.wallets[1].balance).toBe(100.5);
  });

  it('a transfer is two round trips: BEGIN with the claim, the check and the posting; COMMIT with the answer', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 10_000n);
    const member = { kind: 'member', memberId: id, type: 0, tokenHash: '' } as const;
    const counted = countRoundTrips(t.deps.db);
    // As a server holds it, the wallets' setup is read once (the tests' apps hold nothing).
    const content = new ContentCache(t.deps.realtime, 60_000);
    const transfer = (toWallet: string, key: string) =>
      walletTransfer(
        { ...t.deps, db: counted.db, local: { ...t.deps.local, content } },
        vendorWallets,
        member,
        { fromWallet: toWallet === 'main' ? 'FB' : 'main', toWallet, amount: 10 },
        { scope: `member:${id}`, key, fingerprint: toWallet, at: t.clock.now() },
        t.clock.now(),
        'EN',
      );
    await transfer('FB', `warm-${id}`);
    // A retry of a key answered before reads the stored answer too (and rolls back what its BEGIN did).
    for (const [toWallet, key, trips, balances] of [
      ['FB', `into-${id}`, 2, [80, 20]],
      ['main', `out-${id}`, 2, [90, 10]],
      ['FB', `into-${id}`, 3, [80, 20]],
    ] as const) {
      const before = counted.roundTrips();
      const answer = await transfer(toWallet, key);
      expect([key, counted.roundTrips() - before]).toEqual([key, trips]);
      expect(answer.wallets.slice(0, 2).map((wallet) => wallet.balance)).toEqual(balances);
    }
    expect((await t.get(api.balance.path, token)).body.value.sumBalance).toBe(100);
  });

  it('refuses money into a vendor wallet during a time-out, whatever the balance, and moves nothing', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    const now = t.clock.now();
    await t.db.query(
      `insert into responsible_members (member_id, block_kind, block_started_at, block_until, updated_at)
       values ($1, 'time_out', $2, $3, $2)`,
      [id, now, new Date(now.getTime() + 86_400_000)],
    );
    for (const amount of [5, 50]) {
      const refused = await t.send(
        'POST',
        api.walletTransfer.path,
        { fromWallet: 'main', toWallet: 'FB', amount },
        token,
      );
      expect([amount, refused.status, refused.body.code]).toEqual([amount, 403, 'rg_time_out']);
    }
    expect((await t.get(api.balance.path, token)).body.value.wallets.slice(0, 2)).toEqual([
      { wallet: 'main', name: 'Main wallet', balance: 10, playable: true },
      { wallet: 'FB', name: 'FB Sports', balance: 0, playable: true },
    ]);
  });

  it('refuses a transfer beyond the balance, to an unknown wallet, with too many decimals, or for a trial account', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    const over = await moveMoney(t, token, 'main', 'FB', 10.01);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('insufficient_balance');
    const unknown = await moveMoney(t, token, 'main', 'NOPE', 1);
    expect(unknown.body).toMatchObject({
      code: 'wallet_unknown',
      fields: { toWallet: 'Value is not valid' },
    });
    const decimals = await moveMoney(t, token, 'main', 'FB', 1.005);
    expect(decimals.body.code).toBe('amount_invalid');
    const same = await moveMoney(t, token, 'FB', 'FB', 1);
    expect(same.body.code).toBe('validation_failed');
    const trial = await newMember(t, TRIAL);
    const refused = await moveMoney(t, trial.token, 'main', 'FB', 1);
    expect(refused.body.code).toBe('in_need_true_account');
    expect((await t.get(api.balance.path, token)).body.value.sumBalance).toBe(10);
  });

  it('takes an amount as a JSON number or a decimal string only, and states the smallest amount', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 10_000n);
    const transfer = (amount: unknown) => moveMoney(t, token, 'main', 'FB', amount);
    for (const [amount, code, message] of [
      [true, 'validation_failed', 'Value is not valid'],
      [[5], 'validation_failed', 'Value is not valid'],
      ['0x10', 'validation_failed', 'Format is not valid'],
      ['1e2', 'validation_failed', 'Format is not valid'],
      [' 5', 'validation_failed', 'Format is not valid'],
      ['', 'validation_failed', 'Input cannot be empty'],
      [null, 'validation_failed', 'Value is not valid'],
      [-5, 'amount_invalid', 'Must be at least 0.01'],
      [0, 'amount_invalid', 'Must be at least 0.01'],
      [1e13, 'validation_failed', 'Must be at most 1,000,000,000,000'],
    ] as const) {
      const res = await transfer(amount);
      expect([amount, res.status, res.body.code, res.body.fields]).toEqual([
        amount,
        400,
        code,
        { amount: message },
      ]);
    }
    const vietnamese = await t.call({
      method: 'POST',
      url: api.walletTransfer.path,
      token,
      headers: { language: 'VI' },
      payload: { fromWallet: 'main', toWallet: 'FB', amount: -5 },
    });
    expect(vietnamese.body.fields).toEqual({ amount: 'Phải tối thiểu 0,01' });
    expect((await t.get(api.balance.path, token)).body.value.wallets[1].balance).toBe(0);
    expect((await transfer('12.50')).body.value.wallets[1].balance).toBe(12.5);
    expect((await transfer(0.01)).body.value.wallets[1].balance).toBe(12.51);
  });

  it('refuses transfers between wallets when the merchant wallet is single, and lists only the main wallet', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    await t.db.query('update merchant set wallet_single = true');
    try {
      const res = await moveMoney(t, token, 'main', 'FB', 1);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('wallet_single');
      expect((await t.get(api.balance.path, token)).body.value.wallets).toEqual([
        { wallet: 'main', name: 'Main wallet', balance: 10, playable: true },
      ]);
    } finally {
      await t.db.query('update merchant set wallet_single = false');
    }
  });

  it('the account record pages entries newest first, filters by type and dates, and never shows another member', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 10_000n);
    t.clock.advance(60_000);
    await moveMoney(t, token, 'main', 'TCG_SEA', 30);
    const other = await newMember(t);
    await fundMember(t, other.id, 5_000n);
    const all = await t.get(`${api.accountRecord.path}?pageNo=1&pageSize=2`, token);
    expect(all.body.value).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(
      all.body.value.list.map((row: { kind: string; wallet: string; amount: number }) => [
        row.kind,
        row.wallet,
        row.amount,
      ]),
    ).toEqual([
      ['wallet_transfer', 'TCG_SEA', 30],
      ['wallet_transfer', 'main', -30],
    ]);
    expect(all.body.value.list[1]).toMatchObject({ balanceBefore: 100, balanceAfter: 70 });
    const deposits = await t.get(`${api.accountRecord.path}?type=deposit`, token);
    expect(deposits.body.value.list.map((row: { amount: number }) => row.amount)).toEqual([100]);
    const later = new Date(t.clock.now().getTime() + 1).toISOString();
    const none = await t.get(`${api.accountRecord.path}?startTime=${encodeURIComponent(later)}`, token);
    expect(none.body.value.total).toBe(0);
    const bad = await t.get(`${api.accountRecord.path}?type=lottery`, token);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });

  it('profit and loss of a period counts deposits, transfers with other members and adjustments', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 20_000n);
    const res = await t.get(`${api.profitAndLoss.path}?period=today`, token);
    expect(res.body.value).toMatchObject({
      period: 'today',
      deposits: 200,
      withdrawals: 0,
      transfersIn: 0,
      profit: 0,
    });
    const yesterday = await t.get(`${api.profitAndLoss.path}?period=yesterday`, token);
    expect(yesterday.body.value.deposits).toBe(0);
    expect((await t.get(`${api.profitAndLoss.path}?period=decade`, token)).body.code).toBe(
      'validation_failed',
    );
  });
});

describe('wallet: payment password and transfers between members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The member sends money to its upline or a downline. */
  const memberTransfer = (token: string, payload: object) =>
    t.call({ method: 'POST', url: api.memberTransfer.path, payload, token });

  async function family() {
    const agent = await registerMember(t);
    const player = await registerMember(t);
    await t.db.query('update members set type = 1 where id = $1', [agent.id]);
    await t.db.query('update members set upline_id = $1, to_upline = true where id = $2', [
      agent.id,
      player.id,
    ]);
    const hash = await hashPassword('246810');
    await t.db.query('update members set payment_password_hash = $1 where id = any($2)', [
      hash,
      [agent.id, player.id],
    ]);
    return { agent, player };
  }

  it('sets the first payment password with the login password, then changes it with the old one', async () => {
    const member = await registerMember(t);
    const first = await sealed(
      t,
      api.paymentPassword,
      { loginPassword: member.password, newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
      member.token,
    );
    expect(first.body).toMatchObject({ success: true, value: { ok: true } });
    const wrongOld = await sealed(
      t,
      api.paymentPassword,
      { oldPaymentPassword: '000001', newPaymentPassword: '975310', confirmPaymentPassword: '975310' },
      member.token,
    );
    expect(wrongOld.body).toMatchObject({
      code: 'payment_password_wrong',
      fields: { paymentPassword: 'The payment password is not correct.' },
    });
    const changed = await sealed(
      t,
      api.paymentPassword,
      { oldPaymentPassword: '135790', newPaymentPassword: '975310', confirmPaymentPassword: '975310' },
      member.token,
    );
    expect(changed.body.success).toBe(true);
  });

  it('refuses a trivial, mismatched or badly formed payment password, and a wrong login password', async () => {
    const member = await registerMember(t);
    const send = (body: object) => sealed(t, api.paymentPassword, body, member.token);
    const answer = async (newPaymentPassword: string, confirmPaymentPassword: string) =>
      (await send({ loginPassword: member.password, newPaymentPassword, confirmPaymentPassword })).body;
    const easy = { newPaymentPassword: 'This password is too easy to guess' };
    expect((await answer('111111', '111111')).fields).toEqual(easy);
    expect((await answer('123456', '123456')).fields).toEqual(easy);
    expect((await answer('135790', '135791')).fields).toEqual({
      confirmPaymentPassword: 'Passwords do not match',
    });
    expect((await answer('13579', '13579')).code).toBe('validation_failed');
    const wrong = await send({
      loginPassword: 'not-my-password',
      newPaymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(wrong.body.code).toBe('password_incorrect');
  });

  it('sends money to the upline with the payment password, and records it for both', async () => {
    const { agent, player } = await family();
    await fundMember(t, player.id, 30_000n);
    for (const amount of [true, [5], '0x10']) {
      const refused = await memberTransfer(player.token, {
        direction: 'upline',
        amount,
        paymentPassword: '246810',
      });
      expect([amount, refused.status, refused.body.code]).toEqual([amount, 400, 'validation_failed']);
    }
    expect((await t.get(api.balance.path, player.token)).body.value.sumBalance).toBe(300);
    const res = await memberTransfer(player.token, {
      direction: 'upline',
      amount: 100,
      paymentPassword: '246810',
      remark: 'thanks',
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      direction: 'upline',
      toUsername: agent.username,
      amount: 100,
      sumBalance: 200,
    });
    expect((await t.get(api.balance.path, agent.token)).body.value.sumBalance).toBe(100);
    const record = await t.get(api.accountRecord.path, agent.token);
    expect(record.body.value.list[0]).toMatchObject({
      kind: 'member_transfer',
      amount: 100,
      remark: 'thanks',
    });
    const pnl = await t.get(api.profitAndLoss.path, player.token);
    expect(pnl.body.value).toMatchObject({ transfersOut: 100, transfersIn: 0 });
  });

  it('an agent sends to a direct downline only; a member may not send downwards; a wrong payment password locks', async () => {
    const { agent, player } = await family();
    await fundMember(t, agent.id, 10_000n);
    const down = await memberTransfer(agent.token, {
      direction: 'downline',
      toUsername: player.username,
      amount: 25,
      paymentPassword: '246810',
    });
    expect(down.body.value).toMatchObject({ toUsername: player.username, amount: 25 });
    const stranger = await registerMember(t);
    const notMine = await memberTransfer(agent.token, {
      direction: 'downline',
      toUsername: stranger.username,
      amount: 1,
      paymentPassword: '246810',
    });
    expect(notMine.body).toMatchObject({
      code: 'validation_failed',
      fields: { toUsername: 'Value is not valid' },
    });
    const memberDown = await memberTransfer(player.token, {
      direction: 'downline',
      toUsername: agent.username,
      amount: 1,
      paymentPassword: '246810',
    });
    expect(memberDown.body.code).toBe('transfer_not_allowed');
    let last = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await memberTransfer(player.token, {
        direction: 'upline',
        amount: 1,
        paymentPassword: '999999',
      });
      last = wrong.body.code;
    }
    expect(last).toBe('payment_password_locked');
    const locked = await memberTransfer(player.token, {
      direction: 'upline',
      amount: 1,
      paymentPassword: '246810',
    });
    expect(locked.body.code).toBe('payment_password_locked');
    expect((await t.get(api.balance.path, player.token)).body.value.sumBalance).toBe(25);
  });

  it('transfer to upline follows toUpline, the agent type 2 rule and the setting', async () => {
    const { player, agent } = await family();
    const targets = await t.get(api.transferTargets.path, player.token);
    expect(targets.body.value).toEqual({
      upline: { allowed: true, username: agent.username },
      downlines: [],
    });
    const agentView = await t.get(api.transferTargets.path, agent.token);
    expect(agentView.body.value.downlines).toEqual([
      { username: player.username, nickname: expect.any(String) },
    ]);
    await t.db.query('update members set to_upline = false where id = $1', [player.id]);
    expect((await t.get(api.transferTargets.path, player.token)).body.value.upline.allowed).toBe(false);
    const refused = await memberTransfer(player.token, {
      direction: 'upline',
      amount: 1,
      paymentPassword: '246810',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('transfer_not_allowed');
  });
});

describe('wallet in the console: settings, a member ledger, adjustments, reconciliation', () => {
  let t: TestApp;
  let tok: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, tokens) => {
    t = app;
    tok = tokens;
  });

  it('finance reads and saves the cashier settings, audited; a bad value is refused with its field', async () => {
    const read = await t.get(consoleApi.settings.path, tok.finance);
    expect(read.body.value).toMatchObject({
      turnoverMultiple: 1,
      withdrawalMin: 100,
      autoReceiptMinutes: 60,
      turnoverWeights: {},
      turnoverTolerance: 0,
      ukProfile: false,
    });
    const next = { ...read.body.value, turnoverMultiple: 3, withdrawalMax: 20_000 };
    const saved = await t.send('PUT', consoleApi.saveSettings.path, next, tok.finance);
    expect(saved.body.value).toEqual(next);
    await checks.expectAudited(tok.finance, 'wallet', {
      action: 'update',
      entityId: 'wallet',
      before: read.body.value,
      after: next,
    });
    const bad = await t.send(
      'PUT',
      consoleApi.saveSettings.path,
      { ...next, withdrawalMax: 50 },
      tok.finance,
    );
    checks.expectFailure(bad, 400, 'validation_failed', { withdrawalMax: expect.any(String) });
    const decimals = await t.send(
      'PUT',
      consoleApi.saveSettings.path,
      { ...next, withdrawalMin: 1.001 },
      tok.finance,
    );
    checks.expectFailure(decimals, 400, 'validation_failed', { withdrawalMin: expect.any(String) });
    for (const withdrawalMin of [true, [5], '0x10', 0]) {
      const refused = await t.send(
        'PUT',
        consoleApi.saveSettings.path,
        { ...next, withdrawalMin },
        tok.finance,
      );
      checks.expectFailure(refused, 400, 'validation_failed', { withdrawalMin: expect.any(String) });
    }
    expect((await t.get(consoleApi.settings.path, tok.finance)).body.value).toEqual(next);
  });

  it('the owner adjusts a wallet with a reason, audited; a debit below zero is refused', async () => {
    const { id, token } = await newMember(t);
    const credit = await t.call({
      method: 'POST',
      url: consoleApi.adjust.path,
      token: tok.owner,
      headers: { 'idempotency-key': `adjust-${id}` },
      payload: { memberId: id, wallet: 'main', amount: 50, reason: 'Goodwill credit' },
    });
    // Below the risk rules' second-approval amount (off by default) it is posted at once, with the category
    // 'other' when the caller names none.
    expect(credit.body.value).toEqual({
      status: 'posted',
      transactionId: expect.any(Number),
      balance: 50,
      requestId: null,
    });
    await checks.expectAudited(tok.owner, 'wallet', {
      action: 'adjust',
      entityId: `member:${id}:main`,
      before: { balance: 0 },
      after: {
        balance: 50,
        amount: 50,
        category: 'other',
        reason: 'Goodwill credit',
        transactionId: credit.body.value.transactionId,
      },
    });
    expect((await t.get(api.balance.path, token)).body.value.sumBalance).toBe(50);
    const tooMuch = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: id, amount: -50.01, reason: 'Correction' },
      tok.owner,
    );
    // The operator is told the member's balance is too low, with that balance (not "your balance").
    checks.expectFailure(tooMuch, 422, 'adjustment_exceeds_balance', {
      amount: "The member's balance is 50.00",
    });
    expect(tooMuch.body.message).toBe("The member's balance is too low for this deduction.");
    const huge = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: id, amount: 1e17, reason: 'Correction' },
      tok.owner,
    );
    checks.expectFailure(huge, 400, 'validation_failed', { amount: 'Must be at most 1,000,000,000,000' });
    for (const [amount, code] of [
      [true, 'validation_failed'],
      [[5], 'validation_failed'],
      ['0x10', 'validation_failed'],
      [-0.001, 'amount_invalid'],
    ] as const) {
      const refused = await t.send(
        'POST',
        consoleApi.adjust.path,
        { memberId: id, amount, reason: 'Correction' },
        tok.owner,
      );
      expect([amount, refused.status, refused.body.code]).toEqual([amount, 400, code]);
    }
    expect((await t.get(api.balance.path, token)).body.value.sumBalance).toBe(50);
    const zero = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: id, amount: '0', reason: 'Nothing' },
      tok.owner,
    );
    checks.expectFailure(zero, 400, 'amount_invalid', { amount: 'Must be at least 0.01' });
    const asText = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: id, amount: '-12.50', reason: 'Correction' },
      tok.owner,
    );
    expect(asText.body.value.balance).toBe(37.5);
    const noReason = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: id, amount: 5, reason: '' },
      tok.owner,
    );
    expect(noReason.body.code).toBe('validation_failed');
    const nobody = await t.send(
      'POST',
      consoleApi.adjust.path,
      { memberId: 999_999, amount: 5, reason: 'Who?' },
      tok.owner,
    );
    checks.expectFailure(nobody, 404, 'not_found');
  });

  it("shows a member's accounts and entries", async () => {
    const { id } = await newMember(t);
    await fundMember(t, id, 7_500n);
    const res = await t.get(consoleApi.memberLedger.path.replace(':id', String(id)), tok.support);
    expect(res.body.value).toMatchObject({
      memberId: id,
      currency: 'PHP',
      accounts: [{ code: `member:${id}:main`, kind: 'main', wallet: 'main', balance: 75 }],
      entries: { total: 1, list: [{ kind: 'deposit', amount: 75, balanceBefore: 0, balanceAfter: 75 }] },
    });
    const missing = await t.get(consoleApi.memberLedger.path.replace(':id', '999999'), tok.support);
    checks.expectFailure(missing, 404, 'not_found');
  });

  it('reconciliation runs as a job on demand and reports a clean ledger, then finds a tampered balance', async () => {
    const asked = await t.send('POST', consoleApi.runReconciliation.path, undefined, tok.finance);
    expect(asked.body.value.jobId).toEqual(expect.any(Number));
    await t.jobs.runDue();
    const first = await t.get(consoleApi.reconciliations.path, tok.finance);
    expect(first.body.value.list[0]).toMatchObject({
      status: 'clean',
      unbalanced: [],
      mismatched: [],
      negative: [],
      totals: { money: 0 },
    });
    expect(first.body.value.list[0].requestedBy).toMatch(/^finance/);
    const { id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    await t.db.query('update ledger_accounts set balance = balance + 1 where code = $1', [
      `member:${id}:main`,
    ]);
    try {
      await reconcile(t.deps, null);
      const second = await t.get(consoleApi.reconciliations.path, tok.finance);
      expect(second.body.value.list[0]).toMatchObject({
        status: 'problems',
        requestedBy: null,
        mismatched: [{ code: `member:${id}:main`, balance: 10.01, entriesSum: 10, brokenChainAt: null }],
      });
    } finally {
      await t.db.query('update ledger_accounts set balance = balance - 1 where code = $1', [
        `member:${id}:main`,
      ]);
    }
  });

  it('refuses each console wallet call to those who may not make it, writing nothing', async () => {
    await checks.expectRefusals(
      [
        { method: 'PUT', url: consoleApi.saveSettings.path, body: {} },
        { method: 'POST', url: consoleApi.runReconciliation.path },
        { method: 'GET', url: consoleApi.reconciliations.path },
      ],
      ['operations', 'support'],
    );
    await checks.expectRefusals(
      [{ method: 'POST', url: consoleApi.adjust.path, body: { memberId: 1, amount: 1, reason: 'xxx' } }],
      ['operations', 'support', 'finance'],
    );
    await checks.expectRefusals([{ method: 'GET', url: consoleApi.settings.path }], ['support']);
    await checks.expectRefusals(
      [{ method: 'GET', url: consoleApi.memberLedger.path.replace(':id', '1') }],
      [],
    );
  });
});

describe("wallet in the console: the merchant's money", () => {
  let t: TestApp;
  let tok: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, tokens) => {
    t = app;
    tok = tokens;
  });
  beforeAll(async () => {
    await newGame(t, { vendor: 'FB' });
  });
  /** The owner saves the merchant's money settings. */
  const saveMoney = (body: object) => t.send('PUT', consoleApi.saveMerchantMoney.path, body, tok.owner);

  it('the owner changes the symbol and the currency while no money has moved, audited', async () => {
    const read = await t.get(consoleApi.merchantMoney.path, tok.finance);
    expect(read.body.value).toEqual({ currency: 'PHP', currencySymbol: 'P', walletSingle: false });
    const next = { currency: 'VND', currencySymbol: '₫', walletSingle: false };
    const saved = await saveMoney(next);
    expect(saved.body.value).toEqual(next);
    await checks.expectAudited(tok.owner, 'merchant', {
      action: 'update',
      entityId: 'TESSERA',
      before: read.body.value,
      after: next,
    });
    const { token } = await newMember(t);
    expect((await t.get(api.balance.path, token)).body.value).toMatchObject({
      currency: 'VND',
      currencySymbol: '₫',
      digits: 0,
    });
    const bad = await saveMoney({ ...next, currency: 'peso' });
    checks.expectFailure(bad, 400, 'validation_failed', { currency: expect.any(String) });
  });

  it('refuses a new currency once money moved, and a single wallet while vendor wallets hold money', async () => {
    const current = (await t.get(consoleApi.merchantMoney.path, tok.owner)).body.value;
    const { token, id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    const locked = await saveMoney({ ...current, currency: 'USD' });
    checks.expectFailure(locked, 409, 'currency_locked', { currency: expect.any(String) });
    await moveMoney(t, token, 'main', 'FB', 5);
    const single = await saveMoney({ ...current, walletSingle: true });
    checks.expectFailure(single, 409, 'vendor_wallets_not_empty', { walletSingle: expect.any(String) });
    await moveMoney(t, token, 'FB', 'main', 5);
    const now = await saveMoney({ ...current, walletSingle: true });
    expect(now.body.value.walletSingle).toBe(true);
    await checks.expectRefusals(
      [{ method: 'PUT', url: consoleApi.saveMerchantMoney.path, body: current }],
      ['operations', 'support', 'finance'],
    );
    await checks.expectRefusals([{ method: 'GET', url: consoleApi.merchantMoney.path }], ['support']);
  });
});
