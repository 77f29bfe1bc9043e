import type { JobView, OperatorRole, OperatorView } from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { asOperator, type Caller, totpRequiredFor } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import {
  type AttemptPolicy,
  clearFailures,
  lockedUntil,
  lockKeyUntil,
  recordFailure,
} from '../../platform/attempts.ts';
import { recordAudit } from '../../platform/audit.ts';
import { isMovable } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/context.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { findJob, type JobDb, listJobs, retryDeadJob, wakeJobRunners } from '../../platform/jobs.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { strengthProblem } from '../../platform/password-strength.ts';
import type { Rng } from '../../platform/rng.ts';
import {
  countActiveSessions,
  openSession,
  revokeOtherSessions,
  revokeSession,
  revokeSubjectSessions,
} from '../../platform/sessions.ts';
import { moveTestClock } from '../../platform/test-clock.ts';
import { write } from '../../platform/write.ts';
import { siteNameWords } from '../system/merchant.ts';
import { maintenanceActive, maintenanceSettings } from '../system/settings.ts';
import * as secondFactor from './second-factor.ts';
import * as store from './store.ts';

/** The operator who writes, as operatorWrite needs it for the audit entry. */
type OperatorCall = Parameters<typeof operatorWrite>[1];

const operatorView = (row: store.OperatorDb, totpRequiredForAll: boolean): OperatorView => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.created_at.toISOString(),
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
  mustChangePassword: row.must_change_password,
  totpEnabled: row.totp_enabled,
  totpRequired: totpRequiredFor(row.role, totpRequiredForAll),
});

/** The operator's view with the console's current setting. */
async function viewOf(db: Queryable, row: store.OperatorDb) {
  return operatorView(row, (await store.readConsoleSecurity(db)).totpRequiredForAll);
}

const loginPolicy = (config: Config): AttemptPolicy => ({
  windowMinutes: config.operatorLogin.lockMinutes,
  maxFailures: config.operatorLogin.maxAttempts,
  lockMinutes: config.operatorLogin.lockMinutes,
});

/** The zxcvbn score (0 to 4) an operator's password needs, beyond its 12 characters and not being common. */
const OPERATOR_MIN_STRENGTH = 3;

/**
 * Refuses an operator password that is common or easy to guess, with the message on its field. The username and
 * the site's own names (brand, site name, merchant code) count as words an attacker knows: `Tessera12345` is weak.
 */
async function checkOperatorPassword(db: Queryable, password: string, username: string, field = 'password') {
  const known = [username, ...(await siteNameWords(db))];
  const problem = strengthProblem(password, OPERATOR_MIN_STRENGTH, known);
  if (problem) throw new AppError('validation_failed', { [field]: problem });
}

async function startSession(
  tx: Queryable,
  config: Config,
  rng: Rng,
  operator: store.OperatorDb,
  now: Date,
  ip: string,
) {
  const session = await openSession(
    tx,
    { kind: 'operator', id: operator.id },
    config.operatorSession,
    now,
    ip,
    rng,
  );
  await store.touchOperatorLogin(tx, operator.id, now);
  await recordAudit(
    tx,
    { operatorId: operator.id, username: operator.username },
    ip,
    { action: 'signIn', entity: 'session', entityId: operator.id, before: null, after: null },
    now,
  );
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    operator: await viewOf(tx, { ...operator, last_login_at: now }),
  };
}

const READ_COMMITTED = { isolation: 'read committed' } as const;

/** The longest wait between two sign-in tries of an address that keeps failing. */
const MAX_SLOWDOWN_SECONDS = 300;

/**
 * Counts a failed sign-in (or second step): the pair of username and address is locked after
 * OPERATOR_LOGIN_MAX_ATTEMPTS failures, so nobody can lock an operator out from another address; the address
 * alone is slowed down after OPERATOR_LOGIN_SLOW_AFTER failures (1 s before the next try, then doubling up to 5 min).
 */
