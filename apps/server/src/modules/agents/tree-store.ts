import type { Queryable } from '../../db/database.ts';

// The tree's SQL. "Is X in Y's team" reads X's row by its primary key and tests `agent_path @> array[Y]`; "Y's team"
// is one scan of the GIN index members_agent_path (0025). A member's level below Y is its path's length minus Y's
// position in it.

export interface TeamMemberDb {
  id: number;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'locked';
  upline_id: number | null;
  upline_username: string | null;
  agent_path: number[];
  created_at: Date;
  last_login_at: Date | null;
  direct_count: number;
  team_count: number;
}

const MEMBER_FIELDS = `m.id, m.username, m.nickname, m.type, m.status, m.upline_id, m.agent_path, m.created_at,
  m.last_login_at, u.username as upline_username,
  (select count(*)::int from members d where d.upline_id = m.id) as direct_count,
  (select count(*)::int - 1 from members t where t.agent_path @> array[m.id]) as team_count`;

/** X in Y's team: X's row when its path holds Y, Y itself excluded. */
export async function findInTeam(
  db: Queryable,
  agentId: number,
  by: { id: number } | { username: string },
): Promise<TeamMemberDb | null> {
  const [where, value] =
    'id' in by ? ['m.id = $2', by.id] : ['lower(m.username) = lower($2::text)', by.username];
  const rows = await db.query<TeamMemberDb>(
    `select ${MEMBER_FIELDS} from members m left join members u on u.id = m.upline_id
      where ${where} and m.agent_path @> array[$1::int] and m.id <> $1::int`,
    [agentId, value],
  );
  return rows[0] ?? null;
}

/** Whether X is in Y's team, without reading the row's details. */
export async function inTeam(db: Queryable, agentId: number, memberId: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from members where id = $2 and agent_path @> array[$1::int] and id <> $1::int',
    [agentId, memberId],
  );
  return rows.length > 0;
}

/** Of these member ids, the ones in Y's team, with their user names and types. */
export async function inTeamOf(
  db: Queryable,
  agentId: number,
  memberIds: readonly number[],
): Promise<{ id: number; username: string; type: number }[]> {
  return db.query<{ id: number; username: string; type: number }>(
    `select id, username, type from members
      where id = any($2::int[]) and agent_path @> array[$1::int] and id <> $1::int`,
    [agentId, memberIds],
  );
}

export interface TeamSearch {
  agentId: number;
  usernamePrefix: string | null;
  /** Levels below the agent. */
  level: number | null;
  type: number | null;
  /** Any agent type (agentTypes) or any other. */
  role: 'agent' | 'member' | null;
  agentTypes: readonly number[];
  registeredFrom: Date | null;
  registeredBefore: Date | null;
  limit: number;
  offset: number;
}

