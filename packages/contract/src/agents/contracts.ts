/** Contracts: offers, answers and the original client's contract calls (A3). */
import { z } from 'zod';
import { idParams, nonEmpty, okValue, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount, decimal, wholeCount } from '../wallet/money.ts';

/** The kinds of agent contract (design note §A3). MR daily salary is not modelled (its menu switch stays 0). */
const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
const contractKind = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof contractKind>;

/**
 * The products a contract is per: a game type, or CONS for all of them combined. An agent holds, for one kind,
 * either one CONS contract or contracts per product, never both (a CONS base would count the products twice).
 */
const CONTRACT_PRODUCTS = [
  'LIVE',
  'RNG',
  'SPORTS',
  'LOTT',
  'FISH',
  'ELOTT',
  'PVP',
  'ESPORTS',
  'CONS',
] as const;
const contractProduct = z.enum(CONTRACT_PRODUCTS);
export type ContractProduct = z.infer<typeof contractProduct>;

/**
 * A contract's state: an offer is pending (P), or edited (E: it replaces the agent's active contract of that kind
 * and product); a contract is active, or termination_requested (V: its upline asked to end it); then it ends as
 * rejected, terminated, cancelled (an operator, or the differential rule), expired or replaced.
 */
const CONTRACT_STATUSES = [
  'pending',
  'edited',
  'active',
  'termination_requested',
  'rejected',
  'terminated',
  'cancelled',
  'expired',
  'replaced',
] as const;
const contractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatus>;

/** 'P': a percentage of the base; 'F': a fixed amount per period reached. */
const rateType = z.enum(['P', 'F']);
const contractPayer = z.enum(['platform', 'upline']);
const dividendPeriod = z.enum(['daily', 'weekly', 'semimonthly', 'monthly']);
/** What a negative dividend period does: nothing, carried within the calendar month, or carried until made good. */
const dividendCarry = z.enum(['none', 'month', 'forever']);
const netLossPart = z.enum(['bonuses', 'rebates', 'salaries']);

/**
 * A tier as a client sends it: the thresholds (team turnover or valid bet in major units, net loss in major units,
 * active members) that must all be reached, and the rate: for 'P' a percentage (0.3 = 0.30 %, at most 4 decimals,
 * above 0 and at most 100), for 'F' an amount in major units. Thresholds rise from tier to tier, rates never fall;
 * dividends use 'P' only; real-time salary has one tier and no thresholds.
 */
export const contractTierInput = z.object({
  minimumBet: amount.default(0),
  netLoss: amount.default(0),
  activeMember: wholeCount(0, 1_000_000).default(0),
  rateType: rateType.default('P'),
  rate: decimal,
});
export type ContractTierInput = z.input<typeof contractTierInput>;

/**
 * The daily salary's cap (`amountLimit`, §A3), in major units: the most the agent is paid for one day and product
 * after the spread; absent or null is no cap. Only daily salary takes one (other kinds refuse it on this field).
 */
const amountLimit = amount.nullable().optional();

const contractTerms = z.object({
  tiers: z.array(contractTierInput).min(1).max(20),
  amountLimit,
});

/** An agent's offer to one of its direct downline agents (period, carry and net loss come from its own contract). */
export const agentOfferBody = contractTerms.extend({
  downline: nonEmpty(64),
  kind: contractKind,
  product: contractProduct,
  /** Who pays the downline: the platform (default) or the offering agent from its own wallet (dividend, daily). */
  payer: contractPayer.default('platform'),
});

/** The operator's offer to a top-level agent: its own terms, or a template's. */
export const operatorOfferBody = z.object({
  username: nonEmpty(64),
  templateId: z.number().int().positive().optional(),
  kind: contractKind.optional(),
  product: contractProduct.optional(),
  tiers: z.array(contractTierInput).min(1).max(20).optional(),
  amountLimit,
  period: dividendPeriod.default('semimonthly'),
  carry: dividendCarry.default('month'),
  netLossParts: z.array(netLossPart).max(3).default(['bonuses', 'rebates', 'salaries']),
});

/** A contract template the operator reuses for its offers to top-level agents. */
export const contractTemplateInput = z.object({
  name: nonEmpty(80),
  kind: contractKind,
  product: contractProduct,
  tiers: z.array(contractTierInput).min(1).max(20),
  amountLimit,
  period: dividendPeriod.default('semimonthly'),
  carry: dividendCarry.default('month'),
  netLossParts: z.array(netLossPart).max(3).default(['bonuses', 'rebates', 'salaries']),
});

/** A tier as the server answers it: money in major units, a 'P' rate as a percentage, an 'F' rate in major units. */
const contractTierView = z.object({
  minimumBet: z.number(),
  netLoss: z.number(),
  activeMember: z.number().int(),
  rateType,
  rate: z.number(),
});
export type ContractTierView = z.infer<typeof contractTierView>;

const party = z.object({ id: z.number().int(), username: z.string() });

