import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { totpCodeAt } from './second-factor.ts';
import { ensureFirstOwner } from './service.ts';

const API = '/backoffice/api';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
  owner = await t.operatorToken('owner');
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.call({ method: 'POST', url: `${API}/session`, payload: { username, password }, remoteAddress });
const secondStep = (challenge: string, code: string) =>
  t.send('POST', `${API}/session/second-factor`, { challenge, code });

async function newOperator(username: string, role: string, password: string) {
  const res = await t.send(
    'POST',
    `${API}/operators`,
    { username, displayName: username, role, password },
    owner,
  );
  expect(res.status).toBe(200);
  return res.body.value;
}

describe('the demo owner: a generated password that must be changed', () => {
  it('holds the owner to the password change until it is done, with a strong new password', async () => {
    const fresh = await startTestApp({ demo: false });
    try {
      await ensureFirstOwner(
        fresh.db,
        { username: 'owner', password: 'Generated-9dK2mXq7pLw3', mustChangePassword: true },
        fresh.clock.now(),
      );
      const session = await fresh.send('POST', `${API}/session`, {
        username: 'owner',
        password: 'Generated-9dK2mXq7pLw3',
      });
      expect(session.status).toBe(200);
      const token = session.body.value.token;
      expect(session.body.value.operator).toMatchObject({
        mustChangePassword: true,
        totpRequired: true,
        totpEnabled: false,
      });
      const blocked = await fresh.get(`${API}/dashboard`, token);
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('operator_setup_required');
      expect((await fresh.get(`${API}/session`, token)).status).toBe(200);

      const change = (currentPassword: string, newPassword: string) =>
        fresh.send('PUT', `${API}/session/password`, { currentPassword, newPassword }, token);
      const short = await change('Generated-9dK2mXq7pLw3', 'short-one');
      expect(short.status).toBe(400);
      expect(short.body.fields?.newPassword).toBe('At least 12 characters');
      const common = await change('Generated-9dK2mXq7pLw3', 'password1234');
      expect(common.body.fields?.newPassword).toBe('This password is too common');
      const weak = await change('Generated-9dK2mXq7pLw3', 'aaaaaaaaaaaaaaaa');
      expect(weak.body.fields?.newPassword).toBe('This password is too easy to guess');
      const wrong = await change('not-the-password', 'Lantern-harbour-ivy-42');
      expect(wrong.body.code).toBe('password_incorrect');
      const done = await change('Generated-9dK2mXq7pLw3', 'Lantern-harbour-ivy-42');
      expect(done.status).toBe(200);
      expect(done.body.value).toMatchObject({ mustChangePassword: false, totpEnabled: false });
      // The owner still has to enrol a second factor before the console opens.
      expect((await fresh.get(`${API}/dashboard`, token)).body.code).toBe('operator_setup_required');
      const audit = await fresh.db.query<{ action: string; after: string }>(
        "select action, after::text from audit_log where action = 'change_password'",
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]?.after).not.toContain('Lantern');
    } finally {
      await fresh.close();
    }
  });
});

