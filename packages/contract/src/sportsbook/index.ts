import { z } from 'zod';
import { id, idParams, isoDateTime, nonEmpty, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { SPORTSBOOK_ACCEPT_CHANGES } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount, decimal } from '../wallet/money.ts';

/**
 * The in-house sportsbook (issue 28): sports, competitions and events with their markets, the members' tickets
 * (singles and parlays), and the trading side of the console. Money on the wire is major units, as in the wallet;
 * prices are decimal odds with three decimals. The market rules (settlement, pricing, odds formats) are
 * packages/sportsbook's.
 */

export const SPORTSBOOK_KINDS = ['football', 'esports'] as const;
export type SportKind = (typeof SPORTSBOOK_KINDS)[number];
const SPORTSBOOK_PERIODS = ['ft', 'h1'] as const;
/** Football: 1X2, Asian handicap, over/under, odd/even, double chance, correct score; esports: the last four. */
const SPORTSBOOK_MARKET_TYPES = [
  '1x2',
  'ah',
  'ou',
  'oe',
  'dc',
  'cs',
  'winner',
  'map_handicap',
  'total_maps',
  'map_winner',
] as const;
export type SportsbookMarketType = (typeof SPORTSBOOK_MARKET_TYPES)[number];
/** The market types that take a line (handicap or total, in quarter steps). */
export const SPORTSBOOK_LINE_TYPES = ['ah', 'ou', 'map_handicap', 'total_maps'] as const;
export const SPORTSBOOK_EVENT_STATUSES = [
  'scheduled',
  'live',
  'ended',
  'settled',
  'postponed',
  'abandoned',
  'cancelled',
] as const;
export type SportsbookEventStatus = (typeof SPORTSBOOK_EVENT_STATUSES)[number];
const SPORTSBOOK_MARKET_STATES = ['open', 'suspended', 'closed', 'settled', 'void'] as const;
type SportsbookMarketState = (typeof SPORTSBOOK_MARKET_STATES)[number];
/**
 * pending: a live bet waiting out the delay; accepted: open; won/lost/void: settled (a half win is won, a half loss
 * lost, with the payout saying how much); refused: a live bet whose price moved or market closed during the delay
 * (its stake came back).
 */
export const SPORTSBOOK_TICKET_STATES = ['pending', 'accepted', 'won', 'lost', 'void', 'refused'] as const;
export type SportsbookTicketState = (typeof SPORTSBOOK_TICKET_STATES)[number];
const SPORTSBOOK_LEG_OUTCOMES = ['win', 'half_win', 'push', 'half_lose', 'lose', 'void'] as const;
/** none: any change of price refuses the bet; better: a higher price is taken; any: the current price is taken. */
export const SPORTSBOOK_FEEDS = ['manual', 'simulator', 'openfootball'] as const;
/** The odds formats a member may read prices in (packages/sportsbook formatOdds). */
const SPORTSBOOK_ODDS_FORMATS = ['decimal', 'hongkong', 'malay', 'indonesian', 'american'] as const;
export const SPORTSBOOK_MAX_LEGS = 10;

const sportKind = z.enum(SPORTSBOOK_KINDS);
const marketType = z.enum(SPORTSBOOK_MARKET_TYPES);
const eventStatus = z.enum(SPORTSBOOK_EVENT_STATUSES);
const marketState = z.enum(SPORTSBOOK_MARKET_STATES);
const ticketState = z.enum(SPORTSBOOK_TICKET_STATES);

/** A decimal price: above 1, at most 1000, three decimals at most. */
const sportsbookPrice = decimal.pipe(
  z
    .number()
    .gt(1)
    .max(1000)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'invalid_value'),
);
/** A handicap or total line in quarter steps (-0.75, 2.25, 3). */
const sportsbookLine = decimal.pipe(
  z
    .number()
    .min(-20)
    .max(50)
    .refine((value) => Number.isInteger(value * 4), 'invalid_value'),
);

