import { z } from 'zod';
import { id, nonEmpty, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Raffles (lucky draws on the prize wheel), prize tickets and the red envelope rain (issue 24 parts 5 and 6; design
 * note §B6, §B7). Money in major units on the wire; points and tickets are whole numbers.
 */

/** A name per translated language, as the console enters it. */
const names = z.object({ EN: nonEmpty(60), VI: nonEmpty(60), CN: nonEmpty(60) });

export const RAFFLE_PRIZE_KINDS = ['cash', 'points', 'tickets', 'physical', 'none'] as const;
export const RAFFLE_ENTRY_KINDS = ['tickets', 'points'] as const;
const TICKET_SOURCES = ['raffle', 'mission', 'mall', 'promotion', 'operator'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

const count = z.coerce.number().int().min(0).max(1_000_000_000);
const multiple = z.coerce.number().min(0).max(100);

const rafflePrizeInput = z.object({
  /** An existing prize of this raffle (its draws keep pointing at it); left out: a new prize. */
  id: id.optional(),
  names,
  kind: z.enum(RAFFLE_PRIZE_KINDS),
  /** cash: major units; points and tickets: how many; physical and none: 0. */
  value: amount.pipe(z.number().min(0)),
  /** The wagering requirement of a cash prize, a multiple of it. */
  turnoverMultiple: multiple.default(0),
  /** Relative chance; 0 takes the prize off the wheel. */
  weight: z.coerce.number().int().min(0).max(1_000_000),
  /** The total stocked (left is this less those won); null: unlimited (only for points, tickets and none). */
  stock: count.nullable(),
});

export const raffleInput = z
  .object({
    names,
    enabled: z.boolean(),
    entryKind: z.enum(RAFFLE_ENTRY_KINDS),
    entryCost: z.coerce.number().int().min(1).max(1_000_000),
    /** Draws a member may make per merchant day. */
    dailyLimit: z.coerce.number().int().min(1).max(1_000),
    prizes: z.array(rafflePrizeInput).min(2).max(12),
  })
  .refine((raffle) => raffle.prizes.some((prize) => prize.weight > 0), {
    message: 'raffle_no_weight',
    path: ['prizes'],
  });

const prizeView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(RAFFLE_PRIZE_KINDS),
  value: z.number(),
  turnoverMultiple: z.number(),
  /** Whether it can still be drawn (stock left and a weight). */
  available: z.boolean(),
});

const raffleView = z.object({
  id: z.number().int(),
  name: z.string(),
  entryKind: z.enum(RAFFLE_ENTRY_KINDS),
  entryCost: z.number().int(),
  dailyLimit: z.number().int(),
  drawsToday: z.number().int(),
  prizes: z.array(prizeView),
});

const raffles = z.object({
  ...currencyInfo,
  tickets: z.number().int(),
  points: z.number().int(),
  raffles: z.array(raffleView),
});
export type RaffleList = z.infer<typeof raffles>;

const drawResult = z.object({
  drawId: z.number().int(),
  raffleId: z.number().int(),
  prize: prizeView,
  /** The index of the prize in the raffle's list, for the wheel to stop on. */
  prizeIndex: z.number().int(),
  tickets: z.number().int(),
  points: z.number().int(),
  drawsToday: z.number().int(),
  createdAt: z.string(),
});
export type RaffleDraw = z.infer<typeof drawResult>;

/** The original's claim (REWCEN3): promotionId is the raffle's id; a requestId, when sent, makes it idempotent. */
const originalClaim = z.object({
  promotionId: id,
  requestId: z.string().trim().min(1).max(64).optional(),
});
const originalClaimAnswer = z.object({
  promotionId: z.number().int(),
  drawId: z.number().int(),
  prizeId: z.number().int(),
  prizeName: z.string(),
  prizeType: z.string(),
  prizeAmount: z.number(),
  ticketBalance: z.number().int(),
  pointBalance: z.number().int(),
});
const originalStatus = z.object({
  list: z.array(
    z.object({
      promotionId: z.number().int(),
      promotionName: z.string(),
      status: z.enum(['O', 'C']),
      entryType: z.string(),
      entryCost: z.number().int(),
      dailyLimit: z.number().int(),
      claimedToday: z.number().int(),
      prizes: z.array(z.object({ prizeId: z.number().int(), prizeName: z.string(), prizeType: z.string() })),
    }),
  ),
  ticketBalance: z.number().int(),
  pointBalance: z.number().int(),
});

