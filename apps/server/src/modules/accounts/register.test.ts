import { createServer, type IncomingMessage } from 'node:http';
import {
  accountsEndpoints as api,
  accountsConsoleEndpoints as bo,
  registerRuleMessage,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, sealed, smsCode, solvedCaptcha } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const PASSWORD = 'Lantern-river-42';

describe('registration by user name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = async (body: Record<string, unknown>, withCaptcha = true) =>
    sealed(t, api.register, {
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
      termsAccepted: true,
      ...(withCaptcha ? await solvedCaptcha(t) : {}),
      ...body,
    });

  it('creates the member, logs it in and stores only an argon2id hash', async () => {
    const res = await register({
      username: 'Alice2026',
      email: 'Alice@Example.com',
      nickname: 'Ali',
      registerUrl: 'https://tessera.example/register',
      domain: 'tessera.example',
      registerMethod: 'WEB',
      login: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      userName: 'Alice2026',
      // The original reads the session's token and first-login flag at the top, as a login answers them.
      token: res.body.value.session.token,
      firstTimeLogin: true,
      session: {
        userName: 'Alice2026',
        firstTimeLogin: true,
        id: res.body.value.customerId,
        customerType: 0,
      },
    });
    const info = await t.get(api.memberInfo.path, res.body.value.session.token);
    expect(info.body.value).toMatchObject({
      account: 'Alice2026',
      nickname: 'Ali',
      type: 0,
      toUpline: 0,
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
      email: 'al***@example.com',
    });
    const rows = await t.db.query<{ password_hash: string; register_domain: string; referral_code: string }>(
      'select password_hash, register_domain, referral_code from members where username = $1',
      ['Alice2026'],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.register_domain).toBe('tessera.example');
    expect(rows[0]?.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const noLogin = await register({ username: 'Quiet2026', login: false });
    expect(noLogin.body.value).toMatchObject({ session: null, token: null, firstTimeLogin: false });
  });

  it('refuses a taken user name whatever its case', async () => {
    const res = await register({ username: 'ALICE2026' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'username_taken', fields: { username: 'This is already taken' } });
  });

  it('checks every field again with the registration rules, age, terms and the password rule', async () => {
    // The original's client asks age and terms in its form and sends neither; sent, they must be true.
    const res = await sealed(t, api.register, {
      username: '1bad',
      password: 'password',
      confirmPassword: 'other',
      email: 'not-an-email',
      ageConfirmed: false,
      termsAccepted: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.fields).toMatchObject({
      ageConfirmed: 'Please agree to continue',
      termsAccepted: 'Please agree to continue',
    });
    const second = await sealed(t, api.register, {
      username: '1bad',
      password: 'password',
      confirmPassword: 'other',
      email: 'not-an-email',
    });
    expect(second.body.fields).toEqual({
      username: '6-16 characters, starting with a letter, letters and digits only',
      password: 'This password is too common',
      confirmPassword: 'Passwords do not match',
      email: 'A valid email address of 5-100 characters',
      captcha: 'Input cannot be empty',
    });
    const vi = await t.call({
      method: 'PUT',
      url: api.register.path,
      headers: { language: 'VI' },
      payload: {},
    });
    expect(vi.body.message).toBe('Yêu cầu này phải được gửi ở dạng mã hóa.');
    expect(registerRuleMessage({ patternId: 6, minLength: 6, maxLength: 6 }, 'CN')).toBe('6 位数字');
  });

  it('applies a rule the operator changed, and fields turned off are ignored', async () => {
    const owner = await t.operatorToken('owner');
    await t.send(
      'PUT',
      '/backoffice/api/register-rules/payeeName',
      {
        acceptedPattern: '^[A-Za-z ]+$',
        patternId: 8,
        minLength: 2,
        maxLength: 30,
        enabled: true,
        required: true,
      },
      owner,
    );
    const missing = await register({ username: 'Bob2026' });
    expect(missing.body.fields).toEqual({ payeeName: 'Input cannot be empty' });
    const accents = await register({ username: 'Bob2026', payeeName: 'Bùi Văn' });
    expect(accents.body.fields).toEqual({ payeeName: '2-30 characters, English letters and spaces only' });
    const ok = await register({ username: 'Bob2026', payeeName: 'Bob Builder', qqNum: 'ignored' });
    expect(ok.status).toBe(200);
    const rows = await t.db.query<{ payee_name: string; qq_num: string }>(
      "select payee_name, qq_num from members where username = 'Bob2026'",
    );
    expect(rows).toEqual([{ payee_name: 'Bob Builder', qq_num: '' }]);
    await t.send(
      'PUT',
      '/backoffice/api/register-rules/payeeName',
      {
        acceptedPattern: '^[A-Za-z ]+$',
        patternId: 8,
        minLength: 2,
        maxLength: 50,
        enabled: false,
        required: false,
      },
      owner,
    );
  });

  it('checks the captcha, which the setting can turn off', async () => {
    const wrong = await register(
      { username: 'Carol2026', captchaId: (await solvedCaptcha(t)).captchaId, captcha: 'QQQQ' },
      false,
    );
    expect(wrong.body).toMatchObject({ code: 'captcha_invalid', fields: { captcha: 'Value is not valid' } });
    await t.db.query("update register_rules set enabled = false where key = 'captcha'");
    expect((await register({ username: 'Carol2026' }, false)).status).toBe(200);
    await t.db.query("update register_rules set enabled = true where key = 'captcha'");
  });

  it('checks the affiliate code, sets the upline, and takes a referral code', async () => {
    const agent = await registerMember(t);
    await t.db.query("update members set type = 1, affiliate_code = 'AGENT7' where id = $1", [agent.id]);
    const check = await t.get(`${api.affiliateCheck.path}?code=agent7&domain=tessera.example`);
    expect(check.body).toMatchObject({ success: true, value: { code: 'AGENT7', valid: true } });
    const unknown = await t.get(`${api.affiliateCheck.path}?code=NOPE99`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'affiliate_invalid', message: 'Invalid invitation code.' });
    expect((await t.get(api.affiliateCheck.path)).body.fields).toHaveProperty('code');

    const bad = await register({ username: 'Dave2026', affiliateCode: 'NOPE99' });
    expect(bad.body).toMatchObject({
      code: 'affiliate_invalid',
      fields: { affiliateCode: 'Value is not valid' },
    });
    const referrer = await t.db.query<{ referral_code: string }>(
      'select referral_code from members where id = $1',
      [agent.id],
    );
    const ok = await register({
      username: 'Dave2026',
      affiliateCode: 'agent7',
      referralCode: referrer[0]?.referral_code,
    });
    expect(ok.status).toBe(200);
    const stranger = await register({ username: 'Erin2026', referralCode: 'UNKNOWN1' });
    expect(stranger.status).toBe(200);
    const rows = await t.db.query<{ username: string; upline_id: number | null; referred_by: number | null }>(
      "select username, upline_id, referred_by from members where username in ('Dave2026', 'Erin2026') order by username",
    );
    expect(rows).toEqual([
      { username: 'Dave2026', upline_id: agent.id, referred_by: agent.id },
      { username: 'Erin2026', upline_id: null, referred_by: null },
    ]);
  });

  it('needs an SMS code when a mobile number is given and REGMOBVERF3 is on; the number is unique per country', async () => {
    const noCode = await register({ username: 'Fay2026', mobileNum: '987654321', countryDialingCode: '84' });
    expect(noCode.body.fields).toEqual({ verificationCode: 'Input cannot be empty' });
    const sent = await t.send('POST', api.smsRegisterUsername.path, {
      username: 'Fay2026',
      mobileNo: '987654321',
      countryDialingCode: '84',
    });
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const taken = await t.send('POST', api.smsRegisterUsername.path, {
      username: 'alice2026',
      mobileNo: '987654300',
      countryDialingCode: '84',
    });
    expect(taken.body.code).toBe('username_taken');
    const ok = await register({
      username: 'Fay2026',
      mobileNum: '987654321',
      countryDialingCode: '84',
      verificationCode: await smsCode(t, '987654321'),
    });
    expect(ok.status).toBe(200);
    const again = await t.send('POST', api.smsRegister.path, {
      mobileNo: '987654321',
      countryDialingCode: '84',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'mobile_taken', fields: { mobileNo: 'This is already taken' } });
    // The same number in another country is another number.
    expect(
      (await t.send('POST', api.smsRegister.path, { mobileNo: '987654321', countryDialingCode: '63' }))
        .status,
    ).toBe(200);
  });

  it('is refused when direct registration or USERNAMEREG3 is off', async () => {
    await t.db.query("update module_flags set enabled = false where mod_id = 'USERNAMEREG3'");
    expect((await register({ username: 'Gail2026' })).body.code).toBe('feature_disabled');
    await t.db.query("update module_flags set enabled = true where mod_id = 'USERNAMEREG3'");
  });
});

