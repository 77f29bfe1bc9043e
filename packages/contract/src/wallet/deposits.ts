import { z } from 'zod';
import { id, idParams, isoDateTime, nonEmpty, page, paging } from '../common.ts';
import { CONSOLE_API, crud } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { isSiteLink } from '../links.ts';
import { amount } from './money.ts';
import { currencyInfo } from './player.ts';

/**
 * Deposits (member centre page depositv2) and the payment channels they go through, as the player site, the
 * console and a payment gateway call them. Money is in major units on the wire (money.ts).
 *
 * A bank-transfer channel shows the account the site receives transfers on; the player sends the money, submits
 * the amount and the reference of the transfer, and a finance operator confirms or rejects the order. An online
 * gateway channel sends the player to the gateway's payment page; the result comes back as a signed callback
 * (and, when none arrives, from the server asking the gateway for the order's status).
 */

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected', 'failed'] as const;
const depositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof depositStatus>;

export const PAYMENT_CHANNEL_KINDS = ['bank', 'gateway'] as const;
const paymentChannelKind = z.enum(PAYMENT_CHANNEL_KINDS);
export type PaymentChannelKind = z.infer<typeof paymentChannelKind>;

/**
 * What the last attempt to reach the gateway said about a pending online order, as a key the front ends
 * translate: '' (nothing to say), gateway_unavailable (the gateway did not answer; the order is kept and the
 * server keeps trying), gateway_refused (the gateway refused to create the payment; the order failed).
 */
const GATEWAY_MESSAGES = ['', 'gateway_unavailable', 'gateway_refused'] as const;
const gatewayMessage = z.enum(GATEWAY_MESSAGES);
export type GatewayMessage = z.infer<typeof gatewayMessage>;

/** The path of the site the gateway sends the payer back to: a path inside the site, never another site. */
const sitePath = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value.startsWith('/') && isSiteLink(value), 'invalid_format');

// ---------------------------------------------------------------------------------------------- player side

