import { z } from 'zod';
import { consolidatedContractInfo } from '../agents/contracts.ts';
import { isoDateTime, page, paging } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { amount } from './money.ts';

/**
 * Wallet, as the player site and the original client call it: balances, transfers between the main and the
 * vendor wallets, transfers to the upline or a downline, the account record and profit and loss. Money is in
 * major units on the wire (see money.ts). The cashier (deposits, withdrawals) is in deposits.ts and withdrawals.ts.
 */

/** The kinds of ledger transaction a record can show. */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_returned',
  'withdrawal_paid',
  'wallet_transfer',
  'member_transfer',
  'adjustment',
  'bet',
  'payout',
  'refund',
  'bonus',
  'rebate',
  'points',
  // Agents: salaries (daily, hourly, real-time), dividends, and red envelopes an agent sends its downlines.
  'salary',
  'dividend',
  'red_envelope',
] as const;
export const ledgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKind>;

/** A wallet of a member: 'main', or a game vendor's code (its merchant wallet when wallets are not single). */
export const walletName = z
  .string()
  .trim()
  .regex(/^(main|[A-Z0-9_]{1,30})$/, 'invalid_format');

const walletBalance = z.object({
  wallet: z.string(),
  name: z.string(),
  balance: z.number(),
  /**
   * Whether money may move into the wallet: the main wallet, and a vendor's while it has an enabled game. A vendor
   * wallet without one is listed only while it holds money, which may only leave it.
   */
  playable: z.boolean(),
});
export const currencyInfo = {
  currency: z.string(),
  currencySymbol: z.string(),
  /** Decimals of the currency: minor units per major unit are 10^digits. */
  digits: z.number().int(),
};
const balances = z.object({
  /** What the member can spend: the main wallet and every vendor wallet (the original reads this). */
  sumBalance: z.number(),
  ...currencyInfo,
  /** The main wallet first, then each vendor wallet (only the main one when the merchant wallet is single). */
  wallets: z.array(walletBalance),
});
export type Balances = z.infer<typeof balances>;

export const ledgerRecord = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  kind: ledgerKind,
  wallet: z.string(),
  reference: z.string(),
  remark: z.string(),
  amount: z.number(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  createdAt: z.string(),
});
export type LedgerRecord = z.infer<typeof ledgerRecord>;

const recordQuery = paging.extend({
  /** One kind of transaction, or all. */
  type: ledgerKind.optional(),
  startTime: isoDateTime.optional(),
  endTime: isoDateTime.optional(),
});

const profitPeriod = z.enum(['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth']);
const profitAndLoss = z.object({
  period: profitPeriod,
  startTime: z.string(),
  endTime: z.string(),
  ...currencyInfo,
  deposits: z.number(),
  withdrawals: z.number(),
  transfersIn: z.number(),
  transfersOut: z.number(),
  bets: z.number(),
  payouts: z.number(),
  bonuses: z.number(),
  adjustments: z.number(),
  /** Game result (payouts + refunds − bets) plus bonuses, rebates and adjustments: what the member won or lost. */
  profit: z.number(),
});

export const walletTransferBody = z
  .object({ fromWallet: walletName, toWallet: walletName, amount })
  .refine((body) => body.fromWallet !== body.toWallet, { message: 'invalid_value', path: ['toWallet'] });

const memberTransferBody = z.object({
  /** upline: to the member's own upline; downline: an agent to one of their direct downlines (by username). */
  direction: z.enum(['upline', 'downline']),
  toUsername: z.string().trim().max(40).optional(),
  amount,
  paymentPassword: z.string().min(1).max(64),
  remark: z.string().trim().max(140).optional(),
});
const memberTransfer = z.object({
  orderNo: z.string(),
  direction: z.enum(['upline', 'downline']),
  toUsername: z.string(),
  amount: z.number(),
  sumBalance: z.number(),
  createdAt: z.string(),
});

export const paymentPasswordBody = z.object({
  /** The current payment password, when one is set; the login password proves who sets the first one. */
  oldPaymentPassword: z.string().max(64).optional(),
  loginPassword: z.string().max(64).optional(),
  newPaymentPassword: z.string().regex(/^\d{6}$/, 'invalid_format'),
  confirmPaymentPassword: z.string().max(64),
});

export const walletPlayerEndpoints = {
  balance: endpoint({
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    access: 'member',
    response: balances,
  }),
  consolidatedFunds: endpoint({
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    access: 'member',
    response: balances.extend(consolidatedContractInfo.shape),
  }),
  walletTransfer: endpoint({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    access: 'realMember',
    body: walletTransferBody,
    idempotent: true,
    response: balances,
  }),
  memberTransfer: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_processC2CTransaction',
    access: 'realMember',
    body: memberTransferBody,
    idempotent: true,
    response: memberTransfer,
  }),
  /** Where the member may send money: the upline (when allowed) and, for agents, the direct downlines. */
  transferTargets: endpoint({
    method: 'GET',
    path: '/wps/wallet/transfer/targets',
    access: 'realMember',
    response: z.object({
      upline: z.object({ allowed: z.boolean(), username: z.string().nullable() }),
      downlines: z.array(z.object({ username: z.string(), nickname: z.string() })),
    }),
  }),
  accountRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    access: 'realMember',
    query: recordQuery,
    response: page(ledgerRecord),
  }),
  profitAndLoss: endpoint({
    method: 'GET',
    path: '/wps/wallet/profit',
    access: 'realMember',
    query: z.object({ period: profitPeriod.default('today') }),
    response: profitAndLoss,
  }),
  paymentPassword: endpoint({
    method: 'POST',
    path: '/wps/member/password/payment',
    access: 'realMember',
    bodyType: 'encrypted',
    body: paymentPasswordBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
