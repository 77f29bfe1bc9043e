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

/**
 * The accounts calls of the original client that Tessera did not have: quick registration, the user-name check,
 * the SMS code of the reset by phone, security settings, VIP progress, the avatar at /wps/member/info/icon, the
 * POST logout of other clients, and the refusals of what is not built yet.
 */

const NEW_PASSWORD = 'Brand-new-pass-9';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /wps/member/register/autoUsername', () => {
  it('answers a free user name that fits the username rule, different each time', async () => {
    const a = await t.send('PUT', api.autoUsername.path);
    const b = await t.send('PUT', api.autoUsername.path);
    expect(a.status).toBe(200);
    expect(a.body.value.username).toMatch(/^[a-z]{4}[0-9]{4}$/);
    expect(b.body.value.username).not.toBe(a.body.value.username);
    // The name registers as it is.
    const password = 'Quick-pass-2026';
    const res = await sealed(t, api.register, {
      username: a.body.value.username,
      password,
      confirmPassword: password,
      ...(await solvedCaptcha(t)),
    });
    expect(res.status).toBe(200);
    expect(res.body.value.userName).toBe(a.body.value.username);
  });

  it('follows the rule: a longer minimum gives a longer name', async () => {
    await t.db.query("update register_rules set min_length = 12 where key = 'username'");
    try {
      const res = await t.send('PUT', api.autoUsername.path);
      expect(res.body.value.username).toHaveLength(12);
    } finally {
      await t.db.query("update register_rules set min_length = 6 where key = 'username'");
    }
  });

  it('is refused with feature_disabled when registration by user name is off, or no name fits the rule', async () => {
    try {
      await t.db.query("update module_flags set enabled = false where mod_id = 'USERNAMEREG3'");
      const off = await t.send('PUT', api.autoUsername.path);
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('feature_disabled');
      await t.db.query("update module_flags set enabled = true where mod_id = 'USERNAMEREG3'");
      await t.db.query("update register_rules set accepted_pattern = '^\\p{Han}+$' where key = 'username'");
      expect((await t.send('PUT', api.autoUsername.path)).body.code).toBe('feature_disabled');
    } finally {
      await t.db.query("update module_flags set enabled = true where mod_id = 'USERNAMEREG3'");
      await t.db.query(
        "update register_rules set accepted_pattern = '^[A-Za-z][A-Za-z0-9]*$' where key = 'username'",
      );
    }
  });
});

describe('GET /wps/check/username', () => {
  it('answers success for a free name and success false (username_taken) for a taken one, in any case', async () => {
    const member = await registerMember(t);
    const free = await t.get(`${api.checkUsername.path}?username=Nobody2026`);
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ success: true, value: { username: 'Nobody2026', available: true } });
    const taken = await t.get(`${api.checkUsername.path}?username=${member.username.toUpperCase()}`);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ success: false, code: 'username_taken', value: null });
  });

  it('refuses a name the username rule refuses, and a missing name, with validation_failed', async () => {
    const bad = await t.get(`${api.checkUsername.path}?username=1bad`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'validation_failed',
      fields: { username: '6-16 characters, starting with a letter, letters and digits only' },
    });
    const missing = await t.get(api.checkUsername.path);
    expect(missing.body).toMatchObject({
      code: 'validation_failed',
      fields: { username: 'Input cannot be empty' },
    });
  });
});

