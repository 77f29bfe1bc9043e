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
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { loadConfig } from '../../config.ts';
import { commonPasswordCount, passwordProblem } from './passwords.ts';

const NEW_PASSWORD = 'Harbour-lights-77';

const forgot = (t: TestApp, username: string, email: string) =>
  t.call({
    method: 'POST',
    url: api.forgotPasswordEmail.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, email }).toString(),
  });

describe('the password rule', () => {
  it('ships at least the 1,000 most common passwords and refuses them, whatever the case', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
    expect(passwordProblem('Password1')).toBe('password_common');
    expect(passwordProblem('QWERTYUIOP')).toBe('password_common');
    expect(passwordProblem('short')).toBe('too_short');
    expect(passwordProblem('x'.repeat(65))).toBe('too_long');
    expect(passwordProblem(NEW_PASSWORD)).toBeNull();
  });
});

describe('change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (token: string, body: Record<string, unknown>) => sealed(t, api.changePassword, body, token);

  it("changes the password, clears a forced change, and ends the member's other sessions", async () => {
    const member = await registerMember(t);
    const other = (await sealed(t, api.login, loginBody(member.username, member.password))).body.value.token;
    await t.db.query('update members set must_change_password = true where id = $1', [member.id]);
    const res = await change(member.token, {
      oldPassword: member.password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ ok: true });
    expect((await t.get(api.memberInfo.path, member.token)).status).toBe(200);
    expect((await t.get(api.memberInfo.path, other)).body.code).toBe('session_expired');
    expect((await sealed(t, api.login, loginBody(member.username, member.password))).status).toBe(401);
    const fresh = await sealed(t, api.login, loginBody(member.username, NEW_PASSWORD));
    expect(fresh.body.value.passwordExpired).toBe(false);
    const row = await t.db.query<{ password_expires_at: Date }>(
      'select password_expires_at from members where id = $1',
      [member.id],
    );
    expect(row[0]?.password_expires_at.toISOString()).toBe('2026-08-30T12:00:00.000Z');
  });

  it('refuses a wrong old password, a mismatch, a common, short or unchanged password with exact codes', async () => {
    const member = await registerMember(t);
    const wrongOld = await change(member.token, {
      oldPassword: 'not-mine-at-all',
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({
      code: 'password_incorrect',
      fields: { oldPassword: 'Value is not valid' },
    });
    const mismatch = await change(member.token, {
      oldPassword: member.password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.body).toMatchObject({
      code: 'validation_failed',
      fields: { confirmNewPassword: 'Passwords do not match' },
    });
    const common = await change(member.token, {
      oldPassword: member.password,
      newPassword: 'SunShine',
      confirmNewPassword: 'SunShine',
    });
    expect(common.body).toMatchObject({
      code: 'password_rule',
      fields: { newPassword: 'This password is too common' },
    });
    const short = await change(member.token, {
      oldPassword: member.password,
      newPassword: 'abc',
      confirmNewPassword: 'abc',
    });
    expect(short.body).toMatchObject({
      code: 'validation_failed',
      fields: { newPassword: 'At least 8 characters' },
    });
    const same = await change(member.token, {
      oldPassword: member.password,
      newPassword: member.password,
      confirmNewPassword: member.password,
    });
    expect(same.body).toMatchObject({
      code: 'password_rule',
      fields: { newPassword: 'The new password must differ from the current one' },
    });
  });

  it('refuses visitors, revoked tokens and operators', async () => {
    const body = { oldPassword: 'whatever-1', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD };
    expect((await sealed(t, api.changePassword, body)).body.code).toBe('unauthorized');
    const member = await registerMember(t);
    await t.send('DELETE', api.logout.path, undefined, member.token);
    expect((await sealed(t, api.changePassword, body, member.token)).body.code).toBe('session_expired');
    const operator = await t.operatorToken('operations');
    expect((await sealed(t, api.changePassword, body, operator)).status).toBe(401);
  });
});

describe('forgot password by email, without SMTP settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const linkToken = async () => {
    const rows = await t.db.query<{ body: string }>('select body from mail_outbox order by id desc limit 1');
    return /resetToken=([A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? '')?.[1] as string;
  };

  it('puts the mail with a single-use link in the outbox; the link sets the password once', async () => {
    const member = await registerMember(t);
    const res = await forgot(t, member.username, `${member.username.toUpperCase()}@EXAMPLE.COM`);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ sent: true });
    const mails = await t.db.query<{
      to_address: string;
      subject: string;
      body: string;
      provider: string;
      status: string;
    }>('select to_address, subject, body, provider, status from mail_outbox');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: `${member.username}@example.com`,
      subject: 'Reset your password',
      provider: 'outbox',
      status: 'outbox',
    });
    expect(mails[0]?.body).toContain(`${t.config.siteUrl}/login#resetToken=`);
    expect(mails[0]?.body).toContain('expires in 30 minutes');
    const token = await linkToken();
    const stored = await t.db.query<{ token_hash: string }>('select token_hash from password_reset_tokens');
    expect(stored[0]?.token_hash).not.toBe(token);

    const weak = await sealed(t, api.resetPassword, {
      token,
      newPassword: 'password123',
      confirmNewPassword: 'password123',
    });
    expect(weak.body.code).toBe('password_rule');
    const ok = await sealed(t, api.resetPassword, {
      token,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toEqual({ userName: member.username });
    expect((await t.get(api.memberInfo.path, member.token)).body.code).toBe('session_expired');
    expect((await sealed(t, api.login, loginBody(member.username, NEW_PASSWORD))).status).toBe(200);
    const reused = await sealed(t, api.resetPassword, {
      token,
      newPassword: 'Another-one-99',
      confirmNewPassword: 'Another-one-99',
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'reset_link_invalid',
      message: 'This password reset link is invalid or has expired.',
    });
  });

  it('lets a link expire after 30 minutes, and a newer link replaces an older one', async () => {
    const member = await registerMember(t);
    await forgot(t, member.username, `${member.username}@example.com`);
    const older = await linkToken();
    await forgot(t, member.username, `${member.username}@example.com`);
    const newer = await linkToken();
    const body = { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD };
    expect((await sealed(t, api.resetPassword, { token: older, ...body })).body.code).toBe(
      'reset_link_invalid',
    );
    t.clock.advance(30 * 60_000 + 1000);
    expect((await sealed(t, api.resetPassword, { token: newer, ...body })).body.code).toBe(
      'reset_link_invalid',
    );
  });

  it('answers "User name or email does not exist" for a wrong pair, and validates the form', async () => {
    const member = await registerMember(t);
    const wrong = await forgot(t, member.username, 'someone@example.com');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'email_not_found',
      message: 'User name or email does not exist.',
    });
    expect((await forgot(t, 'no-such-user', 'a@example.com')).body.code).toBe('email_not_found');
    const empty = await forgot(t, '', '');
    expect(empty.body.code).toBe('validation_failed');
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['email', 'username']);
  });
});

