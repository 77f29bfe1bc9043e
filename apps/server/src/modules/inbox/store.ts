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

export interface MessageRow {
  id: bigint;
  code: string;
  title: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
}

export function memberMessages(db: Queryable, memberId: number, limit: number): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `select id, code, title, content, created_at as "createdAt", read_at as "readAt" from member_messages
     where member_id = $1 order by created_at desc, id desc limit $2`,
    [memberId, limit],
  );
}
