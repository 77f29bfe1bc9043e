import {
  supportPlayerEndpoints as api,
  supportConsoleEndpoints as bo,
  supportConsoleImageFields,
  supportImageFields,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember, asOperator } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { parseInput } from '../../platform/validation.ts';
import { cleanImages, readImageForm } from './images.ts';
import {
  businessHours,
  conversationImage,
  memberChat,
  memberImage,
  memberTyping,
  rateConversation,
  readForMember,
  sendMemberMessage,
} from './service.ts';
import {
  addCanned,
  cannedReplies,
  conversationView,
  operatorTyping,
  queues,
  readConversation,
  removeCanned,
  reply,
  resolve,
  setAgent,
  setHours,
  stats,
  transfer,
} from './workspace.ts';

/** The member's built-in customer service and the console's support workspace (issue 26 item 1). */
export function supportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, api.chat, async ({ caller, now }) => memberChat(db, asMember(caller).memberId, now));
  route(app, deps, api.send, async ({ caller, body, now, idempotency }) =>
    sendMemberMessage(deps, asMember(caller).memberId, { text: body.text }, { now, idempotency }),
  );
  route(app, deps, api.sendImages, async ({ caller, request, language, now }) => {
    const form = await readImageForm(request);
    const fields = parseInput(supportImageFields, form.fields, language);
    // Re-encoding takes CPU time: it happens before the transaction opens.
    const images = await cleanImages(form.files);
    return sendMemberMessage(
      deps,
      asMember(caller).memberId,
      { text: fields.text, images },
      { now, idempotency: null },
    );
  });
  route(app, deps, api.image, async ({ caller, params }) =>
    memberImage(db, asMember(caller).memberId, params.id),
  );
  route(app, deps, bo.image, async ({ params }) => conversationImage(db, params.id));
  route(app, deps, api.read, async ({ caller, now }) => readForMember(deps, asMember(caller).memberId, now));
  route(app, deps, api.typing, async ({ caller }) => memberTyping(deps, asMember(caller).memberId));
  route(app, deps, api.rate, async ({ caller, params, body, now }) =>
    rateConversation(deps, asMember(caller).memberId, params.id, body.rating, now),
  );

  route(app, deps, bo.queues, async ({ caller, query, now }) => queues(deps, asOperator(caller), query, now));
  route(app, deps, bo.conversation, async ({ params, now }) => conversationView(deps, params.id, now));
  route(app, deps, bo.reply, async (ctx) => reply(deps, ctx, ctx.params.id, ctx.body, ctx.idempotency));
  route(app, deps, bo.replyImages, async (ctx) => {
    const form = await readImageForm(ctx.request, 3);
    const fields = parseInput(supportConsoleImageFields, form.fields, ctx.language);
    const images = await cleanImages(form.files);
    return reply(deps, ctx, ctx.params.id, { ...fields, images }, null);
  });
  route(app, deps, bo.transfer, async (ctx) => transfer(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.resolve, async (ctx) => resolve(deps, ctx, ctx.params.id));
  route(app, deps, bo.read, async (ctx) => readConversation(deps, ctx, ctx.params.id));
  route(app, deps, bo.typing, async ({ params }) => operatorTyping(deps, params.id));
  route(app, deps, bo.setAgent, async (ctx) => setAgent(deps, ctx, ctx.body));
  route(app, deps, bo.canned, async () => cannedReplies(deps));
  route(app, deps, bo.addCanned, async (ctx) => addCanned(deps, ctx, ctx.body));
  route(app, deps, bo.removeCanned, async (ctx) => removeCanned(deps, ctx, ctx.params.id));
  route(app, deps, bo.hours, async () => businessHours(db));
  route(app, deps, bo.setHours, async (ctx) => setHours(deps, ctx, ctx.body));
  route(app, deps, bo.stats, async ({ query, now }) => stats(deps, query.days, now));
}
