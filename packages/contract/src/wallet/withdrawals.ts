import { z } from 'zod';
import { id, idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { linkedAccount, memberMoneyTotals, riskFlag, signInPlace } from '../risk/index.ts';
import { turnoverObligation } from './console.ts';
import { amount } from './money.ts';
import { currencyInfo } from './player.ts';

/**
 * Withdrawals (issue 11 §4, §4 "Withdrawal confirmation", §5 payee name): the member's bank accounts, the
 * withdrawal page's limits, the request (funds move to the member's pending account), the history, and the
 * member's confirmation of what arrived; the console's queue where finance approves or rejects, and acts on
 * confirmations that say the money did not (fully) arrive. Money is in major units on the wire (money.ts).
 */

/** Proof images of a withdrawal that did not arrive: png or jpg, at most 5 MB each, 1 to 3 of them (§9). */
export const WITHDRAWAL_PROOFS = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 3,
} as const;

/** Bank accounts a member may keep at once. */
export const MAX_BANK_ACCOUNTS = 5;

/** §5: a real name without accents: letters, and single spaces between words. */
const PAYEE_NAME_PATTERN = /^[A-Za-z]+( [A-Za-z]+)*$/;
const payeeName = z
  .string()
  .trim()
  .min(2)
  .max(50)
  .refine((value) => PAYEE_NAME_PATTERN.test(value), 'real_name');
/** A bank account number: digits only. */
const bankAccountNumber = z
  .string()
  .trim()
  .regex(/^\d{6,30}$/, 'invalid_format');
const bankName = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[^\p{C}<>]+$/u, 'invalid_format');

export const bankAccountBody = z.object({ bankName, accountNumber: bankAccountNumber, payeeName });
export type BankAccountBody = z.infer<typeof bankAccountBody>;

const bankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** The number with all but its last four digits hidden (the full number is never sent back). */
  accountNumber: z.string(),
  payeeName: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
/** What the member said arrived; auto_received: no answer within the configured minutes. */
const CONFIRMATIONS = ['received', 'partly_received', 'not_received', 'auto_received'] as const;
export const confirmationKind = z.enum(CONFIRMATIONS);
export type ConfirmationKind = z.infer<typeof confirmationKind>;
/** A claim that money did not (fully) arrive: open until finance refunds the missing part or dismisses it. */
const CLAIM_STATUSES = ['open', 'refunded', 'dismissed'] as const;
export const claimStatus = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof claimStatus>;

