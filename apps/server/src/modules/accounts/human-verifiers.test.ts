import { accountsEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaSandbox } from '../../../test/captcha-sandbox.ts';
import { loginBody, sealed } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { SiteverifyCaptcha } from './human-verifiers.ts';

const SECRET = 'sandbox-secret';
let sandbox: Awaited<ReturnType<typeof startCaptchaSandbox>>;
beforeAll(async () => {
  sandbox = await startCaptchaSandbox(SECRET);
});
afterAll(async () => {
  await sandbox.close();
});

describe('third-party human verification (Turnstile, hCaptcha) through the HumanVerifier seam', () => {
  for (const provider of ['turnstile', 'hcaptcha'] as const) {
    it(`${provider}: POSTs the token and the secret to siteverify, and passes only what it confirms`, async () => {
      const verifier = new SiteverifyCaptcha({
        provider,
        siteKey: 'site-key',
        secret: SECRET,
        verifyUrl: sandbox.url,
      });
      const now = new Date();
      const db = null as never;
      expect(await verifier.challenge(db, now)).toMatchObject({ provider, siteKey: 'site-key', image: '' });
      expect(await verifier.verify(db, { captcha: `pass-${provider}-1`, ip: '127.0.0.5' }, now)).toBe(true);
      // A token passes once, a made-up one never, and an empty one is not even sent.
      expect(await verifier.verify(db, { captcha: `pass-${provider}-1` }, now)).toBe(false);
      expect(await verifier.verify(db, { captcha: 'made-up' }, now)).toBe(false);
      const sent = sandbox.requests.length;
      expect(await verifier.verify(db, { captcha: '' }, now)).toBe(false);
      expect(sandbox.requests.length).toBe(sent);
      expect(sandbox.requests.at(-1)).toMatchObject({ secret: SECRET, response: 'made-up' });
      // A provider that cannot be reached verifies nothing.
      const down = new SiteverifyCaptcha({
        provider,
        siteKey: 'site-key',
        secret: SECRET,
        verifyUrl: 'http://127.0.0.1:9/siteverify',
      });
      expect(await down.verify(db, { captcha: 'pass-down' }, now)).toBe(false);
    });
  }

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        config: {
          captcha: { provider: 'turnstile', siteKey: 'site-key', secret: SECRET, verifyUrl: sandbox.url },
          memberLogin: { captchaAfter: 1, maxAttempts: 10, lockMinutes: 15 },
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('GET /wps/captcha/provider names the provider and its site key; a login after a failure needs a verified token', async () => {
      expect((await t.get('/wps/captcha/provider')).body.value).toEqual({
        provider: 'turnstile',
        siteKey: 'site-key',
      });
      // The original's call answers no image: there is nothing to draw.
      expect((await t.get('/wps/captcha')).body.value).toBe('');
      await t.db.query("insert into members (username, type) values ('tina', 0)");
      const wrong = await sealed(t, api.login, loginBody('tina', 'wrong-password-1'));
      expect(wrong.status).toBe(401);
      const refused = await sealed(
        t,
        api.login,
        loginBody('tina', 'wrong-password-1', { captcha: 'made-up' }),
      );
      expect(refused.body.code).toBe('captcha_invalid');
      const verified = await sealed(
        t,
        api.login,
        loginBody('tina', 'wrong-password-1', { captcha: `pass-${'x'.repeat(1500)}` }),
      );
      expect(verified.body.code).toBe('invalid_credentials');
    });
  });
});