const sportsbookScore = z.object({
  home: z.coerce.number().int().min(0).max(999),
  away: z.coerce.number().int().min(0).max(999),
});
/** A result: full time, half time (football), and per map for esports (1 = the side won the map). */
export const sportsbookResult = z.object({
  ft: sportsbookScore,
  h1: sportsbookScore.optional(),
  maps: z.array(sportsbookScore).max(9).optional(),
});
export type SportsbookResult = z.infer<typeof sportsbookResult>;

const sport = z.object({
  id: z.number().int(),
  kind: sportKind,
  /** In the reader's language (English where it has none). */
  name: z.string(),
  /** Competitions with an event on sale. */
  competitions: z.array(z.object({ id: z.number().int(), name: z.string(), events: z.number().int() })),
});
export type SportsbookSport = z.infer<typeof sport>;

const selection = z.object({
  id: z.number().int(),
  /** The package's selection code: home, draw, away, over, under, odd, even, 1x, 12, x2, "2:1", other. */
  code: z.string(),
  price: z.number(),
  /** Rises with every price change: a bet names the version it saw. */
  version: z.number().int(),
});
export type SportsbookSelection = z.infer<typeof selection>;

const market = z.object({
  id: z.number().int(),
  type: marketType,
  period: z.enum(SPORTSBOOK_PERIODS),
  line: z.number().nullable(),
  map: z.number().int().nullable(),
  state: marketState,
  selections: z.array(selection),
});
export type SportsbookMarket = z.infer<typeof market>;

const eventSummary = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  kind: sportKind,
  competitionId: z.number().int(),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  status: eventStatus,
  /** The live or final score; null before kick-off. */
  score: sportsbookScore.nullable(),
  /** The minute of play of a live event (the simulator's clock or the feed's). */
  minute: z.number().int().nullable(),
  /** Whether a bet on it now is a live bet (waits out the live delay). */
  inPlay: z.boolean(),
});

/** An event with its main markets (1X2 or winner, the main handicap and total) for the lists. */
const eventListItem = eventSummary.extend({ markets: z.array(market) });
export type SportsbookEventListItem = z.infer<typeof eventListItem>;

const eventDetail = eventSummary.extend({ markets: z.array(market), result: sportsbookResult.nullable() });
export type SportsbookEventDetail = z.infer<typeof eventDetail>;

const leg = z.object({
  selectionId: z.number().int(),
  eventId: z.number().int(),
  /** "Home – Away", and each side's name. */
  event: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  marketType,
  period: z.enum(SPORTSBOOK_PERIODS),
  line: z.number().nullable(),
  map: z.number().int().nullable(),
  selection: z.string(),
  price: z.number(),
  outcome: z.enum(SPORTSBOOK_LEG_OUTCOMES).nullable(),
});

