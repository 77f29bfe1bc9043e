import type { SupportStatus, SupportTeam } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { operatorOnline } from '../../platform/presence.ts';

export interface ConversationRow {
  id: number;
  member_id: number;
  username: string;
  status: SupportStatus;
  team: SupportTeam;
  assignee_id: number | null;
  assignee: string | null;
  language: string;
  created_at: Date;
  last_message_at: Date;
  first_response_at: Date | null;
  resolved_at: Date | null;
  member_read_at: Date | null;
  operator_read_at: Date | null;
  rating: number | null;
  last_message: string;
  unread: number;
}

const CONVERSATION = `
  select c.id::int as id, c.member_id, m.username, c.status, c.team, c.assignee_id, o.username as assignee,
    c.language, c.created_at, c.last_message_at, c.first_response_at, c.resolved_at, c.member_read_at,
    c.operator_read_at, c.rating,
    coalesce((select x.body from support_messages x where x.conversation_id = c.id and x.kind = 'text'
      order by x.id desc limit 1), '') as last_message,
    (select count(*) from support_messages x where x.conversation_id = c.id and x.sender = 'member'
      and x.created_at > coalesce(c.operator_read_at, '-infinity'))::int as unread
  from support_conversations c
  join members m on m.id = c.member_id
  left join operators o on o.id = c.assignee_id`;

export async function memberInfo(db: Queryable, memberId: number) {
  const [row] = await db.query<{ language: string; club_rank: number }>(
    'select language, club_rank from members where id = $1',
    [memberId],
  );
  return row ?? null;
}

/** The member's latest conversation (the live one, else the last resolved). */
export async function latestConversation(db: Queryable, memberId: number): Promise<ConversationRow | null> {
  const [row] = await db.query<ConversationRow>(
    `${CONVERSATION} where c.member_id = $1 order by (c.status <> 'resolved') desc, c.id desc limit 1`,
    [memberId],
  );
  return row ?? null;
}

export async function conversation(db: Queryable, id: number): Promise<ConversationRow | null> {
  const [row] = await db.query<ConversationRow>(`${CONVERSATION} where c.id = $1`, [id]);
  return row ?? null;
}

/** Locks the conversation's row (sends, assignments and resolutions of one conversation run one at a time). */
export async function lockConversation(tx: Queryable, id: number) {
  const [row] = await tx.query<{
    id: number;
    status: SupportStatus;
    assignee_id: number | null;
    team: SupportTeam;
  }>('select id::int as id, status, assignee_id, team from support_conversations where id = $1 for update', [
    id,
  ]);
  return row ?? null;
}

/** Locks the member's live conversation, if there is one. */
export async function lockLiveConversation(tx: Queryable, memberId: number) {
  const [row] = await tx.query<{ id: number; status: SupportStatus; assignee_id: number | null }>(
    `select id::int as id, status, assignee_id from support_conversations
     where member_id = $1 and status <> 'resolved' for update`,
    [memberId],
  );
  return row ?? null;
}

/** Opens a conversation; null when another request of the member opened one first. */
export async function insertConversation(
  tx: Queryable,
  row: { memberId: number; status: SupportStatus; team: SupportTeam; language: string; at: Date },
): Promise<number | null> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into support_conversations (member_id, status, team, language, created_at, last_message_at)
     values ($1, $2, $3, $4, $5, $5)
     on conflict (member_id) where status <> 'resolved' do nothing returning id::int as id`,
    [row.memberId, row.status, row.team, row.language, row.at],
  );
  return inserted?.id ?? null;
}

/** The member's messages in the conversation since `since` (the rate limit's count). */
export async function memberMessagesSince(tx: Queryable, memberId: number, since: Date): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from support_messages x
     join support_conversations c on c.id = x.conversation_id
     where c.member_id = $1 and x.sender = 'member' and x.created_at > $2`,
    [memberId, since],
  );
  return row?.n ?? 0;
}

export async function insertMessage(
  tx: Queryable,
  row: {
    conversationId: number;
    sender: 'member' | 'operator' | 'system';
    operatorId: number | null;
    kind: 'text' | 'note';
    body: string;
    at: Date;
  },
): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into support_messages (conversation_id, sender, operator_id, kind, body, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id::int as id`,
    [row.conversationId, row.sender, row.operatorId, row.kind, row.body, row.at],
  );
  if (!inserted) throw new Error('support message not stored');
  if (row.kind === 'text') {
    await tx.query(
      `update support_conversations set last_message_at = $2,
         first_response_at = case when $3 = 'operator' then coalesce(first_response_at, $2) else first_response_at end
       where id = $1`,
      [row.conversationId, row.at, row.sender],
    );
  }
  return inserted.id;
}

export interface MessageRow {
  id: number;
  sender: 'member' | 'operator' | 'system';
  kind: 'text' | 'note';
  body: string;
  operator: string | null;
  created_at: Date;
}

export async function messages(
  db: Queryable,
  conversationId: number,
  withNotes: boolean,
): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `select x.id::int as id, x.sender, x.kind, x.body, o.username as operator, x.created_at
     from support_messages x left join operators o on o.id = x.operator_id
     where x.conversation_id = $1 and ($2 or x.kind = 'text') order by x.id`,
    [conversationId, withNotes],
  );
}

/** Operator messages of the member's conversations the member has not read. */
export async function memberUnread(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from support_messages x
     join support_conversations c on c.id = x.conversation_id
     where c.member_id = $1 and x.sender <> 'member' and x.kind = 'text'
       and x.created_at > coalesce(c.member_read_at, '-infinity')`,
    [memberId],
  );
  return row?.n ?? 0;
}

