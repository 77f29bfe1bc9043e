import type { OperatorRole } from '@tessera/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const API = '/backoffice/api';
/** Well formed, but no session has it. */
export const UNKNOWN_TOKEN = 'unknownTokenUnknownTokenUnknownToken1234567';

export type CallerTokens = Record<OperatorRole, string> & { member: string; revoked: string };

/** A token for every kind of caller a console area must tell apart, one of them already logged out. */
export async function openCallerTokens(t: TestApp): Promise<CallerTokens> {
  const tokens: CallerTokens = {
    owner: await t.operatorToken('owner'),
    operations: await t.operatorToken('operations'),
    support: await t.operatorToken('support'),
    finance: await t.operatorToken('finance'),
    member: await t.memberToken(),
    revoked: await t.operatorToken('operations'),
  };
  const logout = await t.send('DELETE', `${API}/session`, undefined, tokens.revoked);
  expect(logout.body.value).toEqual({ ok: true });
  return tokens;
}

export interface AuditRow {
  id: number;
  operator_id: number | null;
  operator_username: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: Date;
}

/** Checks shared by the tests of the console's areas: audit entries, refusals and failure envelopes. */
export function consoleChecks(app: () => TestApp, tokens: () => CallerTokens) {
  async function lastAudit(entity: string): Promise<AuditRow | undefined> {
    const rows = await app().db.query<AuditRow>(
      'select * from audit_log where entity = $1 order by id desc limit 1',
      [entity],
    );
    return rows[0];
  }

  async function auditCount(): Promise<number> {
    const rows = await app().db.query<{ n: number }>('select count(*)::int as n from audit_log');
    return rows[0]?.n ?? -1;
  }

  async function operatorOf(token: string): Promise<{ id: number; username: string }> {
    const me = await app().get(`${API}/session`, token);
    expect(me.status).toBe(200);
    return { id: me.body.value.id, username: me.body.value.username };
  }

  /** The last audit entry of the entity is this write, by this operator, with these before and after images. */
  async function expectAudited(
    token: string,
    entity: string,
    change: {
      action: string;
      entityId: string | number;
      before: unknown;
      after: unknown;
    },
  ) {
    const who = await operatorOf(token);
    const row = await lastAudit(entity);
    expect(row).toMatchObject({
      operator_id: who.id,
      operator_username: who.username,
      action: change.action,
      entity,
      entity_id: String(change.entityId),
      ip: '127.0.0.1',
    });
    expect(row?.before).toEqual(change.before);
    expect(row?.after).toEqual(change.after);
    expect(new Date(row?.created_at as Date).toISOString()).toBe(app().clock.now().toISOString());
  }

  function expectFailure(
    res: { status: number; body: { success: boolean; code: string; value: unknown; fields?: unknown } },
    status: number,
    code: string,
    fields?: Record<string, unknown>,
  ) {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code, value: null });
    if (fields) expect(res.body.fields).toEqual(fields);
    else expect(res.body.fields).toBeUndefined();
  }

  /**
   * Every call of a console area is refused to callers who may not pass, and none of them writes anything:
   * no token, an unknown or revoked token, a member, and each operator role the area does not allow.
   */
  async function expectRefusals(
    calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[],
    forbiddenRoles: OperatorRole[],
  ) {
    const tok = tokens();
    const before = await auditCount();
    const callers: [string | undefined, number, string][] = [
      [undefined, 401, 'unauthorized'],
      [UNKNOWN_TOKEN, 401, 'session_expired'],
      [tok.revoked, 401, 'session_expired'],
      [tok.member, 401, 'unauthorized'],
      ...forbiddenRoles.map((role): [string, number, string] => [tok[role], 403, 'forbidden']),
    ];
    for (const { method, url, body } of calls) {
      for (const [token, status, code] of callers) {
        const res = await app().call({
          method,
          url,
          token,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect({ method, url, token, status: res.status, code: res.body.code }).toEqual({
          method,
          url,
          token,
          status,
          code,
        });
        expect(res.body).toMatchObject({ success: false, value: null });
      }
    }
    expect(await auditCount()).toBe(before);
  }

  return { lastAudit, auditCount, operatorOf, expectAudited, expectFailure, expectRefusals };
}

/**
 * A file's (or a describe block's) console tests on one app: started before its tests with `options` and closed
 * after them, with a token of every kind of caller, handed to `bind` to keep as the file's `t` and tokens. Answers the
 * console's checks on them, and `signIn` to open the tokens again.
 */
export function consoleSuite(
  options: Parameters<typeof startTestApp>[0],
  bind: (app: TestApp, tokens: CallerTokens) => void,
) {
  let app: TestApp | undefined;
  let tokens: CallerTokens | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console suite has not started');
    return value;
  };
  /** Opens the tokens again (a session ends when the clock moves past its idle time). */
  const signIn = async () => {
    tokens = await openCallerTokens(started(app));
    bind(started(app), tokens);
  };
  beforeAll(async () => {
    app = await startTestApp(options);
    await signIn();
  });
  afterAll(() => app?.close());
  const checks = consoleChecks(
    () => started(app),
    () => started(tokens),
  );
  return { ...checks, signIn };
}
