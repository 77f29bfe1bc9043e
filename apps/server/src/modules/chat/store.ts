import type { ChatMessage } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

/** The chat area's SQL: rooms, their messages and members, and the live chat's received events. */

export interface RoomDb {
  id: number;
  name: string;
  description: string;
  min_club_rank: number;
  deposit_within_days: number | null;
  label: string | null;
  slow_mode_seconds: number;
  notice: string | null;
  enabled: boolean;
  sort: number;
  created_at: Date;
}

export interface RoomFields {
  name: string;
  description: string;
  minClubRank: number;
  depositWithinDays: number | null;
  label: string | null;
  slowModeSeconds: number;
  notice: string | null;
  enabled: boolean;
  sort: number;
}

const ROOM_COLUMNS = `id, name, description, min_club_rank, deposit_within_days, label, slow_mode_seconds, notice,
  enabled, sort, created_at`;

export async function listRooms(db: Queryable, enabledOnly: boolean) {
  return db.query<RoomDb & { messages: number; members: number }>(
    `select ${ROOM_COLUMNS},
            (select count(*)::int from chat_messages m where m.room_id = r.id) as messages,
            (select count(*)::int from chat_room_members c where c.room_id = r.id) as members
       from chat_rooms r where enabled or not $1 order by sort, id`,
    [enabledOnly],
  );
}

