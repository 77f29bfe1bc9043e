import {
  FEEDBACK_LIMITS,
  type FeedbackBody,
  type FeedbackRow,
  type FeedbackStatus,
  type FeedbackType,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import { type AttemptPolicy, lockedUntil, recordFailure } from '../../platform/attempts.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { sendMessage } from './service.ts';
import * as store from './store.ts';

/**
 * Feedback (issue 23 part 9): a member sends a question type and a text; operators list it by status and type,
 * reply (the reply reaches the member's inbox as a FEEDBACK_REPLY message) or close it.
 */

/** At most FEEDBACK_LIMITS.perHour sends per member: the last one allowed locks sending for an hour. */
const FEEDBACK_POLICY: AttemptPolicy = {
  windowMinutes: 60,
  maxFailures: FEEDBACK_LIMITS.perHour,
  lockMinutes: 60,
};
const limitKey = (memberId: number) => `feedback:${memberId}`;

/** How much of the member's text the reply message quotes. */
const QUOTED = 120;

export async function sendFeedback(
  deps: Pick<AppDeps, 'db'>,
  memberId: number,
  body: FeedbackBody,
  request: { now: Date; idempotency: IdempotencyKey | null },
) {
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    if (await lockedUntil(tx, limitKey(memberId), request.now)) throw new AppError('feedback_limit');
    await recordFailure(tx, limitKey(memberId), FEEDBACK_POLICY, request.now);
    return store.insertFeedback(tx, { memberId, type: body.type, content: body.content, at: request.now });
  });
}

const feedbackView = (row: store.FeedbackDb): FeedbackRow => ({
  id: row.id,
  memberId: row.member_id,
  username: row.username,
  type: row.type as FeedbackType,
  content: row.content,
  status: row.status,
  reply: row.reply,
  repliedBy: row.replied_by,
  repliedAt: row.replied_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

export async function feedbackPage(
  db: Queryable,
  query: { pageNo: number; pageSize: number; status?: FeedbackStatus; type?: FeedbackType },
) {
  const rows = await store.feedbackPage(
    db,
    { status: query.status ?? null, type: query.type ?? null },
    query.pageNo,
    query.pageSize,
  );
  return {
    list: rows.map(feedbackView),
    total: rows[0]?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

const quote = (text: string) => (text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/** Replies to feedback (again, if need be): the reply goes to the member's inbox; feedback_closed once closed. */
export async function replyFeedback(deps: AppDeps, call: OperatorCall, id: number, reply: string) {
  const who = asOperator(call.caller);
  return operatorWrite(deps, call, { entity: 'feedback', action: 'reply' }, async (tx) => {
    const found = orNotFound(await store.findFeedback(tx, id, true));
    if (found.status === 'closed') throw new AppError('feedback_closed');
    await store.replyFeedback(tx, id, reply, who.operatorId, call.now);
    await sendMessage(
      tx,
      found.member_id,
      'FEEDBACK_REPLY',
      { question: quote(found.content), reply },
      call.now,
    );
    const after = feedbackView(orNotFound(await store.findFeedback(tx, id)));
    return { entityId: id, before: feedbackView(found), after, result: after };
  });
}

export async function closeFeedback(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'feedback', action: 'close' }, async (tx) => {
    const found = orNotFound(await store.findFeedback(tx, id, true));
    if (found.status === 'closed') throw new AppError('feedback_closed');
    await store.closeFeedback(tx, id);
    const after = feedbackView(orNotFound(await store.findFeedback(tx, id)));
    return { entityId: id, before: feedbackView(found), after, result: after };
  });
}
