import type { OperatorRole } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

export interface OperatorDb {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  role: OperatorRole;
  disabled: boolean;
  created_at: Date;
  last_login_at: Date | null;
  must_change_password: boolean;
  totp_enabled: boolean;
}
const OPERATOR_COLUMNS =
  'id, username, display_name, password_hash, role, disabled, created_at, last_login_at, must_change_password, totp_enabled';

export async function countOperators(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from operators');
  return rows[0]?.n ?? 0;
}

export function listOperators(db: Queryable) {
  return db.query<OperatorDb>(`select ${OPERATOR_COLUMNS} from operators order by id`);
}

export async function findOperator(db: Queryable, id: number) {
  const rows = await db.query<OperatorDb>(`select ${OPERATOR_COLUMNS} from operators where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findOperatorByUsername(db: Queryable, username: string) {
  const rows = await db.query<OperatorDb>(
    `select ${OPERATOR_COLUMNS} from operators where lower(username) = lower($1)`,
    [username],
  );
  return rows[0] ?? null;
}

/** Inserts an operator; null when the username is taken (case-insensitively). */
export async function insertOperator(
  db: Queryable,
  o: {
    username: string;
    display_name: string;
    password_hash: string;
    role: OperatorRole;
    must_change_password?: boolean;
  },
  now: Date,
) {
  const rows = await db.query<OperatorDb>(
    `insert into operators (username, display_name, password_hash, role, created_at, must_change_password)
     values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing returning ${OPERATOR_COLUMNS}`,
    [o.username, o.display_name, o.password_hash, o.role, now, o.must_change_password ?? false],
  );
  return rows[0] ?? null;
}

export async function updateOperator(
  db: Queryable,
  o: {
    id: number;
    display_name: string;
    role: OperatorRole;
    disabled: boolean;
    password_hash: string | null;
  },
) {
  const rows = await db.query<OperatorDb>(
    `update operators set display_name = $2, role = $3, disabled = $4, password_hash = coalesce($5, password_hash)
     where id = $1 returning ${OPERATOR_COLUMNS}`,
    [o.id, o.display_name, o.role, o.disabled, o.password_hash],
  );
  return rows[0] ?? null;
}

export async function touchOperatorLogin(db: Queryable, id: number, now: Date) {
  await db.query('update operators set last_login_at = $2 where id = $1', [id, now]);
}

export async function countActiveOwners(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from operators where role = 'owner' and not disabled",
  );
  return rows[0]?.n ?? 0;
}

/** Counts of what exists, for the dashboard. */
export async function counts(db: Queryable) {
  const rows = await db.query<Record<string, number>>(`select
    (select count(*)::int from members) as members,
    (select count(*)::int from operators) as operators,
    (select count(*)::int from banners) as banners,
    (select count(*)::int from notices) as notices,
    (select count(*)::int from announcements) as announcements,
    (select count(*)::int from help_articles) as help_articles,
    (select count(*)::int from download_resources) as resources,
    (select count(*)::int from domains) as domains,
    (select count(*)::int from region_rules) as region_rules,
    (select count(*)::int from audit_log) as audit_entries`);
  return rows[0] as Record<string, number>;
}

/** Sign-ups, member logins and failed member logins since the given time. */
export async function activitySince(db: Queryable, since: Date) {
  const rows = await db.query<{ sign_ups: number; logins: number; failed_logins: number }>(
    `select
       (select count(*)::int from members where created_at >= $1) as sign_ups,
       (select count(*)::int from login_history where created_at >= $1) as logins,
       (select count(*)::int from login_failures where created_at >= $1) as failed_logins`,
    [since],
  );
  return rows[0] as { sign_ups: number; logins: number; failed_logins: number };
}

export function latestAudit(db: Queryable, limit: number) {
  return db.query<
    Pick<AuditDb, 'id' | 'operator_username' | 'action' | 'entity' | 'entity_id' | 'created_at'>
  >(
    `select id, operator_username, action, entity, entity_id, created_at from audit_log order by id desc limit $1`,
    [limit],
  );
}

export interface AuditDb {
  id: number;
  operator_id: number | null;
  operator_username: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: Date;
}

export interface AuditFilter {
  operator?: string;
  entity?: string;
  action?: string;
  q?: string;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

export async function searchAudit(
  db: Queryable,
  f: AuditFilter,
): Promise<{ rows: AuditDb[]; total: number }> {
  const where = `where ($1::text is null or lower(operator_username) = lower($1))
      and ($2::text is null or entity = $2)
      and ($3::text is null or action = $3)
      and ($4::text is null or entity_id = $4 or before::text ilike '%' || $4 || '%' or after::text ilike '%' || $4 || '%')
      and ($5::timestamptz is null or created_at >= $5)
      and ($6::timestamptz is null or created_at < $6)`;
  const params = [
    f.operator ?? null,
    f.entity ?? null,
    f.action ?? null,
    f.q ?? null,
    f.from ?? null,
    f.to ?? null,
  ];
  const totalRows = await db.query<{ n: number }>(
    `select count(*)::int as n from audit_log ${where}`,
    params,
  );
  const rows = await db.query<AuditDb>(
    `select id, operator_id, operator_username, action, entity, entity_id, before, after, ip, created_at
     from audit_log ${where} order by id desc limit $7 offset $8`,
    [...params, f.pageSize, (f.pageNo - 1) * f.pageSize],
  );
  return { rows, total: totalRows[0]?.n ?? 0 };
}

/** The operator's own new password; the forced change is done. */
export async function setOwnPassword(db: Queryable, id: number, passwordHash: string) {
  const rows = await db.query<OperatorDb>(
    `update operators set password_hash = $2, must_change_password = false where id = $1
     returning ${OPERATOR_COLUMNS}`,
    [id, passwordHash],
  );
  return rows[0] ?? null;
}

export interface TotpDb {
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: number | null;
  totp_pending_secret: string | null;
}

export async function findTotp(db: Queryable, id: number): Promise<TotpDb | null> {
  const rows = await db.query<TotpDb>(
    'select totp_secret, totp_enabled, totp_last_step::float8 as totp_last_step, totp_pending_secret from operators where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function setPendingTotp(db: Queryable, id: number, sealedSecret: string) {
  await db.query('update operators set totp_pending_secret = $2 where id = $1', [id, sealedSecret]);
}

/** The pending secret becomes the operator's second factor; the recovery codes are replaced. */
export async function enableTotp(
  db: Queryable,
  id: number,
  sealedSecret: string,
  step: number,
  codeHashes: string[],
) {
  await db.query(
    `update operators set totp_secret = $2, totp_enabled = true, totp_pending_secret = null, totp_last_step = $3
     where id = $1`,
    [id, sealedSecret, step],
  );
  await db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
  for (const hash of codeHashes) {
    await db.query('insert into operator_recovery_codes (operator_id, code_hash) values ($1, $2)', [
      id,
      hash,
    ]);
  }
}

export async function disableTotp(db: Queryable, id: number) {
  await db.query(
    `update operators set totp_secret = null, totp_enabled = false, totp_pending_secret = null, totp_last_step = null
     where id = $1`,
    [id],
  );
  await db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
}

/** Records the time step of an accepted code; false when that step (or a later one) was already used. */
export async function useTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const rows = await db.query(
    `update operators set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)
     returning id`,
    [id, step],
  );
  return rows.length > 0;
}

/** Marks an unused recovery code of the operator used; false when it is not one of them. */
export async function useRecoveryCode(
  db: Queryable,
  id: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update operator_recovery_codes set used_at = $3
     where operator_id = $1 and code_hash = $2 and used_at is null returning id`,
    [id, codeHash, now],
  );
  return rows.length > 0;
}

