import type { Queryable } from '../../db/database.ts';
import { isoDate, localDate } from '../../platform/zoned-time.ts';
import * as store from './login-days-store.ts';

/**
 * On how many days (calendar days in `timeZone`) each member signed in within [from, to), and when they first
 * signed in on the last of those days (when the count was reached).
 */
export async function loginDaysBetween(
  db: Queryable,
  window: { from: Date; to: Date },
  timeZone: string,
  memberIds: readonly number[] | null,
): Promise<Map<number, { days: number; lastAt: Date }>> {
  const rows = await store.loginsBetween(db, window, memberIds);
  const seen = new Map<number, { days: Set<string>; lastAt: Date }>();
  for (const row of rows) {
    const day = isoDate(localDate(row.created_at, timeZone));
    const member = seen.get(row.member_id);
    if (!member) seen.set(row.member_id, { days: new Set([day]), lastAt: row.created_at });
    else if (!member.days.has(day)) {
      member.days.add(day);
      member.lastAt = row.created_at;
    }
  }
  return new Map([...seen].map(([memberId, { days, lastAt }]) => [memberId, { days: days.size, lastAt }]));
}
