import { z } from 'zod';
import { idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
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

export const adjustmentBody = z.object({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
  wallet: walletName.default('main'),
  /** Positive credits the member, negative debits (never below zero). Major units. */
  amount,
  reason: z.string().trim().min(3).max(500),
});

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
  adjust: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/adjustments`,
    access: operator('owner'),
    body: adjustmentBody,
    idempotent: true,
    response: z.object({ transactionId: z.number().int(), balance: z.number() }),
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