/** A page of Y's team, newest first, and how many match. */
export async function searchTeam(
  db: Queryable,
  search: TeamSearch,
): Promise<{ rows: TeamMemberDb[]; total: number }> {
  const where = `m.agent_path @> array[$1::int] and m.id <> $1::int
    and ($2::text is null or lower(m.username) like $2::text)
    and ($3::int is null
         or cardinality(m.agent_path) - array_position(m.agent_path, $1::int) = $3::int)
    and ($4::int is null or m.type = $4::int)
    and ($5::timestamptz is null or m.created_at >= $5::timestamptz)
    and ($6::timestamptz is null or m.created_at < $6::timestamptz)
    and ($7::text is null or (m.type = any($8::int[])) = ($7::text = 'agent'))`;
  const params = [
    search.agentId,
    search.usernamePrefix === null ? null : `${likePrefix(search.usernamePrefix.toLowerCase())}%`,
    search.level,
    search.type,
    search.registeredFrom,
    search.registeredBefore,
    search.role,
    search.agentTypes,
  ];
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from members m where ${where}`,
    params,
  );
  // The team is read through the agent_path index first (materialized), then sorted: an index on created_at must
  // not tempt the planner into walking every member newest first until it meets enough of this team.
  const rows = await db.query<TeamMemberDb>(
    `with team as materialized (select m.id, m.created_at from members m where ${where}),
     page as (select id, created_at from team order by created_at desc, id desc limit $9 offset $10)
     select ${MEMBER_FIELDS} from page join members m on m.id = page.id left join members u on u.id = m.upline_id
      order by page.created_at desc, page.id desc`,
    [...params, search.limit, search.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** A LIKE pattern's literal part: %, _ and the escape character itself match only themselves. */
const likePrefix = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A member by id, with its upline and counts (the console's node). */
export async function findNode(db: Queryable, id: number): Promise<TeamMemberDb | null> {
  const rows = await db.query<TeamMemberDb>(
    `select ${MEMBER_FIELDS} from members m left join members u on u.id = m.upline_id where m.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The console's tree: the top-level agents, or the members directly under a node (agents first). */
export async function listNodes(
  db: Queryable,
  query: { parentId: number | null; agentTypes: readonly number[]; limit: number; offset: number },
): Promise<{ rows: TeamMemberDb[]; total: number }> {
  const where =
    query.parentId === null
      ? 'm.upline_id is null and m.type = any($1::int[]) and $2::int is null'
      : 'm.upline_id = $2::int and $1::int[] is not null';
  const params = [query.agentTypes, query.parentId];
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from members m where ${where}`,
    params,
  );
  const rows = await db.query<TeamMemberDb>(
    `select ${MEMBER_FIELDS} from members m left join members u on u.id = m.upline_id
      where ${where} order by (m.type = any($1::int[])) desc, lower(m.username), m.id limit $3 offset $4`,
    [...params, query.limit, query.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/**
 * Members whose user name starts with the prefix (the console's find), the exact name first, then by name; agents
 * only or members only when `role` says (agentTypes are the agent types).
 */
export async function findNodesByPrefix(
  db: Queryable,
  search: {
    prefix: string;
    role: 'agent' | 'member' | null;
    agentTypes: readonly number[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: TeamMemberDb[]; total: number }> {
  const where = `lower(m.username) like $1
    and ($3::text is null or (m.type = any($4::int[])) = ($3::text = 'agent'))`;
  const params = [
    `${likePrefix(search.prefix.toLowerCase())}%`,
    search.prefix.toLowerCase(),
    search.role,
    search.agentTypes,
  ];
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from members m where ${where} and $2::text is not null`,
    params,
  );
  const rows = await db.query<TeamMemberDb>(
    `select ${MEMBER_FIELDS} from members m left join members u on u.id = m.upline_id
      where ${where}
      order by lower(m.username) = $2::text desc, lower(m.username), m.id limit $5 offset $6`,
    [...params, search.limit, search.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** The members of the ids (a path), with their names and types. */
export async function pathMembers(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; username: string; type: number }[]> {
  return db.query('select id, username, type from members where id = any($1::int[])', [ids]);
}

/** One tree change at a time: two moves that would each be fine alone cannot together make a cycle. */
export async function lockTree(db: Queryable): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('agents:tree'))");
}

/** The member row for an operator's change, locked. */
export async function lockMember(
  db: Queryable,
  id: number,
): Promise<{
  id: number;
  type: number;
  upline_id: number | null;
  agent_path: number[];
  status: string;
} | null> {
  const rows = await db.query<{
    id: number;
    type: number;
    upline_id: number | null;
    agent_path: number[];
    status: string;
  }>('select id, type, upline_id, agent_path, status from members where id = $1 for update', [id]);
  return rows[0] ?? null;
}

export async function setType(db: Queryable, id: number, type: number): Promise<void> {
  await db.query('update members set type = $2 where id = $1', [id, type]);
}

/** Moves a member under another upline (or to the top); the 0025 triggers re-root its branch. */
export async function setUpline(db: Queryable, id: number, uplineId: number | null): Promise<void> {
  await db.query('update members set upline_id = $2 where id = $1', [id, uplineId]);
}

export async function countBranch(db: Queryable, id: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from members where agent_path @> array[$1::int]',
    [id],
  );
  return row?.n ?? 0;
}

export async function countDirect(db: Queryable, id: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from members where upline_id = $1', [
    id,
  ]);
  return row?.n ?? 0;
}

/** Whether the member holds, or is offered, a contract (agent_contracts, pending to termination requested). */
export async function hasLiveContract(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from agent_contracts
      where agent_id = $1 and status in ('pending', 'edited', 'active', 'termination_requested') limit 1`,
    [id],
  );
  return rows.length > 0;
}