async function recordLoginFailure(db: Queryable, config: Config, username: string, ip: string, now: Date) {
  const policy = loginPolicy(config);
  await recordFailure(db, pairKey(username, ip), policy, now);
  const count = await recordFailure(
    db,
    addressKey(ip),
    { ...policy, maxFailures: Number.POSITIVE_INFINITY },
    now,
  );
  if (count >= config.operatorLoginSlowAfter) {
    const seconds = Math.min(MAX_SLOWDOWN_SECONDS, 2 ** (count - config.operatorLoginSlowAfter));
    await lockKeyUntil(db, addressKey(ip), new Date(now.getTime() + seconds * 1000));
  }
}

const pairKey = (username: string, ip: string) => `operator-login:${username.toLowerCase()}|${ip}`;
const addressKey = (ip: string) => `operator-login-ip:${ip}`;

async function refuseWhileLocked(db: Queryable, username: string, ip: string, now: Date) {
  if (await lockedUntil(db, pairKey(username, ip), now)) throw new AppError('account_locked');
  if (await lockedUntil(db, addressKey(ip), now)) throw new AppError('login_slowed_down');
}

/**
 * Signs an operator in. An operator with a second factor gets a challenge for the second step instead of a
 * session. The answer never tells whether the username exists.
 */
export async function login(
  db: Database,
  config: Config,
  rng: Rng,
  input: { username: string; password: string },
  now: Date,
  ip: string,
) {
  await refuseWhileLocked(db, input.username, ip, now);
  const operator = await store.findOperatorByUsername(db, input.username);
  const valid = await verifyPassword(operator?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!operator || !valid || operator.disabled) {
    await write(db, READ_COMMITTED, (tx) => recordLoginFailure(tx, config, input.username, ip, now));
    throw new AppError('invalid_credentials');
  }
  return write(db, READ_COMMITTED, async (tx) => {
    await clearFailures(tx, pairKey(input.username, ip));
    if (operator.totp_enabled) return secondFactor.openChallenge(tx, rng, operator.id, ip, now);
    return startSession(tx, config, rng, operator, now, ip);
  });
}

/** The second step of a sign-in: a TOTP or recovery code for the challenge of the first step. */
export async function completeSecondFactor(
  db: Database,
  config: Config,
  rng: Rng,
  input: { challenge: string; code: string },
  now: Date,
  ip: string,
) {
  const { operatorId } = await write(db, READ_COMMITTED, (tx) =>
    secondFactor.takeChallenge(tx, input.challenge, now),
  );
  const operator = await store.findOperator(db, operatorId);
  if (!operator || operator.disabled) throw new AppError('second_factor_expired');
  await refuseWhileLocked(db, operator.username, ip, now);
  const valid = await write(db, READ_COMMITTED, (tx) =>
    secondFactor.checkSecondFactor(tx, config, operatorId, input.code, now),
  );
  if (!valid) {
    await write(db, READ_COMMITTED, (tx) => recordLoginFailure(tx, config, operator.username, ip, now));
    throw new AppError('second_factor_invalid');
  }
  return write(db, READ_COMMITTED, async (tx) => {
    await secondFactor.closeChallenge(tx, input.challenge);
    return startSession(tx, config, rng, operator, now, ip);
  });
}

export async function currentOperator(db: Queryable, operatorId: number): Promise<OperatorView> {
  return viewOf(db, orNotFound(await store.findOperator(db, operatorId)));
}

