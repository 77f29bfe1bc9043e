import {
  type MemberSupport,
  SUPPORT_LIMITS,
  type SupportBusinessHours,
  type SupportTeam,
  VIP_CONTACT_ABOVE_RANK,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { type Rng, uuid } from '../../platform/rng.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import { write } from '../../platform/write.ts';
import { instantOf, localDate, weekdayOf } from '../../platform/zoned-time.ts';
import type { CleanImage } from './images.ts';
import { toMessage } from './shape.ts';
import * as store from './store.ts';

/**
 * The member's side of the built-in customer service (issue 26 item 1). The chat room's `builtin` provider (area
 * chat) opens it through `launchForMember` and counts it through `unreadForMember`.
 */

/** The site page that shows the built-in chat on its own (what CBS_launchChat answers as chatUrl for `builtin`). */
export const SUPPORT_PAGE = '/support';

/** Where the member's built-in chat opens: the site's support page in the member's language. */
export async function launchForMember(
  deps: Pick<AppDeps, 'config'>,
  _memberId: number,
  locale: string,
): Promise<{ mode: 'url'; chatUrl: string }> {
  const url = new URL(SUPPORT_PAGE, `${deps.config.siteUrl}/`);
  url.searchParams.set('lang', locale);
  return { mode: 'url', chatUrl: url.toString() };
}

/** Messages of customer service the member has not read (the badge beside the right bar's button). */
export async function unreadForMember(db: Queryable, memberId: number): Promise<number> {
  return store.memberUnread(db, memberId);
}

/** Whether operators are in at `now`: the business hours of the day, in the workspace's time zone. */
export function withinHours(hours: SupportBusinessHours, now: Date): boolean {
  const day = localDate(now, hours.timeZone);
  const midnight = instantOf(day, 0, hours.timeZone);
  const minutes = (now.getTime() - midnight.getTime()) / 60_000;
  const [from, until] = hours.hours[weekdayOf(day) - 1] ?? [0, 0];
  return minutes >= from && minutes < until;
}

export async function businessHours(db: Queryable): Promise<SupportBusinessHours> {
  const row = await store.settings(db);
  return { timeZone: row.time_zone, hours: row.hours };
}

/** The member's chat as the popup shows it: the latest conversation with its messages (no private notes). */
export async function memberChat(db: Queryable, memberId: number, now: Date): Promise<MemberSupport> {
  const [found, hours, unread] = await Promise.all([
    store.latestConversation(db, memberId),
    businessHours(db),
    store.memberUnread(db, memberId),
  ]);
  const [messages, images] = found
    ? await Promise.all([store.messages(db, found.id, false), store.imageIds(db, found.id)])
    : [[], []];
  return {
    conversation: found && {
      id: found.id,
      status: found.status,
      team: found.team,
      createdAt: found.created_at.toISOString(),
      resolvedAt: found.resolved_at?.toISOString() ?? null,
      canRate: found.status === 'resolved' && found.rating === null,
      rating: found.rating,
      messages: messages.map((row) => ({
        ...toMessage(row, row.sender === 'member' ? found.operator_read_at : found.member_read_at, images),
        operator: null,
      })),
    },
    withinHours: withinHours(hours, now),
    unread,
  };
}

/** Stores a message's images (already checked and re-encoded), in their order. */
export async function storeImages(
  tx: Queryable,
  rng: Rng,
  message: { messageId: number; conversationId: number; images: readonly CleanImage[]; at: Date },
): Promise<void> {
  for (const [position, image] of message.images.entries()) {
    await store.insertImage(tx, {
      id: uuid(rng),
      messageId: message.messageId,
      conversationId: message.conversationId,
      position,
      contentType: image.contentType,
      bytes: image.bytes,
      at: message.at,
    });
  }
}

/** Tells the member's pages and the workspace that a conversation changed (on commit). */
export async function announce(tx: Queryable, conversationId: number, memberId: number): Promise<void> {
  await publish(
    tx,
    { type: 'support.changed', conversationId, unread: await store.memberUnread(tx, memberId) },
    { member: memberId },
  );
  await publish(tx, { type: 'support.changed', conversationId, unread: null }, 'operators');
}

/** The team a member's new conversation goes to: VIP above rank 4 (§4), otherwise general. */
const teamOf = (rank: number): SupportTeam => (rank > VIP_CONTACT_ABOVE_RANK ? 'vip' : 'general');

/**
 * Round robin: gives a conversation to the next available operator of its team with room under the cap; it stays
 * in the queue (unassigned) when there is none.
 */
export async function assignNext(tx: Queryable, conversationId: number, team: SupportTeam, now: Date) {
  const operatorId = await store.nextAgent(tx, team, now);
  if (operatorId !== null)
    await store.setAssignment(tx, conversationId, { assigneeId: operatorId, team, status: 'open' });
  return operatorId;
}

/**
 * A member's message: to the live conversation, or a new one (open and assigned within business hours; pending and
 * waiting in the queue outside them). At most 1 a second and 30 a minute (support_too_fast past either), counted
 * under the lock of the member's row of conversations so two requests at once count each other.
 */
export async function sendMemberMessage(
  deps: Pick<AppDeps, 'db' | 'rng'>,
  memberId: number,
  message: { text: string; images?: readonly CleanImage[] },
  options: { now: Date; idempotency: IdempotencyKey | null },
): Promise<MemberSupport> {
  const { text, images = [] } = message;
  const { now } = options;
  const hours = await businessHours(deps.db);
  await write(deps.db, { isolation: 'read committed', idempotency: options.idempotency }, async (tx) => {
    const member = await store.memberInfo(tx, memberId);
    if (!member) throw new AppError('not_found');
    // One writer per member at a time: the member's row is the lock (a conversation may not exist yet).
    await tx.query('select id from members where id = $1 for update', [memberId]);
    const lastSecond = await store.memberMessagesSince(tx, memberId, new Date(now.getTime() - 1000));
    const lastMinute = await store.memberMessagesSince(tx, memberId, new Date(now.getTime() - 60_000));
    if (lastSecond >= SUPPORT_LIMITS.perSecond || lastMinute >= SUPPORT_LIMITS.perMinute) {
      throw new AppError('support_too_fast');
    }
    let live = await store.lockLiveConversation(tx, memberId);
    let conversationId = live?.id ?? null;
    if (conversationId === null) {
      const inHours = withinHours(hours, now);
      const team = teamOf(member.club_rank);
      conversationId = await store.insertConversation(tx, {
        memberId,
        status: inHours ? 'open' : 'pending',
        team,
        language: member.language,
        at: now,
      });
      if (conversationId === null) throw new AppError('conflict');
      if (inHours) await assignNext(tx, conversationId, team, now);
      live = { id: conversationId, status: inHours ? 'open' : 'pending', assignee_id: null };
    }
    const messageId = await store.insertMessage(tx, {
      conversationId,
      sender: 'member',
      operatorId: null,
      kind: 'text',
      body: text,
      at: now,
    });
    await storeImages(tx, deps.rng, { messageId, conversationId, images, at: now });
    // Writing is reading what came before.
    await store.markMemberRead(tx, memberId, now);
    await announce(tx, conversationId, memberId);
  });
  return memberChat(deps.db, memberId, now);
}

export async function readForMember(deps: Pick<AppDeps, 'db'>, memberId: number, now: Date) {
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const changed = await store.markMemberRead(tx, memberId, now);
    for (const id of changed) await announce(tx, id, memberId);
    return { unread: await store.memberUnread(tx, memberId) };
  });
}

