import { z } from 'zod';
import { id, idParams, nonEmpty, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { SUPPORTED_LANGUAGES } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';
import { GAME_TYPES } from '../games/player.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Points and the points mall (issue 24 parts 1–3, PTSYS3, spec §1–§4). Points are whole numbers and never expire;
 * money is in major units on the wire. Earning: points per major unit of a day's valid bet, per product type, with
 * an optional daily cap per member. Conversion: `ratio` points make one major unit of cash, from `minPoints` on,
 * with a turnover obligation of `turnoverMultiple` × the cash. The mall sells items for points (and optionally a
 * cash part from the main wallet): a bonus (cash credited at once, with its own multiple) or a physical item (the
 * operator ships it, or rejects it and the points come back).
 */

/** Whole points: a number or a digit string, 1 to 10^12. */
const pointsValue = z.coerce.number().int().min(1).max(1_000_000_000_000);
/** Points per major unit of valid bet: 0 to 1,000, in steps of 0.000001. */
const earnRate = z.coerce
  .number()
  .min(0)
  .max(1000)
  .refine((value) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, 'invalid_value');
const notNegative = amount.pipe(z.number().min(0));

export const pointsSettingsBody = z.object({
  /** Points per major unit of valid bet, per product type; a type left out earns nothing. */
  rates: z
    .array(z.object({ product: z.enum(GAME_TYPES), rate: earnRate }))
    .max(GAME_TYPES.length)
    .refine((rates) => new Set(rates.map((row) => row.product)).size === rates.length, 'duplicate'),
  /** The most points a member earns in one merchant day, all products together; null: no cap. */
  dailyCap: pointsValue.nullable(),
  /** Points that make one major unit of cash. */
  ratio: pointsValue,
  /** The fewest points converted at once. */
  minPoints: pointsValue,
  /** The wagering requirement of converted cash, a multiple of it (0 to 100). */
  turnoverMultiple: z.coerce.number().int().min(0).max(100),
});
export type PointsSettingsBody = z.infer<typeof pointsSettingsBody>;

const pointsSettingsView = pointsSettingsBody.extend(currencyInfo);

/** MCS2_getPointBalance: the balance, every point ever earned, and what the balance is worth in cash now. */
const pointBalance = z.object({
  ...currencyInfo,
  balance: z.number().int(),
  accumulated: z.number().int(),
  ratio: z.number().int(),
  cashValue: z.number(),
});
export type PointBalance = z.infer<typeof pointBalance>;

/** MCS2_getPointConfig: the conversion rules and the earning rates. */
const pointConfig = z.object({
  ...currencyInfo,
  ratio: z.number().int(),
  minPoints: z.number().int(),
  turnoverMultiple: z.number().int(),
  dailyCap: z.number().int().nullable(),
  rates: z.array(z.object({ product: z.enum(GAME_TYPES), rate: z.number() })),
  /** Points never expire (spec §1). */
  expires: z.literal(false),
});
export type PointConfig = z.infer<typeof pointConfig>;

/** How points leave the balance: converted to cash, or spent in the mall on a bonus, a physical item or tickets. */
const POINT_EXCHANGE_TYPES = ['CONVERT', 'BONUS', 'PHYSICAL', 'TICKET'] as const;
/** The mall's kinds of item: a bonus, a physical item, or prize tickets (the prize wheel's entries). */
export const MALL_ITEM_KINDS = ['bonus', 'physical', 'ticket'] as const;
/** Spec §4: processing (a physical item waiting for the operator), rejected, completed (also labelled approved). */
export const REDEMPTION_STATUSES = ['processing', 'rejected', 'completed'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** An item of the catalogue as a member sees it, in the reader's language (English where it has none). */
const mallItem = z.object({
  id: z.number().int(),
  kind: z.enum(MALL_ITEM_KINDS),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  points: z.number().int(),
  /** The cash part paid from the main wallet with the points (0: none). */
  cash: z.number(),
  /** A bonus item's credit, and its wagering multiple. */
  bonus: z.number(),
  turnoverMultiple: z.number().int(),
  /** The prize tickets of one unit of a ticket item (0 for the other kinds). */
  tickets: z.number().int(),
  /** Units left; null: no limit. */
  stock: z.number().int().nullable(),
  /** Units one member may redeem in all; null: no limit. */
  perMemberLimit: z.number().int().nullable(),
  /** Units this member has redeemed (rejected ones not counted). */
  redeemed: z.number().int(),
});
export type MallItem = z.infer<typeof mallItem>;

const mallCatalogue = z.object({ ...currencyInfo, list: z.array(mallItem) });

/** A redeem record (spec §3): a conversion or a mall redemption. */
const redeemRecord = z.object({
  transactionNo: z.string(),
  exchangeType: z.enum(POINT_EXCHANGE_TYPES),
  productName: z.string(),
  quantity: z.number().int(),
  requiredPoints: z.number().int(),
  /** Cash: what a conversion credited, or a redemption's cash part. */
  requiredAmount: z.number(),
  status: z.enum(REDEMPTION_STATUSES),
  createdAt: z.string(),
  remark: z.string(),
});
export type RedeemRecord = z.infer<typeof redeemRecord>;

export const convertPointsBody = z.object({
  points: pointsValue,
  paymentPassword: z.string().min(1).max(64),
});

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'invalid_format');
/** A redemption; a physical item needs the delivery address and phone (spec §3), a bonus item neither. */
export const redeemPointsBody = z.object({
  rewardId: id,
  quantity: z.coerce.number().int().min(1).max(99).default(1),
  paymentPassword: z.string().min(1).max(64),
  address: z.string().trim().max(300).optional(),
  phone: phone.optional().or(z.literal('')),
});
export type RedeemPointsBody = z.infer<typeof redeemPointsBody>;

const conversion = z.object({
  ...currencyInfo,
  transactionNo: z.string(),
  points: z.number().int(),
  amount: z.number(),
  turnoverMultiple: z.number().int(),
  balance: z.number().int(),
});
export type PointConversion = z.infer<typeof conversion>;

const conversionTypes = z.object({
  list: z.array(z.object({ type: z.enum(POINT_EXCHANGE_TYPES) })),
});

/** The original's calls come in MCS2_ and MCSFE_ twins that answer alike: one declaration per prefix. */
const PREFIXES = ['MCS2', 'MCSFE'] as const;
function twins<E>(make: (prefix: (typeof PREFIXES)[number]) => E): Record<(typeof PREFIXES)[number], E> {
  return { MCS2: make('MCS2'), MCSFE: make('MCSFE') };
}

export const pointsEndpoints = {
  balance: twins((prefix) =>
    endpoint({
      method: 'GET',
      path: `/wps/relay/${prefix}_getPointBalance`,
      access: 'member',
      response: pointBalance,
    }),
  ),
  config: twins((prefix) =>
    endpoint({
      method: 'GET',
      path: `/wps/relay/${prefix}_getPointConfig`,
      access: 'member',
      response: pointConfig,
    }),
  ),
  catalogue: twins((prefix) =>
    endpoint({
      method: 'GET',
      path: `/wps/relay/${prefix}_getPointReward`,
      access: 'member',
      response: mallCatalogue,
    }),
  ),
  history: twins((prefix) =>
    endpoint({
      method: 'GET',
      path: `/wps/relay/${prefix}_getRedeemPointList`,
      access: 'realMember',
      query: paging,
      response: page(redeemRecord).extend(currencyInfo),
    }),
  ),
  /** Points to cash: encrypted, with the payment password (wrong ones count toward its lock). */
  convert: twins((prefix) =>
    endpoint({
      method: 'POST',
      path: `/wps/relay/passwordCheck/${prefix}_convertPoint`,
      access: 'realMember',
      bodyType: 'encrypted',
      body: convertPointsBody,
      idempotent: true,
      response: conversion,
    }),
  ),
  /** A mall redemption: encrypted, with the payment password; a physical item with address and phone. */
  redeem: twins((prefix) =>
    endpoint({
      method: 'POST',
      path: `/wps/relay/passwordCheck/${prefix}_redeemPointReward`,
      access: 'realMember',
      bodyType: 'encrypted',
      body: redeemPointsBody,
      idempotent: true,
      response: redeemRecord.extend({ balance: z.number().int() }),
    }),
  ),
  conversionTypes: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPointRewardConversionType',
    access: 'member',
    response: conversionTypes,
  }),
};

