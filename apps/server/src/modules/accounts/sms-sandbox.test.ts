import { accountsEndpoints as api, accountsConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsSandbox, startSmsSandbox } from '../../../../../sandbox/sms-gateway/server.ts';
import { sealed, solvedCaptcha } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

const PASSWORD = 'Lantern-river-42';

describe('the sandbox SMS gateway (what npm start and the browser tests deliver SMS to)', () => {
  let t: TestApp;
  let sandbox: SmsSandbox;
  beforeAll(async () => {
    sandbox = await startSmsSandbox({ token: 'sandbox-token' });
    t = await startTestApp({
      config: {
        sms: { ...loadConfig({}).sms, gateway: { url: sandbox.gatewayUrl, token: 'sandbox-token' } },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const listed = async (query: string) =>
    (await (await fetch(`${sandbox.url}/messages?${query}`)).json()) as { mobile: string; message: string }[];

  it('receives the code the site sends, shows it on its page and as JSON, and the code registers', async () => {
    expect(
      (await t.send('POST', api.smsRegister.path, { mobileNo: '933000001', countryDialingCode: '84' }))
        .status,
    ).toBe(200);
    await expect.poll(async () => (await listed('mobile=933000001')).length).toBe(1);
    const [sms] = await listed('mobile=933000001&countryDialingCode=84');
    const code = /\b\d{6}\b/.exec(sms?.message ?? '')?.[0] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(await listed('mobile=933000002')).toEqual([]);
    const page = await (await fetch(`${sandbox.url}/?mobile=933000001`)).text();
    expect(page).toContain(code);
    expect(page).toContain('+84933000001');
    // Sent through the gateway, the console still sees the code masked.
    const outbox = await t.get(
      `${bo.smsOutbox.path}?mobileNum=933000001`,
      await t.operatorToken('operations'),
    );
    expect(outbox.body.value.list[0]).toMatchObject({ provider: 'gateway' });
    expect(JSON.stringify(outbox.body)).not.toContain(code);
    const registered = await sealed(t, api.registerMobile, {
      mobileNum: '933000001',
      countryDialingCode: '84',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
    });
    expect(registered.status).toBe(200);
  });

  it('refuses a wrong token and a malformed message, and keeps one message per Idempotency-Key', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(sandbox.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox-token', ...headers },
        body: JSON.stringify(body),
      });
    const sms = { to: '+84933000009', countryDialingCode: '84', mobile: '933000009', message: 'Code 123456' };
    expect((await post(sms, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ ...sms, message: 5 })).status).toBe(400);
    expect(await listed('mobile=933000009')).toEqual([]);
    const first = await (await post(sms, { 'idempotency-key': 'sms-9' })).json();
    const again = await (await post(sms, { 'idempotency-key': 'sms-9' })).json();
    expect(again).toEqual(first);
    expect(await listed('mobile=933000009')).toHaveLength(1);
  });
});