describe('forgot password by email over SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = loadConfig({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'mail-secret',
      SMTP_FROM: 'Tessera <no-reply@tessera.example>',
      SITE_URL: 'https://play.tessera.example/',
    });
    t = await startTestApp({
      config: { smtp: config.smtp, mailFrom: config.mailFrom, siteUrl: config.siteUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a real mail whose link resets the password; the stored copy has no link', async () => {
    const member = await registerMember(t);
    await t.send('PUT', api.setLanguage.path, { language: 'VI' }, member.token);
    const res = await forgot(t, member.username, `${member.username}@example.com`);
    expect(res.status).toBe(200);
    const mail = await smtp.nextMail();
    expect(mail.from).toBe('no-reply@tessera.example');
    expect(mail.to).toEqual([`${member.username}@example.com`]);
    expect(mail.auth).toEqual({ user: 'mailer', password: 'mail-secret' });
    expect(mail.data).toMatch(/^Subject: =\?UTF-8\?/m);
    const link = /https:\/\/play\.tessera\.example\/login#resetToken=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(mail.text).toContain('Xin chào');
    expect(link).not.toBeNull();
    // Marked sent (and its link removed) right after the server accepted it.
    const stored = () =>
      t.db.query<{ body: string; provider: string; status: string }>(
        'select body, provider, status from mail_outbox where to_address = $1',
        [`${member.username}@example.com`],
      );
    await expect.poll(async () => (await stored())[0]?.status).toBe('sent');
    expect((await stored())[0]?.provider).toBe('smtp');
    expect((await stored())[0]?.body).not.toContain('resetToken');
    // Sent, the console's outbox shows the mail with its link removed: the operator's API never returns it.
    const listed = await t.get(
      `${bo.mailOutbox.path}?to=${member.username}@example.com`,
      await t.operatorToken('operations'),
    );
    expect(listed.body.value.list[0]).toMatchObject({ status: 'sent', provider: 'smtp' });
    expect(listed.body.value.list[0].body).toContain('[removed]');
    expect(JSON.stringify(listed.body)).not.toContain(link?.[1]);
    const ok = await sealed(t, api.resetPassword, {
      token: link?.[1],
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect((await sealed(t, api.login, loginBody(member.username, NEW_PASSWORD))).status).toBe(200);
  });

  it('retries a mail the server refused, and sends it once', async () => {
    const member = await registerMember(t);
    const before = smtp.mails.length;
    smtp.refuseNext(1);
    const res = await forgot(t, member.username, `${member.username}@example.com`);
    expect(res.status).toBe(200);
    const job = () =>
      t.db.query<{ status: string; attempts: number; last_error: string }>(
        `select status, attempts, last_error from jobs where kind = 'mail.deliver' order by id desc limit 1`,
      );
    await expect
      .poll(job)
      .toEqual([{ status: 'queued', attempts: 1, last_error: expect.stringContaining('451') }]);
    expect(smtp.refused()).toBe(1);
    t.clock.advance(3_600_000);
    await t.jobs.runDue();
    expect(await job()).toEqual([{ status: 'done', attempts: 2, last_error: '' }]);
    const delivered = smtp.mails
      .slice(before)
      .filter((mail) => mail.to.includes(`${member.username}@example.com`));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.data).toMatch(/^Message-ID: <mail-\d+@play\.tessera\.example>/m);
    await t.jobs.runDue();
    expect(
      smtp.mails.slice(before).filter((mail) => mail.to.includes(`${member.username}@example.com`)),
    ).toHaveLength(1);
  });

  it('keeps the mail queued while the SMTP server is gone, then marks it failed when every try failed', async () => {
    const member = await registerMember(t);
    await smtp.close();
    const res = await forgot(t, member.username, `${member.username}@example.com`);
    expect(res.status).toBe(200);
    const mail = () =>
      t.db.query<{ status: string }>('select status from mail_outbox where to_address = $1', [
        `${member.username}@example.com`,
      ]);
    expect(await mail()).toEqual([{ status: 'queued' }]);
    const attempts = async () =>
      (
        await t.db.query<{ attempts: number; status: string }>(
          `select attempts, status from jobs where kind = 'mail.deliver' order by id desc limit 1`,
        )
      )[0];
    // The first try, by a pass of our own (it returns when the try has ended, whichever loop claimed it), has failed
    // and the job waits for its next one.
    await t.jobs.runDue();
    expect(await attempts()).toEqual({ attempts: 1, status: 'queued' });
    // Eleven minutes a try: past the longest backoff (the seventh, at most 640 s), and few scheduled jobs fall due.
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      t.clock.advance(660_000);
      await t.jobs.runDue();
    }
    expect(await mail()).toEqual([{ status: 'failed' }]);
  });
});

