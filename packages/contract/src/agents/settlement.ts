import { z } from 'zod';
import { id, idParams, isoDateTime, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Settlement of contracts: bills, approval and reversal (A4). The settlement jobs make one bill per agent, contract
 * kind, product and period; salaries are paid at once, dividends after an operator approves them. Money is in major
 * units of the merchant's currency on the wire (wallet/money.ts); times are ISO instants.
 */

const SETTLEMENT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
const settlementKind = z.enum(SETTLEMENT_KINDS);

/**
 * not_reached: no tier held; negative: nothing left after the downlines' share, or a negative dividend period (it
 * carries into the next); unapproved: a dividend waiting for an operator; approved: approved, being paid; paid;
 * partly_paid / insufficient: the upline paying it had too little (paid < amount; later runs pay the rest);
 * rejected: a dividend the operator refused; reversed: a paid bill taken back by an operator.
 */
const BILL_STATUSES = [
  'not_reached',
  'unapproved',
  'approved',
  'paid',
  'partly_paid',
  'insufficient',
  'negative',
  'rejected',
  'reversed',
] as const;
const billStatus = z.enum(BILL_STATUSES);

/** One bill as the agent centre's records pages show it (dividend records, daily wages, hourly, real-time). */
const agentBillRow = z.object({
  id: z.number().int(),
  kind: settlementKind,
  /** A game type code, or CONS for all products. */
  product: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The tier reached, from 1 (null: none). */
  tier: z.number().int().nullable(),
  /** The team's valid bets in the period. */
  turnover: z.number(),
  /** The team's net loss in the period (dividends: before the carry). */
  netLoss: z.number(),
  /** A negative dividend brought in from the period before (0 or below). */
  carriedIn: z.number(),
  activeMembers: z.number().int(),
  /** What the rate applied to: valid bets (salaries) or the net loss after the carry (dividends). */
  base: z.number(),
  /** 'P': rate is a percentage (0.5 = 0.5 %); 'F': rate is a fixed amount. Null when no tier was reached. */
  rateType: z.enum(['P', 'F']).nullable(),
  rate: z.number().nullable(),
  /** What the contract yields on the whole team. */
  gross: z.number(),
  /** What the contracts given to direct downline agents yield on theirs (paid to them). */
  downlineGross: z.number(),
  /** What the agent is owed: gross less downlineGross (never below 0), at most a daily salary's cap. */
  amount: z.number(),
  /** Whether a daily salary's cap (`amountLimit`) cut the amount. */
  capped: z.boolean(),
  /** The amount before the cap when it applied (null otherwise). */
  uncappedAmount: z.number().nullable(),
  paid: z.number(),
  status: billStatus,
  payer: z.enum(['platform', 'upline']),
  createdAt: z.string(),
});
export type AgentBillRow = z.infer<typeof agentBillRow>;

/** The console's bill: the agent's row with who decided what. */
const consoleBillRow = agentBillRow.extend({
  agentId: z.number().int(),
  username: z.string(),
  payerUsername: z.string().nullable(),
  runId: z.number().int().nullable(),
  /** A large dividend's first approver, waiting for a second, different operator. */
  firstApprovedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The operator's reason of a rejection or reversal. */
  reason: z.string(),
  /** Whether approving it needs a second operator (the amount is at or above the setting). */
  needsSecondApproval: z.boolean(),
});
export type ConsoleBillRow = z.infer<typeof consoleBillRow>;

const rangeInOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !(value.from && value.to) || Date.parse(value.to) > Date.parse(value.from);

const billFilterFields = {
  kind: settlementKind.optional(),
  status: billStatus.optional(),
  product: z.string().trim().toUpperCase().max(10).optional(),
  /** The agent's user name (exact, case-insensitive). */
  username: z.string().trim().max(40).optional(),
  runId: id.optional(),
  /** Period start in [from, to). */
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};
/** The filters of the console's bill list and of its CSV export. */
const billFilter = z
  .object(billFilterFields)
  .refine(rangeInOrder, { message: 'invalid_value', path: ['to'] });
const billListQuery = paging
  .extend(billFilterFields)
  .refine(rangeInOrder, { message: 'invalid_value', path: ['to'] });

/** The most rows one CSV export of bills holds; a wider filter is refused with export_too_large. */
export const BILL_EXPORT_MAX_ROWS = 50_000;

const agentBillQuery = paging
  .extend({
    kind: settlementKind,
    status: billStatus.optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .refine(rangeInOrder, { message: 'invalid_value', path: ['to'] });

const settlementRunRow = z.object({
  id: z.number().int(),
  kind: settlementKind,
  periodStart: z.string(),
  periodEnd: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  bills: z.number().int(),
  totalAmount: z.number(),
  totalPaid: z.number(),
  /** Bills of the run an upline left unpaid or partly paid. */
  unpaidBills: z.number().int(),
  /** Contracts whose bill could not be made on the last try (the job tries again). */
  failures: z.array(z.object({ agentId: z.number().int(), product: z.string(), error: z.string() })),
});
export type SettlementRunRow = z.infer<typeof settlementRunRow>;

const runListQuery = paging.extend({
  kind: settlementKind.optional(),
  /** Only runs with a failure or a bill left unpaid. */
  failed: z.enum(['true', 'false']).optional(),
});

/** Why the operator rejects or reverses a bill (kept on the bill and in the audit log). */
const billDecisionBody = z.object({ reason: z.string().trim().min(2).max(200) });

const financeOrOwner = operator('finance', 'owner');

export const settlementEndpoints = {
  /** The agent's own bills of one kind (its dividend records, daily wages, hourly and real-time salary pages). */
  agentBills: endpoint({
    method: 'GET',
    path: '/wps/v2/agent/bills',
    access: 'agent',
    query: agentBillQuery,
    response: page(agentBillRow).extend(currencyInfo),
  }),
};

export const settlementConsoleEndpoints = {
  /** Bills of every agent, newest period first, with filters. */
  bills: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/bills`,
    access: financeOrOwner,
    query: billListQuery,
    response: page(consoleBillRow).extend(currencyInfo),
  }),
  /** The same bills as CSV (UTF-8 with a byte-order mark). */
  exportBills: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/bills/export`,
    access: financeOrOwner,
    query: billFilter,
    answer: 'text',
    contentType: 'text/csv; charset=utf-8',
    response: z.string(),
  }),
  /** The dividend approval queue: dividends waiting for an operator, oldest period first. */
  dividendQueue: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/dividends/queue`,
    access: financeOrOwner,
    query: paging,
    response: page(consoleBillRow).extend(currencyInfo),
  }),
  /**
   * Approves a dividend: it is paid at once (by the platform, or by the upline as far as its wallet allows). One at
   * or above the second-approval amount needs two different operators: the first approval is recorded and the bill
   * stays in the queue.
   */
  approveBill: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agents/bills/:id/approve`,
    access: financeOrOwner,
    params: idParams,
    idempotent: true,
    response: consoleBillRow,
  }),
  rejectBill: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agents/bills/:id/reject`,
    access: financeOrOwner,
    params: idParams,
    body: billDecisionBody,
    idempotent: true,
    response: consoleBillRow,
  }),
  /** Takes a paid (or partly paid) bill back by a new posting from the agent to the payer; the bill is reversed. */
  reverseBill: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agents/bills/:id/reverse`,
    access: financeOrOwner,
    params: idParams,
    body: billDecisionBody,
    idempotent: true,
    response: consoleBillRow,
  }),
  /** Settlement runs with their totals, newest first; `failed=true` lists those with failures or unpaid bills. */
  runs: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/settlement-runs`,
    access: financeOrOwner,
    query: runListQuery,
    response: page(settlementRunRow).extend(currencyInfo),
  }),
};
