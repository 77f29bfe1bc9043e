import { z } from 'zod';
import { id, idParams } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { PAYOUT_METHODS, withdrawalRow } from './withdrawals.ts';

/**
 * Payouts through a provider (issue 25 §5): the gateway channel that pays approved withdrawals (none: finance pays
 * by hand), the provider's signed callback, and the console's batch approval.
 */

const callbackText = (max: number) => z.coerce.string().max(max).optional();

/**
 * A provider's notification of a payout's result, signed like a payment's callback (every field, `sign` the hex
 * HMAC-SHA256 under the channel's secret). Missing fields are refused by the server, not by this schema.
 */
const payoutCallbackBody = z.looseObject({
  merchant: callbackText(64),
  orderNo: callbackText(64),
  payoutId: callbackText(64),
  amount: callbackText(32),
  currency: callbackText(8),
  status: callbackText(16),
  reason: callbackText(200),
  timestamp: callbackText(32),
  sign: callbackText(128),
});

/** applied: the callback changed the withdrawal; duplicate: it had already been applied (nothing changed). */
const PAYOUT_CALLBACK_OUTCOMES = ['applied', 'duplicate'] as const;

export const payoutSettings = z.object({
  /** The gateway channel that pays approved withdrawals; null: finance pays by hand. */
  channelId: id.nullable(),
});
export type PayoutSettings = z.infer<typeof payoutSettings>;

const finance = operator('finance');

/** Withdrawals approved at once: each in its own transaction, each with its own outcome. */
const BATCH_APPROVAL_MAX = 50;
const batchApprovalBody = z.object({
  ids: z.array(id).min(1).max(BATCH_APPROVAL_MAX),
  via: z.enum(PAYOUT_METHODS).optional(),
});
const batchApprovalResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** The refusal's code when not ok (withdrawal_not_pending, not_found …). */
  code: z.string().nullable(),
  row: withdrawalRow.nullable(),
});
export type BatchApprovalResult = z.infer<typeof batchApprovalResult>;

export const payoutEndpoints = {
  callback: endpoint({
    method: 'POST',
    path: '/wps/payment/payout-callback/:id',
    access: 'visitor',
    params: idParams,
    body: payoutCallbackBody,
    response: z.object({ ok: z.literal(true), outcome: z.enum(PAYOUT_CALLBACK_OUTCOMES) }),
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/wallet/payouts/settings`,
    access: finance,
    response: payoutSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/wallet/payouts/settings`,
    access: finance,
    body: payoutSettings,
    response: payoutSettings,
  }),
  approveBatch: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/wallet/withdrawals/approve-batch`,
    access: finance,
    body: batchApprovalBody,
    response: z.object({ results: z.array(batchApprovalResult) }),
  }),
};