describe('forgot password by phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets the new password with the SMS code and logs the member in', async () => {
    await t.send('POST', api.smsRegister.path, { mobileNo: '977000001', countryDialingCode: '66' });
    const created = await sealed(t, api.registerMobile, {
      mobileNum: '977000001',
      countryDialingCode: '66',
      verificationCode: await smsCode(t, '977000001'),
      password: 'Original-pass-1',
      confirmPassword: 'Original-pass-1',
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
    });
    expect(created.status).toBe(200);
    const sent = await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '977000001',
      countryDialingCode: '+66',
      purpose: 'resetPassword',
    });
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await smsCode(t, '977000001');
    const body = { mobileNum: '977000001', countryDialingCode: '66', verificationCode: code };
    const weak = await sealed(t, api.resetPasswordByPhone, { ...body, newPassword: '12345678' });
    expect(weak.body.code).toBe('password_rule');
    // A login code is not a reset code.
    await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '977000001',
      countryDialingCode: '66',
      purpose: 'login',
    });
    const loginCode = await smsCode(t, '977000001');
    const wrongPurpose = await sealed(t, api.resetPasswordByPhone, {
      ...body,
      verificationCode: loginCode,
      newPassword: NEW_PASSWORD,
    });
    expect(wrongPurpose.body.code).toBe('sms_code_invalid');
    const ok = await sealed(t, api.resetPasswordByPhone, {
      ...body,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ userName: created.body.value.userName, passwordExpired: false });
    expect((await t.get(api.memberInfo.path, ok.body.value.token)).status).toBe(200);
    expect((await t.get(api.memberInfo.path, created.body.value.session.token)).body.code).toBe(
      'session_expired',
    );
    expect((await sealed(t, api.login, loginBody(created.body.value.userName, NEW_PASSWORD))).status).toBe(
      200,
    );
  });

  it('is refused when CHNGPASSVERIF3 is off', async () => {
    await t.db.query("update module_flags set enabled = false where mod_id = 'CHNGPASSVERIF3'");
    const res = await sealed(t, api.resetPasswordByPhone, {
      mobileNum: '977000001',
      countryDialingCode: '66',
      verificationCode: '123456',
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('feature_disabled');
    const send = await t.send('POST', api.smsNoLogin.path, {
      mobileNum: '977000001',
      countryDialingCode: '66',
      purpose: 'resetPassword',
    });
    expect(send.body.code).toBe('feature_disabled');
    await t.db.query("update module_flags set enabled = true where mod_id = 'CHNGPASSVERIF3'");
  });
});
