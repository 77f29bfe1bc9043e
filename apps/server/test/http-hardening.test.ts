import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loggerOptions, redactUrl } from '../src/platform/http-hardening.ts';
import { serveMetrics } from '../src/platform/metrics.ts';
import { playerInGame, SEAMLESS, startProviderWorld } from './factories/game-providers.ts';
import { startTestApp, type TestApp } from './harness.ts';

describe('browser security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a CSP with only our own scripts, no framing, nosniff, a referrer and a permissions policy', async () => {
    for (const url of ['/wps/system/status', '/backoffice/api/setup', '/healthz', '/nothing-here']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      // The site is on http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets our own game frames be framed by our pages only', async () => {
    const res = await t.app.inject({ url: '/house/lotto/index.html' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves generated SVGs (flags, logo, QR codes) with nosniff', async () => {
    for (const url of ['/images/COUNTRY_FLAG/VN.svg', '/images/brand/logo.svg', '/images/qr/1.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('adds HSTS, and upgrades insecure requests, when SITE_URL is https', async () => {
    const https = await startTestApp({ config: { siteUrl: 'https://play.tessera.example' } });
    try {
      const res = await https.app.inject({ url: '/wps/system/status' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('allows the configured captcha provider, and only it, in the CSP', async () => {
    const turnstile = await startTestApp({
      config: {
        captcha: {
          provider: 'turnstile',
          siteKey: 'site-key',
          secret: 'secret',
          verifyUrl: 'http://127.0.0.1:9/siteverify',
        },
      },
    });
    try {
      const csp = String(
        (await turnstile.app.inject({ url: '/healthz' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
      expect(csp).not.toContain('hcaptcha');
    } finally {
      await turnstile.close();
    }
  });
});

describe('limits on cheap calls without a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    t.config.limits = { ...t.config.limits, visitorRequestsPerMinute: 5 };
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 too_many_requests past the per-address limit, on every process, then lets the address back', async () => {
    const from = (app: TestApp['app'], url: string, remoteAddress = '127.0.0.9') =>
      app.inject({ url, remoteAddress });
    for (const url of [
      '/wps/system/status',
      '/wps/captcha',
      '/wps/system/encryptionKey',
      '/wps/system/status',
    ]) {
      expect((await from(t.app, url)).statusCode).toBe(200);
    }
    expect((await from(t.app, '/healthz')).statusCode).toBe(200);
    const refused = await from(t.app, '/wps/captcha');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'too_many_requests',
      message: 'Too many requests, please retry after 5 minutes.',
      value: null,
    });
    // A second server process on the same database sees the same counter.
    const second = await buildApp(t.deps, { logger: false });
    try {
      expect((await from(second, '/wps/system/status')).statusCode).toBe(429);
      // Another address is not affected.
      expect((await from(second, '/wps/system/status', '127.0.0.10')).statusCode).toBe(200);
      t.clock.advance(61_000);
      expect((await from(second, '/wps/system/status')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('secrets stay out of logs', () => {
  it('redacts secret query parameters, the Authorization header and cookies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await startTestApp();
    const app = await buildApp(t.deps, {
      logger: { ...(loggerOptions('info') as object), stream } as never,
    });
    try {
      await app.inject({
        url: '/login?resetToken=SECRET-RESET-TOKEN&lang=en&password=SECRET-PASSWORD&code=123456',
        headers: { authorization: 'Bearer SECRET-BEARER-TOKEN-0123456789', cookie: 'sid=SECRET-COOKIE' },
      });
      const log = lines.join('');
      expect(log).toContain('/login?resetToken=[REDACTED]&lang=en&password=[REDACTED]&code=[REDACTED]');
      for (const secret of [
        'SECRET-RESET-TOKEN',
        'SECRET-PASSWORD',
        'SECRET-BEARER',
        'SECRET-COOKIE',
        '123456',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await t.close();
    }
    expect(redactUrl('/a?token=x&ok=1')).toBe('/a?token=[REDACTED]&ok=1');
    expect(redactUrl('/a')).toBe('/a');
  });
});

describe('/metrics', () => {
  it('is served only on its own port when METRICS_PORT is set, and not on the public one', async () => {
    const t = await startTestApp({ config: { metricsPort: 1, metricsHost: '127.0.0.1' } });
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const server = await serveMetrics(t.app, { host: '127.0.0.1', port: 0, token: null });
      const { port } = server.address() as { port: number };
      await t.get('/wps/system/status');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_requests_total');
      server.close();
    } finally {
      await t.close();
    }
  });
});

/** Opens a socket to the server and resolves once it is connected. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent before it closed the socket, and how long that took. */
function closed(socket: Socket, since: number): Promise<{ received: string; ms: number }> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += String(chunk);
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve({ received, ms: Date.now() - since }));
  });
}

describe('slow clients cannot hold the server', () => {
  it('closes requests whose body does not arrive within the timeout, and caps connections per address', async () => {
    const limits = {
      requestTimeoutSeconds: 1,
      maxConnections: 100,
      maxConnectionsPerIp: 10,
      visitorRequestsPerMinute: 1_000_000,
      registerPerIp: 1_000_000,
    };
    const t = await startTestApp({ config: { limits } });
    // Two servers on the test's database: one whose slow requests time out in a second, one that waits long
    // enough for the cap to be checked while its ten slow sockets are surely still open, however busy the machine.
    const listen = async (requestTimeoutSeconds: number) => {
      const app = await buildApp(
        { ...t.deps, config: { ...t.config, limits: { ...t.config.limits, requestTimeoutSeconds } } },
        { logger: false },
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, port: (app.server.address() as { port: number }).port };
    };
    const slowBody = (socket: Socket) =>
      socket.write(
        'POST /backoffice/api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
    const quick = await listen(1);
    const patient = await listen(60);
    const held: Socket[] = [];
    try {
      // Ten sockets each send headers announcing a body, then one byte of it, then nothing: the server closes each
      // with 408 once the timeout passes.
      const started = Date.now();
      const slow = await Promise.all(Array.from({ length: 10 }, () => open(quick.port)));
      const ends = slow.map((socket) => closed(socket, started));
      for (const socket of slow) slowBody(socket);
      const results = await Promise.all(ends);
      for (const result of results) expect(result.received).toMatch(/^HTTP\/1\.1 408/);
      process.stdout.write(
        `slow body: 10 sockets closed by the server after ${Math.min(...results.map((r) => r.ms))}–${Math.max(...results.map((r) => r.ms))} ms (REQUEST_TIMEOUT_SECONDS=1)\n`,
      );
      // The server still answers once they are gone.
      expect((await fetch(`http://127.0.0.1:${quick.port}/healthz`)).status).toBe(200);

      // Ten slow sockets held open on the patient server fill the address's cap. An eleventh connection from the
      // same address that sends nothing is closed; a twelfth that asks a visitor's question is answered
      // too_many_requests and closed.
      held.push(...(await Promise.all(Array.from({ length: 10 }, () => open(patient.port)))));
      for (const socket of held) slowBody(socket);
      const extra = await open(patient.port);
      const extraEnd = closed(extra, Date.now());
      const visitor = await open(patient.port);
      const visitorEnd = closed(visitor, Date.now());
      visitor.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const refused = await visitorEnd;
      expect(refused.received).toMatch(/^HTTP\/1\.1 429/);
      expect(refused.received).toContain('"code":"too_many_requests"');
      expect((await extraEnd).received).toBe('');
    } finally {
      for (const socket of held) socket.destroy();
      await quick.app.close();
      await patient.app.close();
      await t.close();
    }
  });
});

describe('the per-address connection cap spares signed partners', () => {
  it("serves a provider's simultaneous signed wallet calls over keep-alive connections past the cap, and still refuses a visitor past it", async () => {
    const base = loadConfig({ LOG_LEVEL: 'silent' });
    const world = await startProviderWorld({
      config: {
        limits: {
          ...base.limits,
          maxConnectionsPerIp: 10,
          visitorRequestsPerMinute: 1_000_000,
          registerPerIp: 1_000_000,
        },
      },
    });
    const port = Number(new URL(world.siteUrl).port);
    const held: Socket[] = [];
    try {
      // Ten idle connections of visitors from the same address: the cap is reached before the provider calls.
      for (let i = 0; i < 10; i += 1) held.push(await open(port));
      const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
      const exchanges = await Promise.all(
        Array.from({ length: 120 }, () =>
          world.sim.walletCall(SEAMLESS.operatorId, '/user/balance', {
            user: player.user,
            token: player.token,
            request_uuid: randomUUID(),
            game_code: 'jdb_lucky_seven',
          }),
        ),
      );
      expect(exchanges.map((exchange) => exchange.answer?.status)).toEqual(
        Array.from({ length: 120 }, () => 'RS_OK'),
      );
      // A visitor's request on a connection past the cap is still refused.
      const visitor = await open(port);
      const visitorEnd = closed(visitor, Date.now());
      visitor.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect((await visitorEnd).received).toMatch(/^HTTP\/1\.1 429/);
    } finally {
      for (const socket of held) socket.destroy();
      await world.close();
    }
  });
});
