import { z } from 'zod';
import { id, idParams, isoDateTime, page, paging, percentHundredths } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';

/**
 * Risk (issue 25 item 3): the rules an operator sets, the flags they raise where their event happens (a settled
 * round, a deposit credited, a withdrawal requested, a sign-in), resolved with a note; operators' notes and tags
 * on a member. Money in major units on the wire; 0 switches an amount or count rule off.
 */

const notNegative = amount.pipe(z.number().min(0));
const count = z.coerce.number().int().min(0).max(1000);
const minutes = z.coerce.number().int().min(1).max(10_080);

export const riskSettings = z.object({
  /** A round whose payout is at least this much raises big_win (0: off). */
  bigWinAmount: notNegative,
  /** A round whose payout is at least this many times its stake raises big_win (0: off). */
  bigWinMultiple: z.coerce.number().min(0).max(1_000_000),
  /** This many deposits credited within depositVelocityMinutes raise deposit_velocity (0: off). */
  depositVelocityCount: count,
  depositVelocityMinutes: minutes,
  /** This many withdrawals requested within withdrawalVelocityMinutes raise withdrawal_velocity (0: off). */
  withdrawalVelocityCount: count,
  withdrawalVelocityMinutes: minutes,
  /** A withdrawal to a payee other than the member's real name raises payee_name. */
  payeeNameMismatch: z.boolean(),
  /**
   * A withdrawal within quickWithdrawalHours of the last deposit, with stakes since it below
   * quickWithdrawalTurnoverPercent of that deposit, raises quick_withdrawal (hours 0: off).
   */
  quickWithdrawalHours: z.coerce.number().int().min(0).max(720),
  quickWithdrawalTurnoverPercent: percentHundredths(10_000),
  /** A sign-in from a device another member signed in from raises shared_device. */
  sharedDevice: z.boolean(),
  /** A withdrawal to an account number another member has raises shared_payment_account. */
  sharedPaymentAccount: z.boolean(),
  /** A manual adjustment larger than this (either way) waits for a second operator's approval (0: off). */
  adjustmentSecondApprovalAbove: notNegative,
  /** A withdrawal below this, of a member without open flags, is approved at once by the system (0: off). */
  autoApproveWithdrawalsBelow: notNegative,
});
export type RiskSettings = z.infer<typeof riskSettings>;

export const RISK_RULES = [
  'big_win',
  'deposit_velocity',
  'withdrawal_velocity',
  'payee_name',
  'quick_withdrawal',
  'shared_device',
  'shared_payment_account',
] as const;
const riskRule = z.enum(RISK_RULES);
export type RiskRule = z.infer<typeof riskRule>;

export const riskFlag = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  rule: riskRule,
  /** What raised it: `round:…`, `deposit:…`, `withdrawal:…`, `login:…`. */
  subject: z.string(),
  /** The figures the rule read (amounts in major units, other members by user name). */
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  createdAt: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string(),
});
export type RiskFlag = z.infer<typeof riskFlag>;

const riskFlagQuery = paging.extend({
  status: z.enum(['open', 'resolved']).optional(),
  rule: riskRule.optional(),
  memberId: id.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

export const resolveFlagBody = z.object({ note: z.string().trim().min(3).max(500) });

const memberNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNote>;
const memberNoteBody = z.object({ body: z.string().trim().min(1).max(1000) });

const tag = z.string().trim().min(1).max(30);
const memberTagsBody = z.object({ tags: z.array(tag).max(20) });

/** Another member seen on the same device, address or payment account. */
export const linkedAccount = z.object({
  memberId: z.number().int(),
  username: z.string(),
  via: z.enum(['device', 'ip', 'payment_account']),
  value: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccount>;

/** A member's money per kind over a period (major units): GGR is stakes less payouts and refunds. */
export const memberMoneyTotals = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  stakes: z.number(),
  payouts: z.number(),
  ggr: z.number(),
  bonuses: z.number(),
  adjustments: z.number(),
});

/** A device and address a member signed in from. */
export const signInPlace = z.object({
  device: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  signIns: z.number().int(),
  lastAt: z.string(),
});

const memberRisk = z.object({
  notes: z.array(memberNote),
  tags: z.array(z.string()),
  openFlags: z.number().int(),
});

const riskRead = operator('finance', 'operations', 'support');
const riskWrite = operator('finance', 'operations');

export const riskConsoleEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/risk/settings`,
    access: riskRead,
    response: riskSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/risk/settings`,
    access: operator('finance'),
    body: riskSettings,
    response: riskSettings,
  }),
  flags: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/risk/flags`,
    access: riskRead,
    query: riskFlagQuery,
    response: page(riskFlag),
  }),
  resolveFlag: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/risk/flags/:id/resolve`,
    access: riskWrite,
    params: idParams,
    body: resolveFlagBody,
    response: riskFlag,
  }),
  memberRisk: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/risk/members/:id`,
    access: riskRead,
    params: idParams,
    response: memberRisk,
  }),
  addNote: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/risk/members/:id/notes`,
    access: riskRead,
    params: idParams,
    body: memberNoteBody,
    response: memberNote,
  }),
  setTags: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/risk/members/:id/tags`,
    access: riskWrite,
    params: idParams,
    body: memberTagsBody,
    response: z.object({ tags: z.array(z.string()) }),
  }),
};
