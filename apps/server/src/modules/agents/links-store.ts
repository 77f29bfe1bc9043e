import type { Queryable } from '../../db/database.ts';

// Affiliate links' SQL (migration 0026: agent_links).

export interface LinkDb {
  id: number;
  agent_id: number;
  code: string;
  account_type: number;
  note: string;
  clicks: number;
  signups: number;
  created_at: Date;
}

const LINK_COLUMNS = 'id, agent_id, code, account_type, note, clicks, signups, created_at';

export function listLinks(db: Queryable, agentId: number): Promise<LinkDb[]> {
  return db.query<LinkDb>(
    `select ${LINK_COLUMNS} from agent_links where agent_id = $1 and removed_at is null order by id desc`,
    [agentId],
  );
}

export async function insertLink(
  db: Queryable,
  link: { agentId: number; code: string; type: number; note: string; at: Date },
): Promise<LinkDb> {
  const [row] = await db.query<LinkDb>(
    `insert into agent_links (agent_id, code, account_type, note, created_at) values ($1, $2, $3, $4, $5)
     returning ${LINK_COLUMNS}`,
    [link.agentId, link.code, link.type, link.note, link.at],
  );
  return row as LinkDb;
}

/** Removes the agent's own live link; false when it has none of that id. */
export async function removeLink(db: Queryable, agentId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db.query(
    'update agent_links set removed_at = $3 where id = $2 and agent_id = $1 and removed_at is null returning id',
    [agentId, id, at],
  );
  return rows.length > 0;
}

/** Whether a code is in use: a link's (live or removed) or an agent's own default code. */
export async function codeTaken(db: Queryable, code: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from agent_links where lower(code) = lower($1)
     union all select 1 from members where lower(affiliate_code) = lower($1) limit 1`,
    [code],
  );
  return rows.length > 0;
}

/** The live link of a code whose agent is an active agent. */
export async function findLiveLink(
  db: Queryable,
  code: string,
  agentTypes: readonly number[],
): Promise<{ id: number; code: string; agent_id: number; account_type: number } | null> {
  const rows = await db.query<{ id: number; code: string; agent_id: number; account_type: number }>(
    `select l.id, l.code, l.agent_id, l.account_type from agent_links l join members m on m.id = l.agent_id
      where lower(l.code) = lower($1) and l.removed_at is null and m.status = 'active' and m.type = any($2::int[])`,
    [code, agentTypes],
  );
  return rows[0] ?? null;
}

export async function countClick(db: Queryable, code: string): Promise<void> {
  await db.query(
    'update agent_links set clicks = clicks + 1 where lower(code) = lower($1) and removed_at is null',
    [code],
  );
}

export async function countSignup(db: Queryable, id: number): Promise<void> {
  await db.query('update agent_links set signups = signups + 1 where id = $1', [id]);
}

/** The agent's own default code (members.affiliate_code). */
export async function defaultCode(db: Queryable, agentId: number): Promise<string | null> {
  const [row] = await db.query<{ affiliate_code: string | null }>(
    'select affiliate_code from members where id = $1',
    [agentId],
  );
  return row?.affiliate_code ?? null;
}
