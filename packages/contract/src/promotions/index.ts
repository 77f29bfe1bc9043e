import { z } from 'zod';
import { id, isoDateTime, okValue, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { SUPPORTED_LANGUAGES } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';
import { GAME_TYPES } from '../games/player.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';
import { WITHDRAWAL_PROOFS } from '../wallet/withdrawals.ts';

/**
 * Promotions (issue 23 part 3): authored in the console, listed on /promotions by category, one on /promoDetail
 * with this member's status (§4) and its one action. Money in major units on the wire.
 */

/** The kinds: a deposit bonus, an activity application the operator decides, a daily (login) claim, a fixed bonus. */
export const PROMOTION_KINDS = ['deposit', 'application', 'daily', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The categories /promotions groups them by (PROMOFE_getPromotionAnnouncementCategory). */
export const PROMOTION_CATEGORIES = ['NEW', 'DEPOSIT', 'DAILY', 'EVENT', 'VIP', 'OTHER'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** The activity statuses of §4, for one member at one moment (promotions/status.ts on the server). */
const PROMOTION_STATUSES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'coming_soon',
  'registration_closed',
  'application_forbidden',
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The one action a status offers the member. */
const PROMOTION_ACTIONS = ['join', 'apply', 'claim'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** What else may tie one bonus of a promotion to one person (besides the account itself). */
export const ONE_PER_CONTROLS = ['device', 'paymentAccount', 'address'] as const;
export type OnePerControl = (typeof ONE_PER_CONTROLS)[number];

/** §5 and §9: an activity application's remark and images. */
export const PROMOTION_APPLICATION = {
  remarkMax: 140,
  types: WITHDRAWAL_PROOFS.types,
  maxBytes: WITHDRAWAL_PROOFS.maxBytes,
  maxFiles: WITHDRAWAL_PROOFS.maxFiles,
  /** The multipart field of the images (the one the withdrawal proofs use). */
  field: 'proof',
} as const;

const notNegative = amount.pipe(z.number().min(0));
const positive = amount.pipe(z.number().gt(0));

const version = z.object({
  language: z.enum(SUPPORTED_LANGUAGES),
  title: z.string().trim().min(1).max(120),
  /** Rich HTML, sanitised by the server. */
  content: z.string().max(50_000).default(''),
  /** An image uploaded through the console's image upload; null: none. */
  imageId: z.string().uuid().nullable().default(null),
});

const audience = z.object({
  /** VIP levels (ranks) it is for; empty: every level. */
  ranks: z.array(z.number().int().min(0).max(99)).max(100).default([]),
  /** Member labels it is for (any of them); empty: no label needed. */
  labels: z.array(z.number().int().positive()).max(100).default([]),
  /** Only members registered within this many days; null: every member. */
  newWithinDays: z.number().int().min(1).max(3650).nullable().default(null),
});
export type PromotionAudience = z.infer<typeof audience>;

const promotionBody = z
  .object({
    category: z.enum(PROMOTION_CATEGORIES),
    kind: z.enum(PROMOTION_KINDS),
    /** One per language; English is required (the others fall back to it). */
    versions: z
      .array(version)
      .min(1)
      .max(SUPPORTED_LANGUAGES.length)
      .refine((list) => new Set(list.map((item) => item.language)).size === list.length, 'duplicate')
      .refine((list) => list.some((item) => item.language === 'EN'), 'english_required'),
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable().default(null),
    /** Applications and joins are taken until then (registration closed after); null: until it ends. */
    applyUntil: isoDateTime.nullable().default(null),
    audience: audience.default({ ranks: [], labels: [], newWithinDays: null }),
    /** The product type whose stakes count towards its wagering requirement; null: every product. */
    productScope: z.enum(GAME_TYPES).nullable().default(null),
    /** What it may pay out in total. */
    budget: positive,
    /** The wagering requirement of a credit, a multiple of the bonus (0 to 100). */
    turnoverMultiple: z.coerce.number().min(0).max(100),
    /** Deposit bonus: percent of the deposit (0.01 to 1,000), up to `cap`, for a deposit of at least `minDeposit`. */
    percent: z.coerce.number().gt(0).max(1000).nullable().default(null),
    cap: positive.nullable().default(null),
    minDeposit: notNegative.nullable().default(null),
    /** Deposit bonus: the member's first deposit ever, or every deposit in the period. */
    depositWhich: z.enum(['first', 'every']).nullable().default(null),
    /** Deposit bonus: the member joins first (join, then signed); deposits before joining do not count. */
    joinRequired: z.boolean().default(false),
    /** Daily and fixed bonus: the amount of a claim. */
    amount: positive.nullable().default(null),
    /** Besides one per account: one per device, payment account or registration address. */
    onePer: z
      .array(z.enum(ONE_PER_CONTROLS))
      .max(ONE_PER_CONTROLS.length)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'duplicate'),
    /** The largest stake per bet while this promotion's bonus obligation is open; null: no limit. */
    maxStake: positive.nullable().default(null),
    /** Prize tickets (the prize wheel's entries) granted with each claim, besides its cash (0 to 1,000). */
    tickets: z.coerce.number().int().min(0).max(1_000).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    const need = (field: 'percent' | 'cap' | 'minDeposit' | 'depositWhich' | 'amount') => {
      if (value[field] === null) context.addIssue({ code: 'custom', path: [field], message: 'required' });
    };
    if (value.kind === 'deposit')
      for (const field of ['percent', 'cap', 'minDeposit', 'depositWhich'] as const) need(field);
    if (value.kind === 'daily' || value.kind === 'fixed') need('amount');
    if (value.endsAt !== null && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'invalid_value' });
    }
    if (value.applyUntil !== null && Date.parse(value.applyUntil) <= Date.parse(value.startsAt)) {
      context.addIssue({ code: 'custom', path: ['applyUntil'], message: 'invalid_value' });
    }
  });
export type PromotionBody = z.infer<typeof promotionBody>;

/** The member's own record of a promotion (a join, an application, a claim). */
const entry = z.object({
  id: z.number().int(),
  status: z.enum(['signed', 'applying', 'rejected', 'issued', 'claimed']),
  amount: z.number().nullable(),
  remark: z.string(),
  reason: z.string(),
  /** The deposit a deposit bonus was figured from. */
  depositOrderNo: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type PromotionEntry = z.infer<typeof entry>;

const card = z.object({
  id: z.number().int(),
  category: z.enum(PROMOTION_CATEGORIES),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  applyUntil: z.string().nullable(),
  /** This caller's status (a visitor sees it as everyone's: join, claim, coming_soon, close …). */
  status: z.enum(PROMOTION_STATUSES),
  action: z.enum(PROMOTION_ACTIONS).nullable(),
  /** What a claim now would credit; null when there is nothing to claim. */
  claimable: z.number().nullable(),
  percent: z.number().nullable(),
  cap: z.number().nullable(),
  minDeposit: z.number().nullable(),
  depositWhich: z.enum(['first', 'every']).nullable(),
  amount: z.number().nullable(),
  turnoverMultiple: z.number(),
  productScope: z.enum(GAME_TYPES).nullable(),
  maxStake: z.number().nullable(),
  /** Prize tickets granted with each claim (0: none). */
  tickets: z.number().int(),
});
export type PromotionCard = z.infer<typeof card>;

const detail = card.extend({
  ...currencyInfo,
  /** Sanitised HTML. */
  content: z.string(),
  entry: entry.nullable(),
});
export type PromotionDetail = z.infer<typeof detail>;

const listView = z.object({ ...currencyInfo, list: z.array(card) });

export const promotionApplicationFields = z.object({
  remark: z.string().trim().max(PROMOTION_APPLICATION.remarkMax).default(''),
});

/** MCS2_getPromotionClaimList: the member's records, newest first. */
const originalClaim = z.object({
  recordId: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  status: z.string(),
  bonusAmount: z.number(),
  turnoverMultiplier: z.number(),
  createdTime: z.string(),
  claimedTime: z.string().nullable(),
});

/** The original's promotion rows (MCSFE_getAvailablePromotions, MCSFE_getMerchantAvailablePromotions). */
const originalPromotion = z.object({
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  category: z.string(),
  promotionType: z.string(),
  imageUrl: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  status: z.string(),
  bonusAmount: z.number(),
  turnoverMultiplier: z.number(),
});

const promotionParams = z.object({ id });

export const promotionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/wps/promotions',
    access: 'visitor',
    query: z.object({ category: z.enum(PROMOTION_CATEGORIES).optional() }),
    response: listView,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/wps/promotions/:id',
    access: 'visitor',
    params: promotionParams,
    response: detail,
  }),
  join: endpoint({
    method: 'POST',
    path: '/wps/promotions/:id/join',
    access: 'realMember',
    params: promotionParams,
    idempotent: true,
    response: detail,
  }),
  /** Credits what the member can claim now: one posting from house:bonuses with its obligation, once. */
  claim: endpoint({
    method: 'POST',
    path: '/wps/promotions/:id/claim',
    access: 'realMember',
    params: promotionParams,
    idempotent: true,
    response: detail,
  }),
  /** An activity application: remark (≤ 140) and up to 3 png/jpg images of 5 MB at most, as `proof` files. */
  apply: endpoint({
    method: 'POST',
    path: '/wps/promotions/:id/application',
    access: 'realMember',
    params: promotionParams,
    bodyType: 'multipart',
    body: promotionApplicationFields,
    response: detail,
  }),
  originalCategories: endpoint({
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    access: 'visitor',
    response: z.object({ list: z.array(z.object({ categoryCode: z.string(), count: z.number().int() })) }),
  }),
  originalAvailable: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getAvailablePromotions',
    access: 'member',
    response: z.object({ list: z.array(originalPromotion) }),
  }),
  originalMerchantAvailable: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    access: 'visitor',
    response: z.object({ list: z.array(originalPromotion) }),
  }),
  originalClaimList: endpoint({
    method: 'GET',
    path: '/wps/relay/MCS2_getPromotionClaimList',
    access: 'member',
    response: z.object({ list: z.array(originalClaim) }),
  }),
  /** The original's sign-up call: joins a deposit promotion or applies to an application one (remark, no images). */
  originalSignUp: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_signUpRequestReward',
    access: 'realMember',
    body: z.object({
      promotionId: id,
      remark: z.string().trim().max(PROMOTION_APPLICATION.remarkMax).default(''),
    }),
    response: originalClaim,
  }),
};

