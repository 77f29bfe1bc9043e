import type { Queryable } from '../../db/database.ts';

export async function memberLanguage(db: Queryable, memberId: number): Promise<string> {
  const [row] = await db.query<{ language: string }>('select language from members where id = $1', [
    memberId,
  ]);
  return row?.language ?? 'EN';
}

export async function insertMessage(
  tx: Queryable,
  row: { memberId: number; code: string; title: string; content: string; at: Date },
): Promise<void> {
  await tx.query(
    'insert into member_messages (member_id, code, title, content, created_at) values ($1, $2, $3, $4, $5)',
    [row.memberId, row.code, row.title, row.content, row.at],
  );
}

/**
 * The broadcasts a member receives ($1 the member's id): live, sent once the member had registered, for everyone,
 * the member's VIP level or one of the member's labels, and not deleted by the member. Columns of `b`, plus `k` the
 * member's marks (null when none). A broadcast is marketing: one sent during the member's time-out or
 * self-exclusion (responsible gaming) never reaches the member.
 */
const VISIBLE_BROADCASTS = `
  from inbox_broadcasts b
  join members m on m.id = $1
  left join inbox_broadcast_marks k on k.broadcast_id = b.id and k.member_id = m.id
  where b.withdrawn_at is null and b.created_at >= m.created_at and k.deleted_at is null
    and (b.audience = 'all'
      or (b.audience = 'vip' and b.club_rank = m.club_rank)
      or (b.audience = 'label' and m.member_labels @> jsonb_build_array(b.label)))
    and not exists (select 1 from responsible_members r where r.member_id = m.id and r.block_kind is not null
      and b.created_at >= r.block_started_at and (b.created_at < r.block_until or (r.block_kind = 'self_exclusion'
        and (r.reopen_requested_at is null or b.created_at < r.reopen_requested_at + interval '1 day'))))`;

export async function unreadCount(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select (select count(*) from member_messages
              where member_id = $1 and read_at is null and deleted_at is null)::int
          + (select count(*) ${VISIBLE_BROADCASTS} and k.read_at is null)::int as n`,
    [memberId],
  );
  return row?.n ?? 0;
}

export interface InboxRowDb {
  kind: 'P' | 'B';
  id: string;
  code: string | null;
  title: string | null;
  content: string | null;
  texts: { language: string; title: string; content: string }[] | null;
  created_at: Date;
  read_at: Date | null;
  total: number;
}

/** One page of the member's inbox, newest first: the messages to the member and the broadcasts it receives. */
export async function inboxPage(
  db: Queryable,
  memberId: number,
  filter: { read: boolean | null; kinds: ('P' | 'B')[]; codes: { only?: string[]; not?: string[] } },
  pageNo: number,
  pageSize: number,
): Promise<InboxRowDb[]> {
  return db.query<InboxRowDb>(
    `with inbox as (
       select 'P' as kind, id, code, title, content, null::jsonb as texts, created_at, read_at
         from member_messages
        where member_id = $1 and deleted_at is null
          and ($5::text[] is null or code = any($5)) and ($6::text[] is null or code <> all($6))
       union all
       select 'B', b.id, null, null, null, b.texts, b.created_at, k.read_at ${VISIBLE_BROADCASTS}
     )
     select kind, id::text, code, title, content, texts, created_at, read_at, count(*) over ()::int as total
       from inbox
      where kind = any($2) and ($3::boolean is null or (read_at is not null) = $3)
      order by created_at desc, kind, id desc
      limit $4 offset $7`,
    [
      memberId,
      filter.kinds,
      filter.read,
      pageSize,
      filter.codes.only ?? null,
      filter.codes.not ?? null,
      (pageNo - 1) * pageSize,
    ],
  );
}

/** Marks the member's messages read; the ids of those that are in the inbox (read already or not). */
export async function readMessages(tx: Queryable, memberId: number, ids: string[], at: Date) {
  const rows = await tx.query<{ id: string }>(
    `update member_messages set read_at = coalesce(read_at, $3)
      where member_id = $1 and id = any($2::bigint[]) and deleted_at is null
      returning id::text`,
    [memberId, ids, at],
  );
  return rows.map((row) => row.id);
}

/** Marks broadcasts the member receives read; the ids of those it receives. */
export async function readBroadcasts(tx: Queryable, memberId: number, ids: string[] | 'all', at: Date) {
  const rows = await tx.query<{ id: string }>(
    `insert into inbox_broadcast_marks (member_id, broadcast_id, read_at)
     select $1, b.id, $2 ${VISIBLE_BROADCASTS} and ($3::bigint[] is null or b.id = any($3::bigint[]))
     on conflict (member_id, broadcast_id) do update
       set read_at = coalesce(inbox_broadcast_marks.read_at, excluded.read_at)
     returning broadcast_id::text as id`,
    [memberId, at, ids === 'all' ? null : ids],
  );
  return rows.map((row) => row.id);
}

export async function readAllMessages(tx: Queryable, memberId: number, at: Date): Promise<void> {
  await tx.query(
    'update member_messages set read_at = $2 where member_id = $1 and read_at is null and deleted_at is null',
    [memberId, at],
  );
}

export async function deleteMessage(tx: Queryable, memberId: number, id: string, at: Date) {
  const rows = await tx.query(
    `update member_messages set deleted_at = $3
      where member_id = $1 and id = $2::bigint and deleted_at is null returning id`,
    [memberId, id, at],
  );
  return rows.length > 0;
}

export async function deleteBroadcast(tx: Queryable, memberId: number, id: string, at: Date) {
  const rows = await tx.query(
    `insert into inbox_broadcast_marks (member_id, broadcast_id, deleted_at)
     select $1, b.id, $2 ${VISIBLE_BROADCASTS} and b.id = $3::bigint
     on conflict (member_id, broadcast_id) do update set deleted_at = excluded.deleted_at
     returning broadcast_id`,
    [memberId, at, id],
  );
  return rows.length > 0;
}

export interface BroadcastDb {
  id: number;
  audience: 'all' | 'vip' | 'label';
  club_rank: number | null;
  label: string | null;
  texts: { language: string; title: string; content: string }[];
  created_at: Date;
  created_by: string;
  withdrawn_at: Date | null;
  recipients: number;
  read_count: number;
}

/** The broadcast's columns, its sender's name, the members it is for (registered by then) and how many read it. */
const BROADCAST_VIEW = `
  select b.id::int, b.audience, b.club_rank, b.label, b.texts, b.created_at, o.username as created_by, b.withdrawn_at,
    (select count(*) from members m
      where m.created_at <= b.created_at and m.type <> 4
        and (b.audience = 'all'
          or (b.audience = 'vip' and b.club_rank = m.club_rank)
          or (b.audience = 'label' and m.member_labels @> jsonb_build_array(b.label))))::int as recipients,
    (select count(*) from inbox_broadcast_marks k where k.broadcast_id = b.id and k.read_at is not null)::int
      as read_count
  from inbox_broadcasts b join operators o on o.id = b.created_by`;

export async function insertBroadcast(
  tx: Queryable,
  row: {
    audience: string;
    clubRank: number | null;
    label: string | null;
    texts: { language: string; title: string; content: string }[];
    operatorId: number;
    at: Date;
  },
): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into inbox_broadcasts (audience, club_rank, label, texts, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id::int`,
    [row.audience, row.clubRank, row.label, JSON.stringify(row.texts), row.operatorId, row.at],
  );
  return (inserted as { id: number }).id;
}

