import type { Queryable } from '../../db/database.ts';
import { withoutSecret } from './delivery.ts';
import { playerRow } from './players.ts';
import * as store from './store.ts';

/** The console's lists of the accounts area: players, the SMS and mail outboxes, failed logins. */

/** A page of the console's lists: the rows shaped by `view`, with the paging asked for. */
const pageOf = <T, R>(
  query: { pageNo: number; pageSize: number },
  found: { rows: T[]; total: number },
  view: (row: T) => R,
) => ({ list: found.rows.map(view), total: found.total, pageNo: query.pageNo, pageSize: query.pageSize });

/** The players the query finds. */
export async function players(db: Queryable, query: Parameters<typeof store.searchPlayers>[1]) {
  return pageOf(query, await store.searchPlayers(db, query), playerRow);
}

/** The SMS outbox, newest first; a code is never shown (queued, sent or failed, gateway or not). */
export async function smsOutbox(db: Queryable, query: Parameters<typeof store.listSmsOutbox>[1]) {
  return pageOf(query, await store.listSmsOutbox(db, query), (row) => ({
    id: row.id,
    countryDialingCode: row.country_dialing_code,
    mobileNum: row.mobile,
    purpose: row.purpose,
    // A login code is the account: the console never receives it, queued, sent or failed, gateway or not.
    body: withoutSecret(row.body, row.secret, '*'.repeat(row.secret.length)),
    provider: row.provider,
    status: row.status,
    error: row.error,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The mail outbox, newest first; a reset link is never shown. */
export async function mailOutbox(db: Queryable, query: Parameters<typeof store.listMailOutbox>[1]) {
  return pageOf(query, await store.listMailOutbox(db, query), (row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    // A reset link in a mail is the account: the console never receives it, sent or not, with SMTP or without.
    body: withoutSecret(row.body, row.secret, '[hidden]'),
    provider: row.provider,
    status: row.status,
    error: row.error,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The failed logins the query finds, newest first. */
export async function loginFailures(db: Queryable, query: Parameters<typeof store.listLoginFailures>[1]) {
  return pageOf(query, await store.listLoginFailures(db, query), (row) => ({
    id: row.id,
    username: row.username,
    memberId: row.member_id,
    loginType: row.login_type,
    reason: row.reason,
    ip: row.ip,
    device: row.device,
    createdAt: row.created_at.toISOString(),
  }));
}
