import type { Queryable } from '../../db/database.ts';
import * as store from './store.ts';

/** Who a member is to other members: the upline, and the direct downlines of an agent. */
export interface Relative {
  id: number;
  username: string;
  nickname: string;
  type: number;
  uplineId: number | null;
  /** The member may send money to the upline (toUpline of §2). */
  toUpline: boolean;
}

const relative = (row: store.RelativeDb): Relative => ({
  id: row.id,
  username: row.username,
  nickname: row.nickname,
  type: row.type,
  uplineId: row.upline_id,
  toUpline: row.to_upline,
});

export async function relativeById(db: Queryable, id: number): Promise<Relative | null> {
  const row = await store.findRelative(db, id);
  return row ? relative(row) : null;
}

export async function directDownlines(db: Queryable, uplineId: number, limit = 200): Promise<Relative[]> {
  return (await store.listDirectDownlines(db, uplineId, null, limit)).map(relative);
}

export async function directDownlineByUsername(
  db: Queryable,
  uplineId: number,
  username: string,
): Promise<Relative | null> {
  const [row] = await store.listDirectDownlines(db, uplineId, username, 1);
  return row ? relative(row) : null;
}