export async function findBroadcast(db: Queryable, id: number, lock = false): Promise<BroadcastDb | null> {
  const rows = await db.query<BroadcastDb>(
    `${BROADCAST_VIEW} where b.id = $1 ${lock ? 'for update of b' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function withdrawBroadcast(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('update inbox_broadcasts set withdrawn_at = $2 where id = $1', [id, at]);
}

export async function broadcastPage(db: Queryable, pageNo: number, pageSize: number) {
  const rows = await db.query<BroadcastDb & { total: number }>(
    `select *, count(*) over ()::int as total from (${BROADCAST_VIEW}) page
      order by created_at desc, id desc limit $1 offset $2`,
    [pageSize, (pageNo - 1) * pageSize],
  );
  return rows;
}

export interface FeedbackDb {
  id: number;
  member_id: number;
  username: string;
  language: string;
  type: string;
  content: string;
  status: 'new' | 'replied' | 'closed';
  reply: string | null;
  replied_by: string | null;
  replied_at: Date | null;
  created_at: Date;
}

const FEEDBACK_VIEW = `
  select f.id::int, f.member_id, m.username, m.language, f.type, f.content, f.status, f.reply,
         o.username as replied_by, f.replied_at, f.created_at
    from member_feedback f
    join members m on m.id = f.member_id
    left join operators o on o.id = f.replied_by`;

export async function insertFeedback(
  tx: Queryable,
  row: { memberId: number; type: string; content: string; at: Date },
): Promise<{ id: number; status: 'new' }> {
  const [inserted] = await tx.query<{ id: number; status: 'new' }>(
    `insert into member_feedback (member_id, type, content, created_at) values ($1, $2, $3, $4)
     returning id::int, status`,
    [row.memberId, row.type, row.content, row.at],
  );
  return inserted as { id: number; status: 'new' };
}

export async function findFeedback(db: Queryable, id: number, lock = false): Promise<FeedbackDb | null> {
  const rows = await db.query<FeedbackDb>(
    `${FEEDBACK_VIEW} where f.id = $1 ${lock ? 'for update of f' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function feedbackPage(
  db: Queryable,
  filter: { status: string | null; type: string | null },
  pageNo: number,
  pageSize: number,
) {
  return db.query<FeedbackDb & { total: number }>(
    `${FEEDBACK_VIEW.replace('select', 'select count(*) over ()::int as total,')}
      where ($1::text is null or f.status = $1) and ($2::text is null or f.type = $2)
      order by f.created_at desc, f.id desc limit $3 offset $4`,
    [filter.status, filter.type, pageSize, (pageNo - 1) * pageSize],
  );
}

export async function replyFeedback(tx: Queryable, id: number, reply: string, operatorId: number, at: Date) {
  await tx.query(
    "update member_feedback set status = 'replied', reply = $2, replied_by = $3, replied_at = $4 where id = $1",
    [id, reply, operatorId, at],
  );
}

export async function closeFeedback(tx: Queryable, id: number): Promise<void> {
  await tx.query("update member_feedback set status = 'closed' where id = $1", [id]);
}
