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
