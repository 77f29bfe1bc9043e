import { inboxEndpoints as api, inboxConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { broadcastPage, sendBroadcast, withdrawBroadcast } from './broadcasts.ts';
import { closeFeedback, feedbackPage, replyFeedback, sendFeedback } from './feedback.ts';
import { deleteMessage, inboxPage, readAll, readMessages, unreadCount } from './service.ts';

/** The member's inbox and feedback (the original's CSP_unreadCount, CSP_getInbox, /wps/feedback) and their console. */
export function inboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, api.unreadCount, async ({ caller }) => unreadCount(db, asMember(caller).memberId));
  route(app, deps, api.inbox, async ({ caller, query }) => inboxPage(db, asMember(caller).memberId, query));
  route(app, deps, api.read, async ({ caller, body, now }) =>
    readMessages(deps, asMember(caller).memberId, body.ids, now),
  );
  route(app, deps, api.readAll, async ({ caller, now }) => readAll(deps, asMember(caller).memberId, now));
  route(app, deps, api.remove, async ({ caller, params, now }) =>
    deleteMessage(deps, asMember(caller).memberId, params.id, now),
  );
  route(app, deps, api.feedback, async ({ caller, body, now, idempotency }) =>
    sendFeedback(deps, asMember(caller).memberId, body, { now, idempotency }),
  );

  route(app, deps, bo.broadcasts, async ({ query }) => broadcastPage(db, query.pageNo, query.pageSize));
  route(app, deps, bo.sendBroadcast, async (ctx) => sendBroadcast(deps, ctx, ctx.body, ctx.idempotency));
  route(app, deps, bo.withdrawBroadcast, async (ctx) => withdrawBroadcast(deps, ctx, ctx.params.id));
  route(app, deps, bo.feedback, async ({ query }) => feedbackPage(db, query));
  route(app, deps, bo.replyFeedback, async (ctx) => replyFeedback(deps, ctx, ctx.params.id, ctx.body.reply));
  route(app, deps, bo.closeFeedback, async (ctx) => closeFeedback(deps, ctx, ctx.params.id));
}