export async function findRoom(db: Queryable, id: number, lock = false) {
  const [row] = await db.query<RoomDb & { messages: number; members: number }>(
    `select ${ROOM_COLUMNS},
            (select count(*)::int from chat_messages m where m.room_id = r.id) as messages,
            (select count(*)::int from chat_room_members c where c.room_id = r.id) as members
       from chat_rooms r where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return row ?? null;
}

const roomValues = (room: RoomFields) => [
  room.name,
  room.description,
  room.minClubRank,
  room.depositWithinDays,
  room.label,
  room.slowModeSeconds,
  room.notice,
  room.enabled,
  room.sort,
];

export async function insertRoom(db: Queryable, room: RoomFields, at: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into chat_rooms (name, description, min_club_rank, deposit_within_days, label, slow_mode_seconds, notice,
                             enabled, sort, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [...roomValues(room), at],
  );
  return (row as { id: number }).id;
}

export async function updateRoom(db: Queryable, id: number, room: RoomFields): Promise<void> {
  await db.query(
    `update chat_rooms set name = $1, description = $2, min_club_rank = $3, deposit_within_days = $4, label = $5,
            slow_mode_seconds = $6, notice = $7, enabled = $8, sort = $9
      where id = $10`,
    [...roomValues(room), id],
  );
}

export interface RoomMemberDb {
  room_id: number;
  member_id: number;
  moderator: boolean;
  muted_until: Date | null;
  kicked_until: Date | null;
  last_read_id: string;
  last_sent_at: Date | null;
}

export async function roomMember(db: Queryable, roomId: number, memberId: number, lock = false) {
  const [row] = await db.query<RoomMemberDb>(
    `select room_id, member_id, moderator, muted_until, kicked_until, last_read_id::text, last_sent_at
       from chat_room_members where room_id = $1 and member_id = $2 ${lock ? 'for update' : ''}`,
    [roomId, memberId],
  );
  return row ?? null;
}

/** The member's rows of every room (moderator, restrictions). */
export async function memberRooms(db: Queryable, memberId: number) {
  return db.query<RoomMemberDb>(
    `select room_id, member_id, moderator, muted_until, kicked_until, last_read_id::text, last_sent_at
       from chat_room_members where member_id = $1`,
    [memberId],
  );
}

/** The member's row in the room, created when there is none, locked for the caller's transaction. */
export async function lockRoomMember(db: Queryable, roomId: number, memberId: number): Promise<RoomMemberDb> {
  await db.query(
    'insert into chat_room_members (room_id, member_id) values ($1, $2) on conflict do nothing',
    [roomId, memberId],
  );
  return (await roomMember(db, roomId, memberId, true)) as RoomMemberDb;
}

export async function setRestriction(
  db: Queryable,
  roomId: number,
  memberId: number,
  change: { mutedUntil?: Date | null; kickedUntil?: Date | null },
): Promise<void> {
  await db.query(
    `update chat_room_members
        set muted_until = case when $3 then $4::timestamptz else muted_until end,
            kicked_until = case when $5 then $6::timestamptz else kicked_until end
      where room_id = $1 and member_id = $2`,
    [
      roomId,
      memberId,
      change.mutedUntil !== undefined,
      change.mutedUntil ?? null,
      change.kickedUntil !== undefined,
      change.kickedUntil ?? null,
    ],
  );
}

export async function setModerator(db: Queryable, roomId: number, memberId: number, moderator: boolean) {
  await db.query('update chat_room_members set moderator = $3 where room_id = $1 and member_id = $2', [
    roomId,
    memberId,
    moderator,
  ]);
}

export async function setLastRead(
  db: Queryable,
  roomId: number,
  memberId: number,
  lastId: number,
): Promise<void> {
  await db.query(
    `update chat_room_members set last_read_id = greatest(last_read_id, least($3::bigint,
            coalesce((select max(id) from chat_messages where room_id = $1), 0)))
      where room_id = $1 and member_id = $2`,
    [roomId, memberId, lastId],
  );
}

export async function setLastSent(db: Queryable, roomId: number, memberId: number, at: Date): Promise<void> {
  await db.query('update chat_room_members set last_sent_at = $3 where room_id = $1 and member_id = $2', [
    roomId,
    memberId,
    at,
  ]);
}

/** Messages the member wrote in any room since a time (the per-minute limit). */
export async function sentSince(db: Queryable, memberId: number, since: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from chat_messages where member_id = $1 and created_at >= $2',
    [memberId, since],
  );
  return row?.n ?? 0;
}

export interface MessageDb {
  id: string;
  room_id: number;
  member_id: number | null;
  kind: ChatMessage['kind'];
  body: string;
  author: string;
  moderator: boolean;
  card: ChatMessage['card'];
  hidden_at: Date | null;
  created_at: Date;
}

const MESSAGE_COLUMNS =
  'id::text, room_id, member_id, kind, body, author, moderator, card, hidden_at, created_at';

/** Posts a site card (a big win, a red envelope round) to the room once by its key; null when posted before. */
export async function insertCard(
  db: Queryable,
  card: {
    roomId: number;
    kind: 'win' | 'envelope';
    sourceKey: string;
    body: string;
    card: MessageDb['card'];
    at: Date;
  },
): Promise<MessageDb | null> {
  const [row] = await db.query<MessageDb>(
    `insert into chat_messages (room_id, member_id, kind, body, author, moderator, card, source_key, created_at)
     values ($1, null, $6, $2, '', false, $3, $4, $5)
     on conflict (room_id, source_key) where source_key is not null do nothing returning ${MESSAGE_COLUMNS}`,
    [card.roomId, card.body, JSON.stringify(card.card), card.sourceKey, card.at, card.kind],
  );
  return row ?? null;
}

export async function insertMessage(
  db: Queryable,
  message: {
    roomId: number;
    memberId: number | null;
    kind: MessageDb['kind'];
    body: string;
    author: string;
    moderator: boolean;
    card?: MessageDb['card'];
    at: Date;
  },
): Promise<MessageDb> {
  const [row] = await db.query<MessageDb>(
    `insert into chat_messages (room_id, member_id, kind, body, author, moderator, created_at, card)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${MESSAGE_COLUMNS}`,
    [
      message.roomId,
      message.memberId,
      message.kind,
      message.body,
      message.author,
      message.moderator,
      message.at,
      message.card === undefined ? null : JSON.stringify(message.card),
    ],
  );
  return row as MessageDb;
}

/** A visible message of the room, or null. */
export async function findMessage(db: Queryable, roomId: number, id: number): Promise<MessageDb | null> {
  const [row] = await db.query<MessageDb>(
    `select ${MESSAGE_COLUMNS} from chat_messages where room_id = $1 and id = $2 and hidden_at is null`,
    [roomId, id],
  );
  return row ?? null;
}

/** When the member last shared the ticket (product and number) in the room, or null. */
export async function lastShare(db: Queryable, roomId: number, memberId: number, ticketKey: string) {
  const [row] = await db.query<{ created_at: Date }>(
    `select created_at from chat_messages where room_id = $1 and member_id = $2 and kind = 'bet'
       and card->>'product' || ':' || (card->>'ticketNo') = $3
     order by created_at desc limit 1`,
    [roomId, memberId, ticketKey],
  );
  return row?.created_at ?? null;
}

/** A room's visible messages, newest first, before a message id when given. */
export async function recentMessages(db: Queryable, roomId: number, beforeId: number | null, limit: number) {
  return db.query<MessageDb>(
    `select ${MESSAGE_COLUMNS} from chat_messages
      where room_id = $1 and hidden_at is null and ($2::bigint is null or id < $2)
      order by id desc limit $3`,
    [roomId, beforeId, limit],
  );
}

export async function messagePage(db: Queryable, roomId: number, pageNo: number, pageSize: number) {
  return db.query<MessageDb & { total: number }>(
    `select ${MESSAGE_COLUMNS}, count(*) over ()::int as total from chat_messages
      where room_id = $1 order by id desc limit $2 offset $3`,
    [roomId, pageSize, (pageNo - 1) * pageSize],
  );
}

/** Hides a message of the room; false when there is no such visible message. */
export async function hideMessage(
  db: Queryable,
  roomId: number,
  messageId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    'update chat_messages set hidden_at = $3 where room_id = $1 and id = $2 and hidden_at is null returning id',
    [roomId, messageId, at],
  );
  return rows.length > 0;
}

/** Others' visible messages the member has not read, in the open rooms the member joined and was not kicked from. */
export async function unreadCount(db: Queryable, memberId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n
       from chat_room_members c
       join chat_rooms r on r.id = c.room_id and r.enabled
       join chat_messages m on m.room_id = c.room_id and m.id > c.last_read_id and m.hidden_at is null
        and m.member_id is distinct from c.member_id
      where c.member_id = $1 and (c.kicked_until is null or c.kicked_until <= $2)`,
    [memberId, now],
  );
  return row?.n ?? 0;
}

