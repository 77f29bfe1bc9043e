import { z } from 'zod';
import { id, page, paging } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Red envelopes (issue 22, agent centre): an agent splits an amount from its own main wallet across chosen members
 * of its team, in equal (fixed) or random shares, as one ledger posting of kind red_envelope. Under the module flag
 * AGENTRANSMULTDOWN3. Money is in major units on the wire (wallet/money.ts); a recipient outside the caller's team
 * answers agent_downline_not_found, exactly as one that does not exist.
 */

/** The most members one envelope may go to. */
export const RED_ENVELOPE_MAX_RECIPIENTS = 200;

const RED_ENVELOPE_SPLITS = ['fixed', 'random'] as const;
/** fixed: equal shares (the remainder, in minor units, to the first recipients); random: random shares, each ≥ one minor unit. */
const redEnvelopeSplit = z.enum(RED_ENVELOPE_SPLITS);
export type RedEnvelopeSplit = z.infer<typeof redEnvelopeSplit>;

export const sendRedEnvelopeBody = z.object({
  /** The whole amount, major units; at least one smallest unit per recipient. */
  amount,
  /** Member ids of the caller's team, each once. */
  recipients: z
    .array(id)
    .min(1)
    .max(RED_ENVELOPE_MAX_RECIPIENTS)
    .refine((ids) => new Set(ids).size === ids.length, 'invalid_value'),
  split: redEnvelopeSplit,
});

const redEnvelopeShare = z.object({
  memberId: z.number().int(),
  username: z.string(),
  /** Major units. */
  amount: z.number(),
});

const sentRedEnvelope = z.object({
  envelopeId: z.number().int(),
  /** In the order of the request's recipients. */
  shares: z.array(redEnvelopeShare),
});

/** One envelope of the agent's history. */
const redEnvelopeRow = z.object({
  id: z.number().int(),
  /** When it was sent (ISO instant). */
  createdAt: z.string(),
  /** The whole amount, major units. */
  total: z.number(),
  split: redEnvelopeSplit,
  recipientCount: z.number().int(),
  shares: z.array(redEnvelopeShare),
});
export type RedEnvelopeRow = z.infer<typeof redEnvelopeRow>;

export const redEnvelopeEndpoints = {
  /**
   * Sends a red envelope from the calling agent's main wallet to members of its team. insufficient_balance when the
   * main wallet holds less than the amount; amount_invalid when the amount is below one smallest unit per recipient
   * or has more decimals than the currency; agent_downline_not_found for a recipient outside the team; feature_disabled when the
   * module flag AGENTRANSMULTDOWN3 is off.
   */
  send: endpoint({
    method: 'POST',
    path: '/wps/agent/red-envelopes',
    access: 'agent',
    body: sendRedEnvelopeBody,
    idempotent: true,
    response: sentRedEnvelope,
  }),
  /** The calling agent's envelopes, newest first, with their shares. */
  history: endpoint({
    method: 'GET',
    path: '/wps/agent/red-envelopes',
    access: 'agent',
    query: paging,
    response: page(redEnvelopeRow).extend(currencyInfo),
  }),
};