const depositChannel = z.object({
  id: z.number().int(),
  kind: paymentChannelKind,
  name: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** The amounts the page offers as buttons. */
  presets: z.array(z.number()),
  /** What the player should know (plain text, line breaks kept). */
  instructions: z.string(),
  /** Bank transfer: the account the site receives transfers on; null for a gateway. */
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

const depositChannels = z.object({
  /** False when deposits are switched off (module flags DEPOSIT3 off, or CREDITMARGIN3 on). */
  available: z.boolean(),
  ...currencyInfo,
  channels: z.array(depositChannel),
});

/** The longest bank-transfer reference a member may give. */
export const PAYER_REFERENCE_MAX = 64;
/** What a bank prints as a transfer's reference: letters of any language, digits, spaces and ASCII punctuation (no emoji, no line breaks). */
const PAYER_REFERENCE_TEXT = /^[\p{L}\p{M}\p{N} !-~]*$/u;

export const depositBody = z.object({
  channelId: id,
  amount,
  /** Bank transfer: the reference (or sender name) of the transfer the player made; required there. */
  payerReference: z
    .string()
    .trim()
    .max(PAYER_REFERENCE_MAX)
    .regex(PAYER_REFERENCE_TEXT, 'invalid_format')
    .default(''),
  /** Online gateway: where the gateway sends the payer back to (a path of the site; the site's home if absent). */
  returnPath: sitePath.optional(),
});

const depositView = z.object({
  orderNo: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  kind: paymentChannelKind,
  amount: z.number(),
  status: depositStatus,
  payerReference: z.string(),
  /** Online gateway: the payment page to send the payer to, once the gateway created the payment. */
  paymentUrl: z.string().nullable(),
  gatewayMessage,
  /** Why it was rejected or failed. */
  reason: z.string(),
  createdAt: z.string(),
  /** When it was confirmed, rejected or failed; null while pending. */
  settledAt: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositView>;

const depositHistoryQuery = paging.extend({ status: depositStatus.optional() });

/** Outcomes of a gateway's callback (or of a status query) as the callback log records them. */
export const CALLBACK_OUTCOMES = [
  'credited',
  'failed',
  'duplicate',
  'not_pending',
  'still_pending',
  'refused_channel',
  'refused_malformed',
  'refused_signature',
  'refused_order',
  'refused_amount',
] as const;
const callbackOutcome = z.enum(CALLBACK_OUTCOMES);
const CALLBACK_SOURCES = ['callback', 'query', 'payout'] as const;
export type CallbackSource = (typeof CALLBACK_SOURCES)[number];
export type CallbackOutcome = z.infer<typeof callbackOutcome>;

const callbackText = (max: number) => z.coerce.string().max(max).optional();

/**
 * A gateway's notification of a payment's result. Every field is signed: `sign` is the hex HMAC-SHA256, under the
 * channel's secret, of the other fields sorted by name as `name=value` joined by `&` (fields the gateway adds are
 * signed too). Missing fields are refused (and logged) by the server rather than by this schema, so that every
 * refused callback lands in the log.
 */
const gatewayCallbackBody = z.looseObject({
  merchant: callbackText(64),
  orderNo: callbackText(64),
  paymentId: callbackText(64),
  amount: callbackText(32),
  currency: callbackText(8),
  status: callbackText(16),
  timestamp: callbackText(32),
  sign: callbackText(128),
});

export const depositPlayerEndpoints = {
  depositChannels: endpoint({
    method: 'GET',
    path: '/wps/payment/channels',
    access: 'realMember',
    response: depositChannels,
  }),
  createDeposit: endpoint({
    method: 'POST',
    path: '/wps/payment/deposits',
    access: 'realMember',
    body: depositBody,
    idempotent: true,
    response: depositView,
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/wps/payment/deposits',
    access: 'realMember',
    query: depositHistoryQuery,
    response: page(depositView),
  }),
  /** One of the member's deposits: the page polls it until the gateway's payment page is known. */
  deposit: endpoint({
    method: 'GET',
    path: '/wps/payment/deposits/:orderNo',
    access: 'realMember',
    params: z.object({
      orderNo: z
        .string()
        .trim()
        .regex(/^D\d{16}$/, 'invalid_format'),
    }),
    response: depositView,
  }),
  /** Where an online gateway sends its signed callbacks (the channel's id names the secret that signs them). */
  gatewayCallback: endpoint({
    method: 'POST',
    path: '/wps/payment/callback/:id',
    access: 'visitor',
    params: idParams,
    body: gatewayCallbackBody,
    response: z.object({ ok: z.literal(true), outcome: callbackOutcome }),
  }),
};

// --------------------------------------------------------------------------------------------- console side

const finance = operator('finance');

const channelText = (max: number) => z.string().trim().max(max).default('');
/** A channel's name and instructions in one language. */
const channelVersion = z
  .object({ name: channelText(60), instructions: channelText(2000) })
  .strict()
  .default({ name: '', instructions: '' });

/**
 * A payment channel as the console writes it. Bank transfer needs the receiving account; a gateway needs its
 * address, merchant id and signing secret (write-only: an update with a blank secret keeps the stored one).
 */
export const paymentChannelInput = z
  .object({
    kind: paymentChannelKind,
    name: nonEmpty(60),
    enabled: z.boolean().default(true),
    sort: z.coerce.number().int().min(0).max(9999).default(0),
    minAmount: amount,
    maxAmount: amount,
    presets: z.array(amount).max(8).default([]),
    instructions: channelText(2000),
    bankName: channelText(100),
    accountName: channelText(100),
    accountNumber: channelText(40),
    gatewayUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value), 'invalid_format')
      .default(''),
    gatewayMerchant: channelText(64),
    gatewaySecret: z.string().max(256).default(''),
    /** Its name and instructions in Vietnamese and Chinese ('' where it has none: its own show). */
    translations: z
      .object({ VI: channelVersion, CN: channelVersion })
      .strict()
      .default({ VI: { name: '', instructions: '' }, CN: { name: '', instructions: '' } }),
  })
  .superRefine((value, context) => {
    const required = (field: keyof typeof value) => {
      if (value[field] === '') context.addIssue({ code: 'custom', path: [field], message: 'required' });
    };
    if (value.kind === 'bank') {
      required('bankName');
      required('accountName');
      required('accountNumber');
    } else {
      required('gatewayUrl');
      required('gatewayMerchant');
    }
    if (value.maxAmount < value.minAmount) {
      context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'invalid_value' });
    }
    const outside = value.presets.some((preset) => preset < value.minAmount || preset > value.maxAmount);
    if (outside || new Set(value.presets).size !== value.presets.length) {
      context.addIssue({ code: 'custom', path: ['presets'], message: 'invalid_value' });
    }
  });

