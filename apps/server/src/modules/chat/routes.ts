import { chatEndpoints as api, chatConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { customerServiceScript, launchLiveChat, liveUnread, receiveChatwootWebhook } from './live-chat.ts';
import {
  chatTopicGuard,
  chatUrl,
  consoleMessages,
  consoleRooms,
  createRoom,
  followBet,
  hideByModerator,
  hideByOperator,
  markRead,
  openRooms,
  restrictByModerator,
  restrictByOperator,
  roomMessages,
  roomPermissions,
  sendMessage,
  setModerator,
  shareBet,
  unreadCount,
  updateRoom,
} from './rooms.ts';
import { chatSettings, saveChatSettings, settingsView } from './settings.ts';

/** The chat room (the original's CBS calls), the live chat (built-in or Chatwoot) and their console. */
export function chatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  deps.realtime.guardTopics('chat:', chatTopicGuard(deps));

  route(app, deps, api.modelList, async () => openRooms(db));
  route(app, deps, api.groupPermission, async ({ caller, now }) =>
    roomPermissions(db, asMember(caller).memberId, now),
  );
  route(app, deps, api.launchChat, async ({ caller, query, language }) =>
    query.b2c === '1'
      ? {
          chatUrl:
            (await launchLiveChat(deps, asMember(caller).memberId, query.language ?? language)).chatUrl ?? '',
        }
      : chatUrl(query),
  );
  route(app, deps, api.unreadCount, async ({ caller }) => liveUnread(db, asMember(caller).memberId));
  route(app, deps, api.roomUnread, async ({ caller, now }) =>
    unreadCount(db, asMember(caller).memberId, now),
  );
  route(app, deps, api.customerServiceScript, async () => customerServiceScript(db));
  route(app, deps, api.messages, async ({ caller, params, query }) =>
    roomMessages(deps, asMember(caller).memberId, params.id, query.beforeId),
  );
  route(app, deps, api.send, async ({ caller, params, body, now, idempotency }) =>
    sendMessage(deps, asMember(caller).memberId, params.id, body, { now, idempotency }),
  );
  route(app, deps, api.share, async ({ caller, params, body, now, idempotency, language }) =>
    shareBet(deps, asMember(caller).memberId, params.id, body, { now, idempotency, language }),
  );
  route(app, deps, api.follow, async ({ caller, params }) =>
    followBet(deps, asMember(caller).memberId, params.id, params.messageId),
  );
  route(app, deps, api.read, async ({ caller, params, body }) =>
    markRead(deps, asMember(caller).memberId, params.id, body.lastId),
  );
  route(app, deps, api.restrict, async ({ caller, params, body }) =>
    restrictByModerator(deps, asMember(caller).memberId, params.id, body),
  );
  route(app, deps, api.hide, async ({ caller, params }) =>
    hideByModerator(deps, asMember(caller).memberId, params.id, params.messageId),
  );
  route(app, deps, api.liveLaunch, async ({ caller, language }) =>
    launchLiveChat(deps, asMember(caller).memberId, language),
  );
  route(app, deps, api.chatwootWebhook, async ({ params, body, now }) =>
    receiveChatwootWebhook(deps, params.secret, body, now),
  );

  route(app, deps, bo.rooms, async () => consoleRooms(db));
  route(app, deps, bo.createRoom, async (ctx) => createRoom(deps, ctx, ctx.body, ctx.idempotency));
  route(app, deps, bo.updateRoom, async (ctx) => updateRoom(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.roomMessages, async ({ params, query }) =>
    consoleMessages(db, params.id, query.pageNo, query.pageSize),
  );
  route(app, deps, bo.hideMessage, async (ctx) =>
    hideByOperator(deps, ctx, ctx.params.id, ctx.params.messageId),
  );
  route(app, deps, bo.restrict, async (ctx) => restrictByOperator(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.setModerator, async (ctx) =>
    setModerator(deps, ctx, ctx.params.id, ctx.params.memberId, ctx.body.moderator),
  );
  route(app, deps, bo.settings, async () => settingsView(await chatSettings(db)));
  route(app, deps, bo.saveSettings, async (ctx) => saveChatSettings(deps, ctx, ctx.body));
}