const ticket = z.object({
  ticketNo: z.string(),
  kind: z.enum(['single', 'parlay']),
  state: ticketState,
  stake: z.number(),
  /** The product of the prices. */
  price: z.number(),
  potentialReturn: z.number(),
  /** What came back (0 for a loss); null until settled. */
  payout: z.number().nullable(),
  live: z.boolean(),
  /** A pending live bet is decided at this time. */
  acceptAt: z.string().nullable(),
  refusedReason: z.string().nullable(),
  legs: z.array(leg),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type SportsbookTicket = z.infer<typeof ticket>;

export const sportsbookBetRequest = z.object({
  selections: z
    .array(
      z.object({
        selectionId: id,
        /** The price version the slip showed. */
        version: z.coerce.number().int().min(0),
        /** The price the slip showed (acceptChanges better takes a new price at least this one). */
        price: sportsbookPrice.optional(),
      }),
    )
    .min(1)
    .max(SPORTSBOOK_MAX_LEGS),
  stake: amount,
  acceptChanges: z.enum(SPORTSBOOK_ACCEPT_CHANGES).default('none'),
});
export type SportsbookBetRequest = z.input<typeof sportsbookBetRequest>;

/** The member's odds format and what the slip accepts when a price moves, kept on the account. */
const sportsbookPreferences = z.object({
  oddsFormat: z.enum(SPORTSBOOK_ODDS_FORMATS),
  acceptChanges: z.enum(SPORTSBOOK_ACCEPT_CHANGES),
});
export type SportsbookPreferences = z.infer<typeof sportsbookPreferences>;

const eventsQuery = z.object({
  kind: sportKind.optional(),
  sportId: id.optional(),
  competitionId: id.optional(),
  /** live: in play now; upcoming: not started; absent: both. */
  when: z.enum(['live', 'upcoming']).optional(),
});

const ticketNoParams = z.object({
  ticketNo: z
    .string()
    .trim()
    .regex(/^S[0-9]{1,30}$/, 'invalid_format'),
});

export const sportsbookEndpoints = {
  /** Sports of a kind (football or esports) with their competitions on sale. */
  sports: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/sports',
    access: 'visitor',
    query: z.object({ kind: sportKind.optional() }),
    response: z.array(sport),
  }),
  /** Events on sale with their main markets, live first then by start time. */
  events: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/events',
    access: 'visitor',
    query: eventsQuery,
    response: z.array(eventListItem),
  }),
  /** One event with every market. */
  event: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/events/:id',
    access: 'visitor',
    params: idParams,
    response: eventDetail,
  }),
  /** A single (one selection) or a parlay (2 to 10, no two from one event). */
  placeBet: endpoint({
    method: 'POST',
    path: '/wps/sportsbook/bets',
    access: 'realMember',
    body: sportsbookBetRequest,
    idempotent: true,
    response: ticket,
  }),
  /** The member's tickets, newest first (a pending live bet whose delay ended is decided on this read). */
  myBets: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/bets',
    access: 'member',
    query: z.object({
      state: ticketState.optional(),
      settled: z.enum(['open', 'settled']).optional(),
      ...paging.shape,
    }),
    response: page(ticket),
  }),
  myBet: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/bets/:ticketNo',
    access: 'member',
    params: ticketNoParams,
    response: ticket,
  }),
  /** The member's odds format and price-change choice; null until the member first saved one. */
  preferences: endpoint({
    method: 'GET',
    path: '/wps/sportsbook/preferences',
    access: 'member',
    response: sportsbookPreferences.nullable(),
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/wps/sportsbook/preferences',
    access: 'member',
    body: sportsbookPreferences,
    response: sportsbookPreferences,
  }),
};

// ---- The console (trading) ----

const SPORTSBOOK_CONSOLE_ROLES = ['operations'] as const;
const roles = operator(...SPORTSBOOK_CONSOLE_ROLES);

/** A sport's name in Vietnamese and Chinese ('' where it has none: the English name shows). */
const sportNames = z.object({
  VI: z.string().trim().max(60).default(''),
  CN: z.string().trim().max(60).default(''),
});

/** A sport: its kind (football or esports) chooses the market templates its events take; its name per language. */
export const consoleSportsbookSportInput = z.object({
  kind: sportKind,
  name: nonEmpty(60),
  names: sportNames.strict().default({ VI: '', CN: '' }),
  enabled: z.boolean().default(true),
});
const consoleSportsbookSport = z.object({
  id: z.number().int(),
  kind: sportKind,
  name: z.string(),
  names: z.object({ VI: z.string(), CN: z.string() }),
  enabled: z.boolean(),
});

export const consoleSportsbookCompetitionInput = z.object({
  sportId: id,
  name: nonEmpty(100),
  enabled: z.boolean().default(true),
});
const consoleSportsbookCompetition = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
});

/**
 * An event as the operator creates or edits it. Ratings are the teams' expected goals (or map strength for esports)
 * that the simulator and the "price from the model" button use; absent, prices are entered.
 */
export const consoleSportsbookEventInput = z.object({
  competitionId: id,
  home: nonEmpty(80),
  away: nonEmpty(80),
  startsAt: isoDateTime,
  homeRating: decimal.pipe(z.number().min(0).max(10)).optional(),
  awayRating: decimal.pipe(z.number().min(0).max(10)).optional(),
});