export async function insertLoginChallenge(
  db: Queryable,
  c: { tokenHash: string; operatorId: number; ip: string; expiresAt: Date },
  now: Date,
) {
  await db.query(
    `insert into operator_login_challenges (token_hash, operator_id, ip, expires_at, created_at)
     values ($1, $2, $3, $4, $5)`,
    [c.tokenHash, c.operatorId, c.ip, c.expiresAt, now],
  );
  await db.query('delete from operator_login_challenges where expires_at < $1', [now]);
}

/** Counts one try of the challenge and answers it, or null when there is none. */
export async function tryLoginChallenge(db: Queryable, tokenHash: string) {
  const rows = await db.query<{ operator_id: number; ip: string; attempts: number; expires_at: Date }>(
    `update operator_login_challenges set attempts = attempts + 1 where token_hash = $1
     returning operator_id, ip, attempts, expires_at`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function deleteLoginChallenge(db: Queryable, tokenHash: string) {
  await db.query('delete from operator_login_challenges where token_hash = $1', [tokenHash]);
}

/** The console's security setting (a row of the settings table). */
export async function readConsoleSecurity(db: Queryable): Promise<{ totpRequiredForAll: boolean }> {
  const rows = await db.query<{ value: { totpRequiredForAll?: boolean } }>(
    "select value from site_settings where key = 'console_security'",
  );
  return { totpRequiredForAll: rows[0]?.value.totpRequiredForAll === true };
}

export async function writeConsoleSecurity(db: Queryable, value: { totpRequiredForAll: boolean }, now: Date) {
  await db.query(
    `insert into site_settings (key, value, updated_at) values ('console_security', $1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [JSON.stringify(value), now],
  );
}
