import { accountsEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginBody,
  registerMember,
  sealed,
  smsCode,
  solvedCaptcha,
} from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../platform/crypto.ts';

const login = (t: TestApp, username: string, password: string, extra: Record<string, unknown> = {}) =>
  sealed(t, api.login, loginBody(username, password, extra));

describe('login by user name', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof registerMember>>;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the login value of §3 with a new token each time and the previous login', async () => {
    t.clock.advance(60_000);
    const first = await login(t, member.username.toUpperCase(), member.password);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      userName: member.username,
      account: member.username,
      customerId: member.id,
      isAgent: 0,
      firstTimeLogin: false,
      passwordExpired: false,
      memberLabel: [],
      // The original's names for customerId and isAgent.
      id: member.id,
      customerType: 0,
    });
    expect(first.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The registration logged in first, so that login is the previous one.
    expect(first.body.value.previousLoginAt).toBe('2026-06-01T12:00:00.000Z');
    expect(first.body.value.previousLoginIp).toBe('127.0.0.1');
    t.clock.advance(60_000);
    const second = await login(t, member.username, member.password);
    expect(second.body.value.token).not.toBe(first.body.value.token);
    expect(second.body.value.previousLoginAt).toBe('2026-06-01T12:01:00.000Z');
    const info = await t.get(api.memberInfo.path, second.body.value.token);
    expect(info.body.value.previousLoginAt).toBe('2026-06-01T12:01:00.000Z');
    expect(info.body.value.lastLoginAt).toBe('2026-06-01T12:02:00.000Z');
    const tokens = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(tokens.some((row) => row.token_hash === second.body.value.token)).toBe(false);
  });

  it('refuses a wrong password and an unknown user alike, and logs both failures', async () => {
    const wrong = await login(t, member.username, 'not-the-password');
    const unknown = await login(t, 'nobody-here', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'invalid_credentials',
      message: 'Wrong account or password, please try again.',
    });
    expect(unknown.body).toEqual(wrong.body);
    const failures = await t.db.query<{ username: string; reason: string }>(
      'select username, reason from login_failures order by id',
    );
    expect(failures).toEqual([
      { username: member.username, reason: 'invalid_credentials' },
      { username: 'nobody-here', reason: 'unknown_account' },
    ]);
    const empty = await login(t, '', '');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');
    const badType = await sealed(t, api.login, { type: 'email', username: 'a', password: 'b' });
    expect(badType.body.fields).toHaveProperty('type');
  });

  it('asks for a captcha after 3 failures, locks for 15 minutes after 10, then lets the right password in', async () => {
    const victim = await registerMember(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const res = await login(t, victim.username, 'wrong-password');
      expect(res.body.code).toBe('invalid_credentials');
      expect(res.body.fields?.captcha).toBe(attempt >= 3 ? 'Input cannot be empty' : undefined);
    }
    const noCaptcha = await login(t, victim.username, victim.password);
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({
      code: 'captcha_required',
      fields: { captcha: 'Input cannot be empty' },
    });
    const badCaptcha = await login(t, victim.username, victim.password, {
      captchaId: (await solvedCaptcha(t)).captchaId,
      captcha: 'ZZZZ',
    });
    expect(badCaptcha.body.code).toBe('captcha_invalid');
    // A captcha is single use: the one just refused cannot be tried again.
    const solved = await solvedCaptcha(t);
    expect((await login(t, victim.username, 'wrong-password', solved)).body.code).toBe('invalid_credentials');
    expect((await login(t, victim.username, victim.password, solved)).body.code).toBe('captcha_invalid');
    for (let attempt = 5; attempt <= 9; attempt += 1) {
      expect((await login(t, victim.username, 'wrong-password', await solvedCaptcha(t))).body.code).toBe(
        'invalid_credentials',
      );
    }
    const tenth = await login(t, victim.username, 'wrong-password', await solvedCaptcha(t));
    expect(tenth.status).toBe(423);
    expect(tenth.body.code).toBe('account_locked');
    const locked = await login(t, victim.username, victim.password, await solvedCaptcha(t));
    expect(locked.body.code).toBe('account_locked');
    t.clock.advance(14 * 60_000);
    expect((await login(t, victim.username, victim.password)).body.code).toBe('account_locked');
    t.clock.advance(60_000 + 1000);
    const after = await login(t, victim.username, victim.password);
    expect(after.status).toBe(200);
  });

  it('an expired captcha is refused', async () => {
    const victim = await registerMember(t);
    for (let attempt = 0; attempt < 3; attempt += 1) await login(t, victim.username, 'wrong-password');
    const solved = await solvedCaptcha(t);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await login(t, victim.username, victim.password, solved)).body.code).toBe('captcha_invalid');
    expect((await login(t, victim.username, victim.password, await solvedCaptcha(t))).status).toBe(200);
  });

  it('the captcha endpoint draws a fresh PNG each time: the value is the image, its id in a header and a cookie', async () => {
    const a = await t.get(api.captcha.path);
    const b = await t.get(api.captcha.path);
    expect(a.status).toBe(200);
    const id = a.headers['captcha-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['captcha-id']).not.toBe(id);
    expect(a.headers['set-cookie']).toBe(
      `captchaId=${id}; Max-Age=300; Path=/wps; HttpOnly; SameSite=Strict`,
    );
    const png = Buffer.from(a.body.value, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(150);
    expect(png.readUInt32BE(20)).toBe(48);
  });

  it('forces the password change for 123456, an operator request or an expired password with PWDEXPFORCECHANGE3', async () => {
    const legacy = await registerMember(t);
    await t.db.query('update members set password_hash = $2 where id = $1', [
      legacy.id,
      await hashPassword('123456'),
    ]);
    const forced = await login(t, legacy.username, '123456');
    expect(forced.body.value.passwordExpired).toBe(true);

    const aging = await registerMember(t);
    t.clock.advance(89 * 86_400_000);
    expect((await login(t, aging.username, aging.password)).body.value.passwordExpired).toBe(false);
    t.clock.advance(2 * 86_400_000);
    expect((await login(t, aging.username, aging.password)).body.value.passwordExpired).toBe(true);
    await t.db.query("update module_flags set enabled = false where mod_id = 'PWDEXPFORCECHANGE3'");
    expect((await login(t, aging.username, aging.password)).body.value.passwordExpired).toBe(false);
    await t.db.query("update module_flags set enabled = true where mod_id = 'PWDEXPFORCECHANGE3'");

    const told = await registerMember(t);
    await t.db.query('update members set must_change_password = true where id = $1', [told.id]);
    expect((await login(t, told.username, told.password)).body.value.passwordExpired).toBe(true);
  });

  it('refuses a locked account and a non-member account type after the right password', async () => {
    const locked = await registerMember(t);
    await t.db.query("update members set status = 'locked' where id = $1", [locked.id]);
    const res = await login(t, locked.username, locked.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'member_locked' });
    expect((await login(t, locked.username, 'wrong-password')).body.code).toBe('invalid_credentials');

    const house = await registerMember(t);
    await t.db.query('update members set type = 9 where id = $1', [house.id]);
    const refused = await login(t, house.username, house.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'not_member', message: 'Non-members cannot enter.' });

    const agent = await registerMember(t);
    await t.db.query('update members set type = 41 where id = $1', [agent.id]);
    expect((await login(t, agent.username, agent.password)).body.value.isAgent).toBe(41);
  });
});

