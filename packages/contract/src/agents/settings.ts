import { z } from 'zod';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * The site-wide settings of the agents (console): who counts as an active member, whether an agent's own play counts
 * in its team, how long a contract offer waits, and from what amount a dividend needs a second approver. Money in
 * major units on the wire; an amount with more decimals than the currency is refused with amount_invalid.
 */

/** Zero or more, in major units. */
const notNegative = amount.pipe(z.number().min(0));

const agentSettingsBody = z.object({
  /** Whether an agent's own play and money count in its team's figures. */
  includeAgent: z.boolean(),
  /** An active member deposited at least this in the period (and more than zero). */
  activeMinDeposit: notNegative,
  /** An active member made at least this in valid bets in the period (and more than zero). */
  activeMinValidBet: notNegative,
  /** How long a contract offer waits for its answer before it expires: 1 hour to 90 days. */
  offerExpiryHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24),
  /** A dividend of at least this needs a second, different operator's approval; 0 = never. */
  dividendSecondApprovalFrom: notNegative,
});
export type AgentSettingsBody = z.infer<typeof agentSettingsBody>;

const agentSettingsView = agentSettingsBody.extend(currencyInfo);

const operations = operator('operations');

export const agentSettingsConsoleEndpoints = {
  /** The agents' settings as they apply now (defaults where none was saved). */
  getSettings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/settings`,
    access: operations,
    response: agentSettingsView,
  }),
  /** Replaces the agents' settings (all of them), audited with the settings before and after. */
  putSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/agents/settings`,
    access: operations,
    body: agentSettingsBody,
    response: agentSettingsView,
  }),
};