/** A live round of the rain, as the site shows it; null fields when none is live. */
const rainState = z.object({
  ...currencyInfo,
  serverTime: z.string(),
  live: z
    .object({
      roundId: z.number().int(),
      opensAt: z.string(),
      closesAt: z.string(),
      left: z.number().int(),
      /** Grabs this member has in the round (by today's deposits) and has used; 0 for a visitor. */
      grabs: z.number().int(),
      grabbed: z.number().int(),
      turnoverMultiple: z.number(),
    })
    .nullable(),
  next: z.object({ opensAt: z.string() }).nullable(),
});
export type RainState = z.infer<typeof rainState>;

const grabResult = z.object({
  ...currencyInfo,
  envelopeId: z.number().int(),
  amount: z.number(),
  turnoverMultiple: z.number(),
  grabsLeft: z.number().int(),
});
export type RainGrab = z.infer<typeof grabResult>;

/**
 * One round as a chat room's envelope message shows it to the member: live or ended, envelopes left, the member's
 * grabs (by today's deposits) and the amounts the member got, in major units.
 */
const rainRoundState = z.object({
  ...currencyInfo,
  roundId: z.number().int(),
  roomId: z.number().int().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  live: z.boolean(),
  envelopes: z.number().int(),
  left: z.number().int(),
  grabs: z.number().int(),
  grabbed: z.number().int(),
  mine: z.array(z.number()),
  turnoverMultiple: z.number(),
});
export type RainRoundState = z.infer<typeof rainRoundState>;

export const RAFFLE_HANDOVER_STATUSES = ['pending', 'handed_over', 'cancelled'] as const;

/** A physical prize won, as the member follows its hand-over: the operator's note once decided. */
const memberHandover = z.object({
  drawId: z.number().int(),
  raffleName: z.string(),
  prizeName: z.string(),
  status: z.enum(RAFFLE_HANDOVER_STATUSES),
  note: z.string().nullable(),
  wonAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RaffleHandover = z.infer<typeof memberHandover>;

export const raffleEndpoints = {
  /** The member's physical prizes and how their hand-over stands. */
  prizes: endpoint({
    method: 'GET',
    path: '/wps/raffles/prizes',
    access: 'realMember',
    response: z.object({ list: z.array(memberHandover) }),
  }),
  list: endpoint({ method: 'GET', path: '/wps/raffles', access: 'realMember', response: raffles }),
  /** One draw: the entry is taken, the prize drawn under the prizes' row locks and credited, once per key. */
  draw: endpoint({
    method: 'POST',
    path: '/wps/raffles/:id/draw',
    access: 'realMember',
    params: z.object({ id }),
    idempotent: true,
    response: drawResult,
  }),
  originalClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/MCS2_claimRafflePromotion',
    access: 'realMember',
    body: originalClaim,
    idempotent: true,
    response: originalClaimAnswer,
  }),
  originalClaimFe: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_claimRafflePromotion',
    access: 'realMember',
    body: originalClaim,
    idempotent: true,
    response: originalClaimAnswer,
  }),
  originalStatus: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getRafflePromotionStatus',
    access: 'realMember',
    query: z.object({ promotionId: id.optional() }),
    response: originalStatus,
  }),
};

export const redEnvelopeRainEndpoints = {
  /** The live round (and the next one): visitors see it too, to be invited to log in. */
  state: endpoint({ method: 'GET', path: '/wps/red-envelope-rain', access: 'visitor', response: rainState }),
  /** One round for the member: a chat room's round only for a member the room admits (chat_room_closed, chat_kicked). */
  round: endpoint({
    method: 'GET',
    path: '/wps/red-envelope-rain/:id',
    access: 'realMember',
    params: z.object({ id }),
    response: rainRoundState,
  }),
  grab: endpoint({
    method: 'POST',
    path: '/wps/red-envelope-rain/:id/grab',
    access: 'realMember',
    params: z.object({ id }),
    idempotent: true,
    response: grabResult,
  }),
};

