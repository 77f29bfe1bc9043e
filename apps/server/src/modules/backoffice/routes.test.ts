import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';

const API = '/backoffice/api';

describe('console setup: the first owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs setup while no operator exists, refuses a weak password, then creates the owner once', async () => {
    expect((await t.get(`${API}/setup`)).body.value).toEqual({ needsSetup: true });
    const weak = await t.send('POST', `${API}/setup`, {
      username: 'boss',
      displayName: 'Boss',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      code: 'validation_failed',
      fields: { password: 'At least 12 characters' },
    });

    const created = await t.send('POST', `${API}/setup`, {
      username: 'boss',
      displayName: 'Boss',
      password: 'correct horse battery',
    });
    expect(created.status).toBe(200);
    expect(created.body.value.operator).toMatchObject({ username: 'boss', role: 'owner', disabled: false });
    const me = await t.get(`${API}/session`, created.body.value.token);
    expect(me.body.value.username).toBe('boss');

    const again = await t.send('POST', `${API}/setup`, {
      username: 'other',
      displayName: 'Other',
      password: 'correct horse battery',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('setup_already_done');
    expect((await t.get(`${API}/setup`)).body.value).toEqual({ needsSetup: false });

    const audit = await t.db.query<{ operator_username: string; entity: string; action: string }>(
      'select operator_username, entity, action from audit_log order by id',
    );
    // The owner's session opens in the same transaction as the creation, before its entry.
    expect(audit).toEqual([
      { operator_username: 'boss', entity: 'session', action: 'signIn' },
      { operator_username: 'boss', entity: 'operator', action: 'create' },
    ]);
    const hash = await t.db.query<{ password_hash: string }>('select password_hash from operators');
    expect(hash[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('console setup under concurrency (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates one first owner when two setups race (SERIALIZABLE: the loser is retried and refused)', async () => {
    const setup = (username: string) =>
      t.send('POST', `${API}/setup`, { username, displayName: username, password: 'correct horse battery' });
    const answers = await Promise.all([setup('first'), setup('second'), setup('third')]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(
      answers.filter((res) => res.status === 409).every((res) => res.body.code === 'setup_already_done'),
    ).toBe(true);
    expect(await t.db.query('select 1 from operators')).toHaveLength(1);
  });
});

describe('console sessions and operators', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.operatorToken('owner');
    // Alice signs in in several tests; none changes her.
    await t.send(
      'POST',
      `${API}/operators`,
      { username: 'Alice', displayName: 'Alice', role: 'support', password: 'alice-kestrel-lamp-1' },
      owner,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  // Each sign-in from an address of its own: the address slowdown has its own test below, and the clock is rewound
  // before every test, so failures of earlier tests would otherwise still count.
  let address = 0;
  const login = (username: string, password: string) => {
    address += 1;
    return t.call({
      method: 'POST',
      url: `${API}/session`,
      payload: { username, password },
      remoteAddress: `127.0.1.${address}`,
    });
  };

  it('signs in case-insensitively and refuses a wrong password or unknown user alike', async () => {
    const ok = await login('alice', 'alice-kestrel-lamp-1');
    expect(ok.status).toBe(200);
    expect(ok.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.value.operator).toMatchObject({ username: 'Alice', role: 'support' });
    const wrong = await login('alice', 'nope-nope-nope');
    const unknown = await login('nobody', 'nope-nope-nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_credentials');
    expect(unknown.body).toEqual(wrong.body);
    const empty = await login('', '');
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['password', 'username']);
  });

  it('stores only a hash of the session token', async () => {
    const ok = await login('alice', 'alice-kestrel-lamp-1');
    const rows = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((row) => row.token_hash === ok.body.value.token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('slows an address down after 3 failures and locks the username from that address after 5, not from others', async () => {
    await t.send(
      'POST',
      `${API}/operators`,
      { username: 'bob', displayName: 'Bob', role: 'support', password: 'bob-kestrel-lamp-1' },
      owner,
    );
    const from = (address: string, password: string) =>
      t.call({
        method: 'POST',
        url: `${API}/session`,
        payload: { username: 'bob', password },
        remoteAddress: address,
      });
    const attacker = '127.0.0.66';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await from(attacker, 'wrong-password')).body.code).toBe('invalid_credentials');
    }
    // The address waits 1 s, then 2 s, before its next try.
    const slowed = await from(attacker, 'wrong-password');
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('login_slowed_down');
    t.clock.advance(1000);
    expect((await from(attacker, 'wrong-password')).body.code).toBe('invalid_credentials');
    expect((await from(attacker, 'wrong-password')).body.code).toBe('login_slowed_down');
    t.clock.advance(2000);
    expect((await from(attacker, 'wrong-password')).body.code).toBe('invalid_credentials');
    t.clock.advance(60_000);
    // Five failures of bob from that address: locked there, even with the right password.
    const locked = await from(attacker, 'bob-kestrel-lamp-1');
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe('account_locked');
    // Bob, from his own address, is not locked out.
    expect((await from('127.0.0.7', 'bob-kestrel-lamp-1')).status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await from(attacker, 'bob-kestrel-lamp-1')).status).toBe(200);
    owner = await t.operatorToken('owner');
  });

  it('ends a session on logout, after 30 idle minutes, and after 12 hours in all', async () => {
    const token = (await login('alice', 'alice-kestrel-lamp-1')).body.value.token;
    expect((await t.send('DELETE', `${API}/session`, undefined, token)).body.value).toEqual({ ok: true });
    const after = await t.get(`${API}/session`, token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_expired');

    const idle = (await login('alice', 'alice-kestrel-lamp-1')).body.value.token;
    t.clock.advance(29 * 60_000);
    expect((await t.get(`${API}/session`, idle)).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await t.get(`${API}/session`, idle)).body.code).toBe('session_expired');

    const long = (await login('alice', 'alice-kestrel-lamp-1')).body.value.token;
    for (let hour = 0; hour < 24; hour += 1) {
      t.clock.advance(25 * 60_000);
      const res = await t.get(`${API}/session`, long);
      expect(res.status).toBe(hour * 25 < 12 * 60 - 25 ? 200 : 401);
    }
    owner = await t.operatorToken('owner');
  });

  it('lets only the owner manage operators, with a case-insensitive unique username', async () => {
    const ops = await t.operatorToken('operations');
    const forbidden = await t.get(`${API}/operators`, ops);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    expect((await t.get(`${API}/operators`)).body.code).toBe('unauthorized');
    expect((await t.get(`${API}/operators`, await t.memberToken())).status).toBe(401);

    const dup = await t.send(
      'POST',
      `${API}/operators`,
      { username: 'ALICE', displayName: 'A', role: 'support', password: 'another-kestrel-lamp' },
      owner,
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'conflict', fields: { username: 'This is already taken' } });
    const badRole = await t.send(
      'POST',
      `${API}/operators`,
      { username: 'carol', displayName: 'C', role: 'admin', password: 'carol-password' },
      owner,
    );
    expect(badRole.status).toBe(400);
    expect(Object.keys(badRole.body.fields ?? {})).toEqual(['role']);

    const list = await t.get(`${API}/operators`, owner);
    expect(list.body.value.map((o: { username: string }) => o.username)).toContain('Alice');
    expect(JSON.stringify(list.body.value)).not.toContain('argon2');
  });

  it('disabling an operator or changing the password ends their sessions; the last owner stays', async () => {
    const created = await t.send(
      'POST',
      `${API}/operators`,
      { username: 'Dana', displayName: 'Dana', role: 'support', password: 'dana-kestrel-lamp-1' },
      owner,
    );
    const dana = created.body.value as { id: number };
    const danaToken = (await login('dana', 'dana-kestrel-lamp-1')).body.value.token;
    const updated = await t.send(
      'PUT',
      `${API}/operators/${dana.id}`,
      { displayName: 'Dana S', role: 'operations', disabled: false, password: 'dana-kestrel-lamp-2' },
      owner,
    );
    expect(updated.body.value).toMatchObject({ displayName: 'Dana S', role: 'operations' });
    expect((await t.get(`${API}/session`, danaToken)).body.code).toBe('session_expired');
    expect((await login('dana', 'dana-kestrel-lamp-1')).status).toBe(401);
    const fresh = (await login('dana', 'dana-kestrel-lamp-2')).body.value.token;
    await t.send(
      'PUT',
      `${API}/operators/${dana.id}`,
      { displayName: 'Dana S', role: 'operations', disabled: true },
      owner,
    );
    expect((await t.get(`${API}/session`, fresh)).status).toBe(401);
    expect((await login('dana', 'dana-kestrel-lamp-2')).body.code).toBe('invalid_credentials');

    const audit = await t.db.query<{ after: { passwordChanged: boolean } }>(
      "select after from audit_log where entity = 'operator' and action = 'update' and entity_id = $1 order by id",
      [String(dana.id)],
    );
    expect(audit.map((row) => row.after.passwordChanged)).toEqual([true, false]);

    const me = (await t.get(`${API}/session`, owner)).body.value;
    const otherOwners = (await t.get(`${API}/operators`, owner)).body.value.filter(
      (o: { id: number; role: string; disabled: boolean }) =>
        o.role === 'owner' && !o.disabled && o.id !== me.id,
    );
    for (const other of otherOwners) {
      await t.send(
        'PUT',
        `${API}/operators/${other.id}`,
        { displayName: 'x', role: 'owner', disabled: true },
        owner,
      );
    }
    const demote = await t.send(
      'PUT',
      `${API}/operators/${me.id}`,
      { displayName: 'x', role: 'support', disabled: false },
      owner,
    );
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('last_owner');
    expect(
      (
        await t.send(
          'PUT',
          `${API}/operators/99999`,
          { displayName: 'x', role: 'support', disabled: false },
          owner,
        )
      ).status,
    ).toBe(404);
  });
});

describe('dashboard and audit log', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.operatorToken('owner');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows real counts to every role and refuses visitors and members', async () => {
    const finance = await t.operatorToken('finance');
    const first = await t.get(`${API}/dashboard`, finance);
    expect(first.status).toBe(200);
    const before = first.body.value;
    // Seeded demo content is counted as it is in the database.
    expect(before.counts).toMatchObject({
      banners: 24,
      notices: 16,
      announcements: 15,
      helpArticles: 9,
      resources: 1,
    });
    expect(before.maintenance).toBe(false);
    await t.memberToken();
    await t.send('POST', `${API}/domains`, { url: 'https://counted.example', sort: 9 }, owner);
    await t.operatorToken('support');
    const after = (await t.get(`${API}/dashboard`, finance)).body.value;
    expect(after.counts).toEqual({
      ...before.counts,
      members: before.counts.members + 1,
      operators: before.counts.operators + 1,
      domains: before.counts.domains + 1,
      // The domain, and the support operator's sign-in.
      auditEntries: before.counts.auditEntries + 2,
    });
    expect(after.activeOperatorSessions).toBe(before.activeOperatorSessions + 1);
    // The last day: the new member signed up and has a session.
    expect(after.lastDay.signUps).toBe(before.lastDay.signUps + 1);
    expect(after.activeMemberSessions).toBe(before.activeMemberSessions + 1);
    expect(after.lastDay.logins).toBe(before.lastDay.logins);
    // The latest operator actions, newest first: the sign-in, then the domain.
    expect(after.recentActions.slice(0, 2)).toMatchObject([
      { action: 'signIn', entity: 'session' },
      { action: 'create', entity: 'domain' },
    ]);
    expect((await t.get(`${API}/dashboard`)).status).toBe(401);
    expect((await t.get(`${API}/dashboard`, await t.memberToken())).body.code).toBe('unauthorized');
  });

  it('searches the audit log by operator, entity, action, text and time, newest first, paginated', async () => {
    const ops = await t.operatorToken('operations');
    await t.send('POST', `${API}/domains`, { url: 'https://one.example', sort: 1 }, ops);
    await t.send('POST', `${API}/domains`, { url: 'https://two.example', sort: 2 }, ops);
    await t.send('PUT', `${API}/module-flags/CBS3`, { enabled: false }, ops);

    const opsName = (await t.get(`${API}/session`, ops)).body.value.username;
    // Other tests of this app write audit entries too: these look at this operator's.
    const mine = `operator=${opsName}`;
    const all = await t.get(`${API}/audit?${mine}&pageSize=2`, owner);
    // Three writes and the operator's sign-in.
    expect(all.body.value.total).toBe(4);
    expect(all.body.value.list).toHaveLength(2);
    expect(all.body.value.list[0]).toMatchObject({
      operatorUsername: opsName,
      action: 'update',
      entity: 'module_flag',
      entityId: 'CBS3',
      before: { modId: 'CBS3', enabled: true },
      after: { modId: 'CBS3', enabled: false },
      ip: '127.0.0.1',
    });
    const page2 = await t.get(`${API}/audit?${mine}&pageSize=2&pageNo=2`, owner);
    expect(page2.body.value.list.map((e: { entity: string }) => e.entity)).toEqual(['domain', 'session']);

    expect((await t.get(`${API}/audit?${mine}&entity=domain`, owner)).body.value.total).toBe(2);
    expect((await t.get(`${API}/audit?${mine}&action=update`, owner)).body.value.total).toBe(1);
    expect((await t.get(`${API}/audit?operator=${opsName.toUpperCase()}`, owner)).body.value.total).toBe(4);
    expect((await t.get(`${API}/audit?q=two.example`, owner)).body.value.total).toBe(1);
    expect((await t.get(`${API}/audit?q=100%25`, owner)).body.value.total).toBe(0);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await t.get(`${API}/audit?from=${encodeURIComponent(future)}`, owner)).body.value.total).toBe(0);

    const bad = await t.get(`${API}/audit?pageSize=1000`, owner);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ pageSize: 'Must be at most 100' });
    expect((await t.get(`${API}/audit`, ops)).status).toBe(403);
  });
});
