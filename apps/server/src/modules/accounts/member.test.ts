import { accountsEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMember } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

describe('member info, avatar, nickname and language', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof registerMember>>;
  let trial: string;
  beforeAll(async () => {
    t = await startTestApp();
    trial = (await t.send('POST', api.freePlay.path, {})).body.value.token;
  });
  // Each test changes its own member.
  beforeEach(async () => {
    member = await registerMember(t, { nickname: 'Lucky' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers member info with the fields of §3', async () => {
    const res = await t.get(api.memberInfo.path, member.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      id: member.id,
      account: member.username,
      nickname: 'Lucky',
      type: 0,
      toUpline: 0,
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
      avatar: { avatarType: 'STATIC', avatar: 'a01', url: '/images/avatars/a01.svg' },
      language: 'EN',
      email: expect.stringMatching(/^\w{2}\*\*\*@example\.com$/),
      countryDialingCode: '',
      mobileNum: '',
      firstLoginAt: '2026-06-01T12:00:00.000Z',
      lastLoginAt: '2026-06-01T12:00:00.000Z',
      previousLoginAt: null,
      previousLoginIp: null,
      mustChangePassword: false,
      passwordExpiresAt: '2026-08-30T12:00:00.000Z',
    });
    expect((await t.get(api.memberInfo.path, trial)).body.value.type).toBe(4);
    expect((await t.get(api.memberInfo.path)).body.code).toBe('unauthorized');
    expect((await t.get(api.memberInfo.path, await t.operatorToken('owner'))).status).toBe(401);
  });

  it('lists the static avatars and sets one; an unknown avatar is refused', async () => {
    const list = await t.get(api.avatar.path, member.token);
    expect(list.body.value.options).toHaveLength(12);
    expect(list.body.value.options[1]).toEqual({
      avatar: 'a02',
      name: 'Tiger',
      url: '/images/avatars/a02.svg',
    });
    const set = await t.send(
      'POST',
      api.setAvatar.path,
      { avatarType: 'STATIC', avatar: 'a07' },
      member.token,
    );
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({ avatar: 'a07', url: '/images/avatars/a07.svg' });
    expect((await t.get(api.memberInfo.path, member.token)).body.value.avatar.avatar).toBe('a07');
    const unknown = await t.send('POST', api.setAvatar.path, { avatar: 'zz9' }, member.token);
    expect(unknown.body).toMatchObject({
      code: 'validation_failed',
      fields: { avatar: 'Value is not valid' },
    });
    expect((await t.send('POST', api.setAvatar.path, { avatar: 'a02' })).body.code).toBe('unauthorized');
    expect((await t.get(api.avatar.path, trial)).status).toBe(200);

    const image = await t.app.inject({ method: 'GET', url: '/images/avatars/a07.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('aria-label="Crown"');
    expect((await t.app.inject({ method: 'GET', url: '/images/avatars/nope.svg' })).statusCode).toBe(404);
  });

  it('edits the nickname within its rule', async () => {
    const ok = await t.send('POST', api.setNickname.path, { nickname: '  Lucky Star ' }, member.token);
    expect(ok.body.value.nickname).toBe('Lucky Star');
    const long = await t.send('POST', api.setNickname.path, { nickname: 'x'.repeat(21) }, member.token);
    expect(long.body).toMatchObject({
      code: 'validation_failed',
      fields: { nickname: 'At most 20 characters' },
    });
    const markup = await t.send('POST', api.setNickname.path, { nickname: '<b>hi</b>' }, member.token);
    expect(markup.body.fields).toEqual({ nickname: 'Format is not valid' });
  });

  it('updates the language, for trial accounts too', async () => {
    const res = await t.send('PUT', api.setLanguage.path, { language: 'VI' }, member.token);
    expect(res.body.value).toEqual({ language: 'VI' });
    expect((await t.get(api.memberInfo.path, member.token)).body.value.language).toBe('VI');
    expect((await t.send('PUT', api.setLanguage.path, { language: 'CN' }, trial)).status).toBe(200);
    const bad = await t.send('PUT', api.setLanguage.path, { language: 'XX' }, member.token);
    expect(bad.body.code).toBe('validation_failed');
    expect((await t.send('PUT', api.setLanguage.path, { language: 'EN' })).body.code).toBe('unauthorized');
  });

  it('refuses every member endpoint to visitors and operators, and the real-member ones to trial accounts', async () => {
    const operator = await t.operatorToken('owner');
    for (const [name, endpoint] of Object.entries(api)) {
      if (endpoint.access === 'visitor') continue;
      const method = endpoint.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const as = (token?: string) =>
        method === 'GET' ? t.get(endpoint.path, token) : t.send(method, endpoint.path, {}, token);
      expect([name, (await as()).status, (await as()).body.code]).toEqual([name, 401, 'unauthorized']);
      expect([name, (await as(operator)).body.code]).toEqual([name, 'unauthorized']);
      if (endpoint.access === 'realMember') {
        expect([name, (await as(trial)).body.code]).toEqual([name, 'in_need_true_account']);
      }
    }
  });
});
