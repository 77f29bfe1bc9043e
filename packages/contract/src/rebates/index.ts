import { z } from 'zod';
import { id, page, paging, percentHundredths } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { GAME_TYPES } from '../games/player.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Player rebates 返水 (issue 23 part 5, bonusDetails): a rate per product type and VIP level, in tiers of the day's
 * valid bets. Money in major units on the wire; a rate in percent with at most two decimals (0.5 = 0.5 %).
 */

/** Days a manual rebate (MANUALREBATE3) stays claimable after it is issued. */
export const REBATE_CLAIM_DAYS = 7;

const notNegative = amount.pipe(z.number().min(0));
/** A rate in percent, 0 to 10 %, in steps of 0.01. */
const rate = percentHundredths(10);

const rebateTier = z.object({
  /** The tier applies from this day's valid bet on (the first tier starts at 0). */
  minValidBet: notNegative,
  rate,
});

/** The tiers of one product type for members of one VIP level (and the levels above it without their own). */
export const rebateRateBody = z.object({
  product: z.enum(GAME_TYPES),
  rank: z.coerce.number().int().min(0).max(99),
  tiers: z
    .array(rebateTier)
    .min(1)
    .max(10)
    .refine(
      (tiers) =>
        tiers.every((tier, index) => index === 0 || tier.minValidBet > (tiers[index - 1]?.minValidBet ?? 0)),
      'tiers_order',
    ),
});
export type RebateRate = z.infer<typeof rebateRateBody>;

export const rebateSettingsBody = z.object({
  rates: z
    .array(rebateRateBody)
    .max(800)
    .refine(
      (rates) => new Set(rates.map((row) => `${row.product}:${row.rank}`)).size === rates.length,
      'duplicate',
    ),
  /** A day's rebate of one product below this is not paid. */
  minPayout: notNegative,
  /** The wagering requirement of a rebate credit, a multiple of the rebate (0 to 100). */
  turnoverMultiple: z.coerce.number().int().min(0).max(100),
});
export type RebateSettingsBody = z.infer<typeof rebateSettingsBody>;

const rebateSettingsView = rebateSettingsBody.extend({
  ...currencyInfo,
  /** Manual rebate (module flag MANUALREBATE3): rebates wait for the member's claim. */
  manual: z.boolean(),
});

export const REBATE_STATUSES = ['paid', 'available', 'claimed', 'expired'] as const;
export type RebateStatus = (typeof REBATE_STATUSES)[number];

const rebate = z.object({
  id: z.number().int(),
  /** The merchant day played (YYYY-MM-DD). */
  day: z.string(),
  product: z.enum(GAME_TYPES),
  validBet: z.number(),
  rate: z.number(),
  amount: z.number(),
  turnoverMultiple: z.number().int(),
  /** paid: credited by the daily job; available: waits for the claim until expiresAt; claimed; expired. */
  status: z.enum(REBATE_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Rebate = z.infer<typeof rebate>;

/** The bonusDetails page: today's accrual per product (computed, not paid), the rates of the member's level. */
const rebateOverview = z.object({
  ...currencyInfo,
  /** Today, the merchant day being accrued (YYYY-MM-DD). */
  day: z.string(),
  rank: z.number().int(),
  manual: z.boolean(),
  claimDays: z.number().int(),
  minPayout: z.number(),
  accrual: z.array(
    z.object({ product: z.enum(GAME_TYPES), validBet: z.number(), rate: z.number(), amount: z.number() }),
  ),
  total: z.number(),
  rates: z.array(z.object({ product: z.enum(GAME_TYPES), tiers: z.array(rebateTier) })),
});
export type RebateOverview = z.infer<typeof rebateOverview>;

/** MCSFE_getCustomerRebateSettingByProductType: the member's level's tiers per product type. */
const originalRebateSetting = z.object({
  playerRank: z.number().int(),
  list: z.array(
    z.object({
      productType: z.string(),
      rebateSettings: z.array(z.object({ validBetAmount: z.number(), rebateRate: z.number() })),
    }),
  ),
});

export const rebateEndpoints = {
  originalSetting: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getCustomerRebateSettingByProductType',
    access: 'member',
    query: z.object({ productType: z.enum(GAME_TYPES).optional() }),
    response: originalRebateSetting,
  }),
  overview: endpoint({ method: 'GET', path: '/wps/rebates', access: 'realMember', response: rebateOverview }),
  history: endpoint({
    method: 'GET',
    path: '/wps/rebates/history',
    access: 'realMember',
    query: paging,
    response: page(rebate),
  }),
  /** Claims an available rebate (manual rebate): one posting from house:bonuses with its obligation, once. */
  claim: endpoint({
    method: 'POST',
    path: '/wps/rebates/:id/claim',
    access: 'realMember',
    params: z.object({ id }),
    idempotent: true,
    response: rebate,
  }),
};

const consoleRebate = rebate.extend({ memberId: z.number().int(), username: z.string() });
export type ConsoleRebate = z.infer<typeof consoleRebate>;

const rebateListQuery = paging.extend({
  status: z.enum(REBATE_STATUSES).optional(),
  product: z.enum(GAME_TYPES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  username: z.string().trim().max(40).optional(),
});

const operations = operator('operations');
const support = operator('operations', 'support');

export const rebateConsoleEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/rebates/settings`,
    access: support,
    response: rebateSettingsView,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/rebates/settings`,
    access: operations,
    body: rebateSettingsBody,
    response: rebateSettingsView,
  }),
  list: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/rebates`,
    access: support,
    query: rebateListQuery,
    response: page(consoleRebate).extend(currencyInfo),
  }),
};
