import { accountsEndpoints as api, accountsConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginBody,
  registerMember,
  sealed,
  smsCode,
  solvedCaptcha,
} from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const path = (template: string, id: number) => template.replace(':id', String(id));

describe('console: players, outboxes and login failures', () => {
  let t: TestApp;
  let support: string;
  let operations: string;
  let finance: string;
  let players = 0;
  /** A player of this test only (no test sees another's changes): registered, with one failed login. */
  async function player() {
    players += 1;
    const member = await registerMember(t, { nickname: `Whale ${players}` });
    await sealed(t, api.login, loginBody(member.username, 'wrong-password'));
    return { ...member, nickname: `Whale ${players}` };
  }
  beforeAll(async () => {
    t = await startTestApp();
    support = await t.operatorToken('support');
    operations = await t.operatorToken('operations');
    finance = await t.operatorToken('finance');
  });
  afterAll(async () => {
    await t.close();
  });

  it('support and operations search players; finance, members and visitors are refused', async () => {
    const member = await player();
    const res = await t.get(`${bo.players.path}?q=${member.username.slice(0, 8)}&pageSize=5`, support);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ total: 1, pageNo: 1, pageSize: 5 });
    expect(res.body.value.list[0]).toMatchObject({
      id: member.id,
      username: member.username,
      nickname: member.nickname,
      status: 'active',
      type: 0,
      lastLoginIp: '127.0.0.1',
    });
    expect(
      (await t.get(`${bo.players.path}?q=${encodeURIComponent(member.nickname.toLowerCase())}`, operations))
        .body.value.total,
    ).toBe(1);
    const locked = await t.get(`${bo.players.path}?status=locked&pageSize=100`, operations);
    expect(locked.body.value.list.map((row: { id: number }) => row.id)).not.toContain(member.id);
    expect((await t.get(`${bo.players.path}?pageSize=500`, support)).body.fields).toHaveProperty('pageSize');
    expect((await t.get(bo.players.path, finance)).body.code).toBe('forbidden');
    expect((await t.get(bo.players.path, member.token)).body.code).toBe('unauthorized');
    expect((await t.get(bo.players.path)).body.code).toBe('unauthorized');
  });

  it('shows a player with recent logins (address, device) and failures', async () => {
    const member = await player();
    const res = await t.get(path(bo.player.path, member.id), support);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      id: member.id,
      status: 'active',
      mustChangePassword: false,
      loginLockedUntil: null,
      recentLogins: [{ ip: '127.0.0.1', loginType: 'register', device: '' }],
      recentFailures: [{ ip: '127.0.0.1', reason: 'invalid_credentials' }],
    });
    expect((await t.get(path(bo.player.path, 999_999), support)).body.code).toBe('not_found');
    expect((await t.get(path(bo.player.path, 0), support)).body.code).toBe('validation_failed');
  });

  it('operations lock and unlock a player, audited; a lock ends the sessions; support may not', async () => {
    const member = await player();
    const lockPath = path(bo.lockPlayer.path, member.id);
    expect((await t.send('POST', lockPath, { reason: 'fraud check' }, support)).body.code).toBe('forbidden');
    const locked = await t.send('POST', lockPath, { reason: 'fraud check' }, operations);
    expect(locked.status).toBe(200);
    expect(locked.body.value).toMatchObject({ status: 'locked', lockedReason: 'fraud check' });
    expect((await t.get(api.memberInfo.path, member.token)).body.code).toBe('session_expired');
    expect((await sealed(t, api.login, loginBody(member.username, member.password))).body.code).toBe(
      'member_locked',
    );
    const unlocked = await t.send('POST', path(bo.unlockPlayer.path, member.id), undefined, operations);
    expect(unlocked.body.value).toMatchObject({ status: 'active', lockedReason: '' });
    const fresh = await sealed(t, api.login, loginBody(member.username, member.password));
    expect(fresh.status).toBe(200);
    const audit = await t.db.query<{
      entity: string;
      entity_id: string;
      before: { status: string };
      after: { status: string };
    }>(
      "select entity, entity_id, before, after from audit_log where entity = 'player' and entity_id = $1 order by id",
      [String(member.id)],
    );
    expect(audit.map((row) => [row.entity_id, row.before.status, row.after.status])).toEqual([
      [String(member.id), 'active', 'locked'],
      [String(member.id), 'locked', 'active'],
    ]);
  });

  it('unlock also lifts a lock left by failed logins', async () => {
    const victim = await registerMember(t);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const solved = attempt >= 3 ? await solvedCaptcha(t) : {};
      await sealed(t, api.login, loginBody(victim.username, 'wrong-password', solved));
    }
    const detail = await t.get(path(bo.player.path, victim.id), support);
    expect(detail.body.value.loginLockedUntil).toBe('2026-06-01T12:15:00.000Z');
    await t.send('POST', path(bo.unlockPlayer.path, victim.id), undefined, operations);
    expect((await sealed(t, api.login, loginBody(victim.username, victim.password))).status).toBe(200);
  });

  it('forces a password change at the next login', async () => {
    const member = await player();
    const res = await t.send('POST', path(bo.forcePasswordChange.path, member.id), undefined, operations);
    expect(res.body.value.mustChangePassword).toBe(true);
    const next = await sealed(t, api.login, loginBody(member.username, member.password));
    expect(next.body.value.passwordExpired).toBe(true);
    expect(
      (await t.send('POST', path(bo.forcePasswordChange.path, member.id), undefined, support)).status,
    ).toBe(403);
  });

  it('resets a password to a one-time temporary password, or by mail', async () => {
    const member = await player();
    const temp = await t.send(
      'POST',
      path(bo.resetPlayerPassword.path, member.id),
      { method: 'temporary' },
      operations,
    );
    expect(temp.status).toBe(200);
    expect(temp.body.value).toMatchObject({ method: 'temporary', emailedTo: null });
    const password = temp.body.value.temporaryPassword as string;
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await sealed(t, api.login, loginBody(member.username, member.password))).status).toBe(401);
    const login = await sealed(t, api.login, loginBody(member.username, password));
    expect(login.body.value.passwordExpired).toBe(true);
    const audit = await t.db.query<{ after: unknown }>(
      "select after from audit_log where entity = 'player' and entity_id = $1 order by id desc limit 1",
      [String(member.id)],
    );
    expect(JSON.stringify(audit[0]?.after)).not.toContain(password);

    const mail = await t.send(
      'POST',
      path(bo.resetPlayerPassword.path, member.id),
      { method: 'email' },
      operations,
    );
    expect(mail.body.value).toMatchObject({
      method: 'email',
      temporaryPassword: null,
      emailedTo: `${member.username}@example.com`,
    });
    const bad = await t.send(
      'POST',
      path(bo.resetPlayerPassword.path, member.id),
      { method: 'sms' },
      operations,
    );
    expect(bad.body.fields).toHaveProperty('method');
    expect(
      (await t.send('POST', path(bo.resetPlayerPassword.path, member.id), { method: 'email' }, support))
        .status,
    ).toBe(403);
  });

  it('lists the mail and SMS outboxes to operations only, newest first', async () => {
    const member = await player();
    await t.send('POST', path(bo.resetPlayerPassword.path, member.id), { method: 'email' }, operations);
    await t.send('POST', api.smsRegister.path, { mobileNo: '966000001', countryDialingCode: '84' });
    const sms = await t.get(`${bo.smsOutbox.path}?mobileNum=966000001`, operations);
    expect(sms.body.value.total).toBe(1);
    expect(sms.body.value.list[0]).toMatchObject({
      mobileNum: '966000001',
      countryDialingCode: '84',
      purpose: 'register',
      provider: 'outbox',
      status: 'outbox',
    });
    // Without a gateway the outbox is the only copy of the code, and a code signs in: the console sees it masked.
    const code = await smsCode(t, '966000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sms.body)).not.toContain(code);
    expect(sms.body.value.list[0].body).toContain('******');
    const mails = await t.get(`${bo.mailOutbox.path}?to=${member.username}@example.com`, operations);
    expect(mails.body.value.list[0]).toMatchObject({
      to: `${member.username}@example.com`,
      subject: 'Reset your password',
      provider: 'outbox',
      status: 'outbox',
    });
    // The reset link is the account: its token never reaches the console, though the mail was never sent.
    const [stored] = await t.db.query<{ body: string }>(
      'select body from mail_outbox where to_address = $1 order by id desc limit 1',
      [`${member.username}@example.com`],
    );
    const token = /resetToken=([A-Za-z0-9_-]+)/.exec(stored?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(JSON.stringify(mails.body)).not.toContain(token);
    expect(mails.body.value.list[0].body).not.toContain('resetToken');
    expect(mails.body.value.list[0].body).toContain('[hidden]');
    expect((await t.get(bo.smsOutbox.path, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.mailOutbox.path, support)).body.code).toBe('forbidden');
    expect((await t.get(bo.mailOutbox.path, member.token)).body.code).toBe('unauthorized');
  });

  it('lists login failures with filters', async () => {
    const member = await player();
    await t.send('POST', path(bo.lockPlayer.path, member.id), { reason: 'check' }, operations);
    await sealed(t, api.login, loginBody(member.username, member.password));
    await t.send('POST', path(bo.unlockPlayer.path, member.id), undefined, operations);
    await sealed(t, api.login, loginBody(member.username, 'wrong-again'));
    const all = await t.get(bo.loginFailures.path, support);
    expect(all.body.value.total).toBeGreaterThanOrEqual(3);
    const mine = await t.get(
      `${bo.loginFailures.path}?username=${member.username.toUpperCase()}`,
      operations,
    );
    // Newest first: the second wrong password, the locked account, the first wrong password.
    expect(mine.body.value.list.map((row: { reason: string }) => row.reason)).toEqual([
      'invalid_credentials',
      'member_locked',
      'invalid_credentials',
    ]);
    expect(mine.body.value.list[2]).toMatchObject({
      username: member.username,
      memberId: member.id,
      ip: '127.0.0.1',
    });
    const later = await t.get(`${bo.loginFailures.path}?from=2030-01-01T00:00:00Z`, support);
    expect(later.body.value.total).toBe(0);
    expect((await t.get(`${bo.loginFailures.path}?from=yesterday`, support)).body.code).toBe(
      'validation_failed',
    );
    expect((await t.get(bo.loginFailures.path, finance)).body.code).toBe('forbidden');
  });

  it('refuses every console endpoint to visitors, players and roles outside its list', async () => {
    const member = await player();
    const trial = (await t.send('POST', api.freePlay.path, {})).body.value.token;
    const allowed: Record<string, string[]> = {};
    for (const [name, endpoint] of Object.entries(bo)) {
      const url = path(endpoint.path, member.id);
      const method = endpoint.method as 'GET' | 'POST';
      const as = (token?: string) => (method === 'GET' ? t.get(url, token) : t.send(method, url, {}, token));
      expect([name, (await as()).body.code]).toEqual([name, 'unauthorized']);
      expect([name, (await as(trial)).body.code]).toEqual([name, 'unauthorized']);
      const roles = typeof endpoint.access === 'object' ? endpoint.access.operator : [];
      allowed[name] = [...roles];
      for (const [role, token] of [
        ['support', support],
        ['operations', operations],
        ['finance', finance],
      ] as const) {
        if (!roles.includes(role))
          expect([name, role, (await as(token)).body.code]).toEqual([name, role, 'forbidden']);
      }
    }
    expect(allowed).toEqual({
      players: ['operations', 'support'],
      player: ['operations', 'support'],
      lockPlayer: ['operations'],
      unlockPlayer: ['operations'],
      resetPlayerPassword: ['operations'],
      forcePasswordChange: ['operations'],
      smsOutbox: ['operations'],
      mailOutbox: ['operations'],
      loginFailures: ['operations', 'support'],
      editProfile: ['operations', 'finance'],
      encryptionKey: ['owner'],
      rotateEncryptionKey: ['owner'],
    });
  });
});