describe('registration by mobile and SMS codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { sms: { ...(await defaultSms()), maxPerNumber: 5, maxPerIp: 8 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const registerMobile = async (body: Record<string, unknown>) =>
    sealed(t, api.registerMobile, {
      countryDialingCode: '84',
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
      ...body,
    });

  it('registers with the code sent to the number; a generated account name; the password when MOBILENUMPASSREG3 is on', async () => {
    await t.send('POST', api.smsRegister.path, { mobileNo: '911000001', countryDialingCode: '84' });
    const code = await smsCode(t, '911000001');
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await t.db.query<{ body: string; purpose: string; provider: string; status: string }>(
      'select body, purpose, provider, status from sms_outbox',
    );
    expect(outbox).toEqual([
      {
        body: `Your verification code is ${code}. It expires in 5 minutes.`,
        purpose: 'register',
        provider: 'outbox',
        status: 'outbox',
      },
    ]);
    const noPassword = await registerMobile({ mobileNum: '911000001', verificationCode: code });
    expect(noPassword.body.fields).toEqual({ password: 'Input cannot be empty' });
    const ok = await registerMobile({
      mobileNum: '911000001',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.userName).toBe('m84911000001');
    const hashes = await t.db.query<{ code_hash: string }>('select code_hash from sms_codes');
    expect(hashes.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash) && !row.code_hash.includes(code))).toBe(
      true,
    );

    await t.db.query("update module_flags set enabled = false where mod_id = 'MOBILENUMPASSREG3'");
    await t.send('POST', api.smsRegister.path, { mobileNo: '911000002', countryDialingCode: '84' });
    const passwordless = await registerMobile({
      mobileNum: '911000002',
      verificationCode: await smsCode(t, '911000002'),
      password: 'ignored-because-off',
    });
    expect(passwordless.status).toBe(200);
    const row = await t.db.query<{ password_hash: string | null }>(
      "select password_hash from members where mobile = '911000002'",
    );
    expect(row[0]?.password_hash).toBeNull();
    await t.db.query("update module_flags set enabled = true where mod_id = 'MOBILENUMPASSREG3'");
  });

  it('binds a code to its number and purpose, allows 5 tries, and lets it expire', async () => {
    await t.send('POST', api.smsRegister.path, { mobileNo: '911000003', countryDialingCode: '84' });
    const code = await smsCode(t, '911000003');
    const body = { mobileNum: '911000004', password: PASSWORD, confirmPassword: PASSWORD };
    expect((await registerMobile({ ...body, verificationCode: code })).body.code).toBe('sms_code_invalid');

    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (verificationCode: string) =>
      registerMobile({
        mobileNum: '911000003',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        verificationCode,
      });
    for (let tries = 0; tries < 5; tries += 1) {
      const res = await attempt(wrong);
      expect(res.body).toMatchObject({
        code: 'sms_code_invalid',
        fields: { verificationCode: 'Value is not valid' },
      });
    }
    expect((await attempt(code)).body.code).toBe('sms_code_invalid');

    await t.send('POST', api.smsRegister.path, { mobileNo: '911000003', countryDialingCode: '84' });
    const fresh = await smsCode(t, '911000003');
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await attempt(fresh);
    expect(expired.body).toMatchObject({
      code: 'sms_code_expired',
      message: 'The verification code has expired. Please send it again.',
    });
    await t.send('POST', api.smsRegister.path, { mobileNo: '911000003', countryDialingCode: '84' });
    expect((await attempt(await smsCode(t, '911000003'))).status).toBe(200);
  });

  it('limits sends per number and per address: too many requests, retry after 5 minutes', async () => {
    // Each test of this block in an hour of its own: the per-address SMS limit counts what the others sent.
    t.clock.advance(2 * 3_600_000);
    const send = (mobileNo: string) =>
      t.send('POST', api.smsRegister.path, { mobileNo, countryDialingCode: '84' });
    for (let sent = 0; sent < 5; sent += 1) expect((await send('933000001')).status).toBe(200);
    const limited = await send('933000001');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many requests, please retry after 5 minutes.',
    });
    for (let sent = 0; sent < 3; sent += 1) expect((await send(`93300001${sent}`)).status).toBe(200);
    expect((await send('933000099')).status).toBe(429);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await send('933000001')).status).toBe(200);
  });

  it('checks the number and the dialing code', async () => {
    t.clock.advance(3 * 3_600_000);
    const badCountry = await t.send('POST', api.smsRegister.path, {
      mobileNo: '912345678',
      countryDialingCode: '999',
    });
    expect(badCountry.body).toMatchObject({
      code: 'validation_failed',
      fields: { countryDialingCode: 'Value is not valid' },
    });
    const short = await t.send('POST', api.smsRegister.path, { mobileNo: '12345', countryDialingCode: '84' });
    expect(short.body.fields).toEqual({ mobileNo: '6-15 digits' });
    const letters = await t.send('POST', api.smsRegister.path, {
      mobileNo: '12ab5678',
      countryDialingCode: '84',
    });
    expect(letters.body.fields).toEqual({ mobileNo: 'Format is not valid' });
  });

  it('is refused when MOBILENUMREG3 is off', async () => {
    await t.db.query("update module_flags set enabled = false where mod_id = 'MOBILENUMREG3'");
    expect(
      (await t.send('POST', api.smsRegister.path, { mobileNo: '912345670', countryDialingCode: '84' })).body
        .code,
    ).toBe('feature_disabled');
    expect((await registerMobile({ mobileNum: '912345670', verificationCode: '123456' })).body.code).toBe(
      'feature_disabled',
    );
    await t.db.query("update module_flags set enabled = true where mod_id = 'MOBILENUMREG3'");
  });

  it('sends no SMS for a number without an account, with the same answer', async () => {
    t.clock.advance(4 * 3_600_000);
    const before = await t.db.query('select 1 from sms_outbox');
    const res = await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '955555555',
      countryDialingCode: '84',
      purpose: 'login',
    });
    expect(res.body).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    expect(await t.db.query('select 1 from sms_outbox')).toHaveLength(before.length);
  });
});

