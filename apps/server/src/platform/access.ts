import {
  type Access,
  AGENT_CENTRE_IS_AGENT_VALUES,
  type OperatorRole,
  TOTP_REQUIRED_ROLES,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from './app-error.ts';
import type { CallerCache } from './caller-cache.ts';
import { sha256Hex } from './crypto.ts';
import { type ActiveSession, findSession } from './sessions.ts';

export type Caller =
  | { kind: 'visitor'; presentedToken: boolean }
  | {
      /** A house game frame, by the token of the game session its launch opened (endpoints of access gameSession). */
      kind: 'gameSession';
      memberId: number;
      /** The session's provider and catalogue game. */
      provider: string;
      gameId: number;
      /** The session's token: the house passes it on to the seamless wallet, as any provider does. */
      token: string;
      expiresAt: Date;
    }
  | { kind: 'member'; memberId: number; type: number; tokenHash: string }
  | {
      kind: 'operator';
      operatorId: number;
      username: string;
      role: OperatorRole;
      tokenHash: string;
      /** The sign-in is not complete: a new password or a second factor must be set up first. */
      setupPending: boolean;
    };

export type OperatorCaller = Extract<Caller, { kind: 'operator' }>;
export type GameSessionCaller = Extract<Caller, { kind: 'gameSession' }>;
/** The callers a site or console token makes: a game session's token is only ever read by resolveGameSession. */
export type SiteCaller = Exclude<Caller, GameSessionCaller>;
export type MemberCaller = Extract<Caller, { kind: 'member' }>;

/** The token of a request: `Authorization: Bearer <token>`, or the bare token as the original platform sends it. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * The caller behind a site or console token: a member, an operator, or a visitor (who presented a token when the
 * session is unknown or ended). With `cache`, a caller read in the last few seconds is answered from the process.
 */
export async function resolveCaller(
  db: Queryable,
  config: Pick<Config, 'memberSession' | 'operatorSession'>,
  token: string | null,
  now: Date,
  cache?: CallerCache,
): Promise<SiteCaller> {
  if (!token) return { kind: 'visitor', presentedToken: false };
  if (!cache) return (await readCaller(db, config, token, now)).caller;
  const tokenHash = sha256Hex(token);
  const held = cache.get(tokenHash, config, now);
  if (held) return held;
  const read = await readCaller(db, config, token, now);
  if (read.caller.kind !== 'visitor' && read.session) cache.set(tokenHash, read.caller, read.session, now);
  return read.caller;
}

async function readCaller(
  db: Queryable,
  config: Pick<Config, 'memberSession' | 'operatorSession'>,
  token: string,
  now: Date,
): Promise<{ caller: SiteCaller; session: ActiveSession | null }> {
  const visitor = { caller: { kind: 'visitor', presentedToken: true } as const, session: null };
  // Each subject's own idle window, checked by the query before the read slides it.
  const session = await findSession(
    db,
    token,
    { member: config.memberSession.idleMinutes, operator: config.operatorSession.idleMinutes },
    now,
  );
  if (!session) return visitor;
  if (session.subjectKind === 'member') {
    if (session.memberType === null) return visitor;
    return {
      caller: {
        kind: 'member',
        memberId: session.subjectId,
        type: session.memberType,
        tokenHash: session.tokenHash,
      },
      session,
    };
  }
  const rows = await db.query<{
    id: number;
    username: string;
    role: OperatorRole;
    disabled: boolean;
    must_change_password: boolean;
    totp_enabled: boolean;
    totp_required_all: boolean | null;
  }>(
    `select id, username, role, disabled, must_change_password, totp_enabled,
       (select (value ->> 'totpRequiredForAll')::boolean from site_settings where key = 'console_security')
         as totp_required_all
     from operators where id = $1`,
    [session.subjectId],
  );
  const found = rows[0];
  if (!found || found.disabled) return visitor;
  const totpRequired = totpRequiredFor(found.role, found.totp_required_all ?? false);
  return {
    caller: {
      kind: 'operator',
      operatorId: found.id,
      username: found.username,
      role: found.role,
      tokenHash: session.tokenHash,
      setupPending: found.must_change_password || (totpRequired && !found.totp_enabled),
    },
    session,
  };
}

/** How a game session's token is kept (game_sessions.token_hash): the providers' seamless wallet and the house use it. */
export const hashGameSessionToken = (token: string) => sha256Hex(`game-session:${token}`);

/**
 * The caller of a gameSession endpoint: the live game session of the token (not expired, its member active), or a
 * visitor. A site or console token is no game session's, so it never passes.
 */
export async function resolveGameSession(
  db: Queryable,
  token: string | null,
  now: Date,
): Promise<GameSessionCaller | Extract<Caller, { kind: 'visitor' }>> {
  if (!token) return { kind: 'visitor', presentedToken: false };
  const rows = await db.query<{ member_id: number; provider: string; game_id: number; expires_at: Date }>(
    `select s.member_id, s.provider, s.game_id, s.expires_at from game_sessions s
     join members m on m.id = s.member_id and m.status = 'active'
     where s.token_hash = $1 and s.expires_at > $2`,
    [hashGameSessionToken(token), now],
  );
  const row = rows[0];
  if (!row) return { kind: 'visitor', presentedToken: true };
  return {
    kind: 'gameSession',
    memberId: row.member_id,
    provider: row.provider,
    gameId: row.game_id,
    token,
    expiresAt: row.expires_at,
  };
}

/** Whether an operator of the role must sign in with a second factor (owner and finance always; all by setting). */
export function totpRequiredFor(role: OperatorRole, requiredForAll: boolean): boolean {
  return requiredForAll || (TOTP_REQUIRED_ROLES as readonly OperatorRole[]).includes(role);
}

/** Throws the refusal the access level calls for, or returns when the caller may pass. */
export function enforceAccess(access: Access, caller: Caller): void {
  if (access === 'visitor') return;
  const notLoggedIn = () =>
    new AppError(caller.kind === 'visitor' && caller.presentedToken ? 'session_expired' : 'unauthorized');
  if (typeof access === 'object') {
    if (caller.kind !== 'operator') throw notLoggedIn();
    if (caller.role !== 'owner' && !access.operator.includes(caller.role)) throw new AppError('forbidden');
    return;
  }
  if (access === 'gameSession') {
    if (caller.kind !== 'gameSession') throw notLoggedIn();
    return;
  }
  if (caller.kind !== 'member') throw notLoggedIn();
  if (access === 'member') return;
  if (caller.type === TRIAL_ACCOUNT_IS_AGENT) throw new AppError('in_need_true_account');
  if (access === 'agent' && !(AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(caller.type)) {
    throw new AppError('not_agent');
  }
}

export function asOperator(caller: Caller): OperatorCaller {
  if (caller.kind !== 'operator') throw new AppError('unauthorized');
  return caller;
}

export function asGameSession(caller: Caller): GameSessionCaller {
  if (caller.kind !== 'gameSession') throw new AppError('unauthorized');
  return caller;
}

export function asMember(caller: Caller): MemberCaller {
  if (caller.kind !== 'member') throw new AppError('unauthorized');
  return caller;
}
