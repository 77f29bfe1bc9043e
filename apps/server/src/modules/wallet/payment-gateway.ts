import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkOperatorUrl, fetchChecked, type Resolver } from '../../platform/operator-urls.ts';

/**
 * The client of an online payment gateway, in the protocol the sandbox gateway (sandbox/payment-gateway) speaks,
 * the shape most cashier gateways share:
 *
 * - Every message is a flat JSON object of text fields signed in `sign`: the hex HMAC-SHA256, under the merchant's
 *   secret, of the other fields sorted by name as `name=value` joined by `&`. Requests, answers and callbacks alike;
 *   an answer whose signature does not check is not believed.
 * - `POST {gateway}/api/payments` creates a payment: merchant, orderNo, amount (major units as a decimal text,
 *   "150.00"), currency, notifyUrl, returnUrl, timestamp → paymentId, paymentUrl, status. The same orderNo answers
 *   the same payment (a retry after a lost answer creates nothing new).
 * - `POST {gateway}/api/payments/query` asks for an order's status: merchant, orderNo, timestamp → orderNo,
 *   paymentId, amount, currency, status (pending, success, failed); 404 when the gateway does not know the order.
 * - The gateway POSTs the payment's result to notifyUrl: merchant, orderNo, paymentId, amount, currency, status,
 *   timestamp, sign; any 2xx answer acknowledges it.
 *
 * A 4xx answer to a request is a refusal (GatewayRefused); no answer, a 5xx or an unsigned answer means the
 * gateway is unavailable for now (GatewayUnavailable), and the caller tries again later. The gateway's URL is an
 * operator's: each request checks its address again and connects to the address it checked (see operator-urls).
 */

export type Fields = Record<string, string>;

function canonicalText(fields: Fields): string {
  return Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

function signFields(fields: Fields, secret: string): string {
  return createHmac('sha256', secret).update(canonicalText(fields), 'utf8').digest('hex');
}

/** Whether `sign` is the fields' signature under the secret (compared in constant time). */
export function signatureValid(fields: Fields, secret: string): boolean {
  const given = fields.sign ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(
    Buffer.from(given.toLowerCase(), 'hex'),
    Buffer.from(signFields(fields, secret), 'hex'),
  );
}

export function signed(fields: Fields, secret: string): Fields {
  return { ...fields, sign: signFields(fields, secret) };
}

/** The fields of a message as text: null when one of them is not a string or a number (nothing signs that). */
export function textFields(body: unknown): Fields | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields: Fields = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) fields[name] = String(value);
    else return null;
  }
  return fields;
}

/** Minor units as the gateway's decimal text ("150.00"). */
export function decimalText(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The gateway's decimal text in minor units; null when it is not a plain amount or has too many decimals. */
export function minorOfDecimal(text: string, digits: number): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) return null;
  return BigInt(`${match[1]}${fraction.slice(0, digits).padEnd(digits, '0')}`);
}

export class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable';
}

export class GatewayRefused extends Error {
  override readonly name = 'GatewayRefused';
}

export interface GatewayAccount {
  url: string;
  merchant: string;
  secret: string;
  /** Whether the URL may reach a loopback, private or link-local address (see checkOperatorUrl). */
  allowPrivate: boolean;
  /** How the URL's name is resolved: the system's unless a test gives one. */
  resolve?: Resolver;
}

const ANSWER_MAX_BYTES = 100_000;

export interface GatewayPayment {
  paymentId: string;
  paymentUrl: string;
}

export type GatewayStatus =
  | { status: 'pending' | 'success' | 'failed'; fields: Fields }
  | { status: 'unknown'; fields: null };

async function call(
  account: GatewayAccount,
  path: string,
  body: Fields,
  timeoutMs: number,
): Promise<{ status: number; fields: Fields | null }> {
  let response: { status: number; text: string };
  try {
    const checked = await checkOperatorUrl(`${account.url.replace(/\/+$/, '')}${path}`, {
      allowPrivate: account.allowPrivate,
      field: 'gatewayUrl',
      resolve: account.resolve,
    });
    response = await fetchChecked(checked, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(signed(body, account.secret)),
      timeoutMs,
      maxBytes: ANSWER_MAX_BYTES,
    });
  } catch (cause) {
    throw new GatewayUnavailable(`the gateway did not answer: ${(cause as Error).message}`);
  }
  if (response.status >= 500) throw new GatewayUnavailable(`the gateway answered ${response.status}`);
  let json: unknown = null;
  try {
    json = JSON.parse(response.text);
  } catch {
    json = null;
  }
  return { status: response.status, fields: textFields(json) };
}

function believed(fields: Fields | null, account: GatewayAccount, path: string): Fields {
  if (!fields || !signatureValid(fields, account.secret)) {
    throw new GatewayUnavailable(`the gateway's answer to ${path} is not signed with the merchant's secret`);
  }
  return fields;
}

