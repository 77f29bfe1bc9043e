import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { totpCodeAt } from '../apps/server/src/modules/backoffice/second-factor.ts';
import { databaseUrl, startPostgres } from '../apps/server/test/postgres.ts';
import { startSmtpServer } from '../apps/server/test/smtp-server.ts';
import { startGameProvider } from '../sandbox/game-provider/server.ts';
import { startPaymentSandbox } from '../sandbox/payment-gateway/server.ts';
import { startSmsSandbox } from '../sandbox/sms-gateway/server.ts';
import { E2E_CAPTCHA_ANSWER, E2E_OWNER, E2E_SANDBOX_SECRET, E2E_WORKERS } from './e2e-config.ts';
import { serverBuild, startServer } from './start-server.ts';
import { TIMING } from './timing.ts';

/**
 * Signs the owner in and enrols a second factor (the owner must have one): that session then opens the console,
 * and the tests share it rather than signing in again (a TOTP code is accepted once).
 */
export async function enrolOwner(baseUrl: string): Promise<{ token: string; secret: string }> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}/backoffice/api${path}`, {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: boolean; value: Record<string, string> };
    if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.value;
  };
  const { token } = await post('/session', E2E_OWNER);
  const { secret } = await post('/session/totp', undefined, token);
  await post('/session/totp/confirm', { code: totpCodeAt(secret as string, new Date()) }, token);
  return { token: token as string, secret: secret as string };
}

/**
 * The demo's promotions switched off on a browser test's site: the daily check-in and the welcome bonus are there for
 * every new member to claim, and would count in every member's badges (§9: available promotions plus unread
 * messages). Each test that is about promotions makes its own; the others see only what they give their member.
 */
async function closeDemoPromotions(baseUrl: string, ownerToken: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/backoffice/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${ownerToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: boolean; value: unknown };
    if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
    return answer.value;
  };
  const promotions = (await call('GET', '/promotions')) as {
    id: number;
    versions: { imageUrl?: unknown }[];
  }[];
  for (const { id, versions, ...promotion } of promotions) {
    await call('PUT', `/promotions/${id}`, {
      ...promotion,
      versions: versions.map(({ imageUrl: _url, ...version }) => version),
      enabled: false,
    });
  }
}

/** One worker's own site: its server and the loopback services beside it. */
export interface E2EStack {
  baseUrl: string;
  /** A session of the owner (E2E_OWNER), whose second factor the setup enrolled. */
  ownerToken: string;
  /** The owner's TOTP secret, for the one test that signs in with the second step. */
  ownerTotpSecret: string;
  /** GET it for the mails the server sent over SMTP so far, as JSON [{ to, text }] (e2e/accounts-mail.ts). */
  mailboxUrl: string;
  /** The sandbox payment gateway the demo's online channel pays through (its /control/… API for tests). */
  sandboxUrl: string;
  /** The game provider simulator the demo's providers point at (its /control/… API for tests). */
  gameProviderUrl: string;
  /** The sandbox SMS gateway the server sends SMS to (GET /messages?mobile= for a number's, newest first). */
  smsSandboxUrl: string;
}

/**
 * A worker's extra site (browser.ts useExtraSite): a stack as the main one, on a PostgreSQL server the tests may
 * write to, with the server's test clock (TEST_CLOCK) the tests move forward.
 */
export interface ExtraStack extends E2EStack {
  databaseUrl: string;
  /** How far the site's clock is ahead of the wall, as the files before this one moved it (milliseconds). */
  clockOffsetMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per worker (VITEST_POOL_ID 1, 2, …): files running at once never share a site. */
    stacks: E2EStack[];
    /** GET /extra/<worker> starts that worker's extra site on first asking and answers it (an ExtraStack). */
    extraSitesUrl: string;
  }
}

/**
 * Starts a loopback SMTP server that keeps every mail, and a small HTTP reader of those mails for the tests (they
 * run in other processes); then the real server (built front ends, database `name` on the run's PostgreSQL server,
 * demo data) with that SMTP server configured, for the browser tests; `testClock`: with TEST_CLOCK (extra sites).
 */
async function startStack(
  postgres: Postgres,
  options: { name: string; testClock?: boolean },
): Promise<{ stack: E2EStack & { databaseUrl: string }; close: () => Promise<void> }> {
  const started = performance.now();
  const database = await postgres.database(options.name);
  const smtp = await startSmtpServer();
  const mailbox = createServer((request, response) => {
    const mails = smtp.mails.map((mail) => ({ to: mail.to, text: mail.text }));
    response.writeHead(request.url === '/mails' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(request.url === '/mails' ? mails : null));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const mailboxPort = (mailbox.address() as { port: number }).port;
  // The sandbox gateway on a free loopback port, as npm start runs it beside the site: the demo data's online
  // channel points at it.
  const sandbox = await startPaymentSandbox({ anyMerchantSecret: E2E_SANDBOX_SECRET });
  // The game provider simulator, as npm start runs it: the demo's providers point at it.
  const gameProvider = await startGameProvider();
  // The sandbox SMS gateway, as npm start runs it: the tests read codes there (the console shows them masked).
  const sms = await startSmsSandbox({ token: 'e2e-sms-token' });
  const server = await startServer(
    {
      GAME_PROVIDER_SANDBOX_URL: gameProvider.url,
      PAYMENT_SANDBOX_URL: sandbox.url,
      PAYMENT_SANDBOX_SECRET: E2E_SANDBOX_SECRET,
      DEMO_SEED: '1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMS_GATEWAY_URL: sms.gatewayUrl,
      SMS_GATEWAY_TOKEN: 'e2e-sms-token',
      // Every browser test comes from 127.0.0.1: the per-address limits would otherwise be shared by all files.
      SMS_MAX_PER_IP: '200',
      VISITOR_REQUESTS_PER_MINUTE: '100000',
      REGISTER_MAX_PER_IP: '10000',
      // An owner whose password the tests control (as automated installs do), not the demo owner's random one.
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      OPERATOR_SESSION_IDLE_MINUTES: '240',
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      // The drawn captcha always shows this text: tests type it instead of reading the image.
      CAPTCHA_PROVIDER: 'test',
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA_ANSWER,
      // The agents' reports fold new play in every 2 seconds, not every minute: the tests wait on them.
      AGENT_ROLLUP_CRON: '*/2 * * * * *',
      DATABASE_URL: database,
      ...(options.testClock ? { TEST_CLOCK: '1' } : {}),
    },
    // The production build, as a deployment runs it: it starts with seconds less CPU than the sources under tsx.
    { compiled: true },
  );
  const owner = await enrolOwner(server.baseUrl);
  await closeDemoPromotions(server.baseUrl, owner.token);
  if (TIMING)
    process.stderr.write(`site ${options.name} up in ${Math.round(performance.now() - started)} ms\n`);
  return {
    stack: {
      baseUrl: server.baseUrl,
      ownerToken: owner.token,
      ownerTotpSecret: owner.secret,
      mailboxUrl: `http://127.0.0.1:${mailboxPort}/mails`,
      sandboxUrl: sandbox.url,
      gameProviderUrl: gameProvider.url,
      smsSandboxUrl: sms.url,
      databaseUrl: database,
    },
    close: async () => {
      await server.stop();
      await sandbox.close();
      await gameProvider.close();
      await sms.close();
      await new Promise<void>((resolve) => mailbox.close(() => resolve()));
      await smtp.close();
    },
  };
}

