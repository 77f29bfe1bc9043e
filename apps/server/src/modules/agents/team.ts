import { AGENT_CENTRE_IS_AGENT_VALUES, type TeamMember, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { currencyOf } from '../wallet/settings.ts';
import * as store from './tree-store.ts';

/**
 * An agent's scope, used by every part of the agents area: an agent sees and acts only on its own team (its branch
 * of the tree, itself excluded). A member outside the branch answers exactly as one that does not exist (null here,
 * not_found at the edge), so nothing tells an agent whether another's member exists.
 */

export type TeamRow = store.TeamMemberDb;

/** Whether the member is in the agent's team (below it in its branch, at any depth). One primary-key read. */
export function isInTeam(db: Queryable, agentId: number, memberId: number): Promise<boolean> {
  return store.inTeam(db, agentId, memberId);
}

/** Those of the members that are in the agent's team, by id, with user name and type (one indexed read). */
export async function teamMembersByIds(
  db: Queryable,
  agentId: number,
  memberIds: readonly number[],
): Promise<Map<number, { username: string; type: number }>> {
  const rows = await store.inTeamOf(db, agentId, memberIds);
  return new Map(rows.map((row) => [row.id, { username: row.username, type: row.type }]));
}

/** A member of the agent's team by id, or null (outside the branch or no such member). */
export function teamMemberById(db: Queryable, agentId: number, memberId: number): Promise<TeamRow | null> {
  return store.findInTeam(db, agentId, { id: memberId });
}

/** A member of the agent's team by user name (any case), or null. */
export function teamMemberByUsername(
  db: Queryable,
  agentId: number,
  username: string,
): Promise<TeamRow | null> {
  return store.findInTeam(db, agentId, { username });
}

/** A direct downline of the agent (its upline is the agent), by id or user name, or null. */
export async function directDownline(
  db: Queryable,
  agentId: number,
  by: { id: number } | { username: string },
): Promise<TeamRow | null> {
  const member = await store.findInTeam(db, agentId, by);
  return member && member.upline_id === agentId ? member : null;
}

/** The level of a team member below the agent: 1 for a direct downline. */
function levelBelow(member: Pick<TeamRow, 'agent_path'>, agentId: number): number {
  return member.agent_path.length - 1 - member.agent_path.indexOf(agentId);
}

export interface TeamFilter {
  username?: string | undefined;
  level?: number | undefined;
  type?: number | undefined;
  role?: 'agent' | 'member' | undefined;
  /** YYYY-MM-DD (a UTC day, both ends included) or an instant. */
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  pageNo: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;
const startOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
/** The end of a range, exclusive: the next day's start for a day, the instant itself otherwise. */
const endOf = (value: string) =>
  value.length === 10 ? new Date(startOf(value).getTime() + DAY_MS) : new Date(value);

/** A page of the agent's team (newest first) with search: user name prefix, level, type, registered dates. */
export async function teamPage(deps: Pick<AppDeps, 'db' | 'config'>, agentId: number, filter: TeamFilter) {
  const { rows, total } = await store.searchTeam(deps.db, {
    agentId,
    usernamePrefix: filter.username ? filter.username : null,
    level: filter.level ?? null,
    type: filter.type ?? null,
    role: filter.role ?? null,
    agentTypes: AGENT_CENTRE_IS_AGENT_VALUES,
    registeredFrom: filter.registeredFrom ? startOf(filter.registeredFrom) : null,
    registeredBefore: filter.registeredTo ? endOf(filter.registeredTo) : null,
    limit: filter.pageSize,
    offset: (filter.pageNo - 1) * filter.pageSize,
  });
  const list = await teamRows(deps, agentId, rows);
  return { list, total, pageNo: filter.pageNo, pageSize: filter.pageSize };
}

/** One member of the agent's team as the agent centre shows it; not_found outside the branch. */
export async function teamMemberDetail(
  deps: Pick<AppDeps, 'db' | 'config'>,
  agentId: number,
  memberId: number,
) {
  const member = await teamMemberById(deps.db, agentId, memberId);
  if (!member) throw new AppError('not_found');
  const [row] = await teamRows(deps, agentId, [member]);
  return row as TeamMember;
}

/** Team members as the agent centre answers them: money in major units, the level below the agent. */
async function teamRows(
  deps: Pick<AppDeps, 'db' | 'config'>,
  agentId: number,
  rows: readonly TeamRow[],
): Promise<TeamMember[]> {
  const { digits } = await currencyOf(deps);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      level: levelBelow(row, agentId),
      uplineId: row.upline_id,
      uplineUsername: row.upline_username,
      directCount: row.direct_count,
      teamCount: row.team_count,
      balance: toMajor(await sumBalance(deps.db, row.id), digits),
      status: row.status,
      createdAt: row.created_at.toISOString(),
      lastLoginAt: row.last_login_at?.toISOString() ?? null,
    })),
  );
}