/** The operator's own password change (forced for the demo owner); audited, other sessions end. */
export async function changeOwnPassword(
  deps: AppDeps,
  call: OperatorCall,
  input: { currentPassword: string; newPassword: string },
) {
  const who = asOperator(call.caller);
  const changed = await operatorWrite(
    deps,
    call,
    { entity: 'operator', action: 'change_password' },
    async (tx) => {
      const before = orNotFound(await store.findOperator(tx, who.operatorId));
      if (!(await verifyPassword(before.password_hash, input.currentPassword))) {
        throw new AppError('password_incorrect');
      }
      if (input.newPassword === input.currentPassword) {
        throw new AppError('validation_failed', { newPassword: 'password_same' });
      }
      await checkOperatorPassword(tx, input.newPassword, before.username, 'newPassword');
      const after = orNotFound(
        await store.setOwnPassword(tx, who.operatorId, await hashPassword(input.newPassword)),
      );
      await revokeOtherSessions(tx, 'operator', who.operatorId, who.tokenHash, call.now);
      const view = await viewOf(tx, after);
      return { entityId: who.operatorId, before: await viewOf(tx, before), after: view, result: view };
    },
  );
  // A forced change done: this session's next call is no longer held as pending setup.
  deps.local.callers.forget(who.tokenHash);
  return changed;
}

/** Starts the enrolment of the operator's second factor: a new secret, as a QR code and as text. */
export async function startTotp(deps: AppDeps, caller: Caller) {
  const who = asOperator(caller);
  return write(deps.db, READ_COMMITTED, (tx) =>
    secondFactor.startEnrolment(tx, deps.config, deps.rng, { id: who.operatorId, username: who.username }),
  );
}

/** Confirms the enrolment with a code; audited (never the secret); answers the recovery codes once. */
export async function confirmTotp(deps: AppDeps, call: OperatorCall, code: string) {
  const who = asOperator(call.caller);
  const enrolled = await operatorWrite(
    deps,
    call,
    { entity: 'operator', action: 'enable_totp' },
    async (tx) => {
      const before = orNotFound(await store.findOperator(tx, who.operatorId));
      const recoveryCodes = await secondFactor.confirmEnrolment(
        tx,
        deps.config,
        deps.rng,
        who.operatorId,
        code,
        call.now,
      );
      const operator = await viewOf(tx, orNotFound(await store.findOperator(tx, who.operatorId)));
      return {
        entityId: who.operatorId,
        before: { totpEnabled: before.totp_enabled },
        after: { totpEnabled: true },
        result: { recoveryCodes, operator },
      };
    },
  );
  // The second factor enrolled: this session's next call is no longer held as pending setup.
  deps.local.callers.forget(who.tokenHash);
  return enrolled;
}

/** The owner removes an operator's second factor (a lost phone); that operator's sessions end. */
export async function resetOperatorTotp(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'operator', action: 'reset_totp' }, async (tx) => {
    const before = orNotFound(await store.findOperator(tx, id));
    await store.disableTotp(tx, id);
    await revokeSubjectSessions(tx, 'operator', id, call.now);
    return {
      entityId: id,
      before: { totpEnabled: before.totp_enabled },
      after: { totpEnabled: false },
      result: { ok: true as const },
    };
  });
}

export const consoleSecurity = (db: Queryable) => store.readConsoleSecurity(db);

/** The owner's setting that asks every operator for a second factor; audited. */
export async function setConsoleSecurity(
  deps: AppDeps,
  call: OperatorCall,
  input: { totpRequiredForAll: boolean },
) {
  return operatorWrite(deps, call, { entity: 'console_security', action: 'update' }, async (tx) => {
    const before = await store.readConsoleSecurity(tx);
    await store.writeConsoleSecurity(tx, input, call.now);
    return { entityId: 'console_security', before, after: input, result: input };
  });
}

/** Signs the operator out: the session of this token ends. */
export async function logout(db: Database, tokenHash: string, now: Date) {
  await write(db, READ_COMMITTED, (tx) => revokeSession(tx, tokenHash, now));
  return { ok: true as const };
}

export async function needsSetup(db: Queryable): Promise<boolean> {
  return (await store.countOperators(db)) === 0;
}

/** Creates the first owner; refused once any operator exists. */
async function setupFirstOwner(
  tx: Queryable,
  config: Config,
  rng: Rng,
  input: { username: string; displayName: string; password: string },
  now: Date,
  ip: string,
) {
  if (!(await needsSetup(tx))) throw new AppError('setup_already_done');
  const operator = await createOperator(tx, { ...input, role: 'owner' }, now);
  return { operator, session: await startSession(tx, config, rng, operator, now, ip) };
}

