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
import { findSession } from './sessions.ts';

export type Caller =
  | { kind: 'visitor'; presentedToken: boolean }
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
export type MemberCaller = Extract<Caller, { kind: 'member' }>;

/** The token of a request: `Authorization: Bearer <token>`, or the bare token as the original platform sends it. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export async function resolveCaller(
  db: Queryable,
  config: Pick<Config, 'memberSession' | 'operatorSession'>,
  token: string | null,
  now: Date,
): Promise<Caller> {
  if (!token) return { kind: 'visitor', presentedToken: false };
  // The longer idle window finds the row; the subject's own policy is then applied.
  const widest = {
    idleMinutes: Math.max(config.memberSession.idleMinutes, config.operatorSession.idleMinutes),
    maxHours: Math.max(config.memberSession.maxHours, config.operatorSession.maxHours),
  };
  const session = await findSession(db, token, widest, now);
  if (!session) return { kind: 'visitor', presentedToken: true };
  const policy = session.subjectKind === 'member' ? config.memberSession : config.operatorSession;
  if (now.getTime() - session.lastSeenAt.getTime() > policy.idleMinutes * 60_000) {
    return { kind: 'visitor', presentedToken: true };
  }
  if (session.subjectKind === 'member') {
    if (session.memberType === null) return { kind: 'visitor', presentedToken: true };
    return {
      kind: 'member',
      memberId: session.subjectId,
      type: session.memberType,
      tokenHash: session.tokenHash,
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
  if (!found || found.disabled) return { kind: 'visitor', presentedToken: true };
  const totpRequired = totpRequiredFor(found.role, found.totp_required_all ?? false);
  return {
    kind: 'operator',
    operatorId: found.id,
    username: found.username,
    role: found.role,
    tokenHash: session.tokenHash,
    setupPending: found.must_change_password || (totpRequired && !found.totp_enabled),
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

export function asMember(caller: Caller): MemberCaller {
  if (caller.kind !== 'member') throw new AppError('unauthorized');
  return caller;
}