// The console.

const consolePrize = prizeView.extend({
  names,
  weight: z.number().int(),
  /** The total stocked; null: unlimited. */
  stock: z.number().int().nullable(),
  won: z.number().int(),
  /** stock less won; null: unlimited. */
  left: z.number().int().nullable(),
});
const consoleRaffle = z.object({
  id: z.number().int(),
  names,
  enabled: z.boolean(),
  entryKind: z.enum(RAFFLE_ENTRY_KINDS),
  entryCost: z.number().int(),
  dailyLimit: z.number().int(),
  ...currencyInfo,
  prizes: z.array(consolePrize),
  draws: z.number().int(),
  updatedAt: z.string(),
});
export type ConsoleRaffle = z.infer<typeof consoleRaffle>;

const consoleDraw = z.object({
  id: z.number().int(),
  raffleId: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  prizeId: z.number().int(),
  prizeName: z.string(),
  kind: z.enum(RAFFLE_PRIZE_KINDS),
  value: z.number(),
  entryKind: z.enum(RAFFLE_ENTRY_KINDS),
  entryCost: z.number().int(),
  /** What decided the draw: the roll in [0, totalWeight) against the weights in force. */
  roll: z.number().int(),
  totalWeight: z.number().int(),
  createdAt: z.string(),
});

const consoleHandover = z.object({
  /** The draw that won the prize. */
  id: z.number().int(),
  raffleId: z.number().int(),
  raffleName: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  prizeName: z.string(),
  status: z.enum(RAFFLE_HANDOVER_STATUSES),
  note: z.string().nullable(),
  wonAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator who decided it. */
  decidedBy: z.string().nullable(),
});
export type ConsoleRaffleHandover = z.infer<typeof consoleHandover>;

/** Handing over: how and when (a tracking number), which the member reads; cancelling: the reason. */
const handoverDecisionBody = z.object({ note: nonEmpty(300) });

