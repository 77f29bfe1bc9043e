import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml, json, readBody } from '../http.ts';
import { type Fields, signatureValid, signed, textFields } from './signature.ts';

/**
 * A sandbox payment gateway: a small stand-in for the online gateways a cashier works with, so that a deposit can
 * be tried end to end without a real one and without moving money. It speaks the protocol of
 * apps/server/src/modules/wallet/payment-gateway.ts:
 *
 *   POST /api/payments          signed {merchant, orderNo, amount, currency, notifyUrl, returnUrl, timestamp}
 *                               → signed {orderNo, paymentId, paymentUrl, status}; the same order answers the same payment
 *   POST /api/payments/query    signed {merchant, orderNo, timestamp} → signed {orderNo, paymentId, amount, currency,
 *                               status}, or 404 for an order it does not know
 *   POST /api/payouts           signed {merchant, orderNo, amount, currency, bankName, accountNumber, payeeName,
 *                               notifyUrl, timestamp} → signed {orderNo, payoutId, status: pending}; the same order
 *                               answers the same payout (a retry after a lost answer pays nothing twice)
 *   POST /api/payouts/query     signed {merchant, orderNo, timestamp} → signed {orderNo, payoutId, amount, currency,
 *                               status (pending, paid, failed), reason}, or 404 for an order it does not know
 *   POST /payouts/:payoutId     the sandbox's page's Paid or Failed for a pending payout: a signed callback
 *                               {merchant, orderNo, payoutId, amount, currency, status, reason, timestamp} goes to
 *                               notifyUrl
 *   GET  /pay/:paymentId        the payment page: the payer presses Pay or Fail
 *   POST /pay/:paymentId        the payer's choice: a signed callback goes to notifyUrl, then the payer is sent back
 *                               to returnUrl
 *
 * and, for tests and demonstrations (loopback only by default):
 *
 *   POST /control/down          {down: true|false}: the API answers 503 (as a gateway that is down) or works again
 *   POST /control/complete      {orderNo, outcome: success|failed, notify?: boolean}: the payer's choice without the
 *                               page; notify false keeps the callback from being sent (a lost callback)
 *   POST /control/resend        {orderNo}: sends the order's callback again (a duplicate)
 *   POST /control/payouts/complete  {orderNo, outcome: paid|failed, reason?, notify?: boolean}: the payout's result
 *   POST /control/payouts/resend    {orderNo}: sends the payout's callback again (a duplicate)
 *   POST /control/payouts/refuse    {refuse: true|false}: new payout requests are refused (400, as a provider that
 *                               will not pay an account)
 *   GET  /control/payments      every payment and the callbacks sent for it
 */

type PaymentStatus = 'pending' | 'success' | 'failed';

interface SandboxPayment {
  paymentId: string;
  merchant: string;
  orderNo: string;
  amount: string;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  status: PaymentStatus;
  createdAt: string;
  /** Each callback sent: when, and the HTTP status the merchant answered (0 when it did not answer). */
  callbacks: { at: string; status: PaymentStatus; answered: number }[];
}

type PayoutStatus = 'pending' | 'paid' | 'failed';

interface SandboxPayout {
  payoutId: string;
  merchant: string;
  orderNo: string;
  amount: string;
  currency: string;
  bankName: string;
  accountNumber: string;
  payeeName: string;
  notifyUrl: string;
  status: PayoutStatus;
  reason: string;
  createdAt: string;
  callbacks: { at: string; status: PayoutStatus; answered: number }[];
}

export interface SandboxOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** The signing secret of each merchant id. */
  merchants?: Record<string, string>;
  /** The secret of any merchant id not in `merchants` (a demo sandbox accepts every merchant with one secret). */
  anyMerchantSecret?: string;
  /** The address payers reach the sandbox at (default http://host:port). */
  publicUrl?: string;
  log?: (line: string) => void;
}

