import { accountsEndpoints as api, accountsConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerMember, sealed, smsCode } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/** Issue 32 item 7: a member registered by user name binds, then changes, a mobile number in the security centre. */
describe('binding a mobile number in the security centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sendCode = (token: string | undefined, mobileNum: string, countryDialingCode = '84') =>
    t.send('POST', api.mobileSms.path, { mobileNum, countryDialingCode }, token);
  const bind = (token: string | undefined, body: Record<string, unknown>) =>
    sealed(t, api.bindMobile, body, token);
  const changes = async (token: string) => (await t.get(api.mobileChanges.path, token)).body.value;
  const playerPage = async (id: number) =>
    (await t.get(bo.player.path.replace(':id', String(id)), await t.operatorToken('support'))).body.value;

  it('sends a code to the number, binds it with the code and the password, and keeps every change', async () => {
    // Each test in an hour of its own: the per-address SMS limit counts what the others sent.
    t.clock.advance(2 * 3_600_000);
    const member = await registerMember(t);
    const before = await t.get(api.securityConfig.path, member.token);
    expect(before.body.value.mobile).toEqual({ bound: false, countryDialingCode: '', mobileNum: '' });
    // The post-login notice for members without a number (audience noMobile) is theirs until they bind one.
    const notices = async () =>
      (await t.get('/wps/relay/MCSFE_getListAnnouncements?type=PL', member.token)).body.value.player.length;
    expect(await notices()).toBe(1);

    const sent = await sendCode(member.token, '912340001');
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const bound = await bind(member.token, {
      countryDialingCode: '+84',
      mobileNum: '912340001',
      verificationCode: await smsCode(t, '912340001'),
      password: member.password,
    });
    expect(bound.status).toBe(200);
    expect(bound.body.value.mobile).toEqual({
      bound: true,
      countryDialingCode: '84',
      mobileNum: '******001',
    });
    expect(bound.body.value.loginVerification.methods).toContain('mobile');
    expect((await t.get(api.memberInfo.path, member.token)).body.value.mobileNum).toBe('******001');
    expect(await notices()).toBe(0);
    const first = {
      at: t.clock.now().toISOString(),
      oldCountryDialingCode: null,
      oldMobileNum: null,
      countryDialingCode: '84',
      mobileNum: '******001',
    };
    expect(await changes(member.token)).toEqual([first]);

    // The number now logs in by SMS.
    await t.send('POST', api.smsNoLogin.path, { mobileNum: '912340001', countryDialingCode: '84' });
    const smsLogin = await sealed(t, api.login, {
      type: 'sms',
      username: '912340001',
      password: await smsCode(t, '912340001'),
      countryDialingCode: '84',
    });
    expect(smsLogin.body.value.userName).toBe(member.username);

    // A change later, to another number: the history keeps both, newest first, for the member and the console.
    t.clock.advance(60_000);
    await sendCode(member.token, '912340002', '63');
    const changed = await bind(member.token, {
      countryDialingCode: '63',
      mobileNum: '912340002',
      verificationCode: await smsCode(t, '912340002'),
      password: member.password,
    });
    expect(changed.body.value.mobile).toEqual({
      bound: true,
      countryDialingCode: '63',
      mobileNum: '******002',
    });
    const second = {
      at: t.clock.now().toISOString(),
      oldCountryDialingCode: '84',
      oldMobileNum: '******001',
      countryDialingCode: '63',
      mobileNum: '******002',
    };
    expect(await changes(member.token)).toEqual([second, first]);
    expect((await playerPage(member.id)).mobileChanges).toEqual([second, first]);
    // The old number is free again.
    expect((await sendCode((await registerMember(t)).token, '912340001')).status).toBe(200);
  });

  it('refuses a wrong or expired code, a wrong password, a number in use, and bad input, binding nothing', async () => {
    t.clock.advance(2 * 3_600_000);
    const member = await registerMember(t);
    await sendCode(member.token, '912350001');
    const code = await smsCode(t, '912350001');
    const body = { countryDialingCode: '84', mobileNum: '912350001', verificationCode: code, password: '' };

    const wrongCode = await bind(member.token, {
      ...body,
      password: member.password,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      code: 'sms_code_invalid',
      message: 'Please enter a valid verification code.',
      fields: { verificationCode: 'Value is not valid' },
    });
    const wrongPassword = await bind(member.token, { ...body, password: 'not-my-password-1' });
    expect(wrongPassword.body).toMatchObject({
      code: 'password_incorrect',
      fields: { password: 'Value is not valid' },
    });
    // A code is for the number it was sent to.
    const otherNumber = await bind(member.token, {
      ...body,
      mobileNum: '912350009',
      password: member.password,
    });
    expect(otherNumber.body.code).toBe('sms_code_invalid');
    const malformed = await bind(member.token, {
      ...body,
      verificationCode: '12ab',
      password: member.password,
    });
    expect(malformed.body).toMatchObject({
      code: 'validation_failed',
      fields: { verificationCode: expect.any(String) },
    });
    const unknownCountry = await sendCode(member.token, '912350001', '999');
    expect(unknownCountry.body).toMatchObject({
      code: 'validation_failed',
      fields: { countryDialingCode: expect.any(String) },
    });
    const shortNumber = await sendCode(member.token, '12345');
    expect(shortNumber.body).toMatchObject({
      code: 'validation_failed',
      fields: { mobileNum: '6-15 digits' },
    });

    t.clock.advance(5 * 60_000 + 1000);
    const expired = await bind(member.token, { ...body, password: member.password });
    expect(expired.body).toMatchObject({
      code: 'sms_code_expired',
      fields: { verificationCode: 'Value is not valid' },
    });
    expect((await t.get(api.securityConfig.path, member.token)).body.value.mobile.bound).toBe(false);
    expect(await changes(member.token)).toEqual([]);

    // A number another account has: refused at the send and at the bind.
    const holder = await registerMember(t);
    await sendCode(holder.token, '912350002');
    const held = await bind(holder.token, {
      ...body,
      mobileNum: '912350002',
      verificationCode: await smsCode(t, '912350002'),
      password: holder.password,
    });
    expect(held.status).toBe(200);
    const taken = await sendCode(member.token, '912350002');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'mobile_taken',
      fields: { mobileNum: 'This is already taken' },
    });
  });

  it('uses the SMS limits of every code: five sends a number an hour, then too many requests', async () => {
    t.clock.advance(2 * 3_600_000);
    const member = await registerMember(t);
    for (let sent = 0; sent < 5; sent += 1)
      expect((await sendCode(member.token, '912360001')).status).toBe(200);
    const limited = await sendCode(member.token, '912360001');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
  });

  it('refuses visitors, trial accounts, ended sessions and operators', async () => {
    t.clock.advance(2 * 3_600_000);
    const body = {
      countryDialingCode: '84',
      mobileNum: '912370001',
      verificationCode: '123456',
      password: 'x',
    };
    expect((await sendCode(undefined, '912370001')).body.code).toBe('unauthorized');
    expect((await bind(undefined, body)).body.code).toBe('unauthorized');
    expect((await t.get(api.mobileChanges.path)).body.code).toBe('unauthorized');

    const trial = (await t.send('POST', api.freePlay.path, {})).body.value.token;
    expect((await sendCode(trial, '912370001')).body.code).toBe('in_need_true_account');
    expect((await bind(trial, body)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.mobileChanges.path, trial)).body.code).toBe('in_need_true_account');

    const member = await registerMember(t);
    await t.send('DELETE', api.logout.path, undefined, member.token);
    expect((await sendCode(member.token, '912370001')).body.code).toBe('session_expired');
    expect((await bind(member.token, body)).body.code).toBe('session_expired');

    const operator = await t.operatorToken('operations');
    expect((await sendCode(operator, '912370001')).status).toBe(401);
    expect((await t.get(api.mobileChanges.path, operator)).status).toBe(401);
    // Nothing was sent to the number by any of them.
    const sent = await t.db.query("select 1 from sms_outbox where mobile = '912370001'");
    expect(sent).toHaveLength(0);
    // Still a login by user name: a bound number does not change it.
    expect((await sealed(t, api.login, loginBody(member.username, member.password))).status).toBe(200);
  });
});