/** Tickets an operator gives (or, negative, takes back), with the reason the audit keeps. */
export const grantTicketsBody = z.object({
  memberId: id,
  count: z.coerce
    .number()
    .int()
    .min(-10_000)
    .max(10_000)
    .refine((value) => value !== 0, 'invalid_value'),
  reason: nonEmpty(200),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_format');

export const rainScheduleInput = z
  .object({
    name: nonEmpty(60),
    enabled: z.boolean(),
    /** ISO weekdays, 1 Monday … 7 Sunday, in the merchant's time zone. */
    weekdays: z
      .array(z.coerce.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'duplicate'),
    /** Start times of the day's rounds (HH:MM, merchant time). */
    times: z
      .array(hhmm)
      .min(1)
      .max(24)
      .refine((times) => new Set(times).size === times.length, 'duplicate'),
    durationSeconds: z.coerce.number().int().min(10).max(3_600),
    pool: amount.pipe(z.number().positive()),
    envelopes: z.coerce.number().int().min(1).max(10_000),
    minAmount: amount.pipe(z.number().positive()),
    maxAmount: amount.pipe(z.number().positive()),
    turnoverMultiple: multiple,
    /** Grabs per round by the member's deposits of the merchant day: the largest count whose minimum is met. */
    grabRules: z
      .array(
        z.object({
          minDeposit: amount.pipe(z.number().min(0)),
          grabs: z.coerce.number().int().min(1).max(100),
        }),
      )
      .min(1)
      .max(10),
    /** The chat room its rounds drop in (only members the room admits grab them); null: the site-wide rain. */
    roomId: id.nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.minAmount > input.maxAmount) {
      context.addIssue({ code: 'custom', path: ['minAmount'], message: 'rain_min_above_max' });
    }
    // Compared in major units with a little slack; the server checks it again exactly in minor units.
    if (input.minAmount * input.envelopes > input.pool + 1e-9) {
      context.addIssue({ code: 'custom', path: ['pool'], message: 'rain_pool_too_small' });
    }
    if (input.maxAmount * input.envelopes < input.pool - 1e-9) {
      context.addIssue({ code: 'custom', path: ['pool'], message: 'rain_pool_too_large' });
    }
  });
export type RainScheduleInput = z.input<typeof rainScheduleInput>;

const consoleSchedule = z.object({
  id: z.number().int(),
  ...currencyInfo,
  name: z.string(),
  enabled: z.boolean(),
  weekdays: z.array(z.number().int()),
  times: z.array(z.string()),
  durationSeconds: z.number().int(),
  pool: z.number(),
  envelopes: z.number().int(),
  minAmount: z.number(),
  maxAmount: z.number(),
  turnoverMultiple: z.number(),
  grabRules: z.array(z.object({ minDeposit: z.number(), grabs: z.number().int() })),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  timeZone: z.string(),
  updatedAt: z.string(),
});
export type ConsoleRainSchedule = z.infer<typeof consoleSchedule>;

const consoleRound = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  scheduleName: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  pool: z.number(),
  envelopes: z.number().int(),
  grabbed: z.number().int(),
  grabbedAmount: z.number(),
});
const consoleEnvelope = z.object({
  id: z.number().int(),
  position: z.number().int(),
  amount: z.number(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  grabbedAt: z.string().nullable(),
});

const operations = operator('operations');
const support = operator('operations', 'support');

export const raffleConsoleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/raffles`,
    access: support,
    response: z.array(consoleRaffle),
  }),
  create: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/raffles`,
    access: operations,
    body: raffleInput,
    response: consoleRaffle,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/raffles/:id`,
    access: operations,
    params: z.object({ id }),
    body: raffleInput,
    response: consoleRaffle,
  }),
  draws: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/raffle-draws`,
    access: support,
    query: paging.extend({ raffleId: id.optional(), username: z.string().trim().max(40).optional() }),
    response: page(consoleDraw).extend(currencyInfo),
  }),
  /** The physical prizes won, to hand over: newest first, by status and member. */
  handovers: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/raffle-handovers`,
    access: support,
    query: paging.extend({
      status: z.enum(RAFFLE_HANDOVER_STATUSES).optional(),
      username: z.string().trim().max(40).optional(),
    }),
    response: page(consoleHandover),
  }),
  /** A pending physical prize handed over, with the note the member reads. */
  handOver: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/raffle-handovers/:id/hand-over`,
    access: operations,
    params: z.object({ id }),
    body: handoverDecisionBody,
    response: consoleHandover,
  }),
  /** A pending physical prize cancelled, with the reason: it goes back into stock. */
  cancelHandover: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/raffle-handovers/:id/cancel`,
    access: operations,
    params: z.object({ id }),
    body: handoverDecisionBody,
    response: consoleHandover,
  }),
  /** Tickets given (or, negative, taken) by an operator, with a reason, audited. */
  grantTickets: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/raffle-tickets`,
    access: operations,
    body: grantTicketsBody,
    response: z.object({ memberId: z.number().int(), tickets: z.number().int() }),
  }),
};

export const rainConsoleEndpoints = {
  schedules: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/red-envelope-rain/schedules`,
    access: support,
    response: z.array(consoleSchedule),
  }),
  createSchedule: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/red-envelope-rain/schedules`,
    access: operations,
    body: rainScheduleInput,
    response: consoleSchedule,
  }),
  updateSchedule: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/red-envelope-rain/schedules/:id`,
    access: operations,
    params: z.object({ id }),
    body: rainScheduleInput,
    response: consoleSchedule,
  }),
  /** Opens a round of the schedule now (for its duration), outside its times. */
  startNow: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/red-envelope-rain/schedules/:id/start`,
    access: operations,
    params: z.object({ id }),
    idempotent: true,
    response: consoleRound,
  }),
  /** Ends a live round now: its envelopes not grabbed stay ungrabbed. */
  endNow: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/red-envelope-rain/rounds/:id/end`,
    access: operations,
    params: z.object({ id }),
    response: consoleRound,
  }),
  rounds: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/red-envelope-rain/rounds`,
    access: support,
    query: paging,
    response: page(consoleRound).extend(currencyInfo),
  }),
  envelopes: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/red-envelope-rain/rounds/:id/envelopes`,
    access: support,
    params: z.object({ id }),
    response: z.object({ ...currencyInfo, round: consoleRound, envelopes: z.array(consoleEnvelope) }),
  }),
};
