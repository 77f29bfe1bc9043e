import {
  accountsEndpoints as api,
  accountsConsoleEndpoints as bo,
  createClient,
  ENCRYPTION_HEADERS,
  encryptBody,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerMember, sealed } from '../../../test/factories/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const ENCRYPTED = Object.values(api).filter((endpoint) => endpoint.bodyType === 'encrypted');

describe('encrypted bodies', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof registerMember>>;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the key pair on the first start and gives the public key to visitors', async () => {
    const rows = await t.db.query<{ id: string }>('select id from server_keys where retired_at is null');
    expect(rows).toHaveLength(1);
    const key = await t.get(api.encryptionKey.path);
    expect(key.status).toBe(200);
    expect(key.body.value).toMatchObject({
      keyId: rows[0]?.id,
      algorithm: 'RSA-OAEP-256',
      jwk: { kty: 'RSA', e: 'AQAB', alg: 'RSA-OAEP-256' },
    });
    const imported = await crypto.subtle.importKey(
      'spki',
      Buffer.from(key.body.value.spki, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    expect((imported.algorithm as { modulusLength?: number }).modulusLength).toBe(2048);
  });

  it('lists login, both registrations, the three password calls and binding a mobile number as encrypted', () => {
    expect(ENCRYPTED.map((endpoint) => endpoint.path).sort()).toEqual([
      // Binding a number carries the login password.
      '/wps/member/mobile',
      '/wps/member/password',
      '/wps/member/password/reset',
      '/wps/member/password/verification',
      '/wps/member/register',
      '/wps/member/register/mobile',
      '/wps/session/login',
    ]);
  });

  it('refuses a plaintext body on every encrypted endpoint with 400 plaintext_refused', async () => {
    for (const endpoint of ENCRYPTED) {
      const res = await t.send(
        endpoint.method as 'POST' | 'PUT',
        endpoint.path,
        { username: member.username, password: member.password, type: 'username' },
        endpoint.access === 'visitor' ? undefined : member.token,
      );
      expect([endpoint.path, res.status, res.body.code]).toEqual([endpoint.path, 400, 'plaintext_refused']);
    }
  });

  it('decrypts a sealed body and validates it like any other', async () => {
    const ok = await sealed(t, api.login, loginBody(member.username, member.password));
    expect(ok.status).toBe(200);
    expect(ok.body.value.userName).toBe(member.username);
    const invalid = await sealed(t, api.login, { type: 'username', username: '', password: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('validation_failed');
    expect(Object.keys(invalid.body.fields ?? {}).sort()).toEqual(['password', 'username']);
  });

  it('refuses a body sealed for another endpoint, a tampered body and a wrong key', async () => {
    const key = (await t.get(api.encryptionKey.path)).body.value;
    const forRegister = await encryptBody(key, api.register, loginBody(member.username, member.password));
    const replayed = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: forRegister.headers,
      payload: forRegister.body,
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('decryption_failed');

    const good = await encryptBody(key, api.login, loginBody(member.username, member.password));
    const bytes = Buffer.from(good.body, 'base64');
    bytes[0] = (bytes[0] as number) ^ 1;
    const tampered = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: good.headers,
      payload: bytes.toString('base64'),
    });
    expect(tampered.body.code).toBe('decryption_failed');
    const garbage = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: { ...good.headers, [ENCRYPTION_HEADERS.wrappedKey]: 'AAAA' },
      payload: good.body,
    });
    expect(garbage.body.code).toBe('decryption_failed');
    const unknown = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: { ...good.headers, [ENCRYPTION_HEADERS.keyId]: 'k-unknown' },
      payload: good.body,
    });
    expect(unknown.body.code).toBe('encryption_key_expired');
  });

  it('lets only the owner rotate the key, audited; the old key id is refused afterwards', async () => {
    const before = (await t.get(api.encryptionKey.path)).body.value;
    const sealedBefore = await encryptBody(before, api.login, loginBody(member.username, member.password));
    const ops = await t.operatorToken('operations');
    const refused = await t.send('POST', bo.rotateEncryptionKey.path, undefined, ops);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await t.send('POST', bo.rotateEncryptionKey.path)).body.code).toBe('unauthorized');
    expect((await t.send('POST', bo.rotateEncryptionKey.path, undefined, member.token)).status).toBe(401);

    const owner = await t.operatorToken('owner');
    expect((await t.get(bo.encryptionKey.path, owner)).body.value.keyId).toBe(before.keyId);
    const rotated = await t.send('POST', bo.rotateEncryptionKey.path, undefined, owner);
    expect(rotated.status).toBe(200);
    expect(rotated.body.value.keyId).not.toBe(before.keyId);
    expect((await t.get(api.encryptionKey.path)).body.value.keyId).toBe(rotated.body.value.keyId);

    const stale = await t.call({
      method: 'POST',
      url: api.login.path,
      headers: sealedBefore.headers,
      payload: sealedBefore.body,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('encryption_key_expired');
    const audit = await t.db.query<{ entity: string; before: { keyId: string }; after: { keyId: string } }>(
      "select entity, before, after from audit_log where entity = 'encryption_key'",
    );
    expect(audit).toEqual([
      {
        entity: 'encryption_key',
        before: expect.objectContaining({ keyId: before.keyId }),
        after: expect.objectContaining({ keyId: rotated.body.value.keyId }),
      },
    ]);
  });

  it('the shared client encrypts on its own over real HTTP, and refetches the key once after a rotation', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const call = createClient({ baseUrl: address });
    const first = await call(api.login, {
      body: { type: 'username', username: member.username, password: member.password },
    });
    expect(first.userName).toBe(member.username);
    const owner = await t.operatorToken('owner');
    await t.send('POST', bo.rotateEncryptionKey.path, undefined, owner);
    const keyFetches: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input).endsWith(api.encryptionKey.path)) keyFetches.push(String(input));
      return realFetch(input, init);
    };
    try {
      const second = await call(api.login, {
        body: { type: 'username', username: member.username, password: member.password },
      });
      expect(second.userName).toBe(member.username);
      expect(second.token).not.toBe(first.token);
      expect(keyFetches).toHaveLength(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