describe('POST /wps/member/password/sms and the reset by phone of the original', () => {
  it('sends the reset code, which /wps/member/password/verification takes, with or without the dialing code', async () => {
    await t.send('POST', api.smsRegister.path, { mobileNo: '955000111', countryDialingCode: '63' });
    const created = await sealed(t, api.registerMobile, {
      mobileNum: '955000111',
      countryDialingCode: '63',
      verificationCode: await smsCode(t, '955000111'),
      password: 'Original-pass-1',
      confirmPassword: 'Original-pass-1',
      ...(await solvedCaptcha(t)),
    });
    expect(created.status).toBe(200);
    const sent = await t.send('POST', api.passwordSms.path, {
      mobileNum: '955000111',
      countryDialingCode: '63',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const rows = await t.db.query<{ purpose: string }>(
      "select purpose from sms_outbox where mobile = '955000111' order by id desc limit 1",
    );
    expect(rows[0]?.purpose).toBe('resetPassword');
    // The original's client sends the number without its dialing code: the number's one account decides it.
    const reset = await sealed(t, api.resetPasswordByPhone, {
      mobileNum: '955000111',
      verificationCode: await smsCode(t, '955000111'),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.value.userName).toBe(created.body.value.userName);
    expect((await sealed(t, api.login, loginBody(created.body.value.userName, NEW_PASSWORD))).status).toBe(
      200,
    );
  });

  it('answers a number without an account the same, and sends nothing', async () => {
    const res = await t.send('POST', api.passwordSms.path, {
      mobileNum: '955000999',
      countryDialingCode: '63',
    });
    expect(res.body.value).toEqual({ expiredMinutes: 5 });
    expect(await t.db.query("select 1 from sms_outbox where mobile = '955000999'")).toEqual([]);
  });

  it('refuses a malformed number with validation_failed, and everything while CHNGPASSVERIF3 is off', async () => {
    const bad = await t.send('POST', api.passwordSms.path, { mobileNum: '12ab', countryDialingCode: '63' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'validation_failed',
      fields: { mobileNum: 'Format is not valid' },
    });
    await t.db.query("update module_flags set enabled = false where mod_id = 'CHNGPASSVERIF3'");
    try {
      const off = await t.send('POST', api.passwordSms.path, {
        mobileNum: '955000111',
        countryDialingCode: '63',
      });
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('feature_disabled');
    } finally {
      await t.db.query("update module_flags set enabled = true where mod_id = 'CHNGPASSVERIF3'");
    }
  });
});

describe('GET /wps/v2/member/securityConfig', () => {
  it('lists the second factors and security settings the member has', async () => {
    const member = await registerMember(t, { payeeName: 'Ann Lee' });
    const res = await t.get(api.securityConfig.path, member.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      loginVerification: { enabled: false, methods: ['email'] },
      mobile: { bound: false, countryDialingCode: '', mobileNum: '' },
      email: { bound: true, email: expect.stringMatching(/^\w{2}\*\*\*@example\.com$/) },
      paymentPassword: { set: false },
      payeeName: { set: false },
      googleAuthenticator: { bound: false },
      password: { expiresAt: '2026-08-30T12:00:00.000Z', mustChange: false },
    });
    await t.db.query(
      "update members set payee_name = 'Ann Lee', payment_password_hash = 'x', mobile = '911', country_dialing_code = '84' where id = $1",
      [member.id],
    );
    const after = (await t.get(api.securityConfig.path, member.token)).body.value;
    expect(after.loginVerification.methods).toEqual(['mobile', 'email', 'bankAccountName']);
    expect(after).toMatchObject({
      mobile: { bound: true, countryDialingCode: '84', mobileNum: '911' },
      paymentPassword: { set: true },
      payeeName: { set: true },
    });
  });

  it('answers a trial account with no second factors', async () => {
    const trial = (await t.send('POST', api.freePlay.path, {})).body.value.token;
    const res = await t.get(api.securityConfig.path, trial);
    expect(res.body.value.loginVerification).toEqual({ enabled: false, methods: [] });
  });

  it('refuses a visitor with unauthorized and an ended session with session_expired', async () => {
    const member = await registerMember(t);
    expect((await t.get(api.securityConfig.path)).body.code).toBe('unauthorized');
    await t.send('DELETE', api.logout.path, undefined, member.token);
    const ended = await t.get(api.securityConfig.path, member.token);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('session_expired');
  });
});

describe('GET /wps/relay/MCSFE_getPlayerRankProgress', () => {
  it('answers the level, the next one and the progress towards it in growth points, from the VIP levels', async () => {
    const member = await registerMember(t);
    const res = await t.get(api.rankProgress.path, member.token);
    expect(res.status).toBe(200);
    // The seeded VIP1 is reached at 1,000 growth; VIP0 asks nothing to keep.
    expect(res.body.value).toMatchObject({
      playerRank: 0,
      playerRankName: 'VIP0',
      nextRank: 1,
      nextRankName: 'VIP1',
      monthlyTurnover: { actual: 0, expected: 0 },
      totalTurnover: { actual: 0, expected: 1000 },
      progress: 0,
    });
    expect(
      res.body.value.levels.map((level: { rankName: string; totalTurnover: number }) => [
        level.rankName,
        level.totalTurnover,
      ]),
    ).toEqual([
      ['VIP0', 0],
      ['VIP1', 1000],
      ['VIP2', 5000],
      ['VIP3', 20000],
      ['VIP4', 50000],
      ['VIP5', 200000],
    ]);
  });

  it("measures the member's growth against the next level, and this month's growth against what keeps its level", async () => {
    const member = await registerMember(t);
    // VIP2 (5,000) with 12,500 growth, 300 of it this month (the test clock stands at 2026-06-01 12:00 UTC, the
    // merchant's day 2026-06-01) and 900 in May.
    await t.db.query(
      'insert into vip_members (member_id, growth, rank, updated_at) values ($1, 12500, 2, now())',
      [member.id],
    );
    await t.db.query(
      `insert into vip_growth_days (member_id, day, deposits, weighted_bet, growth)
       values ($1, '2026-05-31', 0, 0, 900), ($1, '2026-06-01', 0, 0, 300)`,
      [member.id],
    );
    expect((await t.get(api.rankProgress.path, member.token)).body.value).toMatchObject({
      playerRank: 2,
      playerRankName: 'VIP2',
      nextRank: 3,
      monthlyTurnover: { actual: 300, expected: 500 },
      totalTurnover: { actual: 12500, expected: 20000 },
      // From VIP2's 5,000 to VIP3's 20,000: 7,500 of 15,000.
      progress: 50,
    });
  });

  it('answers the top level with nothing left to reach, and a rank whose level is gone at the level below', async () => {
    const member = await registerMember(t);
    await t.db.query(
      'insert into vip_members (member_id, growth, rank, updated_at) values ($1, 250000, 5, now())',
      [member.id],
    );
    expect((await t.get(api.rankProgress.path, member.token)).body.value).toMatchObject({
      playerRankName: 'VIP5',
      nextRank: null,
      nextRankName: null,
      totalTurnover: { actual: 250000, expected: 0 },
      progress: 100,
    });
    const [level] = await t.db.query('select * from vip_levels where rank = 4');
    await t.db.query('delete from vip_levels where rank = 4');
    try {
      await t.db.query('update vip_members set rank = 4, growth = 60000 where member_id = $1', [member.id]);
      expect((await t.get(api.rankProgress.path, member.token)).body.value).toMatchObject({
        playerRank: 3,
        nextRank: 5,
      });
    } finally {
      const columns = Object.keys(level as object);
      await t.db.query(
        `insert into vip_levels (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(level as object),
      );
    }
  });

  it('refuses a visitor with unauthorized', async () => {
    const res = await t.get(api.rankProgress.path);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('the avatar at GET /wps/member/info/icon, and POST /wps/session/logout', () => {
  it('answers the avatar as MCSFE_getPlayerAvatar does', async () => {
    const member = await registerMember(t);
    const icon = await t.get(api.avatarIcon.path, member.token);
    expect(icon.status).toBe(200);
    expect(icon.body.value).toEqual((await t.get(api.avatar.path, member.token)).body.value);
    expect(icon.body.value).toMatchObject({ avatarType: 'STATIC', avatar: 'a01' });
  });

  it('logs out by POST as by DELETE, and refuses a visitor', async () => {
    const member = await registerMember(t);
    const out = await t.send('POST', api.logoutPost.path, undefined, member.token);
    expect(out.body.value).toEqual({ ok: true });
    expect((await t.get(api.memberInfo.path, member.token)).body.code).toBe('session_expired');
    const visitor = await t.send('POST', api.logoutPost.path);
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('unauthorized');
  });
});

describe('calls of work not built yet', () => {
  it('refuses the second factor of a login and the geetest captcha with feature_disabled, translated', async () => {
    const verification = await t.send('POST', api.loginVerification.path, {});
    expect(verification.status).toBe(403);
    expect(verification.body).toMatchObject({ success: false, code: 'feature_disabled' });
    const geetest = await t.get(`${api.geetest.path}?product=register`, undefined, { Language: 'VI' });
    expect(geetest.status).toBe(403);
    expect(geetest.body).toMatchObject({
      code: 'feature_disabled',
      message: 'Tính năng này hiện không khả dụng.',
    });
  });
});