const consolePromotion = z.object({
  id: z.number().int(),
  category: z.enum(PROMOTION_CATEGORIES),
  kind: z.enum(PROMOTION_KINDS),
  versions: z.array(
    z.object({
      language: z.enum(SUPPORTED_LANGUAGES),
      title: z.string(),
      content: z.string(),
      imageId: z.string().nullable(),
      imageUrl: z.string().nullable(),
    }),
  ),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  applyUntil: z.string().nullable(),
  audience: z.object({
    ranks: z.array(z.number().int()),
    labels: z.array(z.number().int()),
    newWithinDays: z.number().int().nullable(),
  }),
  productScope: z.enum(GAME_TYPES).nullable(),
  budget: z.number(),
  spent: z.number(),
  turnoverMultiple: z.number(),
  percent: z.number().nullable(),
  cap: z.number().nullable(),
  minDeposit: z.number().nullable(),
  depositWhich: z.enum(['first', 'every']).nullable(),
  joinRequired: z.boolean(),
  amount: z.number().nullable(),
  onePer: z.array(z.enum(ONE_PER_CONTROLS)),
  maxStake: z.number().nullable(),
  tickets: z.number().int(),
  enabled: z.boolean(),
  /** Applications waiting for a decision. */
  pending: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsolePromotion = z.infer<typeof consolePromotion>;

export const APPLICATION_STATUSES = ['applying', 'rejected', 'issued', 'claimed'] as const;

const consoleApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  remark: z.string(),
  images: z.array(z.string()),
  amount: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ConsoleApplication = z.infer<typeof consoleApplication>;

/** The bonus types a member can be blacklisted from (a promotion kind). */
const blacklistRow = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  memberId: z.number().int(),
  username: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PromotionBlacklistRow = z.infer<typeof blacklistRow>;

const operations = operator('operations');
const support = operator('operations', 'support');

export const promotionConsoleEndpoints = {
  /** Every promotion, newest first (the console's crud page). */
  list: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/promotions`,
    access: support,
    response: z.array(consolePromotion),
  }),
  create: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/promotions`,
    access: operations,
    body: promotionBody,
    response: consolePromotion,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/promotions/:id`,
    access: operations,
    params: promotionParams,
    body: promotionBody,
    response: consolePromotion,
  }),
  applications: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/promotions/applications`,
    access: support,
    query: paging.extend({
      status: z.enum(APPLICATION_STATUSES).optional(),
      promotionId: id.optional(),
    }),
    response: page(consoleApplication).extend(currencyInfo),
  }),
  approve: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/promotions/applications/:id/approve`,
    access: operations,
    params: promotionParams,
    body: z.object({ amount: positive }),
    response: consoleApplication,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/promotions/applications/:id/reject`,
    access: operations,
    params: promotionParams,
    body: z.object({ reason: z.string().trim().min(1).max(500) }),
    response: consoleApplication,
  }),
  applicationImage: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/promotions/applications/:id/images/:imageId`,
    access: support,
    params: z.object({ id, imageId: z.string().uuid() }),
    response: z.object({
      contentType: z.enum(PROMOTION_APPLICATION.types),
      /** The image, base64 (shown as a data: URL; never served at a public address). */
      data: z.string(),
    }),
  }),
  blacklist: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/promotions/blacklist`,
    access: support,
    query: paging.extend({ kind: z.enum(PROMOTION_KINDS).optional() }),
    response: page(blacklistRow),
  }),
  addToBlacklist: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/promotions/blacklist`,
    access: operations,
    body: z.object({
      kind: z.enum(PROMOTION_KINDS),
      username: z.string().trim().min(1).max(40),
      reason: z.string().trim().max(500).default(''),
    }),
    response: blacklistRow,
  }),
  removeFromBlacklist: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/promotions/blacklist/:kind/:memberId`,
    access: operations,
    params: z.object({ kind: z.enum(PROMOTION_KINDS), memberId: id }),
    response: okValue,
  }),
};
