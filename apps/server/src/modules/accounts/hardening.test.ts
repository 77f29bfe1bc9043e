import { accountsEndpoints as api, encryptBody } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, sealed, solvedCaptcha } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { strengthProblem } from '../../platform/password-strength.ts';
import { passwordProblem } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('player passwords', () => {
  it('refuses trivially weak and common ones, keeps the minimum of 8', () => {
    for (const weak of ['aaaaaaaa', 'qwertyuiop', 'abcd1234', '11111111', 'abcdefgh', 'Password1']) {
      expect(passwordProblem(weak), weak).not.toBeNull();
    }
    expect(passwordProblem('short1!')).toBe('too_short');
    // The larger list: not among the 10,000 of common-passwords.txt, but among zxcvbn's 49,000.
    expect(strengthProblem('spiderman1', 0)).toBe('password_common');
    for (const fine of ['Tessera-pass-2026', 'zz8Kp3vw', 'correct horse battery']) {
      expect(passwordProblem(fine), fine).toBeNull();
    }
  });

  it('answers the refusal in the visitor language (EN, VI, CN)', async () => {
    const messages: Record<string, string> = {
      EN: 'This password is too easy to guess',
      VI: 'Mật khẩu này quá dễ đoán',
      CN: '该密码太容易被猜到',
    };
    for (const [language, message] of Object.entries(messages)) {
      const key = (await t.get(api.encryptionKey.path)).body.value;
      const encrypted = await encryptBody(key, api.register, {
        username: `weak${language.toLowerCase()}user`,
        password: 'aaaaaaaa',
        confirmPassword: 'aaaaaaaa',
        email: `weak${language}@example.com`,
        ageConfirmed: true,
        termsAccepted: true,
        ...(await solvedCaptcha(t)),
      });
      const res = await t.call({
        method: api.register.method,
        url: api.register.path,
        headers: { ...encrypted.headers, language },
        payload: encrypted.body,
      });
      expect(res.status).toBe(400);
      expect(res.body.fields?.password).toBe(message);
    }
  });
});

describe('registration per address', () => {
  it('allows REGISTER_MAX_PER_IP accounts an hour from one address, then too_many_requests for 5 minutes', async () => {
    t.config.limits = { ...t.config.limits, registerPerIp: 2 };
    try {
      await registerMember(t);
      await registerMember(t);
      const third = await sealed(t, api.register, {
        username: 'thirdplayer1',
        password: 'Tessera-pass-2026',
        confirmPassword: 'Tessera-pass-2026',
        email: 'third@example.com',
        ageConfirmed: true,
        termsAccepted: true,
        ...(await solvedCaptcha(t)),
      });
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('too_many_requests');
      t.clock.advance(5 * 60_000 + 1000);
      await registerMember(t);
    } finally {
      t.config.limits = { ...t.config.limits, registerPerIp: 1_000_000 };
    }
  });
});