/**
 * The workers' extra sites, each started the first time its worker asks (most runs need none, and a worker's files
 * that need one share it rather than each starting its own): GET /extra/<worker> answers the site once it is up,
 * POST /extra/<worker>/clock { offsetMs } records how far a test moved its clock, for the files after it.
 */
async function startExtraSites(postgres: Postgres) {
  const sites = new Map<string, Promise<Awaited<ReturnType<typeof startStack>>>>();
  const offsets = new Map<string, number>();
  let started = 0;
  const broker = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const [, extra, worker, clock] = (request.url ?? '').split('/');
    if (extra !== 'extra' || !worker) return answer(404, null);
    if (request.method === 'POST' && clock === 'clock') {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        offsets.set(worker, Number((JSON.parse(body) as { offsetMs: number }).offsetMs));
        answer(200, null);
      });
      return;
    }
    let site = sites.get(worker);
    if (!site) {
      // A database of its own each time: a start that failed leaves its database behind.
      started += 1;
      site = startStack(postgres, { name: `extra_${started}`, testClock: true });
      sites.set(worker, site);
      // A start that failed (a port taken meanwhile) is tried again by the worker's next file that asks.
      site.catch(() => sites.delete(worker));
    }
    site.then(
      ({ stack }) => answer(200, { ...stack, clockOffsetMs: offsets.get(worker) ?? 0 }),
      (error: Error) => answer(500, { error: error.message }),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(broker.address() as { port: number }).port}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      const started = await Promise.allSettled(sites.values());
      await Promise.all(
        started.map((one) => (one.status === 'fulfilled' ? one.value.close() : Promise.resolve())),
      );
    },
  };
}

/**
 * The run's PostgreSQL server (apps/server/test/postgres.ts): every site of the run has a database of its own on it.
 * One server process for all of them, not an embedded PGlite in each site's process: PGlite runs every query on
 * its site's one thread, one transaction at a time, and the three sites' queries then compete with their own
 * servers for two cores (PGlite's browser coverage is the demo owner's first start in console-security.test.ts,
 * which starts a site as `npm start` does).
 */
interface Postgres {
  /** Creates database `name` and answers its address. */
  database: (name: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** The CPU seconds the PostgreSQL server and its ended backends used (Linux /proc; E2E_TIMING only). */
async function postgresCpuSeconds(url: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ data_directory: string }>('show data_directory');
  await admin.end();
  const pid = readFileSync(join(rows[0]?.data_directory ?? '', 'postmaster.pid'), 'utf8').split('\n')[0];
  // utime, stime, cutime, cstime: fields 14 to 17 of /proc/<pid>/stat (after the command's closing parenthesis).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return fields.slice(11, 15).reduce((total, ticks) => total + Number(ticks), 0) / 100;
}

async function startRunPostgres(): Promise<Postgres> {
  const server = await startPostgres();
  return {
    async database(name) {
      const admin = new Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return databaseUrl(server.url, name);
    },
    stop: async () => {
      if (TIMING) process.stderr.write(`PostgreSQL CPU: ${await postgresCpuSeconds(server.url)} s\n`);
      server.stop();
    },
  };
}

export default async function setup(project: TestProject) {
  // Built (when missing or stale) once, before the sites start from it at once.
  serverBuild();
  const postgres = await startRunPostgres();
  const extraSites = await startExtraSites(postgres);
  const started = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, index) => startStack(postgres, { name: `site_${index + 1}` })),
  );
  project.provide(
    'stacks',
    started.map((one) => one.stack),
  );
  project.provide('extraSitesUrl', extraSites.url);
  return async () => {
    await extraSites.close();
    await Promise.all(started.map((one) => one.close()));
    await postgres.stop();
  };
}
