import { z } from 'zod';
import { id, idParams, isoDateTime, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { businessReportQuery } from '../reports/index.ts';
import { linkedAccount, memberMoneyTotals, signInPlace } from '../risk/index.ts';
import { amount } from './money.ts';
import { ledgerRecord, walletName } from './player.ts';

/** The wallet, as the console sees it: a member's ledger, manual adjustments and the reconciliation reports. */

const ledgerRead = operator('finance', 'operations', 'support');
const reconcileAccess = operator('finance');

const memberLedger = z.object({
  memberId: z.number().int(),
  username: z.string(),
  currency: z.string(),
  digits: z.number().int(),
  accounts: z.array(
    z.object({ code: z.string(), kind: z.string(), wallet: z.string(), balance: z.number() }),
  ),
  entries: page(ledgerRecord),
});

export const ADJUSTMENT_CATEGORIES = [
  'correction',
  'compensation',
  'promotion',
  'chargeback',
  'other',
] as const;
export type AdjustmentCategory = (typeof ADJUSTMENT_CATEGORIES)[number];

export const adjustmentBody = z.object({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
  wallet: walletName.default('main'),
  /** Positive credits the member, negative debits (never below zero). Major units. */
  amount,
  /** Why, as a category the reports can group by ('other' when a caller names none). */
  category: z.enum(ADJUSTMENT_CATEGORIES).default('other'),
  /** The note: what happened, in the operator's words. */
  reason: z.string().trim().min(3).max(500),
});

/** The answer of an adjustment: posted at once, or waiting for a second operator above the configured amount. */
const adjustmentAnswer = z.object({
  status: z.enum(['posted', 'awaiting_approval']),
  transactionId: z.number().int().nullable(),
  balance: z.number().nullable(),
  requestId: z.number().int().nullable(),
});

const adjustmentRequest = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  wallet: z.string(),
  amount: z.number(),
  category: z.enum(ADJUSTMENT_CATEGORIES),
  note: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  transactionId: z.number().int().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

const reconciliationReport = z.object({
  id: z.number().int(),
  status: z.enum(['clean', 'problems']),
  requestedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  transactions: z.number().int(),
  entries: z.number().int(),
  accounts: z.number().int(),
  /** Sum of every entry per unit (money, points): zero when the ledger balances. */
  totals: z.record(z.string(), z.number()),
  unbalanced: z.array(z.object({ transactionId: z.number().int(), unit: z.string(), sum: z.number() })),
  mismatched: z.array(
    z.object({
      code: z.string(),
      balance: z.number(),
      entriesSum: z.number(),
      brokenChainAt: z.number().nullable(),
    }),
  ),
  negative: z.array(z.object({ code: z.string(), balance: z.number() })),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;

/** The cashier's rules, edited in the console (money in major units). */
export const walletSettings = z
  .object({
    /** Deposits must be wagered this many times before a withdrawal (0: no requirement). */
    turnoverMultiple: z.coerce.number().min(0).max(100),
    withdrawalMin: amount,
    withdrawalMax: amount,
    /** Withdrawals a member may request per day (UTC). */
    withdrawalDailyCount: z.coerce.number().int().min(1).max(100),
    /** An approved withdrawal the member has not confirmed counts as received after this many minutes. */
    autoReceiptMinutes: z.coerce.number().int().min(1).max(43_200),
    paymentPasswordMaxFailures: z.coerce.number().int().min(1).max(20),
    paymentPasswordLockMinutes: z.coerce.number().int().min(1).max(1440),
    /** Members may send money to their upline (transferUpline), where their toUpline flag allows it. */
    transferUpEnabled: z.boolean(),
    /**
     * The percent of a settled valid stake that counts towards turnover obligations, per product type (game type
     * code, e.g. RNG, LIVE, LOTT); a product type left out counts 100.
     */
    turnoverWeights: z
      .record(z.string().regex(/^[A-Z0-9_]{1,16}$/), z.coerce.number().int().min(0).max(100))
      .default({}),
    /** A withdrawal is allowed while at most this much turnover remains (major units). */
    turnoverTolerance: amount.pipe(z.number().min(0)).default(0),
    /** UK profile: a bonus's turnover multiple is capped at 10 and its scope at one product type. */
    ukProfile: z.boolean().default(false),
  })
  .refine((value) => value.withdrawalMax >= value.withdrawalMin, {
    message: 'invalid_value',
    path: ['withdrawalMax'],
  });
export type WalletSettings = z.infer<typeof walletSettings>;

/** The merchant's money: its currency (ISO 4217), the symbol players see, and whether it has a single wallet. */
export const merchantMoney = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'invalid_format'),
  currencySymbol: z.string().trim().min(1).max(8),
  walletSingle: z.boolean(),
});
export type MerchantMoney = z.infer<typeof merchantMoney>;