const consoleMarket = market.extend({
  margin: z.number(),
  /** Per selection: the fair price the margin was applied to (null when the price was entered directly). */
  fair: z.record(z.string(), z.number()).nullable(),
  stake: z.number(),
  /** The most the book pays on the market's worst outcome minus the stakes taken on it. */
  liability: z.number(),
  /** The liability at which it suspends itself; null: the book's default. */
  liabilityLimit: z.number().nullable(),
  suspendedReason: z.string().nullable(),
});
export type ConsoleSportsbookMarket = z.infer<typeof consoleMarket>;

const consoleSportsbookEvent = eventSummary.extend({
  homeRating: z.number().nullable(),
  awayRating: z.number().nullable(),
  /** Every market suspended by the operator at once. */
  suspended: z.boolean(),
  source: z.enum(SPORTSBOOK_FEEDS),
  result: sportsbookResult.nullable(),
  /**
   * The last result entered: who entered it and when (never the score of one waiting, which the second operator
   * types again); it waits for a second operator until confirmedAt is set. An imported result has no enteredBy.
   */
  enteredBy: z.string().nullable(),
  enteredAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  /** When the entered result was confirmed: null while it waits (or before any result). */
  confirmedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  tickets: z.number().int(),
  stake: z.number(),
});
export type ConsoleSportsbookEvent = z.infer<typeof consoleSportsbookEvent>;
const consoleSportsbookEventDetail = consoleSportsbookEvent.extend({
  markets: z.array(consoleMarket),
});
export type ConsoleSportsbookEventDetail = z.infer<typeof consoleSportsbookEventDetail>;

/**
 * A market's prices: the fair price of each selection (decimal, the margin is applied to their probabilities), or
 * the model (expected goals of each side, the event's ratings when absent) the fair prices come from.
 */
export const sportsbookPricing = z.object({
  margin: decimal.pipe(z.number().min(0).max(0.5)),
  fair: z.record(z.string().trim().max(10), sportsbookPrice).optional(),
  fromModel: z.boolean().optional(),
});

export const consoleSportsbookMarketInput = sportsbookPricing.extend({
  type: marketType,
  period: z.enum(SPORTSBOOK_PERIODS).default('ft'),
  line: sportsbookLine.optional(),
  map: z.coerce.number().int().min(1).max(9).optional(),
  liabilityLimit: amount.nullable().optional(),
});
export type ConsoleSportsbookMarketInput = z.input<typeof consoleSportsbookMarketInput>;

/** The book's limits and settings. */
export const sportsbookSettings = z.object({
  minStake: amount,
  maxStakePerSelection: amount,
  maxPayoutPerTicket: amount,
  /** The default liability per market at which it suspends itself. */
  liabilityPerMarket: amount,
  /** Seconds a live bet waits before it is checked again and accepted. */
  liveDelaySeconds: z.coerce.number().int().min(0).max(60),
  /** The margin applied when none is given. */
  defaultMargin: decimal.pipe(z.number().min(0).max(0.5)),
  feed: z.enum(SPORTSBOOK_FEEDS),
  /** The openfootball file: a path on the server or an http(s) URL. */
  openfootballSource: z.string().trim().max(500),
});
export type SportsbookSettings = z.infer<typeof sportsbookSettings>;

const consoleTicket = ticket.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export type ConsoleSportsbookTicket = z.infer<typeof consoleTicket>;

const statusChange = z.object({
  status: z.enum(['live', 'ended', 'postponed', 'abandoned', 'cancelled', 'scheduled']),
});

