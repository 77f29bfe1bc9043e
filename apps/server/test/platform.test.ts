import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../../../e2e/start-server.ts';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { seededRng } from '../src/platform/rng.ts';
import { AGENT_MODULE_FLAGS, MODULE_FLAGS, WALLET_MODULE_FLAGS } from '../src/seed/data.ts';
import { seed } from '../src/seed/index.ts';
import { openTestDatabase, startTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

describe('migrations and seed', () => {
  it('migrate and seed run once; a restart keeps what an operator changed or deleted', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const files = readdirSync(new URL('../src/db/migrations/', import.meta.url)).filter((f) =>
        f.endsWith('.sql'),
      );
      expect(await migrate(db)).toEqual(files.sort());
      expect(files).toContain('0001_foundation.sql');
      const now = new Date('2026-06-01T00:00:00Z');
      const first = await seed(db, { merchantCode: 'TESSERA', demo: true, now, rng: seededRng('seed') });
      expect(first).toContain('demo_banners');
      await db.query("update banners set title = 'Changed by operator' where id = 1");
      await db.query('delete from notices where id = 2');
      await db.query("update module_flags set enabled = false where mod_id = 'FREEPLAY3'");

      expect(await migrate(db)).toEqual([]);
      expect(await seed(db, { merchantCode: 'TESSERA', demo: true, now, rng: seededRng('seed') })).toEqual(
        [],
      );
      const banner = await db.query<{ title: string }>('select title from banners where id = 1');
      expect(banner[0]?.title).toBe('Changed by operator');
      expect(await db.query('select 1 from notices where id = 2')).toHaveLength(0);
      const flag = await db.query<{ enabled: boolean }>(
        "select enabled from module_flags where mod_id = 'FREEPLAY3'",
      );
      expect(flag[0]?.enabled).toBe(false);
      const groups = await db.query<{ group_name: string }>(
        'select distinct group_name from banners order by 1',
      );
      expect(groups.map((g) => g.group_name)).toEqual([
        'w_down',
        'w_esports',
        'w_fish',
        'w_help',
        'w_home',
        'w_live',
        'w_login',
        'w_lott',
        'w_promotion',
        'w_pvp',
        'w_register',
        'w_rng',
        'w_shop',
        'w_sports',
      ]);
      const types = await db.query<{ type: string }>('select distinct type from announcements order by 1');
      expect(types.map((a) => a.type)).toEqual(['B', 'H', 'PL', 'PR', 'PU']);
    } finally {
      await drop();
    }
  });

  it('seeds configuration but no demo content when demo is off', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      await migrate(db);
      await seed(db, { merchantCode: 'TESSERA', demo: false, now: new Date(), rng: seededRng('seed') });
      expect(await db.query('select 1 from banners')).toHaveLength(0);
      expect((await db.query('select 1 from module_flags')).length).toBe(
        MODULE_FLAGS.length + WALLET_MODULE_FLAGS.length + AGENT_MODULE_FLAGS.length,
      );
      expect((await db.query('select 1 from register_rules')).length).toBe(15);
      expect((await db.query('select 1 from languages')).length).toBe(17);
    } finally {
      await drop();
    }
  });
});

describe('configuration', () => {
  it('parses TRUST_PROXY forms and refuses bad values', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OWNER_USERNAME: 'boss' })).toThrow(/OWNER_PASSWORD/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).dataDir).toBeNull();
  });
});

describe('errors, bodies and shutdown', () => {
  let t: TestApp;
  // The slow route answers when the test opens the gate, and says when a request has reached it.
  let reached: () => void = () => {};
  const slowReached = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  beforeAll(async () => {
    t = await startTestApp({
      setup: (app) => {
        app.get('/wps/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.get('/wps/test/slow', async () => {
          reached();
          await gate;
          return { done: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close().catch(() => {});
  });

  it('answers an unexpected error with internal_error and its own request id, without internals', async () => {
    const res = await t.get('/wps/test/boom', undefined, { 'x-request-id': 'req-123' });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      success: false,
      code: 'internal_error',
      message: 'Unknown error or system error.',
      value: null,
    });
    // A client-sent X-Request-Id is not trusted as the log's request id.
    expect(res.body.requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('answers malformed JSON with 400 bad_request and an oversized body with 413', async () => {
    const ops = await t.operatorToken('operations');
    const malformed = await t.call({
      method: 'POST',
      url: '/backoffice/api/domains',
      token: ops,
      headers: { 'content-type': 'application/json' },
      payload: '{"url": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('bad_request');
    const huge = await t.call({
      method: 'POST',
      url: '/backoffice/api/domains',
      token: ops,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
  });

  it('pushes settings.changed over /ws after an operator write, and refuses a bad token', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const messages: unknown[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const received = (count: number) => expect.poll(() => messages.length).toBeGreaterThanOrEqual(count);
    await received(1);
    expect(messages[0]).toEqual({ type: 'hello', audience: 'visitor' });
    const ops = await t.operatorToken('operations');
    await t.send('PUT', '/backoffice/api/module-flags/CBS3', { enabled: false }, ops);
    await received(2);
    expect(messages[1]).toEqual({ type: 'settings.changed', areas: ['module_flag'] });
    socket.close();

    const operatorSocket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const hellos: unknown[] = [];
    operatorSocket.on('message', (data) => hellos.push(JSON.parse(String(data))));
    operatorSocket.once('open', () => operatorSocket.send(JSON.stringify({ type: 'auth', token: ops })));
    await expect.poll(() => hellos.length).toBe(2);
    expect(hellos).toEqual([
      { type: 'hello', audience: 'visitor' },
      { type: 'hello', audience: 'operator' },
    ]);
    operatorSocket.close();

    const refused = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    refused.once('open', () =>
      refused.send(JSON.stringify({ type: 'auth', token: randomBytes(32).toString('base64url') })),
    );
    const code = await new Promise((resolve) => refused.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4401);
  });

  it('finishes an in-flight request when the server closes', async () => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/wps/test/slow`);
    await slowReached;
    const closing = t.app.close();
    // The server has stopped taking connections while the request is still in the route; then the route answers.
    await expect.poll(() => t.app.server.listening).toBe(false);
    // /readyz fails from the start of the shutdown.
    expect(t.deps.local.lifecycle.shuttingDown).toBe(true);
    openGate();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });
});

describe('the server process', () => {
  it('starts, serves, and exits cleanly on SIGTERM', async () => {
    const server = await startServer({
      LOG_LEVEL: 'info',
      ...(TEST_DATABASE === 'postgres' ? { DATABASE_URL: inject('postgresUrl') } : {}),
    });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    // An open socket is closed with 1012 (service restart), on which the site's client reconnects.
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect(await server.stop()).toBe(0);
    expect(await closed).toBe(1012);
    expect(server.output()).toContain('shutting down');
  }, 200_000);
});