const withdrawalInfo = z.object({
  ...currencyInfo,
  /** The main wallet: what can be withdrawn. */
  balance: z.number(),
  min: z.number(),
  max: z.number(),
  dailyCount: z.number().int(),
  /** Requests left today (UTC day). */
  countLeftToday: z.number().int(),
  turnoverRequired: z.number(),
  turnoverWagered: z.number(),
  /** What remains on open, unexpired obligations: a withdrawal needs at most turnoverTolerance. */
  turnoverRemaining: z.number(),
  turnoverTolerance: z.number(),
  /** The open obligations, oldest first: why turnover remains. */
  turnoverObligations: z.array(turnoverObligation),
  paymentPasswordSet: z.boolean(),
  autoReceiptMinutes: z.number().int(),
  bankAccounts: z.array(bankAccount),
  /** Approved withdrawals waiting for the member's confirmation. */
  awaitingConfirmation: z.number().int(),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfo>;

export const withdrawalRequestBody = z.object({
  bankAccountId: id,
  amount,
  paymentPassword: z.string().min(1).max(64),
});

const withdrawal = z.object({
  orderNo: z.string(),
  amount: z.number(),
  bankName: z.string(),
  accountNumber: z.string(),
  payeeName: z.string(),
  status: withdrawalStatus,
  /** Why it was rejected. */
  reason: z.string(),
  confirmation: confirmationKind.nullable(),
  receivedAmount: z.number().nullable(),
  /** amount − received, once the member said part of it arrived (or all of it for not_received). */
  remainingAmount: z.number().nullable(),
  /** Until when the member may confirm (approved, unconfirmed); then it counts as received. */
  confirmBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  proofCount: z.number().int(),
  claimStatus: claimStatus.nullable(),
  claimNote: z.string(),
  refundedAmount: z.number(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

const withdrawalHistoryQuery = paging.extend({ status: withdrawalStatus.optional() });

/**
 * The original's list of withdrawals waiting for the member's confirmation (confirm_withdrawal_request): the
 * original's list shape ({ list, totalPages }) with Tessera's fields in each item.
 */
const paymentConfirmationList = z.object({
  list: z.array(withdrawal),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/**
 * The member's confirmation, as multipart fields: confirmation, receivedAmount (partly_received: more than 0 and
 * less than the amount) and, for not_received, 1 to 3 files named proof (png or jpg, 5 MB each).
 */
export const withdrawalConfirmationFields = z.object({
  confirmation: z.enum(['received', 'partly_received', 'not_received']),
  receivedAmount: amount.optional(),
});
const orderNoParams = z.object({
  orderNo: z.string().regex(/^W\d{16}$/, 'invalid_format'),
});

export const withdrawalPlayerEndpoints = {
  bankAccounts: endpoint({
    method: 'GET',
    path: '/wps/wallet/bank-accounts',
    access: 'realMember',
    response: z.array(bankAccount),
  }),
  addBankAccount: endpoint({
    method: 'POST',
    path: '/wps/wallet/bank-accounts',
    access: 'realMember',
    body: bankAccountBody,
    response: bankAccount,
  }),
  removeBankAccount: endpoint({
    method: 'DELETE',
    path: '/wps/wallet/bank-accounts/:id',
    access: 'realMember',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  withdrawalInfo: endpoint({
    method: 'GET',
    path: '/wps/wallet/withdrawal/info',
    access: 'realMember',
    response: withdrawalInfo,
  }),
  requestWithdrawal: endpoint({
    method: 'POST',
    path: '/wps/wallet/withdrawals',
    access: 'realMember',
    bodyType: 'encrypted',
    body: withdrawalRequestBody,
    idempotent: true,
    response: withdrawal,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/wps/wallet/withdrawals',
    access: 'realMember',
    query: withdrawalHistoryQuery,
    response: page(withdrawal),
  }),
  paymentConfirmationList: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPaymentConfirmationList',
    access: 'realMember',
    query: paging,
    response: paymentConfirmationList,
  }),
  confirmWithdrawal: endpoint({
    method: 'POST',
    path: '/wps/wallet/withdrawals/:orderNo/confirmation',
    access: 'realMember',
    params: orderNoParams,
    bodyType: 'multipart',
    body: withdrawalConfirmationFields,
    response: withdrawal,
  }),
};

/* The console: finance's queue. */

const financeRead = operator('finance');
const financeWrite = operator('finance');

export const WITHDRAWAL_SORTS = ['createdAt', 'amount', 'reviewedAt', 'confirmedAt'] as const;
const withdrawalQueueFilters = z.object({
  status: withdrawalStatus.optional(),
  /** A confirmation kind, 'none' (not confirmed yet) or 'claims' (partly or not received). */
  confirmation: z.enum([...CONFIRMATIONS, 'none', 'claims']).optional(),
  claim: claimStatus.optional(),
  /** Payouts through the provider on their way, or failed and waiting for finance. */
  payout: z.enum(['sending', 'failed']).optional(),
  /** A member's user name (case-insensitive) or an order number. */
  q: z.string().trim().max(40).optional(),
  /** Requested on or after this day / before the end of this day (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(WITHDRAWAL_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
const withdrawalQueueQuery = paging.extend(withdrawalQueueFilters.shape);

/** Where a payout through the provider is: on its way (or accepted), paid, or failed (back to finance). */
const PAYOUT_STATUSES = ['sending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const withdrawalRow = withdrawal.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  /** The full account number: finance pays to it. */
  accountNumber: z.string(),
  reviewedBy: z.string().nullable(),
  claimResolvedBy: z.string().nullable(),
  claimResolvedAt: z.string().nullable(),
  proofIds: z.array(z.string()),
  /** A flagged withdrawal's first approver: it waits for a different operator's approval. */
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: z.string().nullable(),
  /** Approved by the system under the auto-approval amount (the member had no open flag). */
  autoApproved: z.boolean(),
  /** A payout through the provider: null when paid by hand (or not approved yet). */
  payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
  /** The provider's id of the payout. */
  payoutReference: z.string(),
  /** Why the payout failed, or that the provider is unavailable while it is retried. */
  payoutError: z.string(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRow>;

/** What finance reads beside a withdrawal request (since the member's previous withdrawal). */
const withdrawalReview = z.object({
  withdrawal: withdrawalRow,
  currency: z.string(),
  digits: z.number().int(),
  /** When the member's previous withdrawal was requested (null: this is the first). */
  since: z.string().nullable(),
  balanceHistory: z.array(
    z.object({
      at: z.string(),
      kind: z.string(),
      reference: z.string(),
      amount: z.number(),
      balance: z.number(),
    }),
  ),
  totals: memberMoneyTotals,
  deposits: z.array(
    z.object({
      orderNo: z.string(),
      channel: z.string(),
      amount: z.number(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  turnover: z.object({ required: z.number(), contributed: z.number(), remaining: z.number() }),
  bigWins: z.array(z.object({ at: z.string(), reference: z.string(), amount: z.number() })),
  places: z.array(signInPlace),
  linkedAccounts: z.array(linkedAccount),
  flags: z.array(riskFlag),
  /** Flagged (or first-approved already): approval needs two different operators. */
  needsSecondApproval: z.boolean(),
});
export type WithdrawalReview = z.infer<typeof withdrawalReview>;

/**
 * The reasons finance picks from when rejecting a withdrawal: stored as these codes, translated for the member;
 * any other reason is an operator's own words, shown as written.
 */
export const WITHDRAWAL_REJECT_REASONS = [
  'account_details_wrong',
  'payee_name_mismatch',
  'account_under_review',
  'duplicate_request',
] as const;
export type WithdrawalRejectReason = (typeof WITHDRAWAL_REJECT_REASONS)[number];

/** How an approved withdrawal is paid: by hand, or through the payout provider (the settings' default). */
export const PAYOUT_METHODS = ['manual', 'provider'] as const;
const approveBody = z.object({ via: z.enum(PAYOUT_METHODS).optional() });

const rejectWithdrawalBody = z.object({ reason: z.string().trim().min(3).max(500) });
const resolveClaimBody = z.object({
  /** refund: the missing part (amount − received) goes back to the member's main wallet; dismiss: it was paid. */
  outcome: z.enum(['refund', 'dismiss']),
  note: z.string().trim().min(3).max(500),
});
const proofParams = z.object({ id, proofId: z.uuid() });
const proofImage = z.object({
  contentType: z.enum(WITHDRAWAL_PROOFS.types),
  /** The image, base64 (shown as a data: URL; never served at a public address). */
  data: z.string(),
});

export const withdrawalConsoleEndpoints = {
  queue: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/withdrawals`,
    access: financeRead,
    query: withdrawalQueueQuery,
    /** A page of rows, with the merchant's currency and its decimals (amounts are major units). */
    response: page(withdrawalRow).extend({ currency: z.string(), digits: z.number().int() }),
  }),
  /** The rows of the filters (every page, at most 10,000, in the sort asked) as CSV. */
  exportCsv: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/withdrawals/export`,
    access: financeRead,
    query: withdrawalQueueFilters,
    answer: 'text',
    response: z.string(),
  }),
  review: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/withdrawals/:id/review`,
    access: financeRead,
    params: idParams,
    response: withdrawalReview,
  }),
  /**
   * Approves a pending withdrawal: paid by hand (finance transferred it), or sent to the payout provider of the
   * payout settings (the default when one is set); a payout that failed is approved again the same way.
   */
  approve: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/withdrawals/:id/approve`,
    access: financeWrite,
    params: idParams,
    body: approveBody,
    response: withdrawalRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/withdrawals/:id/reject`,
    access: financeWrite,
    params: idParams,
    body: rejectWithdrawalBody,
    response: withdrawalRow,
  }),
  resolveClaim: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/withdrawals/:id/claim`,
    access: financeWrite,
    params: idParams,
    body: resolveClaimBody,
    response: withdrawalRow,
  }),
  proof: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/withdrawals/:id/proofs/:proofId`,
    access: financeRead,
    params: proofParams,
    response: proofImage,
  }),
};