/** An item's text in one language; English is required, the others fall back to it. */
const itemText = z.object({ name: nonEmpty(80), description: z.string().trim().max(2000).default('') });
const languageKey = z.enum(SUPPORTED_LANGUAGES);
export const mallItemBody = z
  .object({
    kind: z.enum(MALL_ITEM_KINDS),
    texts: z.partialRecord(languageKey, itemText).refine((texts) => texts.EN !== undefined, 'required'),
    /** An uploaded image (the console's image upload) per language; English's shows where one has none. */
    images: z.partialRecord(languageKey, z.uuid()),
    points: pointsValue,
    cash: notNegative.default(0),
    /** The credit of a bonus item (above 0 for one, 0 for a physical item). */
    bonus: notNegative.default(0),
    turnoverMultiple: z.coerce.number().int().min(0).max(100).default(1),
    /** The prize tickets of one unit of a ticket item (above 0 for one, 0 for the other kinds). */
    tickets: z.coerce.number().int().min(0).max(1_000).default(0),
    stock: z.coerce.number().int().min(0).max(1_000_000).nullable(),
    perMemberLimit: z.coerce.number().int().min(1).max(1_000).nullable(),
    active: z.boolean().default(true),
    sort: z.coerce.number().int().min(0).max(9999).default(0),
  })
  .refine((item) => (item.kind === 'bonus' ? item.bonus > 0 : item.bonus === 0), {
    message: 'invalid_value',
    path: ['bonus'],
  })
  .refine((item) => (item.kind === 'ticket' ? item.tickets > 0 : item.tickets === 0), {
    message: 'invalid_value',
    path: ['tickets'],
  });