describe('sms login, logout and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const mobileMember = async (mobile: string) => {
    await t.send('POST', api.smsRegister.path, { mobileNo: mobile, countryDialingCode: '+84' });
    const res = await sealed(t, api.registerMobile, {
      mobileNum: mobile,
      countryDialingCode: '84',
      password: 'Mobile-pass-2026',
      confirmPassword: 'Mobile-pass-2026',
      verificationCode: await smsCode(t, mobile),
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
    });
    expect(res.status).toBe(200);
    return res.body.value;
  };

  it('logs in with the mobile number and an SMS code, never forcing a password change', async () => {
    const created = await mobileMember('912345678');
    await t.db.query('update members set must_change_password = true where id = $1', [created.customerId]);
    const sent = await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '912345678',
      countryDialingCode: '84',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await smsCode(t, '912345678');
    const res = await sealed(t, api.login, {
      type: 'sms',
      username: '912345678',
      password: code,
      countryDialingCode: '84',
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ userName: created.userName, passwordExpired: false });
    // The code is single use.
    const again = await sealed(t, api.login, {
      type: 'sms',
      username: '912345678',
      password: code,
      countryDialingCode: '84',
    });
    expect(again.body.code).toBe('sms_code_invalid');
    const badCode = await sealed(t, api.login, {
      type: 'sms',
      username: '912345678',
      password: '12ab',
      countryDialingCode: '84',
    });
    expect(badCode.body).toMatchObject({
      code: 'validation_failed',
      fields: { password: 'Format is not valid' },
    });
  });

  it('refuses sms login when MOBILEVERCODELOGIN3 is off', async () => {
    await t.db.query("update module_flags set enabled = false where mod_id = 'MOBILEVERCODELOGIN3'");
    const res = await sealed(t, api.login, {
      type: 'sms',
      username: '912345678',
      password: '123456',
      countryDialingCode: '84',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('feature_disabled');
    const send = await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '912345678',
      countryDialingCode: '84',
    });
    expect(send.body.code).toBe('feature_disabled');
    await t.db.query("update module_flags set enabled = true where mod_id = 'MOBILEVERCODELOGIN3'");
  });

  it('logout revokes the token; a visitor and a revoked token are refused', async () => {
    const member = await registerMember(t);
    const out = await t.send('DELETE', api.logout.path, undefined, member.token);
    expect(out.status).toBe(200);
    expect(out.body.value).toEqual({ ok: true });
    const after = await t.get(api.memberInfo.path, member.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_expired');
    expect((await t.send('DELETE', api.logout.path, undefined, member.token)).body.code).toBe(
      'session_expired',
    );
    expect((await t.send('DELETE', api.logout.path)).body.code).toBe('unauthorized');
    const operator = await t.operatorToken('support');
    expect((await t.send('DELETE', api.logout.path, undefined, operator)).body.code).toBe('unauthorized');
  });

  it('ends a member session after 60 idle minutes and after 24 hours in all', async () => {
    const member = await registerMember(t);
    t.clock.advance(59 * 60_000);
    expect((await t.get(api.memberInfo.path, member.token)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await t.get(api.memberInfo.path, member.token)).body.code).toBe('session_expired');
    const long = (await sealed(t, api.login, loginBody(member.username, member.password))).body.value.token;
    for (let step = 1; step <= 50; step += 1) {
      t.clock.advance(30 * 60_000);
      const res = await t.get(api.memberInfo.path, long);
      expect(res.status).toBe(step * 30 < 24 * 60 ? 200 : 401);
    }
  });
});