const paymentChannelRow = z.object({
  id: z.number().int(),
  kind: paymentChannelKind,
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  minAmount: z.number(),
  maxAmount: z.number(),
  presets: z.array(z.number()),
  instructions: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  gatewayUrl: z.string(),
  gatewayMerchant: z.string(),
  /** Whether a signing secret is stored (it is never sent back). */
  hasSecret: z.boolean(),
  /** Its name and instructions in Vietnamese and Chinese ('' where it has none). */
  translations: z.object({
    VI: z.object({ name: z.string(), instructions: z.string() }),
    CN: z.object({ name: z.string(), instructions: z.string() }),
  }),
  updatedAt: z.string(),
});
export type PaymentChannelRow = z.infer<typeof paymentChannelRow>;

export const DEPOSIT_SORTS = ['newest', 'oldest', 'amountDesc', 'amountAsc'] as const;

const depositFilterFields = {
  status: depositStatus.optional(),
  kind: paymentChannelKind.optional(),
  /** A member's user name (case-insensitive, exact). */
  member: z.string().trim().max(40).optional(),
  orderNo: z.string().trim().max(32).optional(),
  channelId: id.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: z.enum(DEPOSIT_SORTS).default('newest'),
};
const rangeInOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !(value.from && value.to) || Date.parse(value.to) > Date.parse(value.from);

/** The filters of the deposit queue and of its CSV export; from is inclusive, to exclusive. */
const depositFilter = z
  .object(depositFilterFields)
  .refine(rangeInOrder, { message: 'invalid_value', path: ['to'] });
const depositListQuery = paging
  .extend(depositFilterFields)
  .refine(rangeInOrder, { message: 'invalid_value', path: ['to'] });

const depositRow = depositView.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  gatewayOrder: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type DepositRow = z.infer<typeof depositRow>;

/** The most rows one CSV export holds; a wider filter is refused with export_too_large. */
export const DEPOSIT_EXPORT_MAX_ROWS = 50_000;

const gatewayCallbackRow = z.object({
  id: z.number().int(),
  channelId: z.number().int().nullable(),
  channelName: z.string().nullable(),
  orderNo: z.string(),
  /**
   * callback: the gateway called about a deposit; query: the server asked the gateway for the order's status;
   * payout: a payout provider called about a withdrawal (its order number).
   */
  source: z.enum(CALLBACK_SOURCES),
  outcome: callbackOutcome,
  body: z.record(z.string(), z.unknown()),
  ip: z.string(),
  receivedAt: z.string(),
});
export type GatewayCallbackRow = z.infer<typeof gatewayCallbackRow>;

/**
 * The reasons finance picks from when rejecting a deposit. Stored as these codes, they read in the member's
 * language on the site, in the console and in the member's message; any other reason is an operator's own words,
 * shown as written (free text cannot be translated).
 */
export const DEPOSIT_REJECT_REASONS = [
  'payment_not_received',
  'amount_mismatch',
  'payer_mismatch',
  'duplicate_order',
] as const;
export type DepositRejectReason = (typeof DEPOSIT_REJECT_REASONS)[number];

/** Why finance rejects a deposit: the member reads it in the inbox and the history. */
export const depositRejectBody = z.object({ reason: z.string().trim().min(2).max(200) });

export const depositConsoleEndpoints = {
  channels: crud('wallet/payment-channels', paymentChannelInput, paymentChannelRow, finance),
  deposits: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/deposits`,
    access: finance,
    query: depositListQuery,
    /** The page of deposits, with the merchant's currency to show their amounts in. */
    response: page(depositRow).extend(currencyInfo),
  }),
  exportDeposits: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/deposits/export`,
    access: finance,
    query: depositFilter,
    answer: 'text',
    contentType: 'text/csv; charset=utf-8',
    response: z.string(),
  }),
  confirmDeposit: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/deposits/:id/confirm`,
    access: finance,
    params: idParams,
    idempotent: true,
    response: depositRow,
  }),
  rejectDeposit: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/deposits/:id/reject`,
    access: finance,
    params: idParams,
    body: depositRejectBody,
    idempotent: true,
    response: depositRow,
  }),
  callbacks: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/gateway-callbacks`,
    access: finance,
    query: paging.extend({
      orderNo: z.string().trim().max(64).optional(),
      outcome: callbackOutcome.optional(),
      channelId: id.optional(),
    }),
    response: page(gatewayCallbackRow),
  }),
};
