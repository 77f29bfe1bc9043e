import type { RESPONSIBLE_EVENT_KINDS } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import { overview } from './controls.ts';
import * as store from './store.ts';

/** The console's read-only views: a member's controls and their history, and the members on a break now. */

interface Paging {
  pageNo: number;
  pageSize: number;
}

export async function memberControls(deps: AppDeps, memberId: number, paging: Paging, now: Date) {
  const controls = await overview(deps, deps.db, memberId, now);
  const history = await store.events(
    deps.db,
    memberId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  return {
    controls,
    history: {
      list: history.rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind as (typeof RESPONSIBLE_EVENT_KINDS)[number],
        detail: row.detail,
        createdAt: row.created_at.toISOString(),
      })),
      total: history.total,
      ...paging,
    },
  };
}

export async function excludedMembers(
  deps: AppDeps,
  query: Paging & { kind?: 'time_out' | 'self_exclusion' | undefined },
  now: Date,
) {
  const found = await store.excluded(deps.db, {
    kind: query.kind ?? null,
    now,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: found.rows.map((row) => ({
      id: row.member_id,
      memberId: row.member_id,
      username: row.username,
      kind: row.block_kind,
      startedAt: row.block_started_at.toISOString(),
      until: row.block_until.toISOString(),
      reopensAt: row.reopen_requested_at
        ? new Date(row.reopen_requested_at.getTime() + 86_400_000).toISOString()
        : null,
    })),
    total: found.total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