const contractView = z.object({
  id: z.number().int(),
  kind: contractKind,
  product: contractProduct,
  status: contractStatus,
  agent: party,
  /** The agent that offered it, or null when the platform did. */
  upline: party.nullable(),
  payer: contractPayer,
  period: dividendPeriod,
  carry: dividendCarry,
  netLossParts: z.array(netLossPart),
  tiers: z.array(contractTierView),
  /** Daily salary's cap per day and product after the spread, in major units; null is no cap. */
  amountLimit: z.number().nullable(),
  /** The active contract this offer replaces once accepted (an edited offer). */
  replacesId: z.number().int().nullable(),
  /**
   * For an offer to the caller: accepting it cancels a contract the caller gave a downline that would exceed it
   * (the site asks for confirmation, text `higher_rate`).
   */
  downlineHigherRate: z.boolean(),
  offeredAt: z.string(),
  expiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string(),
});
export type ContractView = z.infer<typeof contractView>;

export const contractEventView = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  /** offered, edited, replaced, accepted, rejected, termination_requested, termination_refused, terminated, cancelled, expired */
  action: z.string(),
  /** Who did it: the member (agent or upline), an operator, or the system (expiry, the differential rule). */
  by: z.enum(['member', 'operator', 'system']),
  byName: z.string(),
  reason: z.string(),
  at: z.string(),
});

const contractWithHistory = z.object({ contract: contractView, events: z.array(contractEventView) });

/** The agent's contracts now: those it holds, the offers waiting for its answer, and what it gave its downlines. */
const myContracts = z.object({
  held: z.array(contractView),
  offers: z.array(contractView),
  given: z.array(contractView),
});

/** The downline's answer: A accept (on a termination request: refuse it, keep the contract), R reject, C confirm the termination. */
const contractAnswer = z.enum(['A', 'R', 'C']);
const answerBody = z.object({ status: contractAnswer });
export const answerResult = z.object({
  contractId: z.number().int(),
  status: contractStatus,
  /** Contracts ended by the differential rule when this one was accepted (down the branch). */
  cancelled: z.number().int(),
});

/** Which contract applied (active) at a moment: the answer of contractInForce. */
const contractInForceQuery = z.object({
  kind: contractKind,
  product: contractProduct,
  at: z.iso.datetime({ offset: true }),
});

// ------------------------------------------------------------------------------ the original client's shapes

/** A dividend tier row of `divtypereq[type]` (§0.1): amounts in major units (元), contractRate a fraction. */
const originalDividendRow = z.object({
  id: z.number().int(),
  minimumBet: z.number(),
  netLoss: z.number(),
  activeMember: z.number().int(),
  contractRate: z.number(),
  status: z.enum(['P', 'E', 'V']),
  downlineHigherRate: z.enum(['Y', 'N']),
});
/** A tier of daily salary: rate a fraction for 'P' (×100 shows %), an amount in major units otherwise. */
const originalDailyDetail = z.object({
  betVolume: z.number(),
  activeMember: z.number().int(),
  rateType,
  rate: z.number(),
});
const originalDailyOffer = z.object({
  id: z.number().int(),
  status: z.enum(['P', 'E', 'V']),
  downlineHigherRate: z.enum(['Y', 'N']),
  details: z.array(originalDailyDetail),
});
/** A tier of hourly (and real-time) salary, as the daily one with the threshold named minimumBet. */
const originalHourlyRate = z.object({
  minimumBet: z.number(),
  activeMember: z.number().int(),
  rateType,
  rate: z.number(),
});
const originalHourlyOffer = z.object({
  contractId: z.number().int(),
  status: z.enum(['P', 'E', 'V']),
  downlineHigherRate: z.enum(['Y', 'N']),
  hourSalaryRates: z.array(originalHourlyRate),
});
const byProduct = <T extends z.ZodType>(item: T) => z.record(z.string(), z.array(item)).nullable();

/**
 * What the consolidated funds carry for the original's contract pop-up and agent menu: per product type, the offer
 * or termination request waiting for the member's answer (null when there is none of that kind), and the menu
 * switches (1 when the member holds or is offered a contract of that kind). MR daily salary is not modelled: 0.
 */
export const consolidatedContractInfo = z.object({
  divtypereq: byProduct(originalDividendRow),
  dailysalreqtype: byProduct(originalDailyOffer),
  contracthoursalreq: byProduct(originalHourlyOffer),
  /** Read and stored by the original but not shown; the hourly shape. */
  realtimesalreqtype: byProduct(originalHourlyOffer),
  divtypeinfo: z.number().int(),
  dailysalinfotype: z.number().int(),
  contracthoursalinfo: z.number().int(),
  contractmrdailysalinfotype: z.number().int(),
});
export type ConsolidatedContractInfo = z.infer<typeof consolidatedContractInfo>;

const originalStatus = z.enum(['A', 'R', 'C']);
/** An id of the original's query string or body: a number or a string of digits. */
const originalId = wholeCount(1, Number.MAX_SAFE_INTEGER);
const dividendAnswer = z.object({ type: contractProduct, status: originalStatus });
const salaryAnswer = z.object({ id: originalId, status: originalStatus });
const contractIdAnswer = z.object({ contractId: originalId, status: originalStatus });

