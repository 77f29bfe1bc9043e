import type { Queryable } from '../../db/database.ts';

/** Members' sign-ins in a window (the missions' login-days measure), SQL only. */
export function loginsBetween(
  db: Queryable,
  window: { from: Date; to: Date },
  memberIds: readonly number[] | null,
) {
  return db.query<{ member_id: number; created_at: Date }>(
    `select member_id, created_at from login_history
      where created_at >= $1 and created_at < $2 and ($3::int[] is null or member_id = any($3::int[]))
      order by created_at`,
    [window.from, window.to, memberIds],
  );
}
