import { generateKeyPairSync } from 'node:crypto';
import { accountsEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerMember, sealed, solvedCaptcha } from '../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { OriginalClient, randomString, sealLegacy } from '../../test/original-client.ts';

/**
 * The original platform's encryption, tried with a client written in test/original-client.ts from the description
 * of the scheme (node-forge DES, BigInt RSA), not with the server's code.
 */

const KEY_PATH = api.legacyKey.path;

describe('legacy encryption off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the RSA key call with feature_disabled and a body in the old scheme with plaintext_refused', async () => {
    const key = await t.get(`${KEY_PATH}?t=${Date.now()}`);
    expect(key.status).toBe(403);
    expect(key.body.code).toBe('feature_disabled');
    const member = await registerMember(t);
    const modulus = Buffer.from(
      String(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' }).n),
      'base64url',
    ).toString('hex');
    const old = sealLegacy(loginBody(member.username, member.password), modulus);
    const res = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: old.headers,
      payload: old.payload,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('plaintext_refused');
    expect(await t.db.query("select 1 from server_keys where algorithm = 'RSA-1024-RAW'")).toEqual([]);
  });
});

describe('legacy encryption on (LEGACY_ENCRYPTION=1)', () => {
  let t: TestApp;
  let client: OriginalClient;
  let member: Awaited<ReturnType<typeof registerMember>>;
  beforeAll(async () => {
    t = await startTestApp({ config: { legacyEncryption: true } });
    client = new OriginalClient(t, t.config.merchantCode);
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the 1024-bit modulus as hex text, the same each time, stored beside Tessera’s key', async () => {
    const a = await client.call({ method: 'GET', path: KEY_PATH, query: { t: String(Date.now()) } });
    expect(a.status).toBe(200);
    expect(a.contentType).toContain('text/plain');
    expect(a.text).toMatch(/^[0-9a-f]{256}$/);
    expect(BigInt(`0x${a.text}`) >> 1023n).toBe(1n);
    const b = await client.call({ method: 'GET', path: KEY_PATH });
    expect(b.text).toBe(a.text);
    const tooLong = await t.get(`${KEY_PATH}?t=${'1'.repeat(21)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'validation_failed', fields: { t: 'At most 20 characters' } });
    const keys = await t.db.query<{ algorithm: string; private_pkcs8: string }>(
      'select algorithm, private_pkcs8 from server_keys where retired_at is null order by algorithm',
    );
    expect(keys.map((key) => key.algorithm)).toEqual(['RSA-1024-RAW', 'RSA-OAEP-256']);
    expect(keys[0]?.private_pkcs8).toContain('PRIVATE KEY');
  });

  it('logs in with a body in the original scheme, as the original sends it (type "")', async () => {
    const res = await client.call({
      method: 'POST',
      path: api.login.path,
      bodyType: 'legacy',
      body: { username: member.username, password: member.password, captcha: '', type: '' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      value: { token: expect.any(String), firstTimeLogin: false, id: member.id, userName: member.username },
    });
  });

  it('registers in the original scheme with the captcha bound by its cookie, and answers value.token', async () => {
    const image = await client.call({ method: 'GET', path: api.captcha.path });
    expect(image.json).toMatchObject({ success: true, value: expect.any(String) });
    // The test reads the answer from the database, as only a test can; the client sends only the answer.
    const answer = (
      await t.db.query<{ answer: string }>('select answer from captchas where id = $1', [
        client.cookie('captchaId'),
      ])
    )[0]?.answer;
    expect(answer).toMatch(/^[A-Z0-9]{4}$/);
    const username = `old${randomString(8).replace(/[^A-Za-z0-9]/g, 'q')}`;
    const res = await client.call({
      method: 'PUT',
      path: api.register.path,
      bodyType: 'legacy',
      body: {
        username,
        password: 'Old-client-2026',
        confirmPassword: 'Old-client-2026',
        captcha: answer,
        registerMethod: 'WEB',
        login: true,
        countryDialingCode: '',
        mobileNum: '',
        email: '',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ value: { token: expect.any(String), firstTimeLogin: true } });
  });

  it('takes the key from X-RSA when Encryption is missing, and accepts X-Digest', async () => {
    const modulus = await client.rsaModulus();
    const sealedBody = sealLegacy(loginBody(member.username, member.password), modulus);
    const res = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: { 'X-RSA': sealedBody.headers.Encryption, 'X-Digest': 'anything' },
      payload: sealedBody.payload,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a replayed request, a key wrapped under another modulus and a body that is not DES base64', async () => {
    const modulus = await client.rsaModulus();
    const once = sealLegacy(loginBody(member.username, member.password), modulus);
    const send = (headers: Record<string, string>, payload: unknown) =>
      t.call({ method: 'POST', url: api.login.path, headers, payload: payload as object });
    expect((await send(once.headers, once.payload)).status).toBe(200);
    const replay = await send(once.headers, once.payload);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('decryption_failed');
    const foreign = Buffer.from(
      String(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' }).n),
      'base64url',
    ).toString('hex');
    const wrongKey = sealLegacy(loginBody(member.username, member.password), foreign);
    expect((await send(wrongKey.headers, wrongKey.payload)).body.code).toBe('decryption_failed');
    const fresh = sealLegacy(loginBody(member.username, member.password), modulus);
    expect((await send(fresh.headers, { value: 'not base64!' })).body.code).toBe('decryption_failed');
    expect((await send({ Encryption: 'zz' }, fresh.payload)).body.code).toBe('decryption_failed');
  });

  it("keeps Tessera's own scheme working beside it", async () => {
    const res = await sealed(t, api.login, loginBody(member.username, member.password));
    expect(res.status).toBe(200);
    const registered = await sealed(t, api.register, {
      username: 'Modern2026',
      password: 'Modern-pass-2026',
      confirmPassword: 'Modern-pass-2026',
      ...(await solvedCaptcha(t)),
    });
    expect(registered.status).toBe(200);
  });
});