export const agentContractEndpoints = {
  /** The agent's contracts, offers to it, and the contracts and offers it gave its direct downlines. */
  mine: endpoint({
    method: 'GET',
    path: '/wps/v2/agent/contracts',
    access: 'agent',
    response: myContracts,
  }),
  /** Every contract and offer the agent held, received or gave, newest first. */
  history: endpoint({
    method: 'GET',
    path: '/wps/v2/agent/contracts/history',
    access: 'agent',
    query: paging,
    response: page(contractView),
  }),
  /** One contract with its events (the agent's own, or one it gave). */
  detail: endpoint({
    method: 'GET',
    path: '/wps/v2/agent/contracts/:id',
    access: 'agent',
    params: idParams,
    response: contractWithHistory,
  }),
  /** Offer a contract to a direct downline agent (replaces a pending offer of the same kind and product). */
  offer: endpoint({
    method: 'POST',
    path: '/wps/v2/agent/contracts/offers',
    access: 'agent',
    body: agentOfferBody,
    idempotent: true,
    response: contractView,
  }),
  /** Answer an offer or a termination request made to the caller. */
  answer: endpoint({
    method: 'POST',
    path: '/wps/v2/agent/contracts/:id/answer',
    access: 'agent',
    params: idParams,
    body: answerBody,
    idempotent: true,
    response: answerResult,
  }),
  /** Ask the downline to end a contract the caller gave it (the downline confirms or refuses). */
  requestTermination: endpoint({
    method: 'POST',
    path: '/wps/v2/agent/contracts/:id/termination',
    access: 'agent',
    params: idParams,
    idempotent: true,
    response: contractView,
  }),
  /** The original's dividend answer: the product type and A, R or C. */
  processDividendReq: endpoint({
    method: 'GET',
    path: '/wps/relay/MCS2_processDividendReq',
    access: 'agent',
    query: dividendAnswer,
    response: answerResult,
  }),
  processContractDividend: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_processContractDividend',
    access: 'agent',
    query: dividendAnswer,
    response: answerResult,
  }),
  /** The original's daily salary answer: the offer's id and A, R or C. */
  processDailySalContract: endpoint({
    method: 'GET',
    path: '/wps/relay/MCS2_processDailySalContract',
    access: 'agent',
    query: salaryAnswer,
    response: answerResult,
  }),
  processDailySalaryContract: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_processDailySalaryContract',
    access: 'agent',
    query: salaryAnswer,
    response: answerResult,
  }),
  /** The original's hourly salary answer (on a termination request its buttons send A and R: R confirms it). */
  processContractHourSalary: endpoint({
    method: 'POST',
    path: '/wps/relay/MCS2_processContractHourSalary',
    access: 'agent',
    body: contractIdAnswer,
    response: answerResult,
  }),
  processContractHourSalaryFe: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_processContractHourSalary',
    access: 'agent',
    body: contractIdAnswer,
    response: answerResult,
  }),
  /** Real-time salary: the original does not show its payload; Tessera takes the hourly one, {contractId, status}. */
  processRealTimeSalaryContract: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    access: 'agent',
    body: contractIdAnswer,
    response: answerResult,
  }),
};

const contracts = operator('operations');
const contractTemplateRow = contractTemplateInput.extend({
  id: z.number().int(),
  tiers: z.array(contractTierView),
  amountLimit: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const agentContractConsoleEndpoints = {
  templates: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agent-contract-templates`,
    access: contracts,
    response: z.array(contractTemplateRow),
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agent-contract-templates`,
    access: contracts,
    body: contractTemplateInput,
    response: contractTemplateRow,
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/agent-contract-templates/:id`,
    access: contracts,
    params: idParams,
    body: contractTemplateInput,
    response: contractTemplateRow,
  }),
  removeTemplate: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/agent-contract-templates/:id`,
    access: contracts,
    params: idParams,
    response: okValue,
  }),
  /** Offer a contract to a top-level agent (one with no upline), from a template or with its own terms. */
  offer: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agent-contracts/offers`,
    access: contracts,
    body: operatorOfferBody,
    idempotent: true,
    response: contractView,
  }),
  /** An agent's contracts and offers, every one with its events, newest first. */
  agentContracts: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/:id/contracts`,
    access: operator('operations', 'finance', 'support'),
    params: idParams,
    response: z.array(contractWithHistory),
  }),
  /**
   * Cancel a contract or offer at once, with a reason (audited). The contracts and offers the agent gave below it
   * of the same kind and product end with it (their payer no longer holds one); the answer says how many.
   */
  cancel: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agent-contracts/:id/cancel`,
    access: contracts,
    params: idParams,
    body: z.object({ reason: nonEmpty(500) }),
    idempotent: true,
    response: answerResult,
  }),
  /** The contract an agent held at a moment (for reports: which contract applied on which day). */
  inForce: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/:id/contracts/in-force`,
    access: operator('operations', 'finance', 'support'),
    params: idParams,
    query: contractInForceQuery,
    response: contractView.nullable(),
  }),
};