export interface PaymentSandbox {
  url: string;
  port: number;
  /** Makes the API answer 503 (down) or work again. */
  setDown(down: boolean): void;
  payments(): SandboxPayment[];
  payment(orderNo: string): SandboxPayment | undefined;
  /** Completes a payment as the page would; with notify false no callback is sent. Answers the merchant's status. */
  complete(orderNo: string, outcome: 'success' | 'failed', options?: { notify?: boolean }): Promise<number>;
  /** Sends the order's callback again; answers the HTTP status the merchant answered. */
  resend(orderNo: string): Promise<number>;
  payouts(): SandboxPayout[];
  payout(orderNo: string): SandboxPayout | undefined;
  /** Ends a pending payout (paid or failed) and, unless notify is false, sends its callback. */
  completePayout(
    orderNo: string,
    outcome: 'paid' | 'failed',
    options?: { reason?: string; notify?: boolean },
  ): Promise<number>;
  /** Sends the payout's callback again; answers the HTTP status the merchant answered. */
  resendPayout(orderNo: string): Promise<number>;
  /** Makes new payout requests refused (or accepted again). */
  setRefusePayouts(refuse: boolean): void;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const CALLBACK_TIMEOUT_MS = 10_000;

function html(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: Chromium holds the redirect after the payer's choice (back to the merchant's site) to it too.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  });
  response.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f6; color: #1b2233; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px; padding: 28px;
    box-shadow: 0 12px 40px rgb(20 30 60 / 0.12); }
  .brand { display: flex; align-items: center; gap: 10px; font-weight: 700; color: #0b6e4f; margin: 0 0 4px; }
  .brand span { display: inline-grid; place-items: center; width: 28px; height: 28px; border-radius: 8px;
    background: #0b6e4f; color: #fff; font-size: 15px; }
  .note { margin: 0 0 20px; font-size: 13px; color: #5b6478; }
  h1 { font-size: 15px; font-weight: 600; margin: 0 0 6px; color: #5b6478; }
  .amount { font-size: 34px; font-weight: 800; margin: 0 0 18px; letter-spacing: -0.02em; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 24px; font-size: 14px; }
  dt { color: #5b6478; } dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; }
  form { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { font: inherit; font-weight: 700; padding: 12px; border-radius: 10px; border: 1px solid transparent;
    cursor: pointer; }
  .pay { background: #0b6e4f; color: #fff; } .pay:hover { background: #095c42; }
  .fail { background: #fff; color: #a3202f; border-color: #e3b3b9; } .fail:hover { background: #fdf1f2; }
  button:focus-visible { outline: 3px solid #f0a800; outline-offset: 2px; }
  .status { padding: 12px; border-radius: 10px; background: #eef1f6; font-weight: 600; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; } td, th { padding: 6px; text-align: left;
    border-bottom: 1px solid #e3e7ef; }
</style>
</head>
<body><main>${body}</main></body>
</html>`);
}

export async function startPaymentSandbox(options: SandboxOptions = {}): Promise<PaymentSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const byOrder = new Map<string, SandboxPayment>();
  const byId = new Map<string, SandboxPayment>();
  const payoutsByOrder = new Map<string, SandboxPayout>();
  let down = false;
  let refusePayouts = false;
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';

  const secretOf = (merchant: string | undefined): string | null =>
    (merchant ? (options.merchants?.[merchant] ?? options.anyMerchantSecret) : undefined) ?? null;
  const orderKey = (merchant: string, orderNo: string) => `${merchant}\u0000${orderNo}`;

  /** Sends the payment's result to the merchant, signed; answers the merchant's HTTP status (0: no answer). */
  async function notify(payment: SandboxPayment): Promise<number> {
    const secret = secretOf(payment.merchant);
    if (!secret || payment.status === 'pending') return 0;
    const body = signed(
      {
        merchant: payment.merchant,
        orderNo: payment.orderNo,
        paymentId: payment.paymentId,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
      },
      secret,
    );
    let answered = 0;
    try {
      const response = await fetch(payment.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      answered = response.status;
    } catch {
      answered = 0;
    }
    payment.callbacks.push({ at: new Date().toISOString(), status: payment.status, answered });
    log(`callback ${payment.orderNo} ${payment.status} → ${answered || 'no answer'}`);
    return answered;
  }

  async function complete(payment: SandboxPayment, outcome: 'success' | 'failed', send: boolean) {
    if (payment.status !== 'pending') return send ? notify(payment) : 0;
    payment.status = outcome;
    return send ? notify(payment) : 0;
  }

  /** Sends a payout's result to the merchant, signed; answers the merchant's HTTP status (0: no answer). */
  async function notifyPayout(payout: SandboxPayout): Promise<number> {
    const secret = secretOf(payout.merchant);
    if (!secret || payout.status === 'pending') return 0;
    const body = signed(
      {
        merchant: payout.merchant,
        orderNo: payout.orderNo,
        payoutId: payout.payoutId,
        amount: payout.amount,
        currency: payout.currency,
        status: payout.status,
        reason: payout.reason,
        timestamp: String(Math.floor(Date.now() / 1000)),
      },
      secret,
    );
    let answered = 0;
    try {
      const response = await fetch(payout.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      answered = response.status;
    } catch {
      answered = 0;
    }
    payout.callbacks.push({ at: new Date().toISOString(), status: payout.status, answered });
    log(`payout callback ${payout.orderNo} ${payout.status} → ${answered || 'no answer'}`);
    return answered;
  }

  async function completePayout(
    payout: SandboxPayout,
    outcome: 'paid' | 'failed',
    reason: string,
    send: boolean,
  ): Promise<number> {
    if (payout.status === 'pending') {
      payout.status = outcome;
      payout.reason = outcome === 'failed' ? reason || 'account_closed' : '';
    }
    return send ? notifyPayout(payout) : 0;
  }

  function payoutApi(
    path: string,
    merchant: string,
    fields: Fields,
    secret: string,
    response: ServerResponse,
  ) {
    if (path === '/api/payouts') {
      const { orderNo, amount, currency, bankName, accountNumber, payeeName, notifyUrl } = fields;
      if (!orderNo || !amount || !/^\d+(\.\d+)?$/.test(amount) || !currency || !accountNumber || !notifyUrl) {
        return json(response, 400, { error: 'missing_fields' });
      }
      if (!/^https?:\/\//.test(notifyUrl)) return json(response, 400, { error: 'bad_url' });
      let payout = payoutsByOrder.get(orderKey(merchant, orderNo));
      if (payout && (payout.amount !== amount || payout.currency !== currency)) {
        return json(response, 409, { error: 'order_conflict' });
      }
      if (!payout) {
        if (refusePayouts) return json(response, 400, { error: 'payout_refused' });
        payout = {
          payoutId: `T${randomBytes(8).toString('hex').toUpperCase()}`,
          merchant,
          orderNo,
          amount,
          currency,
          bankName: bankName ?? '',
          accountNumber,
          payeeName: payeeName ?? '',
          notifyUrl,
          status: 'pending',
          reason: '',
          createdAt: new Date().toISOString(),
          callbacks: [],
        };
        payoutsByOrder.set(orderKey(merchant, orderNo), payout);
        log(`payout ${payout.payoutId} for ${merchant} ${orderNo}: ${amount} ${currency}`);
      }
      return json(
        response,
        200,
        signed({ orderNo, payoutId: payout.payoutId, status: payout.status }, secret),
      );
    }
    const payout = payoutsByOrder.get(orderKey(merchant, fields.orderNo ?? ''));
    if (!payout) return json(response, 404, { error: 'unknown_order' });
    return json(
      response,
      200,
      signed(
        {
          orderNo: payout.orderNo,
          payoutId: payout.payoutId,
          amount: payout.amount,
          currency: payout.currency,
          status: payout.status,
          reason: payout.reason,
        },
        secret,
      ),
    );
  }

  async function api(path: string, fields: Fields | null, response: ServerResponse) {
    if (down) return json(response, 503, { error: 'unavailable', message: 'The sandbox gateway is down.' });
    if (!fields) return json(response, 400, { error: 'bad_request' });
    const secret = secretOf(fields.merchant);
    if (!secret) return json(response, 401, { error: 'unknown_merchant' });
    if (!signatureValid(fields, secret)) return json(response, 401, { error: 'bad_signature' });
    const merchant = fields.merchant as string;
    if (path === '/api/payouts' || path === '/api/payouts/query') {
      return payoutApi(path, merchant, fields, secret, response);
    }
    if (path === '/api/payments') {
      const { orderNo, amount, currency, notifyUrl, returnUrl } = fields;
      if (!orderNo || !amount || !/^\d+(\.\d+)?$/.test(amount) || !currency || !notifyUrl || !returnUrl) {
        return json(response, 400, { error: 'missing_fields' });
      }
      if (!/^https?:\/\//.test(notifyUrl) || !/^https?:\/\//.test(returnUrl)) {
        return json(response, 400, { error: 'bad_url' });
      }
      let payment = byOrder.get(orderKey(merchant, orderNo));
      if (payment && (payment.amount !== amount || payment.currency !== currency)) {
        return json(response, 409, { error: 'order_conflict' });
      }
      if (!payment) {
        payment = {
          paymentId: `P${randomBytes(8).toString('hex').toUpperCase()}`,
          merchant,
          orderNo,
          amount,
          currency,
          notifyUrl,
          returnUrl,
          status: 'pending',
          createdAt: new Date().toISOString(),
          callbacks: [],
        };
        byOrder.set(orderKey(merchant, orderNo), payment);
        byId.set(payment.paymentId, payment);
        log(`payment ${payment.paymentId} for ${merchant} ${orderNo}: ${amount} ${currency}`);
      }
      return json(
        response,
        200,
        signed(
          {
            orderNo,
            paymentId: payment.paymentId,
            paymentUrl: `${publicUrl}/pay/${payment.paymentId}`,
            status: payment.status,
          },
          secret,
        ),
      );
    }
    if (path === '/api/payments/query') {
      const payment = byOrder.get(orderKey(merchant, fields.orderNo ?? ''));
      if (!payment) return json(response, 404, { error: 'unknown_order' });
      return json(
        response,
        200,
        signed(
          {
            orderNo: payment.orderNo,
            paymentId: payment.paymentId,
            amount: payment.amount,
            currency: payment.currency,
            status: payment.status,
          },
          secret,
        ),
      );
    }
    return json(response, 404, { error: 'not_found' });
  }

  function paymentPage(response: ServerResponse, payment: SandboxPayment) {
    const details = `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(payment.merchant)}</dd>
  <dt>Order</dt><dd>${escapeHtml(payment.orderNo)}</dd>
  <dt>Payment</dt><dd>${escapeHtml(payment.paymentId)}</dd>
</dl>`;
    const head = `<p class="brand"><span aria-hidden="true">S</span>Sandbox Pay</p>
<p class="note">A test gateway: no money moves.</p>
<h1>Amount to pay</h1>
<p class="amount">${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</p>`;
    if (payment.status !== 'pending') {
      return html(
        response,
        200,
        'Sandbox Pay',
        `${head}${details}<p class="status" role="status">This payment is ${
          payment.status === 'success' ? 'paid' : 'failed'
        }.</p>`,
      );
    }
    html(
      response,
      200,
      'Sandbox Pay',
      `${head}${details}<form method="post" action="/pay/${encodeURIComponent(payment.paymentId)}">
  <button class="pay" type="submit" name="outcome" value="success">Pay</button>
  <button class="fail" type="submit" name="outcome" value="failed">Fail</button>
</form>`,
    );
  }

  function indexPage(response: ServerResponse) {
    const payoutRows = [...payoutsByOrder.values()]
      .slice(-20)
      .reverse()
      .map(
        (payout) =>
          `<tr><td>${escapeHtml(payout.orderNo)}</td><td>${escapeHtml(payout.amount)} ${escapeHtml(payout.currency)}</td><td>${
            payout.status === 'pending'
              ? `<form method="post" action="/payouts/${encodeURIComponent(payout.payoutId)}" style="grid-template-columns:1fr 1fr;gap:6px">` +
                '<button class="pay" name="outcome" value="paid">Paid</button>' +
                '<button class="fail" name="outcome" value="failed">Failed</button></form>'
              : payout.status
          }</td></tr>`,
      )
      .join('');
    const rows = [...byOrder.values()]
      .slice(-20)
      .reverse()
      .map(
        (payment) =>
          `<tr><td><a href="/pay/${encodeURIComponent(payment.paymentId)}">${escapeHtml(payment.orderNo)}</a></td>` +
          `<td>${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</td><td>${payment.status}</td></tr>`,
      )
      .join('');
    html(
      response,
      200,
      'Sandbox Pay',
      `<p class="brand"><span aria-hidden="true">S</span>Sandbox Pay</p>
<p class="note">A test gateway for Tessera's deposits: no money moves.${down ? ' It is down now (503).' : ''}</p>
<table><thead><tr><th>Order</th><th>Amount</th><th>Status</th></tr></thead><tbody>${
        rows || '<tr><td colspan="3">No payments yet.</td></tr>'
      }</tbody></table>
<h1 style="margin-top:24px">Payouts</h1>
<table><thead><tr><th>Order</th><th>Amount</th><th>Status</th></tr></thead><tbody>${
        payoutRows || '<tr><td colspan="3">No payouts yet.</td></tr>'
      }</tbody></table>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/') return indexPage(response);
    if (method === 'POST' && path.startsWith('/api/')) {
      let fields: Fields | null = null;
      try {
        fields = textFields(JSON.parse(await readBody(request, MAX_BODY)));
      } catch {
        fields = null;
      }
      return api(path, fields, response);
    }
    const payoutPage = /^\/payouts\/([A-Za-z0-9]+)$/.exec(path);
    if (payoutPage && method === 'POST') {
      const payout = [...payoutsByOrder.values()].find((candidate) => candidate.payoutId === payoutPage[1]);
      if (!payout) return html(response, 404, 'Sandbox Pay', '<p class="status">No such payout.</p>');
      const outcome = new URLSearchParams(await readBody(request, MAX_BODY)).get('outcome');
      if (outcome === 'paid' || outcome === 'failed') await completePayout(payout, outcome, '', true);
      response.writeHead(303, { location: '/', 'cache-control': 'no-store' });
      return response.end();
    }
    const page = /^\/pay\/([A-Za-z0-9]+)$/.exec(path);
    if (page) {
      const payment = byId.get(page[1] as string);
      if (down)
        return html(response, 503, 'Sandbox Pay', '<p class="status">The sandbox gateway is down.</p>');
      if (!payment) return html(response, 404, 'Sandbox Pay', '<p class="status">No such payment.</p>');
      if (method === 'GET') return paymentPage(response, payment);
      if (method === 'POST') {
        const outcome = new URLSearchParams(await readBody(request, MAX_BODY)).get('outcome');
        if (outcome !== 'success' && outcome !== 'failed') return paymentPage(response, payment);
        await complete(payment, outcome, true);
        response.writeHead(303, { location: payment.returnUrl, 'cache-control': 'no-store' });
        return response.end();
      }
    }
    if (path.startsWith('/control/')) {
      const body =
        method === 'POST'
          ? (JSON.parse((await readBody(request, MAX_BODY)) || '{}') as Record<string, unknown>)
          : {};
      if (method === 'GET' && path === '/control/payments') return json(response, 200, [...byOrder.values()]);
      if (method === 'POST' && path === '/control/down') {
        down = body.down === true;
        return json(response, 200, { down });
      }
      if (method === 'GET' && path === '/control/payouts') {
        return json(response, 200, [...payoutsByOrder.values()]);
      }
      if (method === 'POST' && path === '/control/payouts/refuse') {
        refusePayouts = body.refuse === true;
        return json(response, 200, { refuse: refusePayouts });
      }
      if (method === 'POST' && path.startsWith('/control/payouts/')) {
        const payout = [...payoutsByOrder.values()].find((candidate) => candidate.orderNo === body.orderNo);
        if (!payout) return json(response, 404, { error: 'unknown_order' });
        if (path === '/control/payouts/complete') {
          const outcome = body.outcome === 'failed' ? 'failed' : 'paid';
          const reason = typeof body.reason === 'string' ? body.reason : '';
          const answered = await completePayout(payout, outcome, reason, body.notify !== false);
          return json(response, 200, { status: payout.status, answered });
        }
        if (path === '/control/payouts/resend')
          return json(response, 200, { answered: await notifyPayout(payout) });
      }
      const payment = [...byOrder.values()].find((candidate) => candidate.orderNo === body.orderNo);
      if (!payment) return json(response, 404, { error: 'unknown_order' });
      if (method === 'POST' && path === '/control/complete') {
        const outcome = body.outcome === 'failed' ? 'failed' : 'success';
        const answered = await complete(payment, outcome, body.notify !== false);
        return json(response, 200, { status: payment.status, answered });
      }
      if (method === 'POST' && path === '/control/resend') {
        return json(response, 200, { answered: await notify(payment) });
      }
    }
    json(response, 404, { error: 'not_found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`error: ${(error as Error).message}`);
      if (!response.headersSent) json(response, 400, { error: 'bad_request' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  publicUrl ||= `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const find = (orderNo: string) => {
    const payment = [...byOrder.values()].find((candidate) => candidate.orderNo === orderNo);
    if (!payment) throw new Error(`the sandbox has no payment for ${orderNo}`);
    return payment;
  };
  const findPayout = (orderNo: string) =>
    [...payoutsByOrder.values()].find((candidate) => candidate.orderNo === orderNo);
  return {
    url: publicUrl,
    port,
    setDown(value) {
      down = value;
    },
    payments: () => [...byOrder.values()],
    payment: (orderNo) => [...byOrder.values()].find((candidate) => candidate.orderNo === orderNo),
    complete: (orderNo, outcome, { notify: send = true } = {}) => complete(find(orderNo), outcome, send),
    resend: (orderNo) => notify(find(orderNo)),
    payouts: () => [...payoutsByOrder.values()],
    payout: (orderNo) => findPayout(orderNo),
    completePayout: (orderNo, outcome, { reason = '', notify: send = true } = {}) => {
      const payout = findPayout(orderNo);
      if (!payout) throw new Error(`the sandbox has no payout for ${orderNo}`);
      return completePayout(payout, outcome, reason, send);
    },
    resendPayout: (orderNo) => {
      const payout = findPayout(orderNo);
      if (!payout) throw new Error(`the sandbox has no payout for ${orderNo}`);
      return notifyPayout(payout);
    },
    setRefusePayouts(value) {
      refusePayouts = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