export type MallItemBody = z.infer<typeof mallItemBody>;

const consoleMallItem = z.object({
  id: z.number().int(),
  kind: z.enum(MALL_ITEM_KINDS),
  texts: z.partialRecord(languageKey, z.object({ name: z.string(), description: z.string() })),
  images: z.partialRecord(languageKey, z.string()),
  points: z.number().int(),
  cash: z.number(),
  bonus: z.number(),
  turnoverMultiple: z.number().int(),
  tickets: z.number().int(),
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  active: z.boolean(),
  sort: z.number().int(),
  redeemed: z.number().int(),
  updatedAt: z.string(),
});
export type ConsoleMallItem = z.infer<typeof consoleMallItem>;

const consoleRedemption = z.object({
  id: z.number().int(),
  transactionNo: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  itemId: z.number().int(),
  kind: z.enum(MALL_ITEM_KINDS),
  productName: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  cash: z.number(),
  bonus: z.number(),
  /** The prize tickets a ticket item granted. */
  tickets: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  address: z.string(),
  phone: z.string(),
  remark: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ConsoleRedemption = z.infer<typeof consoleRedemption>;

const redemptionDecisionBody = z.object({
  /** Completing: the tracking note the member reads; rejecting: the reason. */
  remark: nonEmpty(300),
});

const operations = operator('operations');
const support = operator('operations', 'support');

export const pointsConsoleEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/points/settings`,
    access: support,
    response: pointsSettingsView,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/points/settings`,
    access: operations,
    body: pointsSettingsBody,
    response: pointsSettingsView,
  }),
  items: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/points/items`,
    access: support,
    response: z.object({ ...currencyInfo, list: z.array(consoleMallItem) }),
  }),
  createItem: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/points/items`,
    access: operations,
    body: mallItemBody,
    response: consoleMallItem,
  }),
  updateItem: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/points/items/:id`,
    access: operations,
    params: idParams,
    body: mallItemBody,
    response: consoleMallItem,
  }),
  redemptions: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/points/redemptions`,
    access: support,
    query: paging.extend({
      status: z.enum(REDEMPTION_STATUSES).optional(),
      username: z.string().trim().max(40).optional(),
    }),
    response: page(consoleRedemption).extend(currencyInfo),
  }),
  /** Ships a physical item: completed, with the tracking note. */
  completeRedemption: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/points/redemptions/:id/complete`,
    access: operations,
    params: idParams,
    body: redemptionDecisionBody,
    response: consoleRedemption,
  }),
  /** Refuses a physical item: rejected, the points (and any cash part) returned in the same transaction. */
  rejectRedemption: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/points/redemptions/:id/reject`,
    access: operations,
    params: idParams,
    body: redemptionDecisionBody,
    response: consoleRedemption,
  }),
};
