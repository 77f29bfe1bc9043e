import { z } from 'zod';
import { idParams, isoDateTime, nonEmpty, okValue, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, OPERATOR_ROLES, operator } from '../endpoint.ts';

/** The console itself: setup, sessions, the dashboard, operators and the audit log. */

const anyOperator = operator(...OPERATOR_ROLES);
const ownerOnly = operator('owner');

const operatorRole = z.enum(OPERATOR_ROLES);
export const operatorView = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: operatorRole,
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The operator must choose a new password before anything else (the demo owner's generated one). */
  mustChangePassword: z.boolean(),
  /** A second factor (TOTP) is enrolled. */
  totpEnabled: z.boolean(),
  /** A second factor is required of this operator (its role, or the console setting). */
  totpRequired: z.boolean(),
});
export type OperatorView = z.infer<typeof operatorView>;

/** Console passwords: 12 to 128 characters (the server also refuses common and weak ones). */
export const operatorPassword = z.string().min(12).max(128);
const operatorUsername = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'invalid_format');

export const sessionValue = z.object({ token: z.string(), expiresAt: z.string(), operator: operatorView });
/** A sign-in whose password was right and whose second factor is still to come (consoleSecurityEndpoints.secondFactor). */
const secondFactorStep = z.object({
  secondFactor: z.literal('totp'),
  challenge: z.string(),
  expiresAt: z.string(),
});

const operatorCreate = z.object({
  username: operatorUsername,
  displayName: nonEmpty(80),
  role: operatorRole,
  password: operatorPassword,
});
const operatorUpdate = z.object({
  displayName: nonEmpty(80),
  role: operatorRole,
  disabled: z.boolean(),
  password: z.union([z.literal(''), operatorPassword]).default(''),
});

const auditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;

/** A job of the platform's runner: an outbox delivery, a scheduled slot, or other work done after a commit. */
const jobView = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string(),
  /** The slot of a scheduled job (its schedule's name and time), or null. */
  slot: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

const dashboard = z.object({
  counts: z.object({
    members: z.number().int(),
    operators: z.number().int(),
    banners: z.number().int(),
    notices: z.number().int(),
    announcements: z.number().int(),
    helpArticles: z.number().int(),
    resources: z.number().int(),
    domains: z.number().int(),
    regionRules: z.number().int(),
    auditEntries: z.number().int(),
  }),
  maintenance: z.boolean(),
  activeOperatorSessions: z.number().int(),
  /** What an operator checks first, over the last 24 hours (no site time zone decides where a day starts). */
  lastDay: z.object({
    signUps: z.number().int(),
    logins: z.number().int(),
    failedLogins: z.number().int(),
  }),
  activeMemberSessions: z.number().int(),
  /** The latest operator actions of the audit log, sign-ins included. */
  recentActions: z.array(
    z.object({
      id: z.number().int(),
      operatorUsername: z.string(),
      action: z.string(),
      entity: z.string(),
      entityId: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const backofficeEndpoints = {
  setupStatus: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/setup`,
    access: 'visitor',
    response: z.object({ needsSetup: z.boolean() }),
  }),
  setup: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/setup`,
    access: 'visitor',
    body: z.object({ username: operatorUsername, displayName: nonEmpty(80), password: operatorPassword }),
    response: sessionValue,
  }),
  login: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/session`,
    access: 'visitor',
    body: z.object({ username: z.string().trim().min(1).max(40), password: z.string().min(1).max(128) }),
    response: z.union([sessionValue, secondFactorStep]),
  }),
  me: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/session`,
    access: anyOperator,
    response: operatorView,
  }),
  logout: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/session`,
    access: anyOperator,
    response: okValue,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/dashboard`,
    access: anyOperator,
    response: dashboard,
  }),
  operators: {
    list: endpoint({
      method: 'GET',
      path: `${CONSOLE_API}/operators`,
      access: ownerOnly,
      response: z.array(operatorView),
    }),
    create: endpoint({
      method: 'POST',
      path: `${CONSOLE_API}/operators`,
      access: ownerOnly,
      body: operatorCreate,
      response: operatorView,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${CONSOLE_API}/operators/:id`,
      access: ownerOnly,
      params: idParams,
      body: operatorUpdate,
      response: operatorView,
    }),
  },
  jobs: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/jobs`,
    access: operator('operations'),
    query: paging.extend({
      status: z.enum(JOB_STATUSES).optional(),
      kind: z.string().trim().max(60).optional(),
    }),
    response: page(jobView),
  }),
  retryJob: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/jobs/:id/retry`,
    access: operator('operations'),
    params: idParams,
    response: jobView,
  }),
  /**
   * Moves the server's test clock forward (TEST_CLOCK only: otherwise the path does not exist) and wakes the job
   * runner, so the schedules due by the new time run at once. Answers the clock's new time.
   */
  advanceTestClock: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/test-clock/advance`,
    access: ownerOnly,
    body: z.object({ minutes: z.number().int().min(1).max(1440) }),
    response: z.object({ now: z.string() }),
  }),
  audit: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/audit`,
    access: ownerOnly,
    query: paging.extend({
      operator: z.string().trim().max(40).optional(),
      entity: z.string().trim().max(40).optional(),
      action: z.string().trim().max(40).optional(),
      q: z.string().trim().max(100).optional(),
      from: isoDateTime.optional(),
      to: isoDateTime.optional(),
    }),
    response: page(auditEntry),
  }),
};