/** Creates the payment of an order at the gateway. Never call this inside a database transaction. */
export async function createPayment(
  account: GatewayAccount,
  order: { orderNo: string; amount: string; currency: string; notifyUrl: string; returnUrl: string },
  now: Date,
  timeoutMs: number,
): Promise<GatewayPayment> {
  const path = '/api/payments';
  const answer = await call(
    account,
    path,
    { merchant: account.merchant, ...order, timestamp: String(Math.floor(now.getTime() / 1000)) },
    timeoutMs,
  );
  if (answer.status >= 400) {
    throw new GatewayRefused(
      `the gateway refused the payment (${answer.status} ${answer.fields?.error ?? ''})`,
    );
  }
  const fields = believed(answer.fields, account, path);
  const { paymentId, paymentUrl } = fields;
  if (!paymentId || !paymentUrl || !/^https?:\/\//i.test(paymentUrl) || fields.orderNo !== order.orderNo) {
    throw new GatewayUnavailable('the gateway answered without a payment page for the order');
  }
  return { paymentId, paymentUrl };
}

/** Asks the gateway for an order's status. Never call this inside a database transaction. */
export async function queryPayment(
  account: GatewayAccount,
  orderNo: string,
  now: Date,
  timeoutMs: number,
): Promise<GatewayStatus> {
  const path = '/api/payments/query';
  const answer = await call(
    account,
    path,
    { merchant: account.merchant, orderNo, timestamp: String(Math.floor(now.getTime() / 1000)) },
    timeoutMs,
  );
  if (answer.status === 404) return { status: 'unknown', fields: null };
  if (answer.status >= 400) throw new GatewayRefused(`the gateway refused the query (${answer.status})`);
  const fields = believed(answer.fields, account, path);
  if (fields.orderNo !== orderNo) throw new GatewayUnavailable('the gateway answered about another order');
  const status = fields.status;
  if (status !== 'pending' && status !== 'success' && status !== 'failed') {
    throw new GatewayUnavailable(`the gateway answered an unknown status ${status}`);
  }
  return { status, fields };
}

/*
 * Payouts, in the same protocol (the sandbox gateway's payout API):
 * - `POST {gateway}/api/payouts`: merchant, orderNo, amount, currency, bankName, accountNumber, payeeName,
 *   notifyUrl, timestamp → orderNo, payoutId, status (pending, paid, failed). The same orderNo answers the same
 *   payout, so a retry after a lost answer pays nothing twice.
 * - `POST {gateway}/api/payouts/query`: merchant, orderNo, timestamp → orderNo, payoutId, amount, currency, status,
 *   reason; 404 when the gateway does not know the order.
 * - The gateway POSTs the result to notifyUrl: merchant, orderNo, payoutId, amount, currency, status (paid or
 *   failed), reason, timestamp, sign.
 */

export type PayoutAnswer = { payoutId: string; status: 'pending' | 'paid' | 'failed'; reason: string };

const payoutStatus = (status: string | undefined) =>
  status === 'pending' || status === 'paid' || status === 'failed' ? status : null;

/** Asks the gateway to pay an order out. Never call this inside a database transaction. */
export async function requestPayout(
  account: GatewayAccount,
  order: {
    orderNo: string;
    amount: string;
    currency: string;
    bankName: string;
    accountNumber: string;
    payeeName: string;
    notifyUrl: string;
  },
  now: Date,
  timeoutMs: number,
): Promise<PayoutAnswer> {
  const path = '/api/payouts';
  const answer = await call(
    account,
    path,
    { merchant: account.merchant, ...order, timestamp: String(Math.floor(now.getTime() / 1000)) },
    timeoutMs,
  );
  if (answer.status >= 400) {
    throw new GatewayRefused(
      `the gateway refused the payout (${answer.status} ${answer.fields?.error ?? ''})`,
    );
  }
  const fields = believed(answer.fields, account, path);
  const status = payoutStatus(fields.status);
  if (!fields.payoutId || !status || fields.orderNo !== order.orderNo) {
    throw new GatewayUnavailable('the gateway answered without a payout for the order');
  }
  return { payoutId: fields.payoutId, status, reason: fields.reason ?? '' };
}

/** Asks the gateway for a payout's status (null: it does not know the order). Outside any transaction. */
export async function queryPayout(
  account: GatewayAccount,
  orderNo: string,
  now: Date,
  timeoutMs: number,
): Promise<(PayoutAnswer & { fields: Fields }) | null> {
  const path = '/api/payouts/query';
  const answer = await call(
    account,
    path,
    { merchant: account.merchant, orderNo, timestamp: String(Math.floor(now.getTime() / 1000)) },
    timeoutMs,
  );
  if (answer.status === 404) return null;
  if (answer.status >= 400) throw new GatewayRefused(`the gateway refused the query (${answer.status})`);
  const fields = believed(answer.fields, account, path);
  const status = payoutStatus(fields.status);
  if (fields.orderNo !== orderNo || !status || !fields.payoutId) {
    throw new GatewayUnavailable('the gateway answered about another payout');
  }
  return { payoutId: fields.payoutId, status, reason: fields.reason ?? '', fields };
}
