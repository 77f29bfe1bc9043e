import type { Database, Queryable } from '../db/database.ts';
import { sha256Hex } from './crypto.ts';
import { closeSessionSockets } from './realtime.ts';
import { type Rng, token as randomToken } from './rng.ts';
import { write } from './write.ts';

export type SubjectKind = 'member' | 'operator';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export interface ActiveSession {
  tokenHash: string;
  subjectKind: SubjectKind;
  subjectId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  /** A member's type (isAgent), read with the session; null for operators and members that no longer exist. */
  memberType: number | null;
}

/** Opens a session; only the token's hash is stored. */
export async function openSession(
  db: Queryable,
  subject: { kind: SubjectKind; id: number },
  policy: SessionPolicy,
  now: Date,
  ip: string,
  rng: Rng,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(rng);
  const expiresAt = new Date(now.getTime() + policy.maxHours * 3_600_000);
  await db.query(
    `insert into sessions (token_hash, subject_kind, subject_id, created_at, last_seen_at, expires_at, ip)
     values ($1, $2, $3, $4, $4, $5, $6)`,
    [sha256Hex(token), subject.kind, subject.id, now, expiresAt, ip],
  );
  return { token, expiresAt };
}

/**
 * The live session behind a token, or null when it is unknown, revoked, expired or idle longer than its subject's
 * policy allows. The idle window is checked before the read slides it: a session past its window is never revived.
 */
export async function findSession(
  db: Queryable,
  token: string,
  idleMinutes: Record<SubjectKind, number>,
  now: Date,
): Promise<ActiveSession | null> {
  const rows = await db.query<{
    token_hash: string;
    subject_kind: SubjectKind;
    subject_id: number;
    last_seen_at: Date;
    expires_at: Date;
    member_type: number | null;
  }>(
    `select s.token_hash, s.subject_kind, s.subject_id, s.last_seen_at, s.expires_at, m.type as member_type
     from sessions s left join members m on s.subject_kind = 'member' and m.id = s.subject_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2
       and s.last_seen_at > (case when s.subject_kind = 'member' then $3 else $4 end)::timestamptz`,
    [
      sha256Hex(token),
      now,
      new Date(now.getTime() - idleMinutes.member * 60_000),
      new Date(now.getTime() - idleMinutes.operator * 60_000),
    ],
  );
  const row = rows[0];
  if (!row) return null;
  // Sliding idle window, written at most once a minute per session (the caller cache holds it until the next).
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - lastSeenAt.getTime() > 60_000) {
    await db.query('update sessions set last_seen_at = $2 where token_hash = $1', [row.token_hash, now]);
    lastSeenAt = now;
  }
  return {
    tokenHash: row.token_hash,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    lastSeenAt,
    expiresAt: row.expires_at,
    memberType: row.member_type,
  };
}

/** Revoking a session also closes its open sockets, on every process. */
export async function revokeSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [
    tokenHash,
    now,
  ]);
  await closeSessionSockets(db, [tokenHash]);
}

export async function revokeSubjectSessions(
  db: Queryable,
  kind: SubjectKind,
  id: number,
  now: Date,
): Promise<void> {
  const rows = await db.query<{ token_hash: string }>(
    `update sessions set revoked_at = $3 where subject_kind = $1 and subject_id = $2 and revoked_at is null
     returning token_hash`,
    [kind, id, now],
  );
  await closeSessionSockets(
    db,
    rows.map((row) => row.token_hash),
  );
}

/** Ends every session of the subject except the one whose token hash is given (after a password change). */
export async function revokeOtherSessions(
  db: Queryable,
  kind: SubjectKind,
  id: number,
  keepTokenHash: string,
  now: Date,
): Promise<void> {
  const rows = await db.query<{ token_hash: string }>(
    `update sessions set revoked_at = $4
     where subject_kind = $1 and subject_id = $2 and token_hash <> $3 and revoked_at is null
     returning token_hash`,
    [kind, id, keepTokenHash, now],
  );
  await closeSessionSockets(
    db,
    rows.map((row) => row.token_hash),
  );
}

export async function countActiveSessions(db: Queryable, kind: SubjectKind, now: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from sessions where subject_kind = $1 and revoked_at is null and expires_at > $2',
    [kind, now],
  );
  return rows[0]?.n ?? 0;
}

/** Deletes sessions that ended (revoked or expired) before the given time. */
export async function purgeEndedSessions(db: Database, before: Date): Promise<number> {
  return write(db, { isolation: 'read committed' }, async (tx) => {
    const rows = await tx.query('delete from sessions where expires_at < $1 returning 1', [before]);
    return rows.length;
  });
}