describe('free play', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a trial account (isAgent 4) with no password and no balance, and logs it in', async () => {
    const res = await t.send('POST', api.freePlay.path, { platform: 'W', os: 'Linux', gatewayVersion: 3 });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ isAgent: 4, firstTimeLogin: true, passwordExpired: false });
    expect(res.body.value.userName).toMatch(/^demo_[a-z0-9]{10}$/);
    const rows = await t.db.query<{ type: number; password_hash: string | null }>(
      'select type, password_hash from members where id = $1',
      [res.body.value.customerId],
    );
    expect(rows).toEqual([{ type: 4, password_hash: null }]);
    const columns = await t.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'members'",
    );
    expect(columns.map((c) => c.column_name).filter((name) => name.includes('balance'))).toEqual([]);
    const info = await t.get(api.memberInfo.path, res.body.value.token);
    expect(info.body.value.type).toBe(4);
  });

  it('refuses a trial account on every real-member route with in_need_true_account', async () => {
    const trial = (await t.send('POST', api.freePlay.path, {})).body.value.token;
    const refusals = [
      await sealed(
        t,
        api.changePassword,
        { oldPassword: 'x', newPassword: 'Whatever-2026', confirmNewPassword: 'Whatever-2026' },
        trial,
      ),
      await t.send('POST', api.setAvatar.path, { avatar: 'a02' }, trial),
      await t.send('POST', api.setNickname.path, { nickname: 'Trial' }, trial),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'in_need_true_account',
        message: 'This needs a real account. Please register a real account to continue.',
      });
    }
    // A trial account cannot log in with a password, having none.
    const name = (
      await t.db.query<{ username: string }>('select username from members where type = 4 limit 1')
    )[0];
    expect((await sealed(t, api.login, loginBody(name?.username ?? '', 'anything'))).body.code).toBe(
      'invalid_credentials',
    );
  });

  it('is refused when FREEPLAY3 is off, and limited per address', async () => {
    await t.db.query("update module_flags set enabled = false where mod_id = 'FREEPLAY3'");
    const off = await t.send('POST', api.freePlay.path, {});
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('feature_disabled');
    await t.db.query("update module_flags set enabled = true where mod_id = 'FREEPLAY3'");
    const bad = await t.send('POST', api.freePlay.path, { platform: 'X' });
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    expect(bad.body.fields).toHaveProperty('platform');
    let last = 200;
    for (let attempt = 0; attempt < 12 && last === 200; attempt += 1) {
      last = (await t.send('POST', api.freePlay.path, {})).status;
    }
    expect(last).toBe(429);
    const limited = await t.send('POST', api.freePlay.path, {});
    expect(limited.body.message).toBe('Too many requests, please retry after 5 minutes.');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.send('POST', api.freePlay.path, {})).status).toBe(200);
  });
});