/** The setup page: the first owner, signed in, and the audit entry of its creation, in one transaction. */
export async function setup(
  db: Database,
  config: Config,
  rng: Rng,
  input: { username: string; displayName: string; password: string },
  now: Date,
  ip: string,
) {
  return write(db, { isolation: 'serializable' }, async (tx) => {
    const { operator, session } = await setupFirstOwner(tx, config, rng, input, now, ip);
    await recordAudit(
      tx,
      { operatorId: operator.id, username: operator.username },
      ip,
      {
        action: 'create',
        entity: 'operator',
        entityId: operator.id,
        before: null,
        after: session.operator,
      },
      now,
    );
    return session;
  });
}

export async function createOperator(
  db: Queryable,
  input: {
    username: string;
    displayName: string;
    password: string;
    role: OperatorRole;
    mustChangePassword?: boolean;
  },
  now: Date,
) {
  await checkOperatorPassword(db, input.password, input.username);
  const row = await store.insertOperator(
    db,
    {
      username: input.username,
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      role: input.role,
      must_change_password: input.mustChangePassword ?? false,
    },
    now,
  );
  if (!row) throw new AppError('conflict', { username: 'taken' });
  return row;
}

/** Changes an operator; a disabled account or a new password ends that operator's sessions. */
async function updateOperator(
  db: Queryable,
  id: number,
  input: { displayName: string; role: OperatorRole; disabled: boolean; password: string },
  now: Date,
) {
  const before = await store.findOperator(db, id);
  if (!before) throw new AppError('not_found');
  if (input.password) await checkOperatorPassword(db, input.password, before.username);
  const losesOwner =
    before.role === 'owner' && !before.disabled && (input.role !== 'owner' || input.disabled);
  if (losesOwner && (await store.countActiveOwners(db)) <= 1) throw new AppError('last_owner');
  const after = await store.updateOperator(db, {
    id,
    display_name: input.displayName,
    role: input.role,
    disabled: input.disabled,
    password_hash: input.password ? await hashPassword(input.password) : null,
  });
  if (!after) throw new AppError('not_found');
  if (input.disabled || input.password) await revokeSubjectSessions(db, 'operator', id, now);
  return { before, after };
}

export async function operatorRows(db: Queryable) {
  const { totpRequiredForAll } = await store.readConsoleSecurity(db);
  return (await store.listOperators(db)).map((row) => operatorView(row, totpRequiredForAll));
}

/** The console's new operator, audited. */
export async function addOperator(
  deps: AppDeps,
  call: OperatorCall,
  input: { username: string; displayName: string; password: string; role: OperatorRole },
) {
  return operatorWrite(deps, call, { entity: 'operator', action: 'create' }, async (tx) => {
    const after = await viewOf(tx, await createOperator(tx, input, call.now));
    return { entityId: after.id, before: null, after, result: after };
  });
}

/** The console's change of an operator, audited; the entry tells whether the password changed, never the password. */
export async function editOperator(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: { displayName: string; role: OperatorRole; disabled: boolean; password: string },
) {
  return operatorWrite(deps, call, { entity: 'operator', action: 'update' }, async (tx) => {
    const change = await updateOperator(tx, id, input, call.now);
    const after = await viewOf(tx, change.after);
    const before = await viewOf(tx, change.before);
    return {
      entityId: id,
      before,
      after: { ...after, passwordChanged: input.password !== '' },
      result: after,
    };
  });
}

/**
 * The first owner when no operator exists yet: from OWNER_USERNAME and OWNER_PASSWORD (automated installs), or the
 * demo owner with a generated password that must be changed at the first sign-in.
 */
export async function ensureFirstOwner(
  db: Queryable,
  owner: { username: string; password: string; mustChangePassword?: boolean } | null,
  now: Date,
): Promise<store.OperatorDb | null> {
  if (!owner || !(await needsSetup(db))) return null;
  return createOperator(
    db,
    {
      username: owner.username,
      displayName: 'Owner',
      password: owner.password,
      role: 'owner',
      mustChangePassword: owner.mustChangePassword ?? false,
    },
    now,
  );
}

