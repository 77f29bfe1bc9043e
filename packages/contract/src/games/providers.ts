import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/**
 * The seamless wallet API a Hub88-style aggregator calls (Hub88's Operator Wallet API), under
 * /providers/hub88/:provider. These are not calls of our own clients: they answer Hub88's JSON (never our envelope),
 * always with HTTP 200 and a `status` of RS_OK or an RS_ERROR_… code, and every request must carry a valid
 * X-Hub88-Signature. The body is checked against hub88Requests by the server after the signature (RS_ERROR_WRONG_TYPES).
 */
const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

const hub88Answer = z.looseObject({
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string().optional(),
  user: z.string().optional(),
  currency: z.string().optional(),
  /** Integer, in 1/100000 of the currency unit. */
  balance: z.number().int().optional(),
});
export type Hub88Answer = z.infer<typeof hub88Answer>;

const hub88Text = (max: number) => z.string().min(1).max(max);
/** Integer, in 1/100000 of the currency unit. */
const hub88Amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const hub88Base = z.looseObject({ request_uuid: hub88Text(100), user: hub88Text(64) });
const hub88Transaction = hub88Base.extend({
  transaction_uuid: hub88Text(100),
  token: z.string().max(255).optional(),
  round: z.string().max(255).optional(),
  round_closed: z.boolean().optional(),
  game_code: z.string().max(100).optional(),
  supplier_transaction_id: z.string().max(255).optional(),
  supplier_user: z.string().max(255).optional(),
  is_free: z.boolean().optional(),
  reward_uuid: z.string().max(100).nullish(),
  meta: z.unknown().optional(),
});

/**
 * The bodies of the wallet calls. The server checks them (with the text checks of every other body: no NUL, no lone
 * surrogate) only once the signature over the raw body holds; a body that fails is answered RS_ERROR_WRONG_TYPES.
 */
export const hub88Requests = {
  userInfo: hub88Base,
  userBalance: hub88Base.extend({ token: z.string().max(255), game_code: z.string().max(100).optional() }),
  bet: hub88Transaction.extend({
    token: z.string().max(255),
    currency: hub88Text(10),
    amount: hub88Amount,
    bet: z.string().max(255).nullish(),
  }),
  win: hub88Transaction.extend({
    currency: hub88Text(10),
    amount: hub88Amount,
    reference_transaction_uuid: z.string().max(100).nullish(),
    bet: z.string().max(255).nullish(),
  }),
  rollback: hub88Transaction.extend({ reference_transaction_uuid: hub88Text(100) }),
} as const;
export type Hub88Call = keyof typeof hub88Requests;

const hub88Call = (path: string) =>
  endpoint({
    method: 'POST',
    path: `/providers/hub88/:provider${path}`,
    access: 'visitor',
    params: z.object({ provider: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
    // Read by the server after the signature, against hub88Requests.
    body: z.unknown(),
    answer: 'bare',
    response: hub88Answer,
  });

export const hub88WalletEndpoints = {
  userInfo: hub88Call('/user/info'),
  userBalance: hub88Call('/user/balance'),
  bet: hub88Call('/transaction/bet'),
  win: hub88Call('/transaction/win'),
  rollback: hub88Call('/transaction/rollback'),
};

/** A sports match of the home page's "hot sport", as a sports vendor reported it. */
const sportsMatch = z.object({
  matchId: z.string(),
  vassalage: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** ISO 8601. */
  kickOff: z.string(),
  /** Decimal odds of a home win, a draw and an away win. */
  odds: z.object({ home: z.number(), draw: z.number().nullable(), away: z.number() }),
});
export type SportsMatch = z.infer<typeof sportsMatch>;

export const providerPlayerEndpoints = {
  /** The sports matches the home page shows (hot sport): the next ones to kick off, soonest first. */
  gameMatches: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    access: 'visitor',
    query: z.object({
      vassalage: z.string().trim().max(40).optional(),
      limitNum: z.coerce.number().int().min(1).max(50).default(10),
    }),
    response: z.object({ list: z.array(sportsMatch) }),
  }),
};