describe('TOTP second factor', () => {
  let secret: string;
  let recoveryCodes: string[];
  let token: string;

  it('enrols with a QR code and the key as text, confirmed by a code; recovery codes are shown once', async () => {
    await newOperator('fiona', 'finance', 'fiona-kestrel-lamp-7');
    const first = await login('fiona', 'fiona-kestrel-lamp-7');
    token = first.body.value.token;
    expect(first.body.value.operator).toMatchObject({ totpRequired: true, totpEnabled: false });
    expect((await t.get(`${API}/dashboard`, token)).body.code).toBe('operator_setup_required');

    const start = await t.send('POST', `${API}/session/totp`, undefined, token);
    expect(start.status).toBe(200);
    secret = start.body.value.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.value.otpauthUrl).toBe(
      `otpauth://totp/Tessera%20console:fiona?issuer=Tessera%20console&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(start.body.value.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.value.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await t.send('POST', `${API}/session/totp/confirm`, { code: '000000' }, token);
    // 400, not 401: a wrong code is a mistake in the form, not the end of the session.
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('second_factor_invalid');
    const confirm = await t.send(
      'POST',
      `${API}/session/totp/confirm`,
      { code: totpCodeAt(secret, t.clock.now()) },
      token,
    );
    expect(confirm.status).toBe(200);
    recoveryCodes = confirm.body.value.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(confirm.body.value.operator).toMatchObject({ totpEnabled: true });
    expect((await t.get(`${API}/dashboard`, token)).status).toBe(200);
  });

  /**
   * The clock is rewound before every test: each test that signs in with a code gets 5 minutes of its own (a code
   * is accepted once per time step), within the sessions' 30 idle minutes.
   */
  const slot = (n: number) => t.clock.set(new Date(Date.UTC(2026, 5, 1, 12, 5 * n)));

  it('stores the secret sealed (a dump does not give it away) and never audits it', async () => {
    const rows = await t.db.query<{ totp_secret: string }>(
      "select totp_secret from operators where username = 'fiona'",
    );
    expect(rows[0]?.totp_secret).toMatch(/^v1:/);
    expect(rows[0]?.totp_secret).not.toContain(secret);
    const dump = await t.db.query<{ text: string }>(
      "select string_agg(row_to_json(a)::text, ' ') as text from (select * from audit_log) a",
    );
    expect(dump[0]?.text).toContain('enable_totp');
    expect(dump[0]?.text).not.toContain(secret);
    const codes = await t.db.query<{ code_hash: string }>('select code_hash from operator_recovery_codes');
    expect(codes.every((row) => !recoveryCodes.some((code) => row.code_hash.includes(code)))).toBe(true);
  });

  it('signs in with a second step: a code of the app, used once', async () => {
    slot(1);
    const first = await login('fiona', 'fiona-kestrel-lamp-7');
    expect(first.status).toBe(200);
    expect(first.body.value.token).toBeUndefined();
    expect(first.body.value).toMatchObject({ secondFactor: 'totp', challenge: expect.any(String) });
    const challenge = first.body.value.challenge;
    const bad = await secondStep(challenge, '123456');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('second_factor_invalid');
    const code = totpCodeAt(secret, t.clock.now());
    const ok = await secondStep(challenge, code);
    expect(ok.status).toBe(200);
    expect(ok.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The challenge is spent, and the same code does not open a second sign-in.
    expect((await secondStep(challenge, code)).body.code).toBe('second_factor_expired');
    const again = await login('fiona', 'fiona-kestrel-lamp-7');
    expect((await secondStep(again.body.value.challenge, code)).body.code).toBe('second_factor_invalid');
  });

  it('takes a recovery code once, and a challenge expires after 5 tries or 5 minutes', async () => {
    slot(2);
    const first = await login('fiona', 'fiona-kestrel-lamp-7', '127.0.0.31');
    const recovery = recoveryCodes[0] as string;
    expect((await secondStep(first.body.value.challenge, recovery.toLowerCase())).status).toBe(200);
    const second = await login('fiona', 'fiona-kestrel-lamp-7', '127.0.0.32');
    expect((await secondStep(second.body.value.challenge, recovery)).body.code).toBe('second_factor_invalid');

    const tries = await login('fiona', 'fiona-kestrel-lamp-7', '127.0.0.33');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await secondStep(tries.body.value.challenge, '000000');
    }
    t.clock.advance(60_000);
    const spent = await secondStep(tries.body.value.challenge, totpCodeAt(secret, t.clock.now()));
    expect(spent.body.code).toBe('second_factor_expired');

    const late = await login('fiona', 'fiona-kestrel-lamp-7', '127.0.0.34');
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await secondStep(late.body.value.challenge, totpCodeAt(secret, t.clock.now()));
    expect(expired.body.code).toBe('second_factor_expired');
  });

  it('the owner can require it of every role, and reset an operator who lost the phone', async () => {
    slot(4);
    await newOperator('sam', 'support', 'sam-kestrel-lamp-77');
    const optional = await login('sam', 'sam-kestrel-lamp-77');
    expect(optional.body.value.operator).toMatchObject({ totpRequired: false, totpEnabled: false });
    expect((await t.get(`${API}/dashboard`, optional.body.value.token)).status).toBe(200);

    const support = optional.body.value.token;
    expect((await t.get(`${API}/settings/console-security`, support)).status).toBe(403);
    const put = await t.send('PUT', `${API}/settings/console-security`, { totpRequiredForAll: true }, owner);
    expect(put.body.value).toEqual({ totpRequiredForAll: true });
    expect((await t.get(`${API}/settings/console-security`, owner)).body.value).toEqual({
      totpRequiredForAll: true,
    });
    expect((await t.get(`${API}/dashboard`, support)).body.code).toBe('operator_setup_required');
    const audit = await t.db.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where entity = 'console_security'",
    );
    expect(audit).toEqual([{ before: { totpRequiredForAll: false }, after: { totpRequiredForAll: true } }]);
    await t.send('PUT', `${API}/settings/console-security`, { totpRequiredForAll: false }, owner);
    expect((await t.get(`${API}/dashboard`, support)).status).toBe(200);

    const fiona = (await t.get(`${API}/operators`, owner)).body.value.find(
      (operator: { username: string }) => operator.username === 'fiona',
    );
    const reset = await t.send('POST', `${API}/operators/${fiona.id}/totp/reset`, undefined, owner);
    expect(reset.body.value).toEqual({ ok: true });
    const after = await login('fiona', 'fiona-kestrel-lamp-7', '127.0.0.40');
    expect(after.body.value.operator).toMatchObject({ totpEnabled: false, totpRequired: true });
    expect((await t.get(`${API}/dashboard`, after.body.value.token)).body.code).toBe(
      'operator_setup_required',
    );
  });
});

describe('operator passwords', () => {
  it('need 12 characters and must not be common or easy to guess', async () => {
    const create = (password: string) =>
      t.send(
        'POST',
        `${API}/operators`,
        { username: 'olga', displayName: 'Olga', role: 'operations', password },
        owner,
      );
    expect((await create('Short-pass1')).body.fields?.password).toBe('At least 12 characters');
    expect((await create('qwertyuiop123')).body.fields?.password).toBe('This password is too common');
    expect((await create('olgaolgaolga1')).body.fields?.password).toBe('This password is too easy to guess');
    expect((await create('Copper-meadow-fox-19')).status).toBe(200);
  });

  it("must not be built on the site's own names (brand, site name, merchant code)", async () => {
    const create = (password: string) =>
      t.send(
        'POST',
        `${API}/operators`,
        { username: `petra${password.length}`, displayName: 'Petra', role: 'operations', password },
        owner,
      );
    expect((await create('Tessera12345')).body.fields?.password).toBe('This password is too easy to guess');
    const created = await create('Copper-meadow-fox-20');
    expect(created.status).toBe(200);
    const updated = await t.send(
      'PUT',
      `${API}/operators/${created.body.value.id}`,
      { displayName: 'Petra', role: 'operations', disabled: false, password: 'Tessera12345' },
      owner,
    );
    const renamed = `update site_settings set value = jsonb_set(value, '{siteName}', $1::jsonb) where key = 'site'`;
    await t.db.query(renamed, [JSON.stringify('Golden Lotus Casino')]);
    try {
      expect((await create('GoldenLotus2026')).body.fields?.password).toBe(
        'This password is too easy to guess',
      );
    } finally {
      await t.db.query(renamed, [JSON.stringify('Tessera')]);
    }
    expect(updated.body.fields?.password).toBe('This password is too easy to guess');
  });
});