/** The member is typing: the workspace shows the sign on the member's live conversation (nothing is stored). */
export async function memberTyping(deps: Pick<AppDeps, 'db'>, memberId: number) {
  const live = await store.latestConversation(deps.db, memberId);
  if (live && live.status !== 'resolved') {
    await publish(deps.db, { type: 'support.typing', conversationId: live.id }, 'operators');
  }
  return { ok: true as const };
}

/** The member's satisfaction rating, once, after the conversation was resolved. */
export async function rateConversation(
  deps: Pick<AppDeps, 'db'>,
  memberId: number,
  conversationId: number,
  rating: number,
  now: Date,
) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const found = await store.conversationOfMember(tx, conversationId, memberId);
    if (!found) throw new AppError('not_found');
    if (!(await store.rate(tx, conversationId, memberId, rating, now))) throw new AppError('conflict');
    await publish(tx, { type: 'support.changed', conversationId, unread: null }, 'operators');
  });
  return memberChat(deps.db, memberId, now);
}

/** An image of the member's own conversations (not_found for any other, and for none). */
export async function memberImage(db: Queryable, memberId: number, id: string) {
  const found = await store.image(db, id);
  if (!found || found.member_id !== memberId || found.kind !== 'text') throw new AppError('not_found');
  return { contentType: found.content_type, data: Buffer.from(found.bytes).toString('base64') };
}

/** An image of any conversation, for the workspace. */
export async function conversationImage(db: Queryable, id: string) {
  const found = await store.image(db, id);
  if (!found) throw new AppError('not_found');
  return { contentType: found.content_type, data: Buffer.from(found.bytes).toString('base64') };
}
