import { createServer } from 'node:net';
import {
  depositPlayerEndpoints as api,
  depositConsoleEndpoints as bo,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentSandbox, startPaymentSandbox } from '../../../../../sandbox/payment-gateway/server.ts';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { type ApiResponse, startTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { csvField } from '../../platform/csv.ts';
import { queryPendingDeposits } from './deposit-jobs.ts';
import { decimalText, minorOfDecimal, signed } from './payment-gateway.ts';
import { requiredTurnover } from './turnover.ts';

const MERCHANT = 'tessera-test';
const SECRET = 'sandbox-test-secret-0123456789';
const path = (template: string, values: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(values[name]));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('deposits', () => {
  let t: TestApp;
  let sandbox: PaymentSandbox;
  let tokens: CallerTokens;
  let finance: string;
  let siteUrl: string;
  let bank: { id: number };
  let online: { id: number };
  const checks = consoleChecks(
    () => t,
    () => tokens,
  );

  /** A real member of this test only: its token and id. */
  async function member(type = 0) {
    const token = await t.memberToken(type);
    const info = await t.get('/wps/member/info', token);
    return { token, id: info.body.value.id as number };
  }

  function deposit(token: string, body: unknown, key?: string): Promise<ApiResponse> {
    return t.call({
      method: 'POST',
      url: api.createDeposit.path,
      token,
      payload: body as object,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  const balance = async (token: string) =>
    (await t.get(walletPlayerEndpoints.balance.path, token)).body.value.sumBalance as number;
  const view = async (token: string, orderNo: string) =>
    (await t.get(path(api.deposit.path, { orderNo }), token)).body.value;
  const stored = async (orderNo: string) =>
    (
      await t.db.query<{ status: string; reason: string }>(
        'select status, reason from deposits where order_no = $1',
        [orderNo],
      )
    )[0];
  const messages = (memberId: number) =>
    t.db.query<{ code: string; title: string; content: string }>(
      'select code, title, content from member_messages where member_id = $1 order by id',
      [memberId],
    );
  const callbacks = (orderNo: string) =>
    t.db.query<{ outcome: string; source: string }>(
      'select outcome, source from gateway_callbacks where order_no = $1 order by id',
      [orderNo],
    );
  const postings = async (orderNo: string) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
        [`deposit:${orderNo}`],
      )
    )[0]?.n;

  /** POSTs a callback to the listening server as a gateway would. */
  async function callback(channelId: number, body: Record<string, string>) {
    const response = await fetch(`${siteUrl}${path(api.gatewayCallback.path, { id: channelId })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as ApiResponse['body'] };
  }

  /** An online order whose payment the sandbox created (the job ran). */
  async function onlineOrder(token: string, amount = 150) {
    const created = await deposit(token, {
      channelId: online.id,
      amount,
      returnPath: '/member?page=depositv2',
    });
    expect(created.status).toBe(200);
    await t.jobs.runDue();
    const shown = await view(token, created.body.value.orderNo);
    expect(shown.paymentUrl).toMatch(new RegExp(`^${sandbox.url}/pay/P[0-9A-F]{16}$`));
    return shown as { orderNo: string; paymentUrl: string; amount: number };
  }

  beforeAll(async () => {
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    sandbox = await startPaymentSandbox({
      merchants: { [MERCHANT]: SECRET, 'other-merchant': 'other-secret-1' },
    });
    const base = loadConfig({ LOG_LEVEL: 'silent' });
    t = await startTestApp({
      runJobs: false,
      // The sandbox gateway listens on loopback, which operator-entered URLs reach only with this setting.
      config: {
        siteUrl,
        operatorUrlsAllowPrivate: true,
        payments: { ...base.payments, queryAfterMinutes: 5, orderExpiryHours: 24 },
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    tokens = await openCallerTokens(t);
    finance = tokens.finance;
    const channel = async (body: Record<string, unknown>) => {
      const res = await t.send('POST', bo.channels.create.path, body, finance);
      expect(res.status).toBe(200);
      return res.body.value as { id: number };
    };
    bank = await channel({
      kind: 'bank',
      name: 'Test bank',
      minAmount: 100,
      maxAmount: 50_000,
      presets: [100, 500, 1000],
      instructions: 'Transfer, then submit the reference.',
      bankName: 'Metro Test Bank',
      accountName: 'Tessera Test Ltd',
      accountNumber: '0011-2233-44',
    });
    online = await channel({
      kind: 'gateway',
      name: 'Sandbox Pay',
      minAmount: 50,
      maxAmount: 20_000,
      presets: [100, 300],
      gatewayUrl: sandbox.url,
      gatewayMerchant: MERCHANT,
      gatewaySecret: SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  describe('the player', () => {
    it('lists the enabled channels with limits, presets and the receiving account, never a gateway secret', async () => {
      const { token } = await member();
      const res = await t.get(api.depositChannels.path, token);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        available: true,
        currency: 'PHP',
        currencySymbol: 'P',
        digits: 2,
      });
      const channels = res.body.value.channels as { id: number }[];
      expect(channels.find((channel) => channel.id === bank.id)).toEqual({
        id: bank.id,
        kind: 'bank',
        name: 'Test bank',
        minAmount: 100,
        maxAmount: 50_000,
        presets: [100, 500, 1000],
        instructions: 'Transfer, then submit the reference.',
        bank: { bankName: 'Metro Test Bank', accountName: 'Tessera Test Ltd', accountNumber: '0011-2233-44' },
      });
      expect(channels.find((channel) => channel.id === online.id)).toMatchObject({
        kind: 'gateway',
        bank: null,
      });
      const text = JSON.stringify(res.body);
      for (const secret of [SECRET, MERCHANT, sandbox.url]) expect(text).not.toContain(secret);

      const trial = await member(4);
      expect((await t.get(api.depositChannels.path, trial.token)).body.code).toBe('in_need_true_account');
      const visitor = await t.get(api.depositChannels.path);
      expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
    });

    it('names a channel and gives its instructions in the reader’s language, field by field, else its own', async () => {
      const created = await t.send(
        'POST',
        bo.channels.create.path,
        {
          kind: 'bank',
          name: 'Bank transfer (languages)',
          minAmount: 100,
          maxAmount: 50_000,
          presets: [100],
          instructions: 'Transfer, then enter the reference.',
          bankName: 'Metro Test Bank',
          accountName: 'Tessera Test Ltd',
          accountNumber: '0011-2233-55',
          translations: {
            VI: { name: 'Chuyển khoản', instructions: 'Chuyển khoản rồi nhập mã tham chiếu.' },
            CN: { name: '银行转账', instructions: '' },
          },
        },
        finance,
      );
      expect(created.status).toBe(200);
      const id = created.body.value.id as number;
      expect(created.body.value.translations).toEqual({
        VI: { name: 'Chuyển khoản', instructions: 'Chuyển khoản rồi nhập mã tham chiếu.' },
        CN: { name: '银行转账', instructions: '' },
      });
      const { token } = await member();
      const shown = async (language: string) => {
        const res = await t.call({
          method: 'GET',
          url: api.depositChannels.path,
          token,
          headers: { language },
        });
        const channel = (
          res.body.value.channels as { id: number; name: string; instructions: string }[]
        ).find((row) => row.id === id);
        return [channel?.name, channel?.instructions];
      };
      expect(await shown('EN')).toEqual(['Bank transfer (languages)', 'Transfer, then enter the reference.']);
      expect(await shown('VI')).toEqual(['Chuyển khoản', 'Chuyển khoản rồi nhập mã tham chiếu.']);
      // No Chinese instructions: the channel's own show.
      expect(await shown('ZH')).toEqual(['银行转账', 'Transfer, then enter the reference.']);
      expect(await shown('TH')).toEqual(['Bank transfer (languages)', 'Transfer, then enter the reference.']);
      // The member's history names the channel in the member's language too.
      const order = await deposit(token, { channelId: id, amount: 200, payerReference: 'REF-LANG' });
      expect(order.status).toBe(200);
      const history = await t.call({
        method: 'GET',
        url: api.deposits.path,
        token,
        headers: { language: 'VI' },
      });
      expect(history.body.value.list[0].channelName).toBe('Chuyển khoản');
      await t.db.query('update payment_channels set enabled = false where id = $1', [id]);
    });

    it('refuses deposits while the deposit flag is off (or the credit-margin flag on)', async () => {
      const { token } = await member();
      await t.db.query("update module_flags set enabled = false where mod_id = 'DEPOSIT3'");
      try {
        expect((await t.get(api.depositChannels.path, token)).body.value).toMatchObject({
          available: false,
          channels: [],
        });
        const res = await deposit(token, { channelId: bank.id, amount: 100, payerReference: 'REF1' });
        expect([res.status, res.body.code]).toEqual([403, 'feature_disabled']);
      } finally {
        await t.db.query("update module_flags set enabled = true where mod_id = 'DEPOSIT3'");
      }
      await t.db.query("update module_flags set enabled = true where mod_id = 'CREDITMARGIN3'");
      try {
        expect(
          (await deposit(token, { channelId: bank.id, amount: 100, payerReference: 'R' })).body.code,
        ).toBe('feature_disabled');
      } finally {
        await t.db.query("update module_flags set enabled = false where mod_id = 'CREDITMARGIN3'");
      }
    });

    it('submits a bank transfer: pending with its reference, in the history; nothing is credited yet', async () => {
      const me = await member();
      const res = await deposit(me.token, {
        channelId: bank.id,
        amount: 1234.5,
        payerReference: ' TRX-778 ',
      });
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual({
        orderNo: expect.stringMatching(/^D260601\d{10}$/),
        channelId: bank.id,
        channelName: 'Test bank',
        kind: 'bank',
        amount: 1234.5,
        status: 'pending',
        payerReference: 'TRX-778',
        paymentUrl: null,
        gatewayMessage: '',
        reason: '',
        createdAt: '2026-06-01T12:00:00.000Z',
        settledAt: null,
      });
      const [row] = await t.db.query<{ amount: bigint }>('select amount from deposits where order_no = $1', [
        res.body.value.orderNo,
      ]);
      expect(row?.amount).toBe(123_450n);
      const history = await t.get(api.deposits.path, me.token);
      expect(history.body.value).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
      expect(history.body.value.list[0].orderNo).toBe(res.body.value.orderNo);
      expect(await balance(me.token)).toBe(0);
      expect((await t.jobs.runDue()) >= 0).toBe(true);
      expect(await postings(res.body.value.orderNo)).toBe(0);
    });

    it("refuses a client's mistakes with their exact codes", async () => {
      const { token } = await member();
      const below = await deposit(token, { channelId: bank.id, amount: 99.99, payerReference: 'R' });
      expect([below.status, below.body.code]).toEqual([400, 'deposit_amount_out_of_range']);
      expect(below.body.fields).toEqual({ amount: 'Must be at least 100.00' });
      const above = await deposit(token, { channelId: bank.id, amount: 50_000.01, payerReference: 'R' });
      expect(above.body.fields).toEqual({ amount: 'Must be at most 50,000.00' });
      const decimals = await deposit(token, { channelId: bank.id, amount: 100.001, payerReference: 'R' });
      expect([decimals.status, decimals.body.code]).toEqual([400, 'amount_invalid']);
      const noReference = await deposit(token, { channelId: bank.id, amount: 100 });
      expect([noReference.body.code, noReference.body.fields]).toEqual([
        'validation_failed',
        { payerReference: 'Input cannot be empty' },
      ]);
      const unknown = await deposit(token, { channelId: 999_999, amount: 100, payerReference: 'R' });
      expect([unknown.status, unknown.body.code]).toEqual([409, 'channel_unavailable']);
      const negative = await deposit(token, { channelId: bank.id, amount: -5, payerReference: 'R' });
      expect([negative.status, negative.body.code, negative.body.fields]).toEqual([
        400,
        'deposit_amount_out_of_range',
        { amount: 'Must be at least 100.00' },
      ]);
      for (const [amount, message] of [
        [true, 'Value is not valid'],
        [[500], 'Value is not valid'],
        ['0x200', 'Format is not valid'],
        ['5e2', 'Format is not valid'],
      ] as const) {
        const refused = await deposit(token, { channelId: bank.id, amount, payerReference: 'R' });
        expect([amount, refused.status, refused.body.code, refused.body.fields]).toEqual([
          amount,
          400,
          'validation_failed',
          { amount: message },
        ]);
      }
      for (const [payerReference, message] of [
        ['Paid 😀', 'Format is not valid'],
        ['line\nbreak', 'Format is not valid'],
        ['R'.repeat(65), 'At most 64 characters'],
      ] as const) {
        const refused = await deposit(token, { channelId: bank.id, amount: 100, payerReference });
        expect([refused.status, refused.body.code, refused.body.fields]).toEqual([
          400,
          'validation_failed',
          { payerReference: message },
        ]);
      }
      expect((await t.get(api.deposits.path, token)).body.value.total).toBe(0);
      const asText = await deposit(token, {
        channelId: bank.id,
        amount: '150.50',
        payerReference: 'Nguyễn Văn An / FT-2026#7',
      });
      expect(asText.body.value).toMatchObject({ amount: 150.5, payerReference: 'Nguyễn Văn An / FT-2026#7' });
      const offSite = await deposit(token, {
        channelId: online.id,
        amount: 100,
        returnPath: '//evil.example/',
      });
      expect(offSite.body.fields).toHaveProperty('returnPath');
      expect((await t.get(`${api.deposits.path}?status=lost`, token)).body.fields).toHaveProperty('status');
      expect((await t.get(path(api.deposit.path, { orderNo: 'nope' }), token)).body.code).toBe(
        'validation_failed',
      );
    });

    it('refuses a disabled channel, and trial accounts and visitors on every player call', async () => {
      const { token } = await member();
      const disabled = await t.send(
        'POST',
        bo.channels.create.path,
        {
          kind: 'bank',
          name: 'Closed bank',
          enabled: false,
          minAmount: 1,
          maxAmount: 10,
          bankName: 'B',
          accountName: 'A',
          accountNumber: '1',
        },
        finance,
      );
      const res = await deposit(token, { channelId: disabled.body.value.id, amount: 5, payerReference: 'R' });
      expect(res.body.code).toBe('channel_unavailable');
      const trial = await member(4);
      const calls: [string, string, unknown?][] = [
        ['GET', api.depositChannels.path],
        ['POST', api.createDeposit.path, { channelId: bank.id, amount: 100, payerReference: 'R' }],
        ['GET', api.deposits.path],
        ['GET', path(api.deposit.path, { orderNo: 'D2606010000000000' })],
      ];
      for (const [method, url, body] of calls) {
        const asTrial = await t.call({
          method: method as 'GET',
          url,
          token: trial.token,
          payload: body as object,
        });
        expect([url, asTrial.status, asTrial.body.code]).toEqual([url, 403, 'in_need_true_account']);
        const asVisitor = await t.call({ method: method as 'GET', url, payload: body as object });
        expect([url, asVisitor.status, asVisitor.body.code]).toEqual([url, 401, 'unauthorized']);
      }
      const [count] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from deposits where member_id = $1',
        [trial.id],
      );
      expect(count?.n).toBe(0);
    });

    it('a retry with the same Idempotency-Key answers the first order; another body with it is refused', async () => {
      const me = await member();
      const body = { channelId: bank.id, amount: 300, payerReference: 'ONCE' };
      const first = await deposit(me.token, body, 'deposit-key-1');
      const again = await deposit(me.token, body, 'deposit-key-1');
      expect(again.body.value).toEqual(first.body.value);
      const other = await deposit(me.token, { ...body, amount: 301 }, 'deposit-key-1');
      expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
      const [count] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from deposits where member_id = $1',
        [me.id],
      );
      expect(count?.n).toBe(1);
    });

    it('shows a member only their own deposits, paged and filtered by status', async () => {
      const me = await member();
      const other = await member();
      const orders: string[] = [];
      for (const amount of [100, 200, 300]) {
        t.clock.advance(1000);
        orders.push(
          (await deposit(me.token, { channelId: bank.id, amount, payerReference: 'R' })).body.value.orderNo,
        );
      }
      const page = await t.get(`${api.deposits.path}?pageSize=2&pageNo=1`, me.token);
      expect(page.body.value.total).toBe(3);
      expect(page.body.value.list.map((row: { orderNo: string }) => row.orderNo)).toEqual([
        orders[2],
        orders[1],
      ]);
      const second = await t.get(`${api.deposits.path}?pageSize=2&pageNo=2`, me.token);
      expect(second.body.value.list.map((row: { orderNo: string }) => row.orderNo)).toEqual([orders[0]]);
      expect((await t.get(`${api.deposits.path}?status=confirmed`, me.token)).body.value.total).toBe(0);
      expect((await t.get(api.deposits.path, other.token)).body.value.total).toBe(0);
      const foreign = await t.get(path(api.deposit.path, { orderNo: orders[0] as string }), other.token);
      expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
    });
  });

  describe('an online gateway', () => {
    it('creates the payment outside the request, the payer pays on the page, the signed callback credits once', async () => {
      const me = await member();
      const created = await deposit(me.token, {
        channelId: online.id,
        amount: 150,
        returnPath: '/member?page=depositv2',
      });
      expect(created.body.value).toMatchObject({ status: 'pending', paymentUrl: null, gatewayMessage: '' });
      // The request did not call the gateway: the job does, after the commit.
      expect(sandbox.payment(created.body.value.orderNo)).toBeUndefined();
      await t.jobs.runDue();
      const shown = await view(me.token, created.body.value.orderNo);
      expect(shown.paymentUrl).toMatch(/\/pay\/P[0-9A-F]{16}$/);
      expect(sandbox.payment(shown.orderNo)).toMatchObject({
        merchant: MERCHANT,
        amount: '150.00',
        currency: 'PHP',
        notifyUrl: `${siteUrl}/wps/payment/callback/${online.id}`,
        returnUrl: `${siteUrl}/member?page=depositv2&depositOrder=${shown.orderNo}`,
      });

      const page = await fetch(shown.paymentUrl);
      const html = await page.text();
      expect(html).toContain('>Pay</button>');
      expect(html).toContain('>Fail</button>');
      const paid = await fetch(shown.paymentUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=success',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `${siteUrl}/member?page=depositv2&depositOrder=${shown.orderNo}`,
      );
      expect(sandbox.payment(shown.orderNo)?.callbacks).toEqual([
        { at: expect.any(String), status: 'success', answered: 200 },
      ]);

      expect(await balance(me.token)).toBe(150);
      expect(await view(me.token, shown.orderNo)).toMatchObject({
        status: 'confirmed',
        paymentUrl: null,
        settledAt: '2026-06-01T12:00:00.000Z',
      });
      expect(await postings(shown.orderNo)).toBe(1);
      const turnover = await t.db.query<{ required: bigint; source_kind: string }>(
        'select required, source_kind from turnover_obligations where member_id = $1',
        [me.id],
      );
      expect(turnover).toEqual([{ required: 15_000n, source_kind: 'deposit' }]);
      expect(await messages(me.id)).toEqual([
        {
          code: 'DEPOSIT_SUCCESS',
          title: 'Deposit received',
          content: `Your deposit of 150.00 PHP (order ${shown.orderNo}) has arrived.`,
        },
      ]);

      // The gateway sends the callback again: acknowledged, nothing moves twice.
      expect(await sandbox.resend(shown.orderNo)).toBe(200);
      expect(await balance(me.token)).toBe(150);
      expect(await postings(shown.orderNo)).toBe(1);
      expect((await messages(me.id)).length).toBe(1);
      expect(await callbacks(shown.orderNo)).toEqual([
        { outcome: 'credited', source: 'callback' },
        { outcome: 'duplicate', source: 'callback' },
      ]);
    });

    it('a payment the payer fails ends the order failed, with a message, crediting nothing', async () => {
      const me = await member();
      const order = await onlineOrder(me.token, 80);
      const failed = await fetch(order.paymentUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=failed',
        redirect: 'manual',
      });
      expect(failed.status).toBe(303);
      expect(await view(me.token, order.orderNo)).toMatchObject({
        status: 'failed',
        reason: 'gateway_failed',
      });
      expect(await balance(me.token)).toBe(0);
      expect(await postings(order.orderNo)).toBe(0);
      expect(await messages(me.id)).toEqual([
        {
          code: 'DEPOSIT_FAILED',
          title: 'Deposit failed',
          content: `Your deposit of 80.00 PHP (order ${order.orderNo}) failed: the payment was not completed at the payment gateway.`,
        },
      ]);
      expect(await callbacks(order.orderNo)).toEqual([{ outcome: 'failed', source: 'callback' }]);
    });

    it('refuses and logs a bad signature, an unknown order, another amount and the wrong channel; credits nothing', async () => {
      const me = await member();
      const order = await onlineOrder(me.token, 200);
      const genuine = {
        merchant: MERCHANT,
        orderNo: order.orderNo,
        paymentId: sandbox.payment(order.orderNo)?.paymentId ?? '',
        amount: '200.00',
        currency: 'PHP',
        status: 'success',
        timestamp: '1780315200',
      };
      const tampered = { ...signed(genuine, SECRET), amount: '2000.00' };
      const cases: [string, number, Record<string, string>, string, string][] = [
        ['bad signature', online.id, tampered, 'refused_signature', 'sign'],
        [
          'signed by another secret',
          online.id,
          signed(genuine, 'not-the-secret'),
          'refused_signature',
          'sign',
        ],
        ['no signature', online.id, genuine, 'refused_signature', 'sign'],
        [
          'unknown order',
          online.id,
          signed({ ...genuine, orderNo: 'D2606019999999999' }, SECRET),
          'refused_order',
          'orderNo',
        ],
        [
          'another amount',
          online.id,
          signed({ ...genuine, amount: '2000.00' }, SECRET),
          'refused_amount',
          'amount',
        ],
        [
          'another currency',
          online.id,
          signed({ ...genuine, currency: 'USD' }, SECRET),
          'refused_amount',
          'amount',
        ],
        ['a bank channel', bank.id, signed(genuine, SECRET), 'refused_channel', 'id'],
        ['no such channel', 999_999, signed(genuine, SECRET), 'refused_channel', 'id'],
        [
          'another merchant',
          online.id,
          signed({ ...genuine, merchant: 'other-merchant' }, SECRET),
          'refused_channel',
          'merchant',
        ],
        [
          'an unknown status',
          online.id,
          signed({ ...genuine, status: 'paid' }, SECRET),
          'refused_malformed',
          'status',
        ],
      ];
      for (const [name, channelId, body, outcome, field] of cases) {
        const res = await callback(channelId, body);
        expect([name, res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([
          name,
          400,
          'callback_refused',
          [field],
        ]);
        const [logged] = await t.db.query<{ outcome: string; body: Record<string, string> }>(
          'select outcome, body from gateway_callbacks order by id desc limit 1',
        );
        expect([name, logged?.outcome, logged?.body.amount]).toEqual([name, outcome, body.amount]);
      }
      expect(await balance(me.token)).toBe(0);
      expect(await view(me.token, order.orderNo)).toMatchObject({ status: 'pending' });
      expect(await postings(order.orderNo)).toBe(0);
      // A bank order cannot be credited by a gateway either.
      const transfer = (await deposit(me.token, { channelId: bank.id, amount: 200, payerReference: 'R' }))
        .body.value;
      const forBank = await callback(online.id, signed({ ...genuine, orderNo: transfer.orderNo }, SECRET));
      expect(forBank.body.code).toBe('callback_refused');
      expect(await view(me.token, transfer.orderNo)).toMatchObject({ status: 'pending' });
      // The genuine callback still works afterwards.
      const good = await callback(online.id, signed(genuine, SECRET));
      expect([good.status, good.body.value]).toEqual([200, { ok: true, outcome: 'credited' }]);
      expect(await balance(me.token)).toBe(200);
    });

    it('refuses and logs a malformed callback: deeply nested JSON, text the database cannot store, not JSON, another type', async () => {
      const me = await member();
      const order = await onlineOrder(me.token, 120);
      const genuine = {
        merchant: MERCHANT,
        orderNo: order.orderNo,
        paymentId: sandbox.payment(order.orderNo)?.paymentId ?? '',
        amount: '120.00',
        currency: 'PHP',
        status: 'success',
        timestamp: '1780315200',
      };
      const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const cases: [string, string, string, number][] = [
        ['nested 5,000 levels', `{"orderNo":"${order.orderNo}","extra":${nested}}`, 'application/json', 400],
        [
          'a NUL in the status',
          JSON.stringify({ ...genuine, status: 'succ\u0000ess' }),
          'application/json',
          400,
        ],
        ['not JSON', '{"orderNo": ', 'application/json', 400],
        ['plain text', `orderNo=${order.orderNo}`, 'text/plain', 400],
        ['XML', '<orderNo/>', 'application/xml', 415],
      ];
      for (const [name, body, type, status] of cases) {
        const before = await t.db.query<{ n: number }>('select count(*)::int as n from gateway_callbacks');
        const response = await fetch(`${siteUrl}${path(api.gatewayCallback.path, { id: online.id })}`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
        const answer = (await response.json()) as ApiResponse['body'];
        expect([name, response.status, answer.success]).toEqual([name, status, false]);
        const [logged] = await t.db.query<{ outcome: string; channel_id: number | null; n: number }>(
          'select outcome, channel_id, (select count(*)::int from gateway_callbacks) as n from gateway_callbacks order by id desc limit 1',
        );
        expect([name, logged?.outcome, logged?.channel_id, logged?.n]).toEqual([
          name,
          'refused_malformed',
          online.id,
          (before[0]?.n ?? 0) + 1,
        ]);
      }
      expect(await view(me.token, order.orderNo)).toMatchObject({ status: 'pending' });
      expect(await balance(me.token)).toBe(0);
    });

    it('duplicate callbacks arriving together credit once', async () => {
      const me = await member();
      const order = await onlineOrder(me.token, 500);
      const body = signed(
        {
          merchant: MERCHANT,
          orderNo: order.orderNo,
          paymentId: sandbox.payment(order.orderNo)?.paymentId ?? '',
          amount: '500.00',
          currency: 'PHP',
          status: 'success',
          timestamp: '1780315200',
        },
        SECRET,
      );
      const answers = await Promise.all(Array.from({ length: 8 }, () => callback(online.id, body)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const outcomes = answers.map((answer) => answer.body.value.outcome as string).sort();
      expect(outcomes).toEqual(['credited', ...Array(7).fill('duplicate')]);
      expect(await balance(me.token)).toBe(500);
      expect(await postings(order.orderNo)).toBe(1);
      const turnover = await t.db.query<{ required: bigint; source_kind: string }>(
        'select required, source_kind from turnover_obligations where member_id = $1',
        [me.id],
      );
      expect(turnover).toEqual([{ required: 50_000n, source_kind: 'deposit' }]);
      expect((await messages(me.id)).map((message) => message.code)).toEqual(['DEPOSIT_SUCCESS']);
    });

    it('a gateway that is down leaves the order pending with a message; the job tries again and recovers', async () => {
      const me = await member();
      sandbox.setDown(true);
      let orderNo = '';
      try {
        const created = await deposit(me.token, { channelId: online.id, amount: 120 });
        orderNo = created.body.value.orderNo;
        await t.jobs.runDue();
        expect(await view(me.token, orderNo)).toMatchObject({
          status: 'pending',
          paymentUrl: null,
          gatewayMessage: 'gateway_unavailable',
        });
        const [job] = await t.db.query<{ status: string; attempts: number; last_error: string }>(
          `select status, attempts, last_error from jobs where kind = 'deposit.create-payment'
           and payload ->> 'depositId' = (select id::text from deposits where order_no = $1)`,
          [orderNo],
        );
        expect(job).toMatchObject({ status: 'queued', attempts: 1 });
        expect(job?.last_error).toMatch(/GatewayUnavailable: the gateway answered 503/);
        // Still down at the next try: still pending, never lost.
        t.clock.advance(6_000);
        await t.jobs.runDue();
        expect(await view(me.token, orderNo)).toMatchObject({
          status: 'pending',
          gatewayMessage: 'gateway_unavailable',
        });
      } finally {
        sandbox.setDown(false);
      }
      t.clock.advance(11_000);
      await t.jobs.runDue();
      const recovered = await view(me.token, orderNo);
      expect(recovered).toMatchObject({ status: 'pending', gatewayMessage: '' });
      expect(recovered.paymentUrl).toMatch(/\/pay\/P/);
      await sandbox.complete(orderNo, 'success');
      expect(await balance(me.token)).toBe(120);
    });

    it('a gateway that refuses the order (a wrong secret) fails it with a message', async () => {
      const me = await member();
      const wrong = await t.send(
        'POST',
        bo.channels.create.path,
        {
          kind: 'gateway',
          name: 'Misconfigured',
          minAmount: 1,
          maxAmount: 1000,
          gatewayUrl: sandbox.url,
          gatewayMerchant: MERCHANT,
          gatewaySecret: 'a-secret-the-gateway-does-not-know',
        },
        finance,
      );
      const created = await deposit(me.token, { channelId: wrong.body.value.id, amount: 10 });
      await t.jobs.runDue();
      expect(await view(me.token, created.body.value.orderNo)).toMatchObject({
        status: 'failed',
        reason: 'gateway_refused',
        gatewayMessage: 'gateway_refused',
      });
      expect((await messages(me.id)).map((message) => message.code)).toEqual(['DEPOSIT_FAILED']);
      await t.send(
        'PUT',
        path(bo.channels.update.path, { id: wrong.body.value.id }),
        {
          kind: 'gateway',
          name: 'Misconfigured',
          enabled: false,
          minAmount: 1,
          maxAmount: 1000,
          gatewayUrl: sandbox.url,
          gatewayMerchant: MERCHANT,
        },
        finance,
      );
    });

    it('the status-query job asks about orders whose callback never came, through the same path', async () => {
      // Operators' sessions and the minute schedule both follow this clock: it moves minutes, then a day.
      const start = t.clock.now();
      const me = await member();
      const paid = await onlineOrder(me.token, 700);
      const failed = await onlineOrder(me.token, 60);
      const waiting = await onlineOrder(me.token, 90);
      await sandbox.complete(paid.orderNo, 'success', { notify: false });
      await sandbox.complete(failed.orderNo, 'failed', { notify: false });
      // Not yet: orders are asked about once they are 5 minutes old.
      t.clock.advance(60_000);
      await queryPendingDeposits(t.deps);
      expect(await view(me.token, paid.orderNo)).toMatchObject({ status: 'pending' });
      t.clock.advance(5 * 60_000);
      await t.jobs.runDue();
      expect(await view(me.token, paid.orderNo)).toMatchObject({ status: 'confirmed' });
      expect(await view(me.token, failed.orderNo)).toMatchObject({
        status: 'failed',
        reason: 'gateway_failed',
      });
      expect(await view(me.token, waiting.orderNo)).toMatchObject({ status: 'pending' });
      expect(await balance(me.token)).toBe(700);
      expect(await callbacks(paid.orderNo)).toEqual([{ outcome: 'credited', source: 'query' }]);
      expect(await callbacks(failed.orderNo)).toEqual([{ outcome: 'failed', source: 'query' }]);
      expect(await callbacks(waiting.orderNo)).toEqual([]);
      const [checked] = await t.db.query<{ last_checked_at: Date }>(
        'select last_checked_at from deposits where order_no = $1',
        [waiting.orderNo],
      );
      expect(checked?.last_checked_at).toEqual(t.clock.now());
      // The late callback of the paid order is a duplicate.
      expect(await sandbox.resend(paid.orderNo)).toBe(200);
      expect(await balance(me.token)).toBe(700);
      expect(await postings(paid.orderNo)).toBe(1);

      // A gateway that is down when asked leaves the order pending, even past its expiry.
      sandbox.setDown(true);
      try {
        t.clock.set(new Date(start.getTime() + 25 * 3_600_000));
        await queryPendingDeposits(t.deps);
        expect(await stored(waiting.orderNo)).toMatchObject({ status: 'pending' });
      } finally {
        sandbox.setDown(false);
      }
      // Answering, it says the order was never paid: past its expiry the order fails.
      t.clock.advance(10 * 60_000);
      await queryPendingDeposits(t.deps);
      // (The member's session has ended by now: the order is read from the database.)
      expect(await stored(waiting.orderNo)).toMatchObject({ status: 'failed', reason: 'expired' });
      expect(await callbacks(waiting.orderNo)).toEqual([{ outcome: 'failed', source: 'query' }]);
      // (Two slots of the minute schedule ran at once and shared the orders out: their order varies.)
      expect((await messages(me.id)).map((message) => message.code).sort()).toEqual([
        'DEPOSIT_FAILED',
        'DEPOSIT_FAILED',
        'DEPOSIT_SUCCESS',
      ]);
    });
  });

  describe('the console', () => {
    it('finance configures channels, audited; the secret is sealed at rest and never sent back', async () => {
      const created = await t.send(
        'POST',
        bo.channels.create.path,
        {
          kind: 'gateway',
          name: 'Audit Pay',
          minAmount: 10,
          maxAmount: 100,
          presets: [50, 20],
          gatewayUrl: `${sandbox.url}/`,
          gatewayMerchant: MERCHANT,
          gatewaySecret: 'audit-secret-value',
        },
        finance,
      );
      expect(created.status).toBe(200);
      const id = created.body.value.id as number;
      expect(created.body.value).toMatchObject({
        kind: 'gateway',
        presets: [20, 50],
        gatewayUrl: sandbox.url,
        hasSecret: true,
        enabled: true,
      });
      expect(JSON.stringify(created.body)).not.toContain('audit-secret-value');
      const [stored] = await t.db.query<{ gateway_secret: string }>(
        'select gateway_secret from payment_channels where id = $1',
        [id],
      );
      expect(stored?.gateway_secret).toMatch(/^v1:/);
      expect(stored?.gateway_secret).not.toContain('audit-secret-value');
      await checks.expectAudited(finance, 'payment_channel', {
        action: 'create',
        entityId: id,
        before: null,
        after: expect.objectContaining({ name: 'Audit Pay', hasSecret: true }),
      });

      const update = {
        kind: 'gateway',
        name: 'Audit Pay 2',
        minAmount: 10,
        maxAmount: 100,
        gatewayUrl: sandbox.url,
        gatewayMerchant: MERCHANT,
      };
      const kept = await t.send('PUT', path(bo.channels.update.path, { id }), update, finance);
      expect(kept.body.value).toMatchObject({ name: 'Audit Pay 2', hasSecret: true, presets: [] });
      const [same] = await t.db.query<{ gateway_secret: string }>(
        'select gateway_secret from payment_channels where id = $1',
        [id],
      );
      expect(same?.gateway_secret).toBe(stored?.gateway_secret);
      await t.send(
        'PUT',
        path(bo.channels.update.path, { id }),
        { ...update, gatewaySecret: 'rotated-secret' },
        finance,
      );
      const audit = await checks.lastAudit('payment_channel');
      expect(audit?.after).toMatchObject({ secretChanged: true });
      const images = await t.db.query<{ text: string }>(
        "select coalesce(before::text, '') || coalesce(after::text, '') as text from audit_log where entity = 'payment_channel'",
      );
      for (const image of images) {
        expect(image.text).not.toContain('audit-secret-value');
        expect(image.text).not.toContain('rotated-secret');
      }
      const list = await t.get(bo.channels.list.path, finance);
      expect(list.body.value.find((row: { id: number }) => row.id === id)).toMatchObject({
        name: 'Audit Pay 2',
      });
      expect(JSON.stringify(list.body)).not.toContain('rotated-secret');

      const removed = await t.send('DELETE', path(bo.channels.remove.path, { id }), undefined, finance);
      expect(removed.body.value).toEqual({ ok: true });
      await checks.expectAudited(finance, 'payment_channel', {
        action: 'delete',
        entityId: id,
        before: expect.objectContaining({ name: 'Audit Pay 2' }),
        after: null,
      });
      const inUse = await t.send(
        'DELETE',
        path(bo.channels.remove.path, { id: bank.id }),
        undefined,
        finance,
      );
      checks.expectFailure(inUse, 409, 'channel_in_use');
    });

    it('refuses channels a cashier could not use, with the field that is wrong', async () => {
      const base = {
        kind: 'bank',
        name: 'B',
        minAmount: 100,
        maxAmount: 200,
        bankName: 'X',
        accountName: 'Y',
        accountNumber: '1',
      };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, bankName: '' }, 'validation_failed', 'bankName'],
        [{ ...base, maxAmount: 50 }, 'validation_failed', 'maxAmount'],
        [{ ...base, presets: [300] }, 'validation_failed', 'presets'],
        [{ ...base, presets: [150, 150] }, 'validation_failed', 'presets'],
        [{ ...base, minAmount: 100.001 }, 'amount_invalid', 'minAmount'],
        [
          { ...base, kind: 'gateway', gatewayUrl: sandbox.url, gatewayMerchant: 'm' },
          'validation_failed',
          'gatewaySecret',
        ],
        [
          { ...base, kind: 'gateway', gatewayUrl: 'ftp://x', gatewayMerchant: 'm', gatewaySecret: 's' },
          'validation_failed',
          'gatewayUrl',
        ],
        [{ ...base, name: '' }, 'validation_failed', 'name'],
      ];
      const before = await checks.auditCount();
      for (const [body, code, field] of cases) {
        const res = await t.send('POST', bo.channels.create.path, body, finance);
        expect([res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([400, code, [field]]);
      }
      expect(await checks.auditCount()).toBe(before);
      const missing = await t.send('PUT', path(bo.channels.update.path, { id: 999_999 }), base, finance);
      checks.expectFailure(missing, 404, 'not_found');
    });

    it('finance confirms a bank transfer: credited once, turnover added, message sent, audited', async () => {
      const me = await member();
      const settings = (await t.get('/backoffice/api/wallet/settings', finance)).body.value;
      await t.send('PUT', '/backoffice/api/wallet/settings', { ...settings, turnoverMultiple: 1.5 }, finance);
      try {
        const order = (
          await deposit(me.token, { channelId: bank.id, amount: 100.01, payerReference: 'REF-9' })
        ).body.value;
        const [row] = await t.db.query<{ id: bigint }>('select id from deposits where order_no = $1', [
          order.orderNo,
        ]);
        const id = Number(row?.id);
        const confirm = () =>
          t.call({
            method: 'POST',
            url: path(bo.confirmDeposit.path, { id }),
            token: finance,
            headers: { 'idempotency-key': `confirm-${id}` },
          });
        const res = await confirm();
        expect(res.status).toBe(200);
        expect(res.body.value).toMatchObject({
          id,
          orderNo: order.orderNo,
          status: 'confirmed',
          username: expect.any(String),
          memberId: me.id,
          reviewedBy: 'finance4',
          reviewedAt: '2026-06-01T12:00:00.000Z',
        });
        expect((await confirm()).body.value).toEqual(res.body.value);
        expect(await balance(me.token)).toBe(100.01);
        expect(await postings(order.orderNo)).toBe(1);
        const turnover = await t.db.query<{ required: bigint; source_kind: string }>(
          'select required, source_kind from turnover_obligations where member_id = $1',
          [me.id],
        );
        // 100.01 × 1.5 = 150.015, rounded up to the cent.
        expect(turnover).toEqual([{ required: 15_002n, source_kind: 'deposit' }]);
        expect((await messages(me.id)).map((message) => message.code)).toEqual(['DEPOSIT_SUCCESS']);
        await checks.expectAudited(finance, 'deposit', {
          action: 'confirm',
          entityId: order.orderNo,
          before: { status: 'pending' },
          after: { status: 'confirmed', memberId: me.id, amount: 100.01 },
        });
        const again = await t.send('POST', path(bo.confirmDeposit.path, { id }), undefined, finance);
        checks.expectFailure(again, 409, 'deposit_not_pending');
        const rejectLate = await t.send(
          'POST',
          path(bo.rejectDeposit.path, { id }),
          { reason: 'late' },
          finance,
        );
        checks.expectFailure(rejectLate, 409, 'deposit_not_pending');
        expect(await balance(me.token)).toBe(100.01);
      } finally {
        await t.send('PUT', '/backoffice/api/wallet/settings', settings, finance);
      }
    });

    it('finance rejects a deposit with a reason; an online order is not confirmed by hand', async () => {
      const me = await member();
      const order = (await deposit(me.token, { channelId: bank.id, amount: 400, payerReference: 'NOPE' }))
        .body.value;
      const [row] = await t.db.query<{ id: bigint }>('select id from deposits where order_no = $1', [
        order.orderNo,
      ]);
      const id = Number(row?.id);
      const noReason = await t.send('POST', path(bo.rejectDeposit.path, { id }), {}, finance);
      checks.expectFailure(noReason, 400, 'validation_failed', { reason: 'Input cannot be empty' });
      const rejected = await t.send(
        'POST',
        path(bo.rejectDeposit.path, { id }),
        { reason: 'No transfer arrived' },
        finance,
      );
      expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'No transfer arrived' });
      expect(await view(me.token, order.orderNo)).toMatchObject({
        status: 'rejected',
        reason: 'No transfer arrived',
      });
      expect(await messages(me.id)).toEqual([
        {
          code: 'DEPOSIT_FAILED',
          title: 'Deposit failed',
          content: `Your deposit of 400.00 PHP (order ${order.orderNo}) failed: No transfer arrived.`,
        },
      ]);
      expect(await balance(me.token)).toBe(0);
      await checks.expectAudited(finance, 'deposit', {
        action: 'reject',
        entityId: order.orderNo,
        before: { status: 'pending' },
        after: { status: 'rejected', memberId: me.id, amount: 400, reason: 'No transfer arrived' },
      });

      const online2 = (await deposit(me.token, { channelId: online.id, amount: 60 })).body.value;
      const [gatewayRow] = await t.db.query<{ id: bigint }>('select id from deposits where order_no = $1', [
        online2.orderNo,
      ]);
      const byHand = await t.send(
        'POST',
        path(bo.confirmDeposit.path, { id: Number(gatewayRow?.id) }),
        undefined,
        finance,
      );
      checks.expectFailure(byHand, 409, 'deposit_gateway_managed');
      const missing = await t.send('POST', path(bo.confirmDeposit.path, { id: 999_999 }), undefined, finance);
      checks.expectFailure(missing, 404, 'not_found');
      // Rejected by hand, the order's late success is logged for finance and credits nothing.
      await t.jobs.runDue();
      await t.send(
        'POST',
        path(bo.rejectDeposit.path, { id: Number(gatewayRow?.id) }),
        { reason: 'Abandoned' },
        finance,
      );
      await sandbox.complete(online2.orderNo, 'success');
      expect(await callbacks(online2.orderNo)).toEqual([{ outcome: 'not_pending', source: 'callback' }]);
      expect(await balance(me.token)).toBe(0);
    });

    it('a preset rejection reason is stored as its code and reaches the member in the member’s language', async () => {
      const me = await member();
      await t.db.query("update members set language = 'VI' where id = $1", [me.id]);
      const order = (
        await deposit(me.token, { channelId: bank.id, amount: 300, payerReference: 'OTHER-NAME' })
      ).body.value;
      const [row] = await t.db.query<{ id: bigint }>('select id from deposits where order_no = $1', [
        order.orderNo,
      ]);
      const rejected = await t.send(
        'POST',
        path(bo.rejectDeposit.path, { id: Number(row?.id) }),
        { reason: 'payer_mismatch' },
        finance,
      );
      expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'payer_mismatch' });
      expect(await view(me.token, order.orderNo)).toMatchObject({ reason: 'payer_mismatch' });
      const [message] = await messages(me.id);
      expect(message?.content).toContain('khoản chuyển đến từ tài khoản mang tên người khác');
      expect(message?.content).not.toContain('payer_mismatch');
    });

    it('lists the queue with filters, sort and paging on the server, and exports it as CSV', async () => {
      const alice = await member();
      const [{ username = '' } = {}] = await t.db.query<{ username: string }>(
        'select username from members where id = $1',
        [alice.id],
      );
      const amounts = [250, 1000, 125.5];
      const orders: string[] = [];
      for (const amount of amounts) {
        t.clock.advance(60_000);
        const res = await deposit(alice.token, {
          channelId: bank.id,
          amount,
          payerReference: amount === 1000 ? '=HYPERLINK("http://x.example")' : `REF,${amount}`,
        });
        orders.push(res.body.value.orderNo);
      }
      const q = `member=${username.toUpperCase()}&status=pending&from=2026-06-01T12:00:30.000Z&to=2026-06-01T13:00:00.000Z`;
      const newest = await t.get(`${bo.deposits.path}?${q}`, finance);
      expect(newest.status).toBe(200);
      expect(newest.body.value.total).toBe(3);
      expect(newest.body.value.list.map((row: { orderNo: string }) => row.orderNo)).toEqual(
        [...orders].reverse(),
      );
      const byAmount = await t.get(`${bo.deposits.path}?${q}&sort=amountAsc&pageSize=2`, finance);
      expect(byAmount.body.value).toMatchObject({ total: 3, pageSize: 2 });
      expect(byAmount.body.value.list.map((row: { amount: number }) => row.amount)).toEqual([125.5, 250]);
      const page2 = await t.get(`${bo.deposits.path}?${q}&sort=amountAsc&pageSize=2&pageNo=2`, finance);
      expect(page2.body.value.list.map((row: { amount: number }) => row.amount)).toEqual([1000]);
      expect((await t.get(`${bo.deposits.path}?${q}&channelId=${online.id}`, finance)).body.value.total).toBe(
        0,
      );
      expect((await t.get(`${bo.deposits.path}?${q}&kind=bank`, finance)).body.value.total).toBe(3);
      expect(
        (await t.get(`${bo.deposits.path}?orderNo=${orders[1]}`, finance)).body.value.list[0],
      ).toMatchObject({
        orderNo: orders[1],
        username,
        channelName: 'Test bank',
        amount: 1000,
      });
      expect(
        (await t.get(`${bo.deposits.path}?member=${username}&from=2026-06-01T12:03:00.000Z`, finance)).body
          .value.total,
      ).toBe(1);
      const backwards = await t.get(
        `${bo.deposits.path}?from=2026-08-11T00:00:00.000Z&to=2026-08-10T00:00:00.000Z`,
        finance,
      );
      checks.expectFailure(backwards, 400, 'validation_failed', { to: 'Value is not valid' });
      expect((await t.get(`${bo.deposits.path}?sort=richest`, finance)).body.code).toBe('validation_failed');
      expect((await t.get(`${bo.deposits.path}?pageSize=500`, finance)).body.fields).toHaveProperty(
        'pageSize',
      );

      const exported = await t.app.inject({
        method: 'GET',
        url: `${bo.exportDeposits.path}?${q}&sort=oldest`,
        headers: { authorization: `Bearer ${finance}` },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(exported.headers['content-disposition']).toBe(
        'attachment; filename="deposits-20260601-1203.csv"',
      );
      const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toEqual([
        'orderNo,createdAt,settledAt,status,kind,channel,username,memberId,amount,currency,payerReference,gatewayOrder,reason,reviewedBy,reviewedAt',
        `${orders[0]},2026-06-01T12:01:00.000Z,,pending,bank,Test bank,${username},${alice.id},250.00,PHP,"REF,250",,,,`,
        `${orders[1]},2026-06-01T12:02:00.000Z,,pending,bank,Test bank,${username},${alice.id},1000.00,PHP,"'=HYPERLINK(""http://x.example"")",,,,`,
        `${orders[2]},2026-06-01T12:03:00.000Z,,pending,bank,Test bank,${username},${alice.id},125.50,PHP,"REF,125.5",,,,`,
        '',
      ]);
      expect(exported.body.startsWith('\uFEFF')).toBe(true);
      const refused = await t.get(`${bo.exportDeposits.path}?to=nope`, finance);
      expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    });

    it('shows the callback log, filtered by order and outcome', async () => {
      const me = await member();
      const order = await onlineOrder(me.token, 75);
      await sandbox.complete(order.orderNo, 'success');
      await sandbox.resend(order.orderNo);
      const log = await t.get(`${bo.callbacks.path}?orderNo=${order.orderNo}`, finance);
      expect(log.body.value.total).toBe(2);
      expect(log.body.value.list[0]).toMatchObject({
        channelId: online.id,
        channelName: 'Sandbox Pay',
        orderNo: order.orderNo,
        source: 'callback',
        outcome: 'duplicate',
        ip: '127.0.0.1',
        body: expect.objectContaining({ amount: '75.00', status: 'success', sign: expect.any(String) }),
      });
      const credited = await t.get(`${bo.callbacks.path}?orderNo=${order.orderNo}&outcome=credited`, finance);
      expect(credited.body.value.list.map((row: { outcome: string }) => row.outcome)).toEqual(['credited']);
      expect((await t.get(`${bo.callbacks.path}?outcome=lost`, finance)).body.code).toBe('validation_failed');
    });

    it('refuses every console call to visitors, members and the roles other than finance, writing nothing', async () => {
      const me = await member();
      const order = (await deposit(me.token, { channelId: bank.id, amount: 100, payerReference: 'R' })).body
        .value;
      const [row] = await t.db.query<{ id: bigint }>('select id from deposits where order_no = $1', [
        order.orderNo,
      ]);
      const id = Number(row?.id);
      const channel = {
        kind: 'bank',
        name: 'Refused',
        minAmount: 1,
        maxAmount: 2,
        bankName: 'b',
        accountName: 'a',
        accountNumber: '1',
      };
      const channelsBefore = await t.db.query('select id, name from payment_channels order by id');
      await checks.expectRefusals(
        [
          { method: 'GET', url: bo.channels.list.path },
          { method: 'POST', url: bo.channels.create.path, body: channel },
          { method: 'PUT', url: path(bo.channels.update.path, { id: bank.id }), body: channel },
          { method: 'DELETE', url: path(bo.channels.remove.path, { id: bank.id }) },
          { method: 'GET', url: bo.deposits.path },
          { method: 'GET', url: bo.exportDeposits.path },
          { method: 'POST', url: path(bo.confirmDeposit.path, { id }) },
          { method: 'POST', url: path(bo.rejectDeposit.path, { id }), body: { reason: 'no' } },
          { method: 'GET', url: bo.callbacks.path },
        ],
        ['operations', 'support'],
      );
      expect(await t.db.query('select id, name from payment_channels order by id')).toEqual(channelsBefore);
      expect(await view(me.token, order.orderNo)).toMatchObject({ status: 'pending' });
      expect(await balance(me.token)).toBe(0);
      // The owner may do what finance does.
      expect((await t.get(bo.deposits.path, tokens.owner)).status).toBe(200);
    });
  });
});

describe('deposit arithmetic', () => {
  it('turnover is amount × multiple rounded up, without floats', () => {
    expect(requiredTurnover(10_001n, 1.5)).toBe(15_002n);
    expect(requiredTurnover(10_000n, 1)).toBe(10_000n);
    expect(requiredTurnover(10_000n, 0)).toBe(0n);
    expect(requiredTurnover(99_999_999_999_999n, 3)).toBe(299_999_999_999_997n);
    expect(requiredTurnover(1n, 0.1)).toBe(1n);
  });

  it("the gateway's decimal text converts exactly, and refuses more decimals than the currency has", () => {
    expect(decimalText(15_000n, 2)).toBe('150.00');
    expect(decimalText(5n, 2)).toBe('0.05');
    expect(decimalText(150n, 0)).toBe('150');
    expect(minorOfDecimal('150.00', 2)).toBe(15_000n);
    expect(minorOfDecimal('150.5', 2)).toBe(15_050n);
    expect(minorOfDecimal('150.010', 2)).toBe(15_001n);
    expect(minorOfDecimal('150.001', 2)).toBeNull();
    expect(minorOfDecimal('1e3', 2)).toBeNull();
    expect(minorOfDecimal('-1', 2)).toBeNull();
  });

  it('CSV fields are quoted where needed and never run as formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});

describe('gateway callbacks and the per-address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    const limits = { ...loadConfig({}).limits, visitorRequestsPerMinute: 3, registerPerIp: 1_000_000 };
    t = await startTestApp({ runJobs: false, config: { limits } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("are not counted like a visitor's calls: a busy gateway behind one address is never answered 429", async () => {
    const url = api.gatewayCallback.path.replace(':id', '999999');
    const codes: string[] = [];
    for (let call = 0; call < 6; call += 1) {
      const res = await t.call({ method: 'POST', url, payload: { orderNo: 'D1', amount: '1.00' } });
      codes.push(res.body.code);
    }
    expect(codes).not.toContain('too_many_requests');
    expect(codes.every((code) => code === codes[0])).toBe(true);
    // The same address is limited on a visitor's call.
    const visitor: string[] = [];
    for (let call = 0; call < 5; call += 1) visitor.push((await t.get('/wps/system/country')).body.code);
    expect(visitor).toContain('too_many_requests');
  });
});