export async function markMemberRead(tx: Queryable, memberId: number, at: Date): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `update support_conversations set member_read_at = greatest(coalesce(member_read_at, $2), $2)
     where member_id = $1 and (status <> 'resolved' or member_read_at is null or member_read_at < last_message_at)
     returning id::int as id`,
    [memberId, at],
  );
  return rows.map((row) => row.id);
}

export async function markOperatorRead(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query(
    'update support_conversations set operator_read_at = greatest(coalesce(operator_read_at, $2), $2) where id = $1',
    [id, at],
  );
}

export async function setAssignment(
  tx: Queryable,
  id: number,
  change: { assigneeId: number | null; team: SupportTeam; status: SupportStatus },
): Promise<void> {
  await tx.query('update support_conversations set assignee_id = $2, team = $3, status = $4 where id = $1', [
    id,
    change.assigneeId,
    change.team,
    change.status,
  ]);
}

export async function resolve(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query("update support_conversations set status = 'resolved', resolved_at = $2 where id = $1", [
    id,
    at,
  ]);
}

export async function rate(tx: Queryable, id: number, memberId: number, rating: number, at: Date) {
  const rows = await tx.query<{ id: number }>(
    `update support_conversations set rating = $3, rated_at = $4
     where id = $1 and member_id = $2 and status = 'resolved' and rating is null returning id::int as id`,
    [id, memberId, rating, at],
  );
  return rows.length > 0;
}

export async function conversationOfMember(db: Queryable, id: number, memberId: number) {
  const [row] = await db.query<{ id: number; status: SupportStatus; rating: number | null }>(
    'select id::int as id, status, rating from support_conversations where id = $1 and member_id = $2',
    [id, memberId],
  );
  return row ?? null;
}

/* The workspace. */

export async function queue(
  db: Queryable,
  filter: { team: SupportTeam | null; status: SupportStatus | null; assigneeId: number | null },
): Promise<ConversationRow[]> {
  return db.query<ConversationRow>(
    `${CONVERSATION}
     where ($1::text is null or c.team = $1) and ($3::int is null or c.assignee_id = $3)
       and (case when $2::text is null then c.status <> 'resolved' else c.status = $2 end)
     order by c.created_at limit 200`,
    [filter.team, filter.status, filter.assigneeId],
  );
}

export async function teamCounts(db: Queryable) {
  return db.query<{ team: SupportTeam; waiting: number; open: number; pending: number }>(
    `select team,
       count(*) filter (where assignee_id is null)::int as waiting,
       count(*) filter (where status = 'open')::int as open,
       count(*) filter (where status = 'pending')::int as pending
     from support_conversations where status <> 'resolved' group by team`,
  );
}

export interface AgentRow {
  operator_id: number;
  username: string;
  teams: SupportTeam[];
  available: boolean;
  capacity: number;
  open: number;
  /** Whether the operator has the console open (a /ws socket on any process). */
  online: boolean;
}

const AGENTS = `
  select a.operator_id, o.username, a.teams, a.available, a.capacity, ${operatorOnline('a.operator_id')} as online,
    (select count(*) from support_conversations c where c.assignee_id = a.operator_id
      and c.status <> 'resolved')::int as open
  from support_agents a join operators o on o.id = a.operator_id and not o.disabled`;

export async function agents(db: Queryable): Promise<AgentRow[]> {
  return db.query<AgentRow>(`${AGENTS} order by o.username`);
}

export async function agent(db: Queryable, operatorId: number): Promise<AgentRow | null> {
  const [row] = await db.query<AgentRow>(`${AGENTS} where a.operator_id = $1`, [operatorId]);
  return row ?? null;
}

export async function upsertAgent(
  tx: Queryable,
  operatorId: number,
  state: { available: boolean; teams: SupportTeam[]; capacity: number },
): Promise<void> {
  await tx.query(
    `insert into support_agents (operator_id, available, teams, capacity) values ($1, $2, $3, $4)
     on conflict (operator_id) do update set available = $2, teams = $3, capacity = $4`,
    [operatorId, state.available, state.teams, state.capacity],
  );
}

/**
 * Round robin: locks the team's available operators (so two assignments at once see each other's) and returns the
 * one online (the console open) with room under the cap who was assigned least recently (never first), or null.
 */
