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
}
const OPERATOR_COLUMNS =
  'id, username, display_name, password_hash, role, disabled, created_at, last_login_at';

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
  o: { username: string; display_name: string; password_hash: string; role: OperatorRole },
  now: Date,
) {
  const rows = await db.query<OperatorDb>(
    `insert into operators (username, display_name, password_hash, role, created_at) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning ${OPERATOR_COLUMNS}`,
    [o.username, o.display_name, o.password_hash, o.role, now],
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
