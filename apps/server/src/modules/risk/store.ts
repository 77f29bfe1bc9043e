import type { RiskRule } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

export interface FlagDb {
  id: number;
  member_id: number;
  username: string;
  rule: RiskRule;
  subject: string;
  evidence: Record<string, string | number | boolean | string[]>;
  created_at: Date;
  resolver: string | null;
  resolved_at: Date | null;
  resolution_note: string;
}

const FLAG = `select f.id, f.member_id, m.username, f.rule, f.subject, f.evidence, f.created_at,
    o.username as resolver, f.resolved_at, f.resolution_note
  from risk_flags f join members m on m.id = f.member_id left join operators o on o.id = f.resolved_by`;

/** A flag, once per rule and subject: a check that runs again (a retried request) raises nothing new. */
export async function insertFlag(
  tx: Queryable,
  flag: { memberId: number; rule: RiskRule; subject: string; evidence: object; at: Date },
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `insert into risk_flags (member_id, rule, subject, evidence, created_at) values ($1, $2, $3, $4, $5)
     on conflict (rule, subject) do nothing returning id`,
    [flag.memberId, flag.rule, flag.subject, JSON.stringify(flag.evidence), flag.at],
  );
  return row?.id ?? null;
}

export async function flagById(db: Queryable, id: number): Promise<FlagDb | null> {
  const [row] = await db.query<FlagDb>(`${FLAG} where f.id = $1`, [id]);
  return row ?? null;
}

export interface FlagFilters {
  status?: 'open' | 'resolved' | undefined;
  rule?: RiskRule | undefined;
  memberId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listFlags(db: Queryable, filters: FlagFilters, offset: number, limit: number) {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (filters.status === 'open') where.push('f.resolved_at is null');
  if (filters.status === 'resolved') where.push('f.resolved_at is not null');
  if (filters.rule) add('f.rule = ?', filters.rule);
  if (filters.memberId) add('f.member_id = ?', filters.memberId);
  if (filters.from) add('f.created_at >= ?', filters.from);
  if (filters.to) add('f.created_at < ?', filters.to);
  const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [counted] = await db.query<{ total: number }>(
    `select count(*)::int as total from risk_flags f ${condition}`,
    values,
  );
  const rows = await db.query<FlagDb>(
    `${FLAG} ${condition} order by f.created_at desc, f.id desc offset $${values.length + 1} limit $${values.length + 2}`,
    [...values, offset, limit],
  );
  return { rows, total: counted?.total ?? 0 };
}

export async function resolveFlag(tx: Queryable, id: number, operatorId: number, note: string, at: Date) {
  const rows = await tx.query(
    `update risk_flags set resolved_by = $2, resolved_at = $3, resolution_note = $4
     where id = $1 and resolved_at is null returning id`,
    [id, operatorId, at, note],
  );
  return rows.length > 0;
}

export async function openFlagCount(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from risk_flags where member_id = $1 and resolved_at is null',
    [memberId],
  );
  return row?.count ?? 0;
}

/** A deposit credited or a withdrawal requested, once per subject, for the velocity rules. */
export async function recordActivity(
  tx: Queryable,
  activity: { memberId: number; kind: 'deposit' | 'withdrawal'; subject: string; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into risk_activity (member_id, kind, subject, at) values ($1, $2, $3, $4)
     on conflict (kind, subject) do nothing returning subject`,
    [activity.memberId, activity.kind, activity.subject, activity.at],
  );
  return rows.length > 0;
}

/** The subjects of a member's activity of a kind since a moment (up to and including `until`), oldest first. */
export async function activitySince(
  db: Queryable,
  memberId: number,
  kind: 'deposit' | 'withdrawal',
  since: Date,
  until: Date,
): Promise<string[]> {
  const rows = await db.query<{ subject: string }>(
    `select subject from risk_activity where member_id = $1 and kind = $2 and at > $3 and at <= $4
     order by at, subject`,
    [memberId, kind, since, until],
  );
  return rows.map((row) => row.subject);
}

export async function insertNote(
  tx: Queryable,
  note: { memberId: number; operatorId: number; body: string; at: Date },
) {
  const [row] = await tx.query<{ id: number }>(
    'insert into member_notes (member_id, operator_id, body, created_at) values ($1, $2, $3, $4) returning id',
    [note.memberId, note.operatorId, note.body, note.at],
  );
  if (!row) throw new Error('note insert returned nothing');
  return row.id;
}

export interface NoteDb {
  id: number;
  body: string;
  author: string;
  created_at: Date;
}

export async function notes(db: Queryable, memberId: number, limit = 100): Promise<NoteDb[]> {
  return db.query<NoteDb>(
    `select n.id, n.body, o.username as author, n.created_at from member_notes n
     join operators o on o.id = n.operator_id where n.member_id = $1 order by n.id desc limit $2`,
    [memberId, limit],
  );
}

export async function tags(db: Queryable, memberId: number): Promise<string[]> {
  const rows = await db.query<{ tag: string }>(
    'select tag from member_tags where member_id = $1 order by tag',
    [memberId],
  );
  return rows.map((row) => row.tag);
}

export async function replaceTags(tx: Queryable, memberId: number, list: readonly string[]) {
  await tx.query('delete from member_tags where member_id = $1', [memberId]);
  if (list.length === 0) return;
  await tx.query(
    'insert into member_tags (member_id, tag) select $1, unnest($2::text[]) on conflict do nothing',
    [memberId, list],
  );
}

export async function memberExists(db: Queryable, memberId: number): Promise<boolean> {
  const rows = await db.query('select 1 from members where id = $1', [memberId]);
  return rows.length > 0;
}