export async function nextAgent(tx: Queryable, team: SupportTeam, at: Date): Promise<number | null> {
  await tx.query(
    'select operator_id from support_agents where available and $1 = any (teams) order by operator_id for update',
    [team],
  );
  const [row] = await tx.query<{ operator_id: number }>(
    `select a.operator_id from support_agents a join operators o on o.id = a.operator_id and not o.disabled
     where a.available and $1 = any (a.teams) and ${operatorOnline('a.operator_id')}
       and (select count(*) from support_conversations c where c.assignee_id = a.operator_id
            and c.status <> 'resolved') < a.capacity
     order by a.last_assigned_at nulls first, a.operator_id limit 1`,
    [team],
  );
  if (!row) return null;
  await tx.query('update support_agents set last_assigned_at = $2 where operator_id = $1', [
    row.operator_id,
    at,
  ]);
  return row.operator_id;
}

/** The oldest unassigned conversations of the teams (waiting in the queue), locked, skipping those being taken. */
export async function waiting(tx: Queryable, teams: SupportTeam[], limit: number) {
  return tx.query<{ id: number; team: SupportTeam }>(
    `select id::int as id, team from support_conversations
     where status <> 'resolved' and assignee_id is null and team = any ($1)
     order by created_at, id limit $2 for update skip locked`,
    [teams, limit],
  );
}

export async function markAssigned(tx: Queryable, operatorId: number, at: Date): Promise<void> {
  await tx.query('update support_agents set last_assigned_at = $2 where operator_id = $1', [operatorId, at]);
}

export async function operatorExists(db: Queryable, operatorId: number): Promise<boolean> {
  const rows = await db.query('select 1 from operators where id = $1 and not disabled', [operatorId]);
  return rows.length > 0;
}

export async function cannedReplies(db: Queryable) {
  return db.query<{ id: number; language: string; title: string; body: string }>(
    'select id, language, title, body from support_canned_replies order by language, title, id',
  );
}

export async function insertCanned(
  tx: Queryable,
  row: { language: string; title: string; body: string; at: Date },
) {
  const [inserted] = await tx.query<{ id: number }>(
    'insert into support_canned_replies (language, title, body, created_at) values ($1, $2, $3, $4) returning id',
    [row.language, row.title, row.body, row.at],
  );
  if (!inserted) throw new Error('canned reply not stored');
  return inserted.id;
}

export async function deleteCanned(tx: Queryable, id: number) {
  const rows = await tx.query<{ id: number; language: string; title: string; body: string }>(
    'delete from support_canned_replies where id = $1 returning id, language, title, body',
    [id],
  );
  return rows[0] ?? null;
}

export async function settings(db: Queryable) {
  const [row] = await db.query<{ time_zone: string; hours: [number, number][] }>(
    'select time_zone, hours from support_settings',
  );
  return row ?? { time_zone: 'UTC', hours: Array.from({ length: 7 }, () => [0, 1440] as [number, number]) };
}

export async function saveSettings(tx: Queryable, timeZone: string, hours: [number, number][]) {
  await tx.query(
    `insert into support_settings (id, time_zone, hours) values (true, $1, $2)
     on conflict (id) do update set time_zone = $1, hours = $2`,
    [timeZone, JSON.stringify(hours)],
  );
}

export async function stats(db: Queryable, since: Date) {
  return db.query<{
    team: SupportTeam;
    conversations: number;
    resolved: number;
    first_response: number | null;
    resolution: number | null;
    rating: number | null;
  }>(
    `select team, count(*)::int as conversations, count(resolved_at)::int as resolved,
       avg(extract(epoch from first_response_at - created_at))::float8 as first_response,
       avg(extract(epoch from resolved_at - created_at))::float8 as resolution,
       avg(rating)::float8 as rating
     from support_conversations where created_at >= $1 group by team`,
    [since],
  );
}

export async function memberCard(db: Queryable, memberId: number) {
  const [row] = await db.query<{ club_rank: number; language: string; created_at: Date }>(
    'select club_rank, language, created_at from members where id = $1',
    [memberId],
  );
  return row ?? null;
}

export async function insertImage(
  tx: Queryable,
  row: {
    id: string;
    messageId: number;
    conversationId: number;
    position: number;
    contentType: string;
    bytes: Buffer;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into support_images (id, message_id, conversation_id, position, content_type, bytes, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.messageId, row.conversationId, row.position, row.contentType, row.bytes, row.at],
  );
}

/** The ids of a conversation's images, by message, in their order. */
export async function imageIds(db: Queryable, conversationId: number) {
  return db.query<{ id: string; message_id: number }>(
    'select id, message_id::int as message_id from support_images where conversation_id = $1 order by message_id, position',
    [conversationId],
  );
}

/** An image with the member of its conversation (null when there is none), and whether its message is a note. */
export async function image(db: Queryable, id: string) {
  const [row] = await db.query<{
    content_type: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    member_id: number;
    kind: string;
  }>(
    `select i.content_type, i.bytes, c.member_id, x.kind from support_images i
     join support_conversations c on c.id = i.conversation_id
     join support_messages x on x.id = i.message_id
     where i.id = $1`,
    [id],
  );
  return row ?? null;
}