/** Escapes LIKE wildcards in a search text. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The dashboard: counts of what exists, whether maintenance is on, and the operators signed in. */
const DAY_MS = 24 * 60 * 60_000;
const RECENT_ACTIONS = 8;

export async function dashboard(db: Queryable, now: Date) {
  const counts = await store.counts(db);
  const maintenance = await maintenanceSettings(db);
  const activity = await store.activitySince(db, new Date(now.getTime() - DAY_MS));
  return {
    counts: {
      members: counts.members ?? 0,
      operators: counts.operators ?? 0,
      banners: counts.banners ?? 0,
      notices: counts.notices ?? 0,
      announcements: counts.announcements ?? 0,
      helpArticles: counts.help_articles ?? 0,
      resources: counts.resources ?? 0,
      domains: counts.domains ?? 0,
      regionRules: counts.region_rules ?? 0,
      auditEntries: counts.audit_entries ?? 0,
    },
    maintenance: maintenanceActive(maintenance, now),
    activeOperatorSessions: await countActiveSessions(db, 'operator', now),
    lastDay: { signUps: activity.sign_ups, logins: activity.logins, failedLogins: activity.failed_logins },
    activeMemberSessions: await countActiveSessions(db, 'member', now),
    recentActions: (await store.latestAudit(db, RECENT_ACTIONS)).map((row) => ({
      id: row.id,
      operatorUsername: row.operator_username,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** A page of the audit log; the search text matches literally (LIKE wildcards escaped). */
export async function auditPage(db: Queryable, query: store.AuditFilter) {
  const { rows, total } = await store.searchAudit(db, {
    ...query,
    q: query.q ? likeText(query.q) : undefined,
  });
  return {
    list: rows.map((row) => ({
      id: row.id,
      operatorId: row.operator_id,
      operatorUsername: row.operator_username,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

const jobView = (row: JobDb): JobView => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  runAt: row.run_at.toISOString(),
  lastError: row.last_error,
  slot: row.slot,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/** A page of the runner's jobs, newest first: dead ones carry their last error. */
export async function jobsPage(
  db: Queryable,
  query: { status?: string | undefined; kind?: string | undefined; pageNo: number; pageSize: number },
) {
  const { rows, total } = await listJobs(db, query);
  return { list: rows.map(jobView), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Queues a dead job again (audited); refused unless the job is dead. */
export async function retryJob(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'job', action: 'retry' }, async (tx) => {
    const before = orNotFound(await findJob(tx, id));
    const after = await retryDeadJob(tx, id, call.now);
    if (!after) throw new AppError('job_not_dead');
    return { entityId: id, before: jobView(before), after: jobView(after), result: jobView(after) };
  });
}

/**
 * TEST_CLOCK: moves the clock of every process of the database forward by `minutes` (audited): the shared offset
 * grows in the transaction and each process follows it when the change commits (`platform/test-clock.ts`), before
 * the job runners are woken, so the schedules due by the new time run at once. Answers the clock's new time.
 */
export async function advanceTestClock(deps: AppDeps, call: OperatorCall, minutes: number) {
  const { clock } = deps;
  if (!deps.config.testClock || !isMovable(clock)) throw new Error('the test clock is off');
  let offsetMs = 0;
  const moved = await operatorWrite(deps, call, { entity: 'test_clock', action: 'advance' }, async (tx) => {
    const before = clock.now();
    offsetMs = await moveTestClock(tx, minutes * 60_000);
    const now = new Date(before.getTime() + minutes * 60_000).toISOString();
    await wakeJobRunners(tx);
    return {
      entityId: 'clock',
      before: { now: before.toISOString() },
      after: { now, minutes },
      result: { now },
    };
  });
  // This process follows at once; the others (and this one again, to no effect) as the NOTIFY arrives.
  clock.offsetTo(offsetMs);
  return moved;
}