export const sportsbookConsoleEndpoints = {
  sports: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/sports`,
    access: roles,
    response: z.array(consoleSportsbookSport),
  }),
  createSport: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/sports`,
    access: roles,
    body: consoleSportsbookSportInput,
    response: consoleSportsbookSport,
  }),
  updateSport: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/sportsbook/sports/:id`,
    access: roles,
    params: idParams,
    body: consoleSportsbookSportInput,
    response: consoleSportsbookSport,
  }),
  competitions: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/competitions`,
    access: roles,
    query: z.object({ sportId: id.optional() }),
    response: z.array(consoleSportsbookCompetition),
  }),
  createCompetition: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/competitions`,
    access: roles,
    body: consoleSportsbookCompetitionInput,
    response: consoleSportsbookCompetition,
  }),
  updateCompetition: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/sportsbook/competitions/:id`,
    access: roles,
    params: idParams,
    body: consoleSportsbookCompetitionInput,
    response: consoleSportsbookCompetition,
  }),
  events: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/events`,
    access: roles,
    query: z.object({
      competitionId: id.optional(),
      status: z.enum([...SPORTSBOOK_EVENT_STATUSES, 'awaiting']).optional(),
      ...paging.shape,
    }),
    response: page(consoleSportsbookEvent),
  }),
  event: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/events/:id`,
    access: roles,
    params: idParams,
    response: consoleSportsbookEventDetail,
  }),
  createEvent: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events`,
    access: roles,
    body: consoleSportsbookEventInput,
    response: consoleSportsbookEventDetail,
  }),
  updateEvent: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/sportsbook/events/:id`,
    access: roles,
    params: idParams,
    body: consoleSportsbookEventInput,
    response: consoleSportsbookEventDetail,
  }),
  /** scheduled → live → ended (then settled by its result), or postponed, abandoned (void), cancelled (void). */
  setEventStatus: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/status`,
    access: roles,
    params: idParams,
    body: statusChange,
    response: consoleSportsbookEventDetail,
  }),
  suspendEvent: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/suspend`,
    access: roles,
    params: idParams,
    response: consoleSportsbookEventDetail,
  }),
  resumeEvent: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/resume`,
    access: roles,
    params: idParams,
    response: consoleSportsbookEventDetail,
  }),
  createMarket: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/markets`,
    access: roles,
    params: idParams,
    body: consoleSportsbookMarketInput,
    response: consoleSportsbookEventDetail,
  }),
  /** New prices (each changed selection's version rises). */
  priceMarket: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/sportsbook/markets/:id/prices`,
    access: roles,
    params: idParams,
    body: sportsbookPricing.extend({ liabilityLimit: amount.nullable().optional() }),
    response: consoleSportsbookEventDetail,
  }),
  suspendMarket: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/markets/:id/suspend`,
    access: roles,
    params: idParams,
    response: consoleSportsbookEventDetail,
  }),
  resumeMarket: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/markets/:id/resume`,
    access: roles,
    params: idParams,
    response: consoleSportsbookEventDetail,
  }),
  /** First operator: enters the result, which waits for a second operator's confirmation. */
  enterResult: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/result`,
    access: roles,
    params: idParams,
    body: z.object({ result: sportsbookResult }),
    response: consoleSportsbookEventDetail,
  }),
  /** Second operator: types the same result again; the event's tickets are then settled by the job. */
  confirmResult: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/events/:id/confirm`,
    access: roles,
    params: idParams,
    body: z.object({ result: sportsbookResult }),
    response: consoleSportsbookEventDetail,
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/settings`,
    access: roles,
    response: sportsbookSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/sportsbook/settings`,
    access: roles,
    body: sportsbookSettings,
    response: sportsbookSettings,
  }),
  /** Reads fixtures and results from the configured feed now (the job does it every minute). */
  syncFeed: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/sportsbook/feed/sync`,
    access: roles,
    response: z.object({
      created: z.number().int(),
      results: z.number().int(),
      skipped: z.array(z.string()),
    }),
  }),
  tickets: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sportsbook/tickets`,
    access: roles,
    query: z.object({
      eventId: id.optional(),
      state: ticketState.optional(),
      username: z.string().trim().max(32).optional(),
      ...paging.shape,
    }),
    response: page(consoleTicket),
  }),
};
