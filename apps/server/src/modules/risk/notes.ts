import type { MemberNote } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** Operators' notes (kept, never edited) and tags on a member, each write audited. */

const noteView = (row: store.NoteDb): MemberNote => ({
  id: row.id,
  body: row.body,
  author: row.author,
  createdAt: row.created_at.toISOString(),
});

async function assertMember(db: Queryable, memberId: number) {
  if (!(await store.memberExists(db, memberId))) throw new AppError('not_found');
}

/** What the player page shows of risk: the notes, the tags and how many flags are open. */
export async function memberRisk(db: Queryable, memberId: number) {
  await assertMember(db, memberId);
  const [notes, tags, openFlags] = await Promise.all([
    store.notes(db, memberId),
    store.tags(db, memberId),
    store.openFlagCount(db, memberId),
  ]);
  return { notes: notes.map(noteView), tags, openFlags };
}

export async function addNote(deps: AppDeps, call: OperatorCall, memberId: number, body: string) {
  const operatorId = asOperator(call.caller).operatorId;
  await assertMember(deps.db, memberId);
  return operatorWrite(deps, call, { entity: 'member_note', action: 'create' }, async (tx) => {
    const id = await store.insertNote(tx, { memberId, operatorId, body, at: call.now });
    const [row] = (await store.notes(tx, memberId, 1)).filter((note) => note.id === id);
    if (!row) throw new Error(`note ${id} vanished`);
    return { entityId: memberId, before: null, after: { noteId: id, body }, result: noteView(row) };
  });
}

export async function setTags(deps: AppDeps, call: OperatorCall, memberId: number, list: readonly string[]) {
  await assertMember(deps.db, memberId);
  const unique = [...new Set(list.map((tag) => tag.trim()))].sort();
  return operatorWrite(deps, call, { entity: 'member_tags', action: 'update' }, async (tx) => {
    const before = await store.tags(tx, memberId);
    await store.replaceTags(tx, memberId, unique);
    return {
      entityId: memberId,
      before: { tags: before },
      after: { tags: unique },
      result: { tags: unique },
    };
  });
}
