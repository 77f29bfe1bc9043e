import type { BroadcastRow, broadcastInput } from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { sanitizeRichHtml } from '../../platform/sanitize.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import { publishBroadcastChange } from './service.ts';
import * as store from './store.ts';

/**
 * Operators' broadcasts: one row, whatever the audience; each member's read and delete marks are written when the
 * member reads or deletes it (store.ts VISIBLE_BROADCASTS says who receives one).
 */

const broadcastView = (row: store.BroadcastDb): BroadcastRow => ({
  id: row.id,
  audience: row.audience,
  clubRank: row.club_rank,
  label: row.label,
  texts: row.texts as BroadcastRow['texts'],
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  recipients: row.recipients,
  readCount: row.read_count,
});

export async function broadcastPage(db: Queryable, pageNo: number, pageSize: number) {
  const rows = await store.broadcastPage(db, pageNo, pageSize);
  return { list: rows.map(broadcastView), total: rows[0]?.total ?? 0, pageNo, pageSize };
}

/** Sends a broadcast: its texts sanitised, audited, and every player's open pages told to count again. */
export async function sendBroadcast(
  deps: AppDeps,
  call: OperatorCall,
  body: z.output<typeof broadcastInput>,
  idempotency: IdempotencyKey | null,
) {
  const who = asOperator(call.caller);
  const texts = body.texts.map((text) => ({ ...text, content: sanitizeRichHtml(text.content) }));
  if (texts.some((text) => text.content.trim() === '')) {
    throw new AppError('validation_failed', { texts: 'required' });
  }
  return operatorWrite(deps, call, { entity: 'broadcast', action: 'create', idempotency }, async (tx) => {
    const id = await store.insertBroadcast(tx, {
      audience: body.audience,
      clubRank: body.audience === 'vip' ? body.clubRank : null,
      label: body.audience === 'label' ? body.label : null,
      texts,
      operatorId: who.operatorId,
      at: call.now,
    });
    const after = broadcastView(orNotFound(await store.findBroadcast(tx, id)));
    await publishBroadcastChange(tx);
    return { entityId: id, before: null, after, result: after };
  });
}

/** Takes a broadcast out of every inbox (its read marks stay, for its figures); broadcast_withdrawn when it was. */
export async function withdrawBroadcast(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'broadcast', action: 'withdraw' }, async (tx) => {
    const before = broadcastView(orNotFound(await store.findBroadcast(tx, id, true)));
    if (before.withdrawnAt) throw new AppError('broadcast_withdrawn');
    await store.withdrawBroadcast(tx, id, call.now);
    const after = broadcastView(orNotFound(await store.findBroadcast(tx, id)));
    await publishBroadcastChange(tx);
    return { entityId: id, before, after, result: after };
  });
}
