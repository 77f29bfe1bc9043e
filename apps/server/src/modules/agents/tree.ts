import { AGENT_CENTRE_IS_AGENT_VALUES, TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import * as store from './tree-store.ts';

/**
 * The operator's tree: an operator sees the whole tree, makes a member an agent (or changes its type) and moves a
 * member with its branch. The database keeps every path (0025's triggers).
 *
 * A move never changes history already settled: bills (agent_bills) stay with the agent that earned them, and the
 * roll-ups stay keyed by member. Team reports read the tree as it is now, so after a move the old upline's reports,
 * past periods included, no longer count the moved branch and the new upline's do; what was paid is in the bills.
 */

const isAgentType = (type: number) => (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);

/** Nodes with their paths: the members of every path read at once. */
async function withPaths(db: Queryable, rows: readonly store.TeamMemberDb[]) {
  const steps = await store.pathMembers(db, [...new Set(rows.flatMap((row) => row.agent_path))]);
  const byId = new Map(steps.map((step) => [step.id, step]));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    status: row.status,
    uplineId: row.upline_id,
    depth: row.agent_path.length - 1,
    directCount: row.direct_count,
    teamCount: row.team_count,
    createdAt: row.created_at.toISOString(),
    path: row.agent_path.map((id) => byId.get(id) ?? { id, username: '', type: 0 }),
  }));
}

export async function treeNode(db: Queryable, id: number) {
  const row = await store.findNode(db, id);
  if (!row) throw new AppError('not_found');
  const [node] = await withPaths(db, [row]);
  return node as NonNullable<typeof node>;
}

/**
 * The console's tree: top-level agents, a node's direct members, or a user-name prefix search (the exact name first,
 * agents or members only by `role`), with paths.
 */
export async function treePage(
  db: Queryable,
  query: {
    parentId?: number | undefined;
    username?: string | undefined;
    role?: 'agent' | 'member' | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const limit = query.pageSize;
  const offset = (query.pageNo - 1) * query.pageSize;
  const { rows, total } = query.username
    ? await store.findNodesByPrefix(db, {
        prefix: query.username,
        role: query.role ?? null,
        agentTypes: AGENT_CENTRE_IS_AGENT_VALUES,
        limit,
        offset,
      })
    : await store.listNodes(db, {
        parentId: query.parentId ?? null,
        agentTypes: AGENT_CENTRE_IS_AGENT_VALUES,
        limit,
        offset,
      });
  return { list: await withPaths(db, rows), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

interface OperatorContext {
  caller: Caller;
  ip: string;
  now: Date;
  idempotency: IdempotencyKey | null;
}

/**
 * Gives a member a type (member or an agent type); never a trial account. An agent with a team, or holding or
 * offered a contract, stays an agent.
 */
export async function setMemberType(deps: AppDeps, ctx: OperatorContext, id: number, type: number) {
  await operatorWrite(
    deps,
    ctx,
    { entity: 'agent_tree', action: 'set_type', idempotency: ctx.idempotency },
    async (tx) => {
      await store.lockTree(tx);
      const member = await store.lockMember(tx, id);
      if (!member) throw new AppError('not_found');
      if (member.type === TRIAL_ACCOUNT_IS_AGENT) throw new AppError('in_need_true_account');
      if (!isAgentType(type) && isAgentType(member.type)) {
        if ((await store.countDirect(tx, id)) > 0) throw new AppError('agent_has_team');
        if (await store.hasLiveContract(tx, id)) throw new AppError('agent_has_contracts');
      }
      await store.setType(tx, id, type);
      return { entityId: id, before: { type: member.type }, after: { type }, result: null };
    },
  );
  return treeNode(deps.db, id);
}

/**
 * Moves a member and its whole branch under another agent, or to the top (uplineId null). The new upline must be
 * an agent (not a trial account) outside the member's own branch, and the member may hold no live contract (its
 * payer is its upline or the platform); contracts inside the moved branch move with it. One move at a time (lockTree), so two opposite
 * moves cannot together make a cycle.
 */
export async function moveMember(deps: AppDeps, ctx: OperatorContext, id: number, uplineId: number | null) {
  const moved = await operatorWrite(
    deps,
    ctx,
    { entity: 'agent_tree', action: 'move', idempotency: ctx.idempotency },
    async (tx) => {
      await store.lockTree(tx);
      const member = await store.lockMember(tx, id);
      if (!member) throw new AppError('not_found');
      if (member.type === TRIAL_ACCOUNT_IS_AGENT) throw new AppError('in_need_true_account');
      if (uplineId !== null) {
        const upline = await store.lockMember(tx, uplineId);
        if (!upline) throw new AppError('validation_failed', { uplineId: 'invalid_value' });
        if (upline.agent_path.includes(id)) throw new AppError('agent_move_into_own_team');
        if (!isAgentType(upline.type)) throw new AppError('validation_failed', { uplineId: 'invalid_value' });
      }
      // A contract is between the member and its upline (or the platform for a top-level agent): a move would
      // leave it with a payer that is no longer its upline, so the contract ends first (A3's termination).
      if (member.upline_id !== uplineId && (await store.hasLiveContract(tx, id))) {
        throw new AppError('agent_has_contracts');
      }
      const branch = await store.countBranch(tx, id);
      if (member.upline_id !== uplineId) await store.setUpline(tx, id, uplineId);
      const after = await store.lockMember(tx, id);
      return {
        entityId: id,
        before: { uplineId: member.upline_id, path: member.agent_path },
        after: { uplineId, path: after?.agent_path ?? [], branchSize: branch },
        result: branch,
      };
    },
  );
  return { ...(await treeNode(deps.db, id)), moved };
}