async function defaultSms() {
  const { loadConfig } = await import('../../config.ts');
  return loadConfig({}).sms;
}

describe('SMS through the HTTP gateway (the outbox)', () => {
  let t: TestApp;
  const received: { body: Record<string, string>; authorization?: string; key?: string }[] = [];
  /** Failures the gateway answers for a number before it accepts it (Infinity: always). */
  const failures = new Map<string, number>();
  const gateway = createServer(async (request: IncomingMessage, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text);
    received.push({
      body,
      authorization: request.headers.authorization,
      key: request.headers['idempotency-key'] as string,
    });
    const left = failures.get(body.mobile) ?? 0;
    failures.set(body.mobile, left - 1);
    // Connection: close — each try opens its own connection. With keep-alive, a try that comes as the gateway
    // closes an idle connection (Node closes them after 5 s, about the gap between tries on a loaded machine) fails
    // with "fetch failed" before the gateway sees it, and the test counted one request too few.
    response.writeHead(left > 0 ? 502 : 200, { 'content-type': 'application/json', connection: 'close' });
    response.end('{"ok":true}');
  });
  const to = (mobile: string) => received.filter((r) => r.body.mobile === mobile);
  const job = async (mobile: string) =>
    (
      await t.db.query<{ status: string; attempts: number }>(
        `select j.status, j.attempts from jobs j join sms_outbox s on s.id = (j.payload->>'id')::int
         where j.kind = 'sms.deliver' and s.mobile = $1`,
        [mobile],
      )
    )[0];
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as { port: number }).port;
    t = await startTestApp({
      config: {
        sms: {
          ...(await defaultSms()),
          gateway: { url: `http://127.0.0.1:${port}/send`, token: 'gateway-secret' },
          template: '{brand}: your code is {code} ({minutes} min)',
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('posts the message after commit with the token and a stable key, keeps a masked copy, and the code works', async () => {
    const res = await t.send('POST', api.smsRegister.path, {
      mobileNo: '922000001',
      countryDialingCode: '63',
    });
    expect(res.status).toBe(200);
    await t.jobs.runDue();
    expect(to('922000001')).toHaveLength(1);
    const [sent] = to('922000001');
    const message = sent?.body.message ?? '';
    expect(sent).toMatchObject({
      authorization: 'Bearer gateway-secret',
      key: expect.stringMatching(/^sms-\d+$/),
      body: { to: '+63922000001', countryDialingCode: '63', mobile: '922000001' },
    });
    const code = /\d{6}/.exec(message)?.[0] as string;
    expect(message).toBe(`Tessera: your code is ${code} (5 min)`);
    await expect
      .poll(() =>
        t.db.query("select body, provider, status, secret from sms_outbox where mobile = '922000001'"),
      )
      .toEqual([
        { body: 'Tessera: your code is ****** (5 min)', provider: 'gateway', status: 'sent', secret: '' },
      ]);
    // Sent, it stays masked to the console: the operator's API never returns the code.
    const listed = await t.get(
      `${bo.smsOutbox.path}?mobileNum=922000001`,
      await t.operatorToken('operations'),
    );
    expect(listed.body.value.list[0]).toMatchObject({
      status: 'sent',
      body: 'Tessera: your code is ****** (5 min)',
    });
    expect(JSON.stringify(listed.body)).not.toContain(code);
    const ok = await sealed(t, api.registerMobile, {
      mobileNum: '922000001',
      countryDialingCode: '63',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
    });
    expect(ok.status).toBe(200);
  });

  it('retries a failed send with backoff and sends it once', async () => {
    failures.set('922000003', 1);
    const res = await t.send('POST', api.smsRegister.path, {
      mobileNo: '922000003',
      countryDialingCode: '63',
    });
    expect(res.status).toBe(200);
    // The first try, by a pass of our own: it returns when the try has ended, whichever loop claimed it.
    await t.jobs.runDue();
    expect(await job('922000003')).toEqual({ status: 'queued', attempts: 1 });
    t.clock.advance(3_600_000);
    await t.jobs.runDue();
    expect(await job('922000003')).toEqual({ status: 'done', attempts: 2 });
    expect(to('922000003').map((r) => r.key)).toEqual([to('922000003')[0]?.key, to('922000003')[0]?.key]);
    expect(
      await t.db.query<{ status: string }>("select status from sms_outbox where mobile = '922000003'"),
    ).toEqual([{ status: 'sent' }]);
  });

  it('marks the SMS failed with the gateway answer when every try has failed; the console never shows the code', async () => {
    failures.set('922000002', Number.POSITIVE_INFINITY);
    const res = await t.send('POST', api.smsRegister.path, {
      mobileNo: '922000002',
      countryDialingCode: '63',
    });
    expect(res.status).toBe(200);
    // The first try, by a pass of our own: it returns when the try has ended, whichever loop claimed it.
    await t.jobs.runDue();
    expect(await job('922000002')).toEqual({ status: 'queued', attempts: 1 });
    const ops = await t.operatorToken('operations');
    const listed = await t.get(`${bo.smsOutbox.path}?mobileNum=922000002`, ops);
    expect(listed.body.value.list[0]).toMatchObject({
      status: 'queued',
      body: 'Tessera: your code is ****** (5 min)',
    });
    // Two minutes a try: past the longest backoff (the fourth, at most 80 s), and few scheduled jobs fall due meanwhile.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      t.clock.advance(120_000);
      await t.jobs.runDue();
    }
    expect(await job('922000002')).toEqual({ status: 'dead', attempts: 5 });
    expect(to('922000002')).toHaveLength(5);
    expect(await t.db.query("select status, error from sms_outbox where mobile = '922000002'")).toEqual([
      { status: 'failed', error: 'Error: gateway answered 502' },
    ]);
    // The console read again, as a new operator session reads it.
    const failed = await t.get(
      `${bo.smsOutbox.path}?mobileNum=922000002`,
      await t.operatorToken('operations'),
    );
    expect(failed.body.value.list[0]).toMatchObject({
      status: 'failed',
      body: 'Tessera: your code is ****** (5 min)',
    });
  });

  it('answers a retry with the same Idempotency-Key with the first answer and sends one SMS', async () => {
    const send = (mobileNo: string, key: string) =>
      t.call({
        method: 'POST',
        url: api.smsRegister.path,
        headers: { 'idempotency-key': key },
        payload: { mobileNo, countryDialingCode: '63' },
      });
    const first = await send('922000004', 'retry-1');
    const again = await send('922000004', 'retry-1');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.db.query("select 1 from sms_outbox where mobile = '922000004'")).toHaveLength(1);
    expect(await t.db.query("select 1 from sms_codes where mobile = '922000004'")).toHaveLength(1);
    const other = await send('922000005', 'retry-1');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    const bad = await send('922000005', 'not a key');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('idempotency_key_invalid');
  });
});
