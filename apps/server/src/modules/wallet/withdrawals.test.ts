import {
  withdrawalPlayerEndpoints as api,
  withdrawalConsoleEndpoints as bo,
  type WalletSettings,
} from '@tessera/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import {
  multipartBody,
  openTestObligation,
  PAYMENT_PASSWORD,
  sealedCall,
  walletMember,
} from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { csvField } from '../../platform/csv.ts';
import { enqueue } from '../../platform/jobs.ts';
import { openSession } from '../../platform/sessions.ts';
import { memberAccounts } from './ledger.ts';
import { AUTO_RECEIPT_JOB, autoReceive } from './withdrawal-review.ts';

/** Withdrawals (issue 11 §4): requests and their limits, finance's review, the member's confirmation. */

const BANK = { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Nguyen Van An' };
const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;

describe('withdrawals', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const checks = consoleChecks(
    () => t,
    () => tokens,
  );

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    tokens = await openCallerTokens(t);
    const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
    gif = await image.clone().gif().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The member's balances by wallet kind (main, pending), in minor units. */
  async function balances(memberId: number) {
    const accounts = await memberAccounts(t.db, memberId);
    const of = (kind: string) => accounts.find((account) => account.kind === kind)?.balance ?? 0n;
    return { main: of('main'), pending: of('pending') };
  }
  async function merchantCash(): Promise<bigint> {
    const [row] = await t.db.query<{ balance: bigint }>(
      "select coalesce(sum(balance), 0)::bigint as balance from ledger_accounts where code like 'merchant:cash:%'",
    );
    return row?.balance ?? 0n;
  }

  /** A member with P 1,000.00 (unless said otherwise), a payment password and one bank account. */
  async function member(options: { funds?: bigint; type?: number; paymentPassword?: boolean } = {}) {
    const created = await walletMember(t, {
      funds: options.funds ?? 100_000n,
      paymentPassword: options.paymentPassword ?? true,
      ...(options.type === undefined ? {} : { type: options.type }),
    });
    const bank = await t.send('POST', api.addBankAccount.path, BANK, created.token);
    return { ...created, bankAccountId: (bank.body.value?.id ?? 1) as number };
  }

  const request = (
    who: { token: string; bankAccountId: number },
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    sealedCall(
      t,
      api.requestWithdrawal,
      { bankAccountId: who.bankAccountId, amount: 200, paymentPassword: PAYMENT_PASSWORD, ...body },
      who.token,
      headers,
    );

  /** Runs with wallet settings changed (written as the console stores them), then puts them back. */
  async function withSettings(change: Partial<WalletSettings>, run: () => Promise<void>) {
    const [before] = await t.db.query<{ value: unknown }>(
      "select value from site_settings where key = 'wallet'",
    );
    await t.db.query("update site_settings set value = value || $1::jsonb where key = 'wallet'", [
      JSON.stringify(change),
    ]);
    try {
      await run();
    } finally {
      await t.db.query("update site_settings set value = $1::jsonb where key = 'wallet'", [
        JSON.stringify(before?.value),
      ]);
    }
  }

  async function rowOf(orderNo: string) {
    const [row] = await t.db.query<{
      id: bigint;
      status: string;
      confirmation: string | null;
      received_amount: bigint | null;
      confirm_by: Date | null;
      claim_status: string | null;
      refunded_amount: bigint;
    }>('select * from withdrawals where order_no = $1', [orderNo]);
    if (!row) throw new Error(`no withdrawal ${orderNo}`);
    return { ...row, id: Number(row.id) };
  }

  /** A requested and approved withdrawal of the amount. */
  async function approved(amount = 200) {
    const who = await member();
    const requested = await request(who, { amount });
    expect(requested.status).toBe(200);
    const { id } = await rowOf(requested.body.value.orderNo);
    const res = await t.send('POST', at(bo.approve.path, { id }), undefined, tokens.finance);
    expect(res.status).toBe(200);
    return { ...who, withdrawalId: id, orderNo: requested.body.value.orderNo as string };
  }

  function confirm(
    who: { token: string },
    orderNo: string,
    fields: Record<string, string>,
    files: { data: Buffer; filename: string; contentType: string }[] = [],
  ) {
    const { boundary, payload } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...files.map((file) => ({ name: 'proof', file })),
    ]);
    return t.call({
      method: 'POST',
      url: at(api.confirmWithdrawal.path, { orderNo }),
      token: who.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  describe('the withdrawal page', () => {
    it('shows the main balance, limits, requests left today, turnover, payment password and bank accounts', async () => {
      const who = await member({ paymentPassword: false });
      await openTestObligation(t, { memberId: who.id, amount: 50_000n, contributed: 12_550n });
      const res = await t.get(api.withdrawalInfo.path, who.token);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        currency: 'PHP',
        digits: 2,
        balance: 1000,
        min: 100,
        max: 50_000,
        dailyCount: 5,
        countLeftToday: 5,
        turnoverRequired: 500,
        turnoverWagered: 125.5,
        turnoverRemaining: 374.5,
        paymentPasswordSet: false,
        autoReceiptMinutes: 60,
        awaitingConfirmation: 0,
        bankAccounts: [{ id: who.bankAccountId, accountNumber: '********7890', payeeName: 'Nguyen Van An' }],
      });
    });

    it('refuses visitors and trial accounts', async () => {
      const trial = await walletMember(t, { type: 4 });
      expect((await t.get(api.withdrawalInfo.path)).body.code).toBe('unauthorized');
      const res = await t.get(api.withdrawalInfo.path, trial.token);
      expect([res.status, res.body.code]).toEqual([403, 'in_need_true_account']);
    });
  });

  describe('a request', () => {
    it('moves the amount from the main wallet to the pending account, in the history and the ledger', async () => {
      const who = await member();
      const res = await request(who, { amount: 250.5 });
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        orderNo: expect.stringMatching(/^W260601\d{10}$/),
        amount: 250.5,
        status: 'pending',
        accountNumber: '********7890',
        payeeName: 'Nguyen Van An',
        bankName: 'Tessera Bank',
        confirmation: null,
        remainingAmount: null,
      });
      expect(await balances(who.id)).toEqual({ main: 74_950n, pending: 25_050n });
      const entries = await t.db.query<{ code: string; amount: bigint }>(
        `select a.code, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
         join ledger_transactions x on x.id = e.transaction_id
         where x.idempotency_key = $1 and x.kind = 'withdrawal' order by a.code`,
        [`withdrawal:${res.body.value.orderNo}:request`],
      );
      expect(entries).toEqual([
        { code: `member:${who.id}:main`, amount: -25_050n },
        { code: `member:${who.id}:pending`, amount: 25_050n },
      ]);
      const history = await t.get(api.withdrawals.path, who.token);
      expect(history.body.value).toMatchObject({ total: 1, list: [{ orderNo: res.body.value.orderNo }] });
      expect((await t.get(`${api.withdrawals.path}?status=approved`, who.token)).body.value.total).toBe(0);
      expect((await t.get(api.withdrawalInfo.path, who.token)).body.value).toMatchObject({
        balance: 749.5,
        countLeftToday: 4,
      });
    });

    it('with one Idempotency-Key, a retry answers the first request and moves nothing more', async () => {
      const who = await member();
      const first = await request(who, {}, { 'Idempotency-Key': 'withdraw-once-1' });
      const again = await request(who, {}, { 'Idempotency-Key': 'withdraw-once-1' });
      expect(again.body.value).toEqual(first.body.value);
      expect(await balances(who.id)).toEqual({ main: 80_000n, pending: 20_000n });
      const other = await request(who, { amount: 300 }, { 'Idempotency-Key': 'withdraw-once-1' });
      expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    });

    it('refuses an amount below the minimum, above the maximum, with too many decimals, or more than the balance', async () => {
      const who = await member({ funds: 10_000_000n });
      for (const [amount, status, code, message] of [
        [99.99, 400, 'withdrawal_below_min', 'Must be at least 100.00'],
        [-5, 400, 'withdrawal_below_min', 'Must be at least 100.00'],
        [50_000.01, 400, 'withdrawal_above_max', 'Must be at most 50,000.00'],
        [150.005, 400, 'amount_invalid', 'Value is not valid'],
        [true, 400, 'validation_failed', 'Value is not valid'],
        [[500], 400, 'validation_failed', 'Value is not valid'],
        ['0x200', 400, 'validation_failed', 'Format is not valid'],
        ['1e3', 400, 'validation_failed', 'Format is not valid'],
      ] as const) {
        const res = await request(who, { amount });
        expect([amount, res.status, res.body.code, res.body.fields]).toEqual([
          amount,
          status,
          code,
          { amount: message },
        ]);
      }
      expect(await t.db.query('select 1 from withdrawals where member_id = $1', [who.id])).toEqual([]);
      // A decimal string, as the original client may send it.
      expect((await request(who, { amount: '150.50' })).body.value).toMatchObject({ amount: 150.5 });
      expect(await balances(who.id)).toEqual({ main: 9_984_950n, pending: 15_050n });
      const poor = await member({ funds: 15_000n });
      const res = await request(poor, { amount: 150.01 });
      expect([res.status, res.body.code]).toEqual([422, 'insufficient_balance']);
      expect(await balances(poor.id)).toEqual({ main: 15_000n, pending: 0n });
      expect(await t.db.query('select 1 from withdrawals where member_id = $1', [poor.id])).toEqual([]);
      // The refused request did not use up one of today's requests.
      expect((await t.get(api.withdrawalInfo.path, poor.token)).body.value.countLeftToday).toBe(5);
      expect((await request(poor, { amount: 150 })).status).toBe(200);
    });

    it("refuses another member's bank account and a removed one", async () => {
      const who = await member();
      const other = await member();
      const res = await request({ ...who, bankAccountId: other.bankAccountId });
      expect([res.status, res.body.code, res.body.fields]).toEqual([
        400,
        'bank_account_unknown',
        { bankAccountId: expect.any(String) },
      ]);
      await t.send('DELETE', at(api.removeBankAccount.path, { id: who.bankAccountId }), undefined, who.token);
      expect((await request(who)).body.code).toBe('bank_account_unknown');
    });

    it('needs the turnover wagered: refused with turnover_not_met while some remains', async () => {
      const who = await member();
      const id = await openTestObligation(t, { memberId: who.id, amount: 30_000n, contributed: 29_999n });
      const res = await request(who);
      expect([res.status, res.body.code]).toEqual([409, 'turnover_not_met']);
      expect((await t.get(api.withdrawalInfo.path, who.token)).body.value.turnoverRemaining).toBe(0.01);
      await t.db.query('update turnover_obligations set contributed = 30000, status = $2 where id = $1', [
        id,
        'met',
      ]);
      expect((await request(who)).status).toBe(200);
    });

    it("allows a withdrawal while what remains of open, unexpired obligations is within the operator's tolerance", async () => {
      const who = await member();
      const now = t.clock.now();
      // Two obligations remain 3.00 + 2.00 = 5.00; a third, expired, would hold 50.00 but no longer counts.
      await openTestObligation(t, { memberId: who.id, amount: 10_000n, contributed: 9_700n });
      await openTestObligation(t, {
        memberId: who.id,
        amount: 1_000n,
        contributed: 800n,
        productScope: 'LOTT',
      });
      await openTestObligation(t, {
        memberId: who.id,
        amount: 5_000n,
        expiresAt: new Date(now.getTime() - 1_000),
        at: new Date(now.getTime() - 86_400_000),
      });
      const info = (await t.get(api.withdrawalInfo.path, who.token)).body.value;
      expect(info).toMatchObject({ turnoverRemaining: 5, turnoverRequired: 110, turnoverWagered: 105 });
      expect(info.turnoverObligations).toMatchObject([
        { source: 'deposit', amount: 100, required: 100, contributed: 97, remaining: 3, productScope: null },
        { source: 'deposit', amount: 10, required: 10, contributed: 8, remaining: 2, productScope: 'LOTT' },
      ]);
      await withSettings({ turnoverTolerance: 4.99 }, async () => {
        const refused = await request(who);
        expect([refused.status, refused.body.code]).toEqual([409, 'turnover_not_met']);
        expect((await t.get(api.withdrawalInfo.path, who.token)).body.value.turnoverTolerance).toBe(4.99);
      });
      await withSettings({ turnoverTolerance: 5 }, async () => {
        expect((await request(who)).status).toBe(200);
      });
    });

    it('needs a payment password: not set, wrong, then locked after the configured failures', async () => {
      const unset = await member({ paymentPassword: false });
      expect((await request(unset)).body.code).toBe('payment_password_not_set');
      const who = await member();
      for (let attempt = 1; attempt < 5; attempt += 1) {
        const res = await request(who, { paymentPassword: '000000' });
        expect([res.status, res.body.code, res.body.fields]).toEqual([
          403,
          'payment_password_wrong',
          { paymentPassword: 'The payment password is not correct.' },
        ]);
      }
      expect((await request(who, { paymentPassword: '000000' })).body.code).toBe('payment_password_locked');
      const locked = await request(who);
      expect([locked.status, locked.body.code]).toEqual([423, 'payment_password_locked']);
      expect(await balances(who.id)).toEqual({ main: 100_000n, pending: 0n });
      t.clock.advance(31 * 60_000);
      expect((await request(who)).status).toBe(200);
    });

    it('is plaintext-refused: the payment password travels encrypted', async () => {
      const who = await member();
      const res = await t.send(
        'POST',
        api.requestWithdrawal.path,
        { bankAccountId: who.bankAccountId, amount: 200, paymentPassword: PAYMENT_PASSWORD },
        who.token,
      );
      expect([res.status, res.body.code]).toEqual([400, 'plaintext_refused']);
    });

    it('allows the daily count of requests, then refuses with withdrawal_daily_limit until the next UTC day', async () => {
      await withSettings({ withdrawalDailyCount: 2 }, async () => {
        const who = await member();
        expect((await request(who)).status).toBe(200);
        expect((await request(who)).status).toBe(200);
        const third = await request(who);
        expect([third.status, third.body.code]).toEqual([429, 'withdrawal_daily_limit']);
        expect((await t.get(api.withdrawalInfo.path, who.token)).body.value.countLeftToday).toBe(0);
        expect(await balances(who.id)).toEqual({ main: 60_000n, pending: 40_000n });
        // The next UTC day (a new session: the old one ended while the member was away).
        t.clock.set(new Date('2026-06-02T00:00:01Z'));
        const session = await openSession(
          t.db,
          { kind: 'member', id: who.id },
          t.config.memberSession,
          t.clock.now(),
          '127.0.0.1',
          t.deps.rng,
        );
        const nextDay = { ...who, token: session.token };
        expect((await request(nextDay)).status).toBe(200);
        expect((await request(nextDay)).status).toBe(200);
        expect((await request(nextDay)).body.code).toBe('withdrawal_daily_limit');
        expect(await balances(who.id)).toEqual({ main: 20_000n, pending: 80_000n });
      });
    });

    it('a request the operator rejects gives its place in the daily count back', async () => {
      await withSettings({ withdrawalDailyCount: 2 }, async () => {
        const who = await member();
        const first = await request(who);
        expect((await request(who)).status).toBe(200);
        const info = async () => (await t.get(api.withdrawalInfo.path, who.token)).body.value.countLeftToday;
        expect(await info()).toBe(0);
        const { id } = await rowOf(first.body.value.orderNo);
        const rejected = await t.send(
          'POST',
          at(bo.reject.path, { id }),
          { reason: 'Wrong name' },
          tokens.finance,
        );
        expect(rejected.body.value.status).toBe('rejected');
        expect(await info()).toBe(1);
        expect((await request(who)).status).toBe(200);
        expect((await request(who)).body.code).toBe('withdrawal_daily_limit');
        expect(await info()).toBe(0);
      });
    });

    it('refuses visitors and trial accounts', async () => {
      const trial = await member({ type: 4 });
      const visitor = await sealedCall(t, api.requestWithdrawal, {
        bankAccountId: 1,
        amount: 200,
        paymentPassword: '1',
      });
      expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
      const res = await request(trial);
      expect([res.status, res.body.code]).toEqual([403, 'in_need_true_account']);
      expect(await balances(trial.id)).toEqual({ main: 100_000n, pending: 0n });
    });
  });

  describe('the history and the confirmation list', () => {
    it('refuse a bad query with its field, and visitors and trial accounts', async () => {
      const who = await member();
      const badStatus = await t.get(`${api.withdrawals.path}?status=paid`, who.token);
      expect([badStatus.status, badStatus.body.code, Object.keys(badStatus.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['status'],
      ]);
      const badPage = await t.get(`${api.paymentConfirmationList.path}?pageSize=500`, who.token);
      expect([badPage.status, badPage.body.code, Object.keys(badPage.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['pageSize'],
      ]);
      expect((await t.get(api.paymentConfirmationList.path, who.token)).body.value).toEqual({
        list: [],
        total: 0,
        totalPages: 0,
      });
      const trial = await walletMember(t, { type: 4 });
      for (const path of [api.withdrawals.path, api.paymentConfirmationList.path]) {
        const visitor = await t.get(path);
        expect([path, visitor.status, visitor.body.code]).toEqual([path, 401, 'unauthorized']);
        const refused = await t.get(path, trial.token);
        expect([path, refused.status, refused.body.code]).toEqual([path, 403, 'in_need_true_account']);
      }
    });
  });

  describe("finance's review", () => {
    it('approves: pending → merchant cash, the member is told and has the configured minutes to confirm; audited', async () => {
      const who = await member();
      const requested = await request(who, { amount: 300 });
      const { id } = await rowOf(requested.body.value.orderNo);
      const cash = await merchantCash();
      const res = await t.send('POST', at(bo.approve.path, { id }), undefined, tokens.finance);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        id,
        username: expect.any(String),
        status: 'approved',
        accountNumber: '001234567890',
        reviewedBy: expect.stringMatching(/^finance/),
        confirmBy: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
      });
      expect(await balances(who.id)).toEqual({ main: 70_000n, pending: 0n });
      expect(await merchantCash()).toBe(cash + 30_000n);
      const [message] = await t.db.query<{ code: string; content: string }>(
        'select code, content from member_messages where member_id = $1',
        [who.id],
      );
      expect(message).toEqual({
        code: 'WITHDRAWAL_APPROVED',
        content: `Your withdrawal of 300.00 PHP (order ${requested.body.value.orderNo}) was approved.`,
      });
      const audit = await checks.lastAudit('withdrawal');
      expect(audit).toMatchObject({
        action: 'approve',
        entity_id: String(id),
        before: { status: 'pending' },
      });
      expect(audit?.after).toMatchObject({ status: 'approved', orderNo: requested.body.value.orderNo });
      const list = await t.get(api.paymentConfirmationList.path, who.token);
      expect(list.body.value).toMatchObject({
        total: 1,
        totalPages: 1,
        list: [{ orderNo: requested.body.value.orderNo }],
      });

      const twice = await t.send('POST', at(bo.approve.path, { id }), undefined, tokens.owner);
      expect([twice.status, twice.body.code]).toEqual([409, 'withdrawal_not_pending']);
      const late = await t.send('POST', at(bo.reject.path, { id }), { reason: 'too late' }, tokens.finance);
      expect(late.body.code).toBe('withdrawal_not_pending');
      expect(await balances(who.id)).toEqual({ main: 70_000n, pending: 0n });
    });

    it('rejects with a reason: the funds return to the main wallet and the member reads why; audited', async () => {
      const who = await member();
      const requested = await request(who, { amount: 400 });
      const { id } = await rowOf(requested.body.value.orderNo);
      const noReason = await t.send('POST', at(bo.reject.path, { id }), { reason: ' ' }, tokens.finance);
      expect([noReason.status, noReason.body.code, Object.keys(noReason.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['reason'],
      ]);
      const res = await t.send(
        'POST',
        at(bo.reject.path, { id }),
        { reason: 'Name does not match' },
        tokens.finance,
      );
      expect(res.body.value).toMatchObject({ status: 'rejected', reason: 'Name does not match' });
      expect(await balances(who.id)).toEqual({ main: 100_000n, pending: 0n });
      const [message] = await t.db.query<{ code: string; content: string }>(
        'select code, content from member_messages where member_id = $1',
        [who.id],
      );
      expect(message?.code).toBe('WITHDRAWAL_REJECTED');
      expect(message?.content).toContain('Name does not match');
      await checks.expectAudited(tokens.finance, 'withdrawal', {
        action: 'reject',
        entityId: id,
        before: { status: 'pending', claimStatus: null },
        after: expect.objectContaining({ status: 'rejected', reason: 'Name does not match' }),
      });
      const history = await t.get(api.withdrawals.path, who.token);
      expect(history.body.value.list[0]).toMatchObject({ status: 'rejected', reason: 'Name does not match' });
      expect(
        (await t.send('POST', at(bo.approve.path, { id: 999_999 }), undefined, tokens.finance)).body.code,
      ).toBe('not_found');
    });

    it('a preset rejection reason is stored as its code and reaches the member in the member’s language', async () => {
      const who = await member();
      await t.db.query("update members set language = 'VI' where id = $1", [who.id]);
      const requested = await request(who, { amount: 200 });
      const { id } = await rowOf(requested.body.value.orderNo);
      const res = await t.send(
        'POST',
        at(bo.reject.path, { id }),
        { reason: 'payee_name_mismatch' },
        tokens.finance,
      );
      expect(res.body.value).toMatchObject({ status: 'rejected', reason: 'payee_name_mismatch' });
      const [message] = await t.db.query<{ content: string }>(
        'select content from member_messages where member_id = $1',
        [who.id],
      );
      expect(message?.content).toContain('tên chủ tài khoản không khớp với tên của bạn');
      const history = await t.get(api.withdrawals.path, who.token);
      expect(history.body.value.list[0]).toMatchObject({ reason: 'payee_name_mismatch' });
    });

    it('lists the queue filtered, sorted and paged on the server, and exports it as CSV', async () => {
      const who = await member({ funds: 1_000_000n });
      const orders: string[] = [];
      for (const amount of [150, 175, 125]) {
        orders.push((await request(who, { amount })).body.value.orderNo);
        t.clock.advance(1000);
      }
      const username = (await t.get(bo.queue.path, tokens.finance)).body.value.list.find(
        (row: { orderNo: string }) => row.orderNo === orders[0],
      ).username as string;
      const { id } = await rowOf(orders[1] as string);
      await t.send('POST', at(bo.reject.path, { id }), { reason: '=HYPERLINK("x")' }, tokens.finance);

      const mine = await t.get(`${bo.queue.path}?q=${username}&sort=amount&order=asc`, tokens.finance);
      expect(mine.body.value.list.map((row: { amount: number }) => row.amount)).toEqual([125, 150, 175]);
      const pending = await t.get(
        `${bo.queue.path}?q=${username}&status=pending&pageSize=1&pageNo=2`,
        tokens.finance,
      );
      expect(pending.body.value).toMatchObject({
        total: 2,
        pageNo: 2,
        pageSize: 1,
        list: [{ status: 'pending' }],
      });
      const byOrder = await t.get(
        `${bo.queue.path}?q=${(orders[2] as string).toLowerCase()}`,
        tokens.finance,
      );
      expect(byOrder.body.value.list.map((row: { orderNo: string }) => row.orderNo)).toEqual([orders[2]]);
      const today = t.clock.now().toISOString().slice(0, 10);
      expect(
        (await t.get(`${bo.queue.path}?q=${username}&from=${today}&to=${today}`, tokens.finance)).body.value
          .total,
      ).toBe(3);
      expect(
        (await t.get(`${bo.queue.path}?q=${username}&from=2026-06-02`, tokens.finance)).body.value.total,
      ).toBe(0);
      const bad = await t.get(`${bo.queue.path}?sort=username`, tokens.finance);
      expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['sort'],
      ]);

      const csv = await t.app.inject({
        method: 'GET',
        url: `${bo.exportCsv.path}?q=${username}&sort=amount&order=desc`,
        headers: { authorization: `Bearer ${tokens.finance}` },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="withdrawals.csv"');
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'orderNo,username,amount,status,bankName,accountNumber,payeeName,createdAt,reviewedBy,reviewedAt,reason,confirmation,receivedAmount,remainingAmount,confirmedAt,claimStatus,refundedAmount,claimNote',
      );
      expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['175', '150', '125']);
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
      const badExport = await t.get(`${bo.exportCsv.path}?order=sideways`, tokens.finance);
      expect([badExport.status, badExport.body.code, Object.keys(badExport.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['order'],
      ]);
      expect(csvField('+1')).toBe("'+1");
      expect(csvField('a,b')).toBe('"a,b"');
    });

    it('refuses every console call to visitors, members, operations and support, writing nothing', async () => {
      const who = await member();
      const requested = await request(who);
      const { id } = await rowOf(requested.body.value.orderNo);
      await checks.expectRefusals(
        [
          { method: 'GET', url: bo.queue.path },
          { method: 'GET', url: bo.exportCsv.path },
          { method: 'POST', url: at(bo.approve.path, { id }) },
          { method: 'POST', url: at(bo.reject.path, { id }), body: { reason: 'not allowed' } },
          {
            method: 'POST',
            url: at(bo.resolveClaim.path, { id }),
            body: { outcome: 'refund', note: 'not allowed' },
          },
          { method: 'GET', url: at(bo.proof.path, { id, proofId: '00000000-0000-4000-8000-000000000000' }) },
        ],
        ['operations', 'support'],
      );
      expect((await rowOf(requested.body.value.orderNo)).status).toBe('pending');
      expect(await balances(who.id)).toEqual({ main: 80_000n, pending: 20_000n });
    });
  });

  describe("the member's confirmation", () => {
    it('received in full: confirmed, and no longer in the confirmation list', async () => {
      const done = await approved(300);
      const res = await confirm(done, done.orderNo, { confirmation: 'received' });
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        confirmation: 'received',
        receivedAmount: 300,
        remainingAmount: 0,
        claimStatus: null,
        confirmedAt: t.clock.now().toISOString(),
      });
      expect((await t.get(api.paymentConfirmationList.path, done.token)).body.value).toMatchObject({
        total: 0,
        list: [],
      });
      const twice = await confirm(done, done.orderNo, { confirmation: 'received' });
      expect([twice.status, twice.body.code]).toEqual([409, 'withdrawal_not_awaiting_confirmation']);
    });

    it('a broken multipart body gets a 400 envelope and leaves the withdrawal awaiting confirmation', async () => {
      const done = await approved(300);
      for (const payload of [
        '--x\r\nContent-Disposition: form-data; name="confirmation"\r\n\r\nreceived',
        '--x\r\nContent-Disposition: form-data; name="proof"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000',
        '--x\r\nContent-Disposition: form-data; name="proof"',
      ]) {
        const res = await t.call({
          method: 'POST',
          url: at(api.confirmWithdrawal.path, { orderNo: done.orderNo }),
          token: done.token,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload,
        });
        expect([res.status, res.body.code, res.body.success]).toEqual([400, 'bad_request', false]);
      }
      expect((await rowOf(done.orderNo)).confirmation).toBeNull();
    });

    it('partly received: the amount received and the remainder, a claim finance refunds', async () => {
      const done = await approved(300);
      for (const [fields, key] of [
        [{ confirmation: 'partly_received' }, 'receivedAmount'],
        [{ confirmation: 'partly_received', receivedAmount: '300' }, 'receivedAmount'],
        [{ confirmation: 'partly_received', receivedAmount: '0' }, 'receivedAmount'],
        [{ confirmation: 'partly_received', receivedAmount: 'true' }, 'receivedAmount'],
        [{ confirmation: 'partly_received', receivedAmount: '0x10' }, 'receivedAmount'],
        [{ confirmation: 'maybe' }, 'confirmation'],
      ] as const) {
        const res = await confirm(done, done.orderNo, fields);
        expect([res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([
          400,
          'validation_failed',
          [key],
        ]);
      }
      expect(
        (await confirm(done, done.orderNo, { confirmation: 'partly_received', receivedAmount: '1.005' })).body
          .code,
      ).toBe('amount_invalid');
      const res = await confirm(done, done.orderNo, {
        confirmation: 'partly_received',
        receivedAmount: '120.5',
      });
      expect(res.body.value).toMatchObject({
        confirmation: 'partly_received',
        receivedAmount: 120.5,
        remainingAmount: 179.5,
        claimStatus: 'open',
      });
      const claims = await t.get(`${bo.queue.path}?confirmation=claims&claim=open`, tokens.finance);
      expect(claims.body.value.list.map((row: { orderNo: string }) => row.orderNo)).toContain(done.orderNo);

      const noNote = await t.send(
        'POST',
        at(bo.resolveClaim.path, { id: done.withdrawalId }),
        { outcome: 'refund', note: '' },
        tokens.finance,
      );
      expect([noNote.status, noNote.body.code, Object.keys(noNote.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['note'],
      ]);
      const notClaimed = await approved();
      const noClaim = await t.send(
        'POST',
        at(bo.resolveClaim.path, { id: notClaimed.withdrawalId }),
        { outcome: 'dismiss', note: 'nothing to do' },
        tokens.finance,
      );
      expect([noClaim.status, noClaim.body.code]).toEqual([409, 'claim_not_open']);
      const before = await balances(done.id);
      const refunded = await t.send(
        'POST',
        at(bo.resolveClaim.path, { id: done.withdrawalId }),
        { outcome: 'refund', note: 'Bank confirmed the short payment' },
        tokens.finance,
      );
      expect(refunded.body.value).toMatchObject({
        claimStatus: 'refunded',
        refundedAmount: 179.5,
        claimResolvedBy: expect.any(String),
      });
      expect(await balances(done.id)).toEqual({ ...before, main: before.main + 17_950n });
      const again = await t.send(
        'POST',
        at(bo.resolveClaim.path, { id: done.withdrawalId }),
        { outcome: 'refund', note: 'twice' },
        tokens.finance,
      );
      expect([again.status, again.body.code]).toEqual([409, 'claim_not_open']);
      expect(await balances(done.id)).toEqual({ ...before, main: before.main + 17_950n });
      const history = await t.get(api.withdrawals.path, done.token);
      expect(history.body.value.list[0]).toMatchObject({ claimStatus: 'refunded', refundedAmount: 179.5 });
    });

    it('not received: 1 to 3 png or jpg proofs, which finance can view, and a claim finance can dismiss', async () => {
      const done = await approved(200);
      const file = (data: Buffer, name: string, type: string) => ({
        data,
        filename: name,
        contentType: type,
      });
      const missing = await confirm(done, done.orderNo, { confirmation: 'not_received' });
      expect([missing.status, missing.body.code]).toEqual([400, 'proof_required']);
      const wrongType = await confirm(done, done.orderNo, { confirmation: 'not_received' }, [
        file(gif, 'proof.png', 'image/png'),
      ]);
      expect([wrongType.status, wrongType.body.code]).toEqual([415, 'image_type_not_allowed']);
      const fake = await confirm(done, done.orderNo, { confirmation: 'not_received' }, [
        file(
          Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
          'a.png',
          'image/png',
        ),
      ]);
      expect(fake.body.code).toBe('image_type_not_allowed');
      const big = await confirm(done, done.orderNo, { confirmation: 'not_received' }, [
        file(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png'),
      ]);
      expect([big.status, big.body.code]).toEqual([413, 'image_too_large']);
      const many = await confirm(
        done,
        done.orderNo,
        { confirmation: 'not_received' },
        [png, jpeg, png, jpeg].map((data, n) => file(data, `p${n}.png`, 'image/png')),
      );
      expect([many.status, many.body.code]).toEqual([400, 'too_many_images']);
      expect((await rowOf(done.orderNo)).confirmation).toBeNull();

      const res = await confirm(done, done.orderNo, { confirmation: 'not_received' }, [
        file(png, 'transfer.png', 'image/png'),
        file(jpeg, 'statement.jpg', 'image/jpeg'),
      ]);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        confirmation: 'not_received',
        receivedAmount: 0,
        remainingAmount: 200,
        proofCount: 2,
        claimStatus: 'open',
      });
      const row = (await t.get(`${bo.queue.path}?q=${done.orderNo}`, tokens.finance)).body.value.list[0];
      expect(row.proofIds).toHaveLength(2);
      const proof = await t.get(
        at(bo.proof.path, { id: done.withdrawalId, proofId: row.proofIds[1] }),
        tokens.finance,
      );
      expect(proof.body.value.contentType).toBe('image/jpeg');
      const decoded = await sharp(Buffer.from(proof.body.value.data, 'base64')).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', 24, 16]);
      const otherProof = await t.get(
        at(bo.proof.path, { id: done.withdrawalId + 1, proofId: row.proofIds[1] }),
        tokens.finance,
      );
      expect(otherProof.body.code).toBe('not_found');
      const stored = await t.db.query<{ size: number }>(
        'select size from withdrawal_proofs where withdrawal_id = $1',
        [done.withdrawalId],
      );
      expect(stored).toHaveLength(2);

      const before = await balances(done.id);
      const dismissed = await t.send(
        'POST',
        at(bo.resolveClaim.path, { id: done.withdrawalId }),
        { outcome: 'dismiss', note: 'Bank shows the transfer arrived' },
        tokens.finance,
      );
      expect(dismissed.body.value).toMatchObject({
        claimStatus: 'dismissed',
        refundedAmount: 0,
        claimNote: 'Bank shows the transfer arrived',
      });
      expect(await balances(done.id)).toEqual(before);
      await checks.expectAudited(tokens.finance, 'withdrawal', {
        action: 'claim_dismiss',
        entityId: done.withdrawalId,
        before: { status: 'approved', claimStatus: 'open' },
        after: expect.objectContaining({ claimStatus: 'dismissed', note: 'Bank shows the transfer arrived' }),
      });
    });

    it('refuses a confirmation of a pending withdrawal, an unknown one, one past its time, and from others', async () => {
      const who = await member();
      const pending = (await request(who)).body.value.orderNo as string;
      expect((await confirm(who, pending, { confirmation: 'received' })).body.code).toBe(
        'withdrawal_not_awaiting_confirmation',
      );
      expect((await confirm(who, 'W2606010000000000', { confirmation: 'received' })).body.code).toBe(
        'not_found',
      );
      expect((await confirm(who, 'nonsense', { confirmation: 'received' })).body.code).toBe(
        'validation_failed',
      );
      const done = await approved();
      expect((await confirm(who, done.orderNo, { confirmation: 'received' })).body.code).toBe('not_found');
      const trial = await walletMember(t, { type: 4 });
      expect((await confirm(trial, done.orderNo, { confirmation: 'received' })).body.code).toBe(
        'in_need_true_account',
      );
      const visitor = await t.call({
        method: 'POST',
        url: at(api.confirmWithdrawal.path, { orderNo: done.orderNo }),
      });
      expect(visitor.body.code).toBe('unauthorized');
      const json = await t.send(
        'POST',
        at(api.confirmWithdrawal.path, { orderNo: done.orderNo }),
        { confirmation: 'received' },
        done.token,
      );
      expect([json.status, json.body.code]).toEqual([415, 'unsupported_media_type']);
      t.clock.advance(40 * 60_000);
      expect((await t.get(api.paymentConfirmationList.path, done.token)).body.value.total).toBe(1);
      t.clock.advance(20 * 60_000);
      const late = await confirm(done, done.orderNo, { confirmation: 'received' });
      expect([late.status, late.body.code]).toEqual([409, 'withdrawal_confirmation_closed']);
      expect((await t.get(api.paymentConfirmationList.path, done.token)).body.value.total).toBe(0);
    });
  });

  describe('the auto-receipt job', () => {
    it('marks approved withdrawals nobody confirmed in time as auto_received, each once', async () => {
      const early = await approved(150);
      t.clock.advance(25 * 60_000);
      await t.get(api.withdrawalInfo.path, early.token);
      const later = await approved(160);
      const answered = await approved(170);
      await confirm(answered, answered.orderNo, { confirmation: 'received' });
      t.clock.advance(35 * 60_000);
      await t.db.query(
        "insert into withdrawal_daily_counts (member_id, day, requests) values ($1, '2026-05-30', 2)",
        [early.id],
      );
      await enqueue(t.db, { kind: AUTO_RECEIPT_JOB, runAt: t.clock.now() }, t.clock.now());
      expect(await t.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const marked = await rowOf(early.orderNo);
      expect(marked).toMatchObject({ confirmation: 'auto_received', received_amount: 15_000n });
      expect((await rowOf(later.orderNo)).confirmation).toBeNull();
      const counts = await t.db.query<{ day: string }>(
        "select to_char(day, 'YYYY-MM-DD') as day from withdrawal_daily_counts where member_id = $1",
        [early.id],
      );
      expect(counts).toEqual([{ day: '2026-06-01' }]);
      expect((await rowOf(answered.orderNo)).confirmation).toBe('received');
      const history = await t.get(api.withdrawals.path, early.token);
      expect(history.body.value.list[0]).toMatchObject({ confirmation: 'auto_received', remainingAmount: 0 });
      const at1 = (
        await t.db.query<{ confirmed_at: Date }>('select confirmed_at from withdrawals where order_no = $1', [
          early.orderNo,
        ])
      )[0];
      t.clock.advance(60_000);
      expect(await autoReceive(t.deps, t.clock.now())).toBe(0);
      const at2 = (
        await t.db.query<{ confirmed_at: Date }>('select confirmed_at from withdrawals where order_no = $1', [
          early.orderNo,
        ])
      )[0];
      expect(at2).toEqual(at1);
      t.clock.advance(25 * 60_000);
      expect(await autoReceive(t.deps, t.clock.now())).toBeGreaterThanOrEqual(1);
      expect((await rowOf(later.orderNo)).confirmation).toBe('auto_received');
      const schedules = await t.db.query<{ name: string }>('select name from job_schedules where name = $1', [
        AUTO_RECEIPT_JOB,
      ]);
      expect(schedules).toEqual([{ name: AUTO_RECEIPT_JOB }]);
    });
  });

  describe.runIf(TEST_DATABASE === 'postgres')('under concurrency (PostgreSQL)', () => {
    it('approve and reject racing on one withdrawal: exactly one wins, with one ledger effect', async () => {
      for (let round = 0; round < 5; round += 1) {
        const who = await member();
        const requested = await request(who);
        const { id } = await rowOf(requested.body.value.orderNo);
        const cash = await merchantCash();
        const answers = await Promise.all([
          t.send('POST', at(bo.approve.path, { id }), undefined, tokens.finance),
          t.send('POST', at(bo.reject.path, { id }), { reason: 'racing' }, tokens.owner),
          t.send('POST', at(bo.approve.path, { id }), undefined, tokens.owner),
        ]);
        const won = answers.filter((answer) => answer.status === 200);
        expect(won).toHaveLength(1);
        expect(answers.filter((answer) => answer.body.code === 'withdrawal_not_pending')).toHaveLength(2);
        const status = (await rowOf(requested.body.value.orderNo)).status;
        expect(status).toBe(won[0]?.body.value.status);
        const effects = await t.db.query(
          `select 1 from ledger_transactions where reference = $1 and kind in ('withdrawal_paid', 'withdrawal_returned')`,
          [`withdrawal:${requested.body.value.orderNo}`],
        );
        expect(effects).toHaveLength(1);
        expect(await balances(who.id)).toEqual(
          status === 'approved' ? { main: 80_000n, pending: 0n } : { main: 100_000n, pending: 0n },
        );
        expect(await merchantCash()).toBe(status === 'approved' ? cash + 20_000n : cash);
        const messages = await t.db.query('select 1 from member_messages where member_id = $1', [who.id]);
        expect(messages).toHaveLength(1);
      }
    });

    it('concurrent requests never pass the daily count', async () => {
      await withSettings({ withdrawalDailyCount: 3 }, async () => {
        const who = await member();
        const answers = await Promise.all(Array.from({ length: 8 }, () => request(who, { amount: 100 })));
        const codes = answers.map((answer) => (answer.status === 200 ? 'ok' : answer.body.code)).sort();
        expect(codes).toEqual([...Array(3).fill('ok'), ...Array(5).fill('withdrawal_daily_limit')].sort());
        expect(await balances(who.id)).toEqual({ main: 70_000n, pending: 30_000n });
        expect(await t.db.query('select 1 from withdrawals where member_id = $1', [who.id])).toHaveLength(3);
      });
    });
  });
});
