import type { JobView, OperatorRole, OperatorView } from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import { type AttemptPolicy, clearFailures, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { findJob, type JobDb, listJobs, retryDeadJob } from '../../platform/jobs.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import type { Rng } from '../../platform/rng.ts';
import {
  countActiveSessions,
  openSession,
  revokeSession,
  revokeSubjectSessions,
} from '../../platform/sessions.ts';
import { write } from '../../platform/write.ts';
import * as system from '../system/service.ts';
import * as store from './store.ts';

/** The operator who writes, as operatorWrite needs it for the audit entry. */
type OperatorCall = Parameters<typeof operatorWrite>[1];

export const operatorView = (row: store.OperatorDb): OperatorView => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.created_at.toISOString(),
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
});

const loginPolicy = (config: Config): AttemptPolicy => ({
  windowMinutes: config.operatorLogin.lockMinutes,
  maxFailures: config.operatorLogin.maxAttempts,
  lockMinutes: config.operatorLogin.lockMinutes,
});

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
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    operator: operatorView({ ...operator, last_login_at: now }),
  };
}

/**
 * Signs an operator in. Failures are counted per username and per address; past the limit the key is locked for
 * a while, and the answer never tells whether the username exists.
 */
export async function login(
  db: Database,
  config: Config,
  rng: Rng,
  input: { username: string; password: string },
  now: Date,
  ip: string,
) {
  const keys = [`operator-login:${input.username.toLowerCase()}`, `operator-login-ip:${ip}`];
  for (const key of keys) {
    if (await lockedUntil(db, key, now)) throw new AppError('account_locked');
  }
  const operator = await store.findOperatorByUsername(db, input.username);
  const valid = await verifyPassword(operator?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!operator || !valid || operator.disabled) {
    const policy = loginPolicy(config);
    const ipPolicy = { ...policy, maxFailures: policy.maxFailures * 4 };
    await write(db, { isolation: 'read committed' }, async (tx) => {
      await recordFailure(tx, keys[0] as string, policy, now);
      await recordFailure(tx, keys[1] as string, ipPolicy, now);
    });
    throw new AppError('invalid_credentials');
  }
  return write(db, { isolation: 'read committed' }, async (tx) => {
    await clearFailures(tx, keys[0] as string);
    return startSession(tx, config, rng, operator, now, ip);
  });
}

export async function currentOperator(db: Queryable, operatorId: number): Promise<OperatorView> {
  return operatorView(orNotFound(await store.findOperator(db, operatorId)));
}

/** Signs the operator out: the session of this token ends. */
export async function logout(db: Database, tokenHash: string, now: Date) {
  await write(db, { isolation: 'read committed' }, (tx) => revokeSession(tx, tokenHash, now));
  return { ok: true as const };
}

export async function needsSetup(db: Queryable): Promise<boolean> {
  return (await store.countOperators(db)) === 0;
}

/** Creates the first owner; refused once any operator exists. */
export async function setupFirstOwner(
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
  input: { username: string; displayName: string; password: string; role: OperatorRole },
  now: Date,
) {
  const row = await store.insertOperator(
    db,
    {
      username: input.username,
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      role: input.role,
    },
    now,
  );
  if (!row) throw new AppError('conflict', { username: 'taken' });
  return row;
}

/** Changes an operator; a disabled account or a new password ends that operator's sessions. */
export async function updateOperator(
  db: Queryable,
  id: number,
  input: { displayName: string; role: OperatorRole; disabled: boolean; password: string },
  now: Date,
) {
  const before = await store.findOperator(db, id);
  if (!before) throw new AppError('not_found');
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
  return (await store.listOperators(db)).map(operatorView);
}

/** The console's new operator, audited. */
export async function addOperator(
  deps: AppDeps,
  call: OperatorCall,
  input: { username: string; displayName: string; password: string; role: OperatorRole },
) {
  return operatorWrite(deps, call, { entity: 'operator', action: 'create' }, async (tx) => {
    const after = operatorView(await createOperator(tx, input, call.now));
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
    const after = operatorView(change.after);
    const before = operatorView(change.before);
    return {
      entityId: id,
      before,
      after: { ...after, passwordChanged: input.password !== '' },
      result: after,
    };
  });
}

/** The first owner from OWNER_USERNAME and OWNER_PASSWORD, or the demo owner, when no operator exists yet. */
export async function ensureFirstOwner(
  db: Queryable,
  owner: { username: string; password: string } | null,
  now: Date,
): Promise<store.OperatorDb | null> {
  if (!owner || !(await needsSetup(db))) return null;
  return createOperator(
    db,
    { username: owner.username, displayName: 'Owner', password: owner.password, role: 'owner' },
    now,
  );
}

/** Escapes LIKE wildcards in a search text. */
export const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The dashboard: counts of what exists, whether maintenance is on, and the operators signed in. */
export async function dashboard(db: Queryable, now: Date) {
  const counts = await store.counts(db);
  const maintenance = await system.maintenanceSettings(db);
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
    maintenance: system.maintenanceActive(maintenance, now),
    activeOperatorSessions: await countActiveSessions(db, 'operator', now),
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