// --------------------------------------------------------------------------------------------- live chat

/** Stores a received live-chat event once by its key; null when it was stored before. */
export async function insertLiveMessage(
  db: Queryable,
  message: {
    provider: string;
    eventKey: string;
    memberId: number | null;
    conversationRef: string;
    direction: 'in' | 'out' | 'status';
    body: string;
    at: Date;
  },
): Promise<number | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into chat_live_messages (provider, event_key, member_id, conversation_ref, direction, body, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (provider, event_key) do nothing returning id::text`,
    [
      message.provider,
      message.eventKey,
      message.memberId,
      message.conversationRef,
      message.direction,
      message.body,
      message.at,
    ],
  );
  return row ? Number(row.id) : null;
}

/** Messages from the live chat's agents to the member after the member last opened it. */
export async function liveUnread(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from chat_live_messages m
      where m.member_id = $1 and m.direction = 'out'
        and m.id > coalesce((select last_read_id from chat_live_reads where member_id = $1), 0)`,
    [memberId],
  );
  return row?.n ?? 0;
}

export async function markLiveRead(db: Queryable, memberId: number): Promise<void> {
  await db.query(
    `insert into chat_live_reads (member_id, last_read_id)
     values ($1, coalesce((select max(id) from chat_live_messages where member_id = $1), 0))
     on conflict (member_id) do update set last_read_id = excluded.last_read_id`,
    [memberId],
  );
}
