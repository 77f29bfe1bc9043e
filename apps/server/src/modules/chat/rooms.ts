import {
  type CHAT_ENTRY_REFUSALS,
  CHAT_LIMITS,
  type ChatBetCard,
  type ChatMessage,
  type ChatRoom,
  type ChatSendBody,
  type ChatShareBody,
  type ConsoleChatRoom,
  type chatRoomInput,
  chatTopic,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { leaveTopic, publish, type SocketIdentity } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { chatFacts } from '../accounts/club.ts';
import { maskUsername, rankList } from '../games/boards.ts';
import { myTicket as lotteryTicket } from '../lottery/bets.ts';
import { myBet as sportsbookTicket } from '../sportsbook/bets.ts';
import { selectionsNow } from '../sportsbook/site.ts';
import { depositTotalsBetween } from '../wallet/deposit-totals.ts';
import { chatSettings } from './settings.ts';
import * as store from './store.ts';

type Refusal = (typeof CHAT_ENTRY_REFUSALS)[number];
type Restriction = { memberId: number; action: 'mute' | 'unmute' | 'kick' | 'unkick'; minutes: number };

const DAY_MS = 86_400_000;

const roomView = (row: store.RoomDb): ChatRoom => ({
  roomId: row.id,
  name: row.name,
  description: row.description,
  notice: row.notice,
  slowModeSeconds: row.slow_mode_seconds,
});

const messageView = (row: store.MessageDb): ChatMessage => ({
  id: Number(row.id),
  roomId: row.room_id,
  kind: row.kind,
  text: row.body,
  author: row.author,
  memberId: row.member_id,
  moderator: row.moderator,
  card: row.card,
  createdAt: row.created_at.toISOString(),
});

const consoleRoomView = (row: store.RoomDb & { messages: number; members: number }): ConsoleChatRoom => ({
  id: row.id,
  name: row.name,
  description: row.description,
  minClubRank: row.min_club_rank,
  depositWithinDays: row.deposit_within_days,
  label: row.label,
  slowModeSeconds: row.slow_mode_seconds,
  notice: row.notice,
  enabled: row.enabled,
  sort: row.sort,
  messages: row.messages,
  members: row.members,
  createdAt: row.created_at.toISOString(),
});

const active = (until: Date | null, now: Date): until is Date => until !== null && until > now;

/** Why the member may not enter the room (its entry rules, a kick still running), or null when the member may. */
async function entryRefusal(
  db: Queryable,
  room: store.RoomDb,
  memberId: number,
  now: Date,
): Promise<Refusal | null> {
  const facts = await chatFacts(db, memberId);
  if (!facts) return 'vip';
  if (facts.clubRank < room.min_club_rank) return 'vip';
  if (room.label !== null && !facts.labels.includes(room.label)) return 'label';
  if (room.deposit_within_days !== null) {
    const from = new Date(now.getTime() - room.deposit_within_days * DAY_MS);
    const deposits = await depositTotalsBetween(db, { from, to: new Date(now.getTime() + 1) }, [memberId]);
    if (!deposits.has(memberId)) return 'deposit';
  }
  const member = await store.roomMember(db, room.id, memberId);
  if (member && active(member.kicked_until, now)) return 'kicked';
  return null;
}

/** An open room the member may enter, or the refusal: not_found, chat_kicked (until when) or chat_room_closed. */
async function enterableRoom(db: Queryable, roomId: number, memberId: number, now: Date) {
  const room = await store.findRoom(db, roomId);
  if (!room?.enabled) throw new AppError('not_found');
  const refusal = await entryRefusal(db, room, memberId, now);
  if (refusal === 'kicked') {
    const member = await store.roomMember(db, roomId, memberId);
    throw new AppError('chat_kicked', undefined, member?.kicked_until ?? undefined);
  }
  if (refusal) throw new AppError('chat_room_closed');
  return room;
}

/** Refuses a member the room does not admit (chat_room_closed, chat_kicked until when; not_found when closed). */
export async function assertRoomEntry(db: Queryable, roomId: number, memberId: number, now: Date) {
  await enterableRoom(db, roomId, memberId, now);
}

/** The room's name, or null when there is no such room (open or not). */
export async function roomName(db: Queryable, roomId: number): Promise<string | null> {
  return (await store.findRoom(db, roomId))?.name ?? null;
}

/**
 * Posts, in the caller's transaction, the message of a red envelope round dropped in the room (once per round); the
 * sockets in the room receive it when that transaction commits.
 */
export async function postEnvelope(
  tx: Queryable,
  drop: { roomId: number; roundId: number; envelopes: number; closesAt: Date },
  now: Date,
): Promise<void> {
  const row = await store.insertCard(tx, {
    roomId: drop.roomId,
    kind: 'envelope',
    sourceKey: `envelope:${drop.roundId}`,
    body: '',
    card: { roundId: drop.roundId, envelopes: drop.envelopes, closesAt: drop.closesAt.toISOString() },
    at: now,
  });
  if (row) {
    await publish(tx, { type: 'chat.message', message: messageView(row) }, { topic: chatTopic(drop.roomId) });
  }
}

/** The open rooms (CBS_modelList). */
export async function openRooms(db: Queryable): Promise<{ list: ChatRoom[] }> {
  return { list: (await store.listRooms(db, true)).map(roomView) };
}

/** Each open room: whether the member may enter, why not, and whether the member moderates it (CBS_groupPermission). */
export async function roomPermissions(db: Queryable, memberId: number, now: Date) {
  const rooms = await store.listRooms(db, true);
  const mine = new Map((await store.memberRooms(db, memberId)).map((row) => [row.room_id, row]));
  const list = [];
  for (const room of rooms) {
    const reason = await entryRefusal(db, room, memberId, now);
    list.push({
      roomId: room.id,
      allowed: reason === null,
      reason,
      moderator: mine.get(room.id)?.moderator ?? false,
    });
  }
  return { list };
}

/** The page the floating chat window embeds (CBS_launchChat), with the caller's title, language and header colour. */
export function chatUrl(query: { title?: string; language?: string; headerColor?: string }): {
  chatUrl: string;
} {
  const params = new URLSearchParams({ embed: '1' });
  if (query.title) params.set('title', query.title);
  if (query.language) params.set('lang', query.language);
  if (query.headerColor) params.set('headerColor', query.headerColor.replace(/^#/, ''));
  return { chatUrl: `/chat?${params.toString()}` };
}

export async function unreadCount(db: Queryable, memberId: number, now: Date) {
  return { unReadCount: await store.unreadCount(db, memberId, now) };
}

/** A room's latest messages (oldest first), the member's standing in it, and the room marked read. */
export async function roomMessages(
  deps: AppDeps,
  memberId: number,
  roomId: number,
  beforeId: number | undefined,
) {
  const now = deps.clock.now();
  const room = await enterableRoom(deps.db, roomId, memberId, now);
  const rows = await store.recentMessages(deps.db, roomId, beforeId ?? null, CHAT_LIMITS.historyPage);
  const member = await store.roomMember(deps.db, roomId, memberId);
  return {
    room: roomView(room),
    list: rows.reverse().map(messageView),
    moderator: member?.moderator ?? false,
    mutedUntil: member && active(member.muted_until, now) ? member.muted_until.toISOString() : null,
  };
}

/** The name a member's messages show: the nickname, else the masked user name. */
const authorName = (facts: { username: string; nickname: string }) =>
  facts.nickname.trim() !== '' ? facts.nickname.trim() : maskUsername(facts.username);

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s<>"']*/gi;

function linkHost(link: string): string | null {
  try {
    const url = new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`);
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Refuses a text with a blocked word, or a link to a host that is not allowed (nor a sub-domain of one). */
function checkText(text: string, settings: { keywords: string[]; linkHosts: string[] }) {
  const lower = text.toLowerCase();
  if (settings.keywords.some((word) => lower.includes(word))) throw new AppError('chat_blocked_words');
  for (const link of text.match(LINK) ?? []) {
    const host = linkHost(link);
    const allowed =
      host !== null && settings.linkHosts.some((allow) => host === allow || host.endsWith(`.${allow}`));
    if (!allowed) throw new AppError('chat_link_not_allowed');
  }
}

type MemberPost = Pick<store.MessageDb, 'kind' | 'body' | 'card'>;

/**
 * Posts a member's message or bet card in one transaction: refused when muted (until when), kicked, in the room's
 * slow mode (a moderator is not held by it), past CHAT_LIMITS.perMinute, or by `check` (under the member's row lock,
 * so a member's posts queue). Every socket in the room, on every process, receives it when it commits.
 */
async function postAsMember(
  deps: AppDeps,
  memberId: number,
  roomId: number,
  post: MemberPost,
  options: {
    now: Date;
    idempotency: IdempotencyKey | null;
    check?: (tx: Queryable) => Promise<void>;
  },
): Promise<ChatMessage> {
  const { now } = options;
  const facts = orNotFound(await chatFacts(deps.db, memberId));
  return write(deps.db, { isolation: 'read committed', idempotency: options.idempotency }, async (tx) => {
    const room = orNotFound(await store.findRoom(tx, roomId));
    const member = await store.lockRoomMember(tx, roomId, memberId);
    if (active(member.kicked_until, now)) throw new AppError('chat_kicked', undefined, member.kicked_until);
    if (active(member.muted_until, now)) throw new AppError('chat_muted', undefined, member.muted_until);
    if (!member.moderator && room.slow_mode_seconds > 0 && member.last_sent_at) {
      const next = new Date(member.last_sent_at.getTime() + room.slow_mode_seconds * 1000);
      if (next > now) throw new AppError('chat_slow_mode', undefined, next);
    }
    if ((await store.sentSince(tx, memberId, new Date(now.getTime() - 60_000))) >= CHAT_LIMITS.perMinute) {
      throw new AppError('too_many_requests');
    }
    await options.check?.(tx);
    const row = await store.insertMessage(tx, {
      roomId,
      memberId,
      kind: post.kind,
      body: post.body,
      card: post.card,
      author: authorName(facts),
      moderator: member.moderator,
      at: now,
    });
    await store.setLastSent(tx, roomId, memberId, now);
    await store.setLastRead(tx, roomId, memberId, Number(row.id));
    const message = messageView(row);
    await publish(tx, { type: 'chat.message', message }, { topic: chatTopic(roomId) });
    return message;
  });
}

/** Posts a member's text or sticker (see postAsMember); a text with a blocked word or a link not allowed is refused. */
export async function sendMessage(
  deps: AppDeps,
  memberId: number,
  roomId: number,
  body: ChatSendBody,
  options: { now: Date; idempotency: IdempotencyKey | null },
): Promise<ChatMessage> {
  await enterableRoom(deps.db, roomId, memberId, options.now);
  if (body.kind === 'text') checkText(body.text, await chatSettings(deps.db));
  return postAsMember(deps, memberId, roomId, { kind: body.kind, body: body.text, card: null }, options);
}

/** The shortest time between two shares of one ticket in one room. */
const SHARE_INTERVAL_MS = 60_000;

type CardLeg = ChatBetCard['legs'][number];

/** A sportsbook leg as a bet card keeps it (and the follower's slip reads it back). */
const cardLeg = (leg: CardLeg): CardLeg => ({
  selectionId: leg.selectionId,
  eventId: leg.eventId,
  event: leg.event,
  home: leg.home,
  away: leg.away,
  marketType: leg.marketType,
  period: leg.period,
  line: leg.line,
  map: leg.map,
  selection: leg.selection,
  price: leg.price,
});

/** The card of one of the member's own tickets, read by the server (the product refuses another member's ticket). */
async function betCard(
  deps: AppDeps,
  memberId: number,
  body: ChatShareBody,
  language: string,
  now: Date,
): Promise<ChatBetCard> {
  const showStake = body.showStake === true;
  if (body.product === 'lottery') {
    const ticket = await lotteryTicket(deps, memberId, body.ticketNo, language);
    return {
      product: 'lottery',
      ticketNo: ticket.ticketNo,
      title: ticket.gameName,
      state: ticket.state,
      stake: showStake ? ticket.stake : null,
      price: null,
      legs: [],
      lottery: { gameId: ticket.gameId, betType: ticket.betType, numbers: ticket.numbers },
    };
  }
  const ticket = await sportsbookTicket(deps, memberId, body.ticketNo, now);
  return {
    product: 'sportsbook',
    ticketNo: ticket.ticketNo,
    title: ticket.legs[0]?.event ?? '',
    state: ticket.state,
    stake: showStake ? ticket.stake : null,
    price: ticket.price,
    legs: ticket.legs.map(cardLeg),
    lottery: null,
  };
}

/**
 * Shares one of the member's tickets in the room as a bet card: the server reads the ticket by its number among the
 * member's own (another member's answers as none), shows the stake only when asked, and holds it as any message
 * (slow mode, the limit a minute) and to one share of a ticket per room a minute (chat_share_too_soon).
 */
export async function shareBet(
  deps: AppDeps,
  memberId: number,
  roomId: number,
  body: ChatShareBody,
  options: { now: Date; idempotency: IdempotencyKey | null; language: string },
): Promise<ChatMessage> {
  const { now } = options;
  await enterableRoom(deps.db, roomId, memberId, now);
  const card = await betCard(deps, memberId, body, options.language, now);
  const check = async (tx: Queryable) => {
    const last = await store.lastShare(tx, roomId, memberId, `${card.product}:${card.ticketNo}`);
    const next = last && new Date(last.getTime() + SHARE_INTERVAL_MS);
    if (next && next > now) throw new AppError('chat_share_too_soon', undefined, next);
  };
  return postAsMember(deps, memberId, roomId, { kind: 'bet', body: card.title, card }, { ...options, check });
}

/** A shared sportsbook card's picks as they stand now (sportsbook selectionsNow), for the follower's slip. */
export async function followBet(deps: AppDeps, memberId: number, roomId: number, messageId: number) {
  await enterableRoom(deps.db, roomId, memberId, deps.clock.now());
  const message = await store.findMessage(deps.db, roomId, messageId);
  if (!message) throw new AppError('not_found');
  const card = message.kind === 'bet' ? (message.card as ChatBetCard) : null;
  if (card?.product !== 'sportsbook') throw new AppError('chat_not_a_bet');
  const now = await selectionsNow(deps, card.legs);
  return {
    legs: card.legs.map((leg) => {
      const found = now.get(leg.selectionId);
      return {
        ...cardLeg(leg),
        status: found?.status ?? ('closed' as const),
        price: found?.price ?? leg.price,
        priceVersion: found?.priceVersion ?? 0,
        live: found?.live ?? false,
      };
    }),
  };
}

/**
 * Posts the wins from the operator's threshold (chat settings bigWinMin, major units; 0 posts none) to every open
 * room, each once per room (its key: game, time, player, amount), as a card the site draws in the reader's language.
 * Answers how many cards were posted.
 */
export async function postBigWins(deps: AppDeps, now: Date): Promise<number> {
  const { bigWinMin } = await chatSettings(deps.db);
  if (bigWinMin <= 0) return 0;
  const since = new Date(now.getTime() - 10 * 60_000);
  const board = await rankList(deps, { gameCategory: 'ALL', limitNum: 20 }, 'EN', now);
  const wins = board.list.filter((win) => win.winAmount >= bigWinMin && new Date(win.winTime) >= since);
  if (wins.length === 0) return 0;
  const rooms = await store.listRooms(deps.db, true);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    let posted = 0;
    for (const room of rooms) {
      for (const win of wins) {
        const row = await store.insertCard(tx, {
          roomId: room.id,
          kind: 'win',
          sourceKey: `${win.nodeId}:${win.winTime}:${win.customerName}:${win.winAmount}`,
          body: `${win.customerName} ${win.winAmount} ${win.gameName}`,
          card: { player: win.customerName, amount: win.winAmount, game: win.gameName },
          at: now,
        });
        if (!row) continue;
        posted += 1;
        await publish(tx, { type: 'chat.message', message: messageView(row) }, { topic: chatTopic(room.id) });
      }
    }
    return posted;
  });
}

/** Marks the room read up to a message (never past its last): the member's new unread count. */
export async function markRead(deps: AppDeps, memberId: number, roomId: number, lastId: number) {
  const now = deps.clock.now();
  await enterableRoom(deps.db, roomId, memberId, now);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    await store.lockRoomMember(tx, roomId, memberId);
    await store.setLastRead(tx, roomId, memberId, lastId);
  });
  return unreadCount(deps.db, memberId, now);
}

/** Mutes, kicks or lets back a member in the caller's transaction; the member's sockets are told (a kick leaves). */
async function applyRestriction(tx: Queryable, roomId: number, restriction: Restriction, now: Date) {
  const until = new Date(now.getTime() + restriction.minutes * 60_000);
  await store.lockRoomMember(tx, roomId, restriction.memberId);
  const { action, memberId } = restriction;
  if (action === 'mute') await store.setRestriction(tx, roomId, memberId, { mutedUntil: until });
  if (action === 'unmute') await store.setRestriction(tx, roomId, memberId, { mutedUntil: null });
  if (action === 'kick') await store.setRestriction(tx, roomId, memberId, { kickedUntil: until });
  if (action === 'unkick') await store.setRestriction(tx, roomId, memberId, { kickedUntil: null });
  const kind = action === 'mute' || action === 'unmute' ? 'mute' : 'kick';
  const lasting = action === 'mute' || action === 'kick';
  await publish(
    tx,
    { type: 'chat.restricted', roomId, kind, until: lasting ? until.toISOString() : null },
    { member: memberId },
  );
  if (action === 'kick') await leaveTopic(tx, memberId, chatTopic(roomId));
}

/** The member's row in the room, which must be a moderator's (forbidden otherwise). */
async function asModerator(db: Queryable, roomId: number, memberId: number, now: Date) {
  await enterableRoom(db, roomId, memberId, now);
  const member = await store.roomMember(db, roomId, memberId);
  if (!member?.moderator) throw new AppError('forbidden');
}

/** A moderator mutes, kicks or lets back a member of the room (not another moderator, nor themself). */
export async function restrictByModerator(
  deps: AppDeps,
  moderatorId: number,
  roomId: number,
  body: Restriction,
) {
  const now = deps.clock.now();
  await asModerator(deps.db, roomId, moderatorId, now);
  if (body.memberId === moderatorId) throw new AppError('forbidden');
  if (!(await chatFacts(deps.db, body.memberId))) throw new AppError('not_found');
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const target = await store.roomMember(tx, roomId, body.memberId);
    if (target?.moderator) throw new AppError('forbidden');
    await applyRestriction(tx, roomId, body, now);
  });
  return { ok: true as const };
}

async function hide(tx: Queryable, roomId: number, messageId: number, now: Date) {
  if (!(await store.hideMessage(tx, roomId, messageId, now))) throw new AppError('not_found');
  await publish(tx, { type: 'chat.hidden', roomId, messageId }, { topic: chatTopic(roomId) });
}

export async function hideByModerator(deps: AppDeps, moderatorId: number, roomId: number, messageId: number) {
  const now = deps.clock.now();
  await asModerator(deps.db, roomId, moderatorId, now);
  await write(deps.db, { isolation: 'read committed' }, (tx) => hide(tx, roomId, messageId, now));
  return { ok: true as const };
}

/** The topic guard of `chat:<roomId>`: a member who may enter the room, or an operator. */
export function chatTopicGuard(deps: AppDeps) {
  return async (identity: SocketIdentity, topic: string): Promise<boolean> => {
    const roomId = Number(topic.slice('chat:'.length));
    if (!Number.isSafeInteger(roomId) || roomId <= 0 || roomId > 2_147_483_647) return false;
    if (identity.kind === 'operator') return true;
    if (identity.kind !== 'member') return false;
    const room = await store.findRoom(deps.db, roomId);
    return (
      room?.enabled === true &&
      (await entryRefusal(deps.db, room, identity.memberId, deps.clock.now())) === null
    );
  };
}

// --------------------------------------------------------------------------------------------- console

type RoomInput = z.output<typeof chatRoomInput>;

export async function consoleRooms(db: Queryable) {
  return (await store.listRooms(db, false)).map(consoleRoomView);
}

export async function createRoom(
  deps: AppDeps,
  call: OperatorCall,
  input: RoomInput,
  idempotency: IdempotencyKey | null,
) {
  return operatorWrite(deps, call, { entity: 'chat_room', action: 'create', idempotency }, async (tx) => {
    const id = await store.insertRoom(tx, input, call.now);
    const after = consoleRoomView(orNotFound(await store.findRoom(tx, id)));
    return { entityId: id, before: null, after, result: after };
  });
}

/** Changes a room; the sockets in it are told to read it again (its notice, its slow mode). */
export async function updateRoom(deps: AppDeps, call: OperatorCall, id: number, input: RoomInput) {
  return operatorWrite(deps, call, { entity: 'chat_room', action: 'update' }, async (tx) => {
    const before = consoleRoomView(orNotFound(await store.findRoom(tx, id, true)));
    await store.updateRoom(tx, id, input);
    const after = consoleRoomView(orNotFound(await store.findRoom(tx, id)));
    await publish(tx, { type: 'chat.room', roomId: id }, { topic: chatTopic(id) });
    return { entityId: id, before, after, result: after };
  });
}

export async function consoleMessages(db: Queryable, roomId: number, pageNo: number, pageSize: number) {
  orNotFound(await store.findRoom(db, roomId));
  const rows = await store.messagePage(db, roomId, pageNo, pageSize);
  return {
    list: rows.map((row) => ({ ...messageView(row), hidden: row.hidden_at !== null })),
    total: rows[0]?.total ?? 0,
    pageNo,
    pageSize,
  };
}

export async function hideByOperator(deps: AppDeps, call: OperatorCall, roomId: number, messageId: number) {
  asOperator(call.caller);
  return operatorWrite(deps, call, { entity: 'chat_message', action: 'hide' }, async (tx) => {
    await hide(tx, roomId, messageId, call.now);
    return {
      entityId: messageId,
      before: { hidden: false },
      after: { hidden: true },
      result: { ok: true as const },
    };
  });
}

export async function restrictByOperator(
  deps: AppDeps,
  call: OperatorCall,
  roomId: number,
  body: Restriction,
) {
  orNotFound(await store.findRoom(deps.db, roomId));
  if (!(await chatFacts(deps.db, body.memberId))) throw new AppError('not_found');
  return operatorWrite(deps, call, { entity: 'chat_member', action: body.action }, async (tx) => {
    await applyRestriction(tx, roomId, body, call.now);
    return {
      entityId: `${roomId}:${body.memberId}`,
      before: null,
      after: body,
      result: { ok: true as const },
    };
  });
}

export async function setModerator(
  deps: AppDeps,
  call: OperatorCall,
  roomId: number,
  memberId: number,
  moderator: boolean,
) {
  orNotFound(await store.findRoom(deps.db, roomId));
  if (!(await chatFacts(deps.db, memberId))) throw new AppError('not_found');
  return operatorWrite(deps, call, { entity: 'chat_member', action: 'moderator' }, async (tx) => {
    const before = (await store.lockRoomMember(tx, roomId, memberId)).moderator;
    await store.setModerator(tx, roomId, memberId, moderator);
    return {
      entityId: `${roomId}:${memberId}`,
      before: { moderator: before },
      after: { moderator },
      result: { ok: true as const },
    };
  });
}
