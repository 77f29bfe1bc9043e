import { z } from 'zod';
import { id, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Responsible gaming (issue 27): the member's limits, reality check, time-out and self-exclusion, enforced by the
 * server's one check (`mayAct`). Money in major units on the wire; time limits in minutes.
 */

/** Deposit (gross), loss (stakes − winnings) and stake limits per rolling 24 h, 7 days and 30 days; time limits in minutes. */
export const LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'stake_day',
  'stake_week',
  'stake_month',
  'session_minutes',
  'daily_minutes',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Hours a raised or removed limit waits before the member may confirm it. */
export const LIMIT_COOLING_HOURS = 24;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60] as const;
/** A time-out lasts 1 to 42 days (6 weeks); the site offers 1, 7 and 30. */
export const TIME_OUT_MAX_DAYS = 42;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;

const limit = z.object({
  kind: z.enum(LIMIT_KINDS),
  /** The limit in force (major units, or minutes); null when none is set. */
  value: z.number().nullable(),
  /** Used in its window now (major units, or minutes played). */
  used: z.number(),
  /** A raise or removal waiting: the new value (null = removal) and from when the member may confirm it. */
  pending: z.object({ value: z.number().nullable(), confirmableAt: z.string() }).nullable(),
});
export type ResponsibleLimit = z.infer<typeof limit>;

const block = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  startedAt: z.string(),
  until: z.string(),
  /** A self-exclusion that has run its course stays until the member asks to reopen, then a day later. */
  reopenRequestedAt: z.string().nullable(),
  reopensAt: z.string().nullable(),
});

const responsibleOverview = z.object({
  ...currencyInfo,
  limits: z.array(limit),
  realityCheckMinutes: z.number().int().nullable(),
  /** The interval the site offers first (the operator's default). */
  realityCheckDefault: z.number().int(),
  session: z.object({
    startedAt: z.string().nullable(),
    playedSeconds: z.number().int(),
    /** The session's net result (winnings − stakes), major units. */
    net: z.number(),
    /** The reality check is due: the next round is refused until it is acknowledged. */
    realityCheckDue: z.boolean(),
  }),
  block: block.nullable(),
});
export type ResponsibleOverview = z.infer<typeof responsibleOverview>;

const limitParams = z.object({ kind: z.enum(LIMIT_KINDS) });

export const responsibleEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/wps/responsible',
    access: 'realMember',
    response: responsibleOverview,
  }),
  /** Sets, lowers, raises or removes (null) a limit: lower at once, raise or remove after 24 h and a confirmation. */
  setLimit: endpoint({
    method: 'PUT',
    path: '/wps/responsible/limits/:kind',
    access: 'realMember',
    params: limitParams,
    body: z.object({ value: amount.pipe(z.number().positive()).nullable() }),
    response: responsibleOverview,
  }),
  confirmLimit: endpoint({
    method: 'POST',
    path: '/wps/responsible/limits/:kind/confirm',
    access: 'realMember',
    params: limitParams,
    response: responsibleOverview,
  }),
  cancelPending: endpoint({
    method: 'DELETE',
    path: '/wps/responsible/limits/:kind/pending',
    access: 'realMember',
    params: limitParams,
    response: responsibleOverview,
  }),
  setRealityCheck: endpoint({
    method: 'PUT',
    path: '/wps/responsible/reality-check',
    access: 'realMember',
    body: z.object({
      minutes: z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)]).nullable(),
    }),
    response: responsibleOverview,
  }),
  /** The member saw the reality check: continue (the next interval starts), stop or history (the site acts). */
  acknowledgeRealityCheck: endpoint({
    method: 'POST',
    path: '/wps/responsible/reality-check/ack',
    access: 'member',
    body: z.object({ choice: z.enum(['continue', 'stop', 'history']) }),
    response: responsibleOverview,
  }),
  timeOut: endpoint({
    method: 'POST',
    path: '/wps/responsible/time-out',
    access: 'realMember',
    body: z.object({ days: z.coerce.number().int().min(1).max(TIME_OUT_MAX_DAYS) }),
    idempotent: true,
    response: responsibleOverview,
  }),
  selfExclude: endpoint({
    method: 'POST',
    path: '/wps/responsible/self-exclusion',
    access: 'realMember',
    body: z.object({ months: z.union([z.literal(6), z.literal(12), z.literal(60)]) }),
    idempotent: true,
    response: responsibleOverview,
  }),
  /** After a self-exclusion ended: the member asks to reopen; play opens a day later. */
  reopen: endpoint({
    method: 'POST',
    path: '/wps/responsible/reopen',
    access: 'realMember',
    response: responsibleOverview,
  }),
};

export const RESPONSIBLE_EVENT_KINDS = [
  'limit_set',
  'limit_lowered',
  'limit_raise_requested',
  'limit_confirmed',
  'limit_pending_cancelled',
  'reality_check_set',
  'reality_check_acknowledged',
  'time_out',
  'self_exclusion',
  'reopen_requested',
] as const;

const responsibleEvent = z.object({
  id: z.number().int(),
  kind: z.enum(RESPONSIBLE_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ResponsibleEvent = z.infer<typeof responsibleEvent>;

const excludedMember = z.object({
  /** The member's id (the list's row key). */
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  kind: z.enum(['time_out', 'self_exclusion']),
  startedAt: z.string(),
  until: z.string(),
  reopensAt: z.string().nullable(),
});

export const responsibleSettingsBody = z.object({
  /** The reality-check interval the site offers first. */
  realityCheckDefault: z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)]),
  /** Days after which an interrupted house round is completed by its default action (issue 27 item 6). */
  interruptedRoundDays: z.coerce.number().int().min(1).max(365),
});
export type ResponsibleSettings = z.infer<typeof responsibleSettingsBody>;

const support = operator('operations', 'support', 'finance');

export const responsibleConsoleEndpoints = {
  /** A member's controls and their history, read-only: operators cannot lower a player's protection. */
  member: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/responsible/members/:memberId`,
    access: support,
    params: z.object({ memberId: id }),
    query: paging,
    response: z.object({ controls: responsibleOverview, history: page(responsibleEvent) }),
  }),
  exclusions: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/responsible/exclusions`,
    access: support,
    query: paging.extend({ kind: z.enum(['time_out', 'self_exclusion']).optional() }),
    response: page(excludedMember),
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/responsible/settings`,
    access: support,
    response: responsibleSettingsBody,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/responsible/settings`,
    access: operator('operations'),
    body: responsibleSettingsBody,
    response: responsibleSettingsBody,
  }),
};

export type ExcludedMember = z.infer<typeof excludedMember>;
