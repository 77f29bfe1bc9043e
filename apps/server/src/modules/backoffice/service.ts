import type { OperatorRole, OperatorView } from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { type AttemptPolicy, clearFailures, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { openSession, revokeSubjectSessions } from '../../platform/sessions.ts';
import * as store from './store.ts';

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
  db: Queryable,
  config: Config,
  operator: store.OperatorDb,
  now: Date,
  ip: string,
) {
  const session = await openSession(
    db,
    { kind: 'operator', id: operator.id },
    config.operatorSession,
    now,
    ip,
  );
  await store.touchOperatorLogin(db, operator.id, now);
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
  db: Queryable,
  config: Config,
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
    await recordFailure(db, keys[0] as string, policy, now);
    await recordFailure(db, keys[1] as string, ipPolicy, now);
    throw new AppError('invalid_credentials');
  }
  await clearFailures(db, keys[0] as string);
  return startSession(db, config, operator, now, ip);
}

export async function needsSetup(db: Queryable): Promise<boolean> {
  return (await store.countOperators(db)) === 0;
}

/** Creates the first owner; refused once any operator exists. */
export async function setupFirstOwner(
  db: Queryable,
  config: Config,
  input: { username: string; displayName: string; password: string },
  now: Date,
  ip: string,
) {
  if (!(await needsSetup(db))) throw new AppError('setup_already_done');
  const operator = await createOperator(db, { ...input, role: 'owner' }, now);
  return { operator, session: await startSession(db, config, operator, now, ip) };
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