/** Where a turnover obligation came from: the credit that carries the wagering requirement. */
const OBLIGATION_SOURCES = ['deposit', 'bonus', 'rebate', 'salary', 'points', 'adjustment'] as const;
const obligationSource = z.enum(OBLIGATION_SOURCES);
export type ObligationSource = z.infer<typeof obligationSource>;
const OBLIGATION_STATUSES = ['open', 'met', 'expired', 'cancelled'] as const;

/** A turnover obligation (money in major units): what was credited, the turnover it requires and what was wagered. */
export const turnoverObligation = z.object({
  id: z.number().int(),
  source: obligationSource,
  sourceRef: z.string(),
  amount: z.number(),
  required: z.number(),
  contributed: z.number(),
  remaining: z.number(),
  /** The product type whose stakes count; null: every product type. */
  productScope: z.string().nullable(),
  status: z.enum(OBLIGATION_STATUSES),
  createdAt: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  cancelReason: z.string().nullable(),
});
export type TurnoverObligation = z.infer<typeof turnoverObligation>;

export const obligationCancelBody = z.object({ reason: z.string().trim().min(3).max(500) });

const memberObligations = z.object({
  memberId: z.number().int(),
  currency: z.string(),
  digits: z.number().int(),
  list: z.array(turnoverObligation),
});

export const walletConsoleEndpoints = {
  merchantMoney: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/merchant`,
    access: operator('finance', 'operations'),
    response: merchantMoney,
  }),
  saveMerchantMoney: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/wallet/merchant`,
    access: operator('owner'),
    body: merchantMoney,
    response: merchantMoney,
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/settings`,
    access: operator('finance', 'operations'),
    response: walletSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/wallet/settings`,
    access: operator('finance'),
    body: walletSettings,
    response: walletSettings,
  }),
  memberLedger: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/members/:id/ledger`,
    access: ledgerRead,
    params: idParams,
    query: paging,
    response: memberLedger,
  }),
  memberObligations: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/members/:id/obligations`,
    access: ledgerRead,
    params: idParams,
    response: memberObligations,
  }),
  /**
   * The player page's money (lifetime and a period picked as the reports pick theirs: merchant days), bank accounts,
   * sign-in places and linked accounts.
   */
  memberPicture: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/members/:id/picture`,
    access: ledgerRead,
    params: idParams,
    query: businessReportQuery,
    response: z.object({
      currency: z.string(),
      digits: z.number().int(),
      lifetime: memberMoneyTotals,
      period: memberMoneyTotals,
      /** The merchant days the period covers, in the merchant's time zone. */
      range: z.object({ startDate: z.string(), endDate: z.string(), timeZone: z.string() }),
      bankAccounts: z.array(
        z.object({
          id: z.number().int(),
          bankName: z.string(),
          accountNumber: z.string(),
          payeeName: z.string(),
        }),
      ),
      places: z.array(signInPlace),
      linkedAccounts: z.array(linkedAccount),
    }),
  }),
  cancelObligation: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/members/:id/obligations/:obligationId/cancel`,
    access: operator('finance', 'operations'),
    params: z.object({ id, obligationId: id }),
    body: obligationCancelBody,
    response: turnoverObligation,
  }),
  adjust: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/adjustments`,
    access: operator('owner'),
    body: adjustmentBody,
    idempotent: true,
    response: adjustmentAnswer,
  }),
  adjustmentRequests: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/adjustment-requests`,
    access: operator('owner'),
    query: paging.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
    response: page(adjustmentRequest),
  }),
  approveAdjustment: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/adjustment-requests/:id/approve`,
    access: operator('owner'),
    params: idParams,
    response: adjustmentRequest,
  }),
  rejectAdjustment: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/adjustment-requests/:id/reject`,
    access: operator('owner'),
    params: idParams,
    body: z.object({ note: z.string().trim().min(3).max(500) }),
    response: adjustmentRequest,
  }),
  reconciliations: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/reconciliations`,
    access: reconcileAccess,
    query: paging,
    response: page(reconciliationReport),
  }),
  runReconciliation: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/reconciliations`,
    access: reconcileAccess,
    idempotent: true,
    response: z.object({ jobId: z.number().int() }),
  }),
};
