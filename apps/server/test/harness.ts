import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OperatorRole } from '@tessera/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/database.ts';
import { primaryReads } from '../src/db/replicas.ts';
import { buildJobRunner } from '../src/jobs.ts';
import { confirmEnrolment, startEnrolment, totpCodeAt } from '../src/modules/backoffice/second-factor.ts';
import { insertOperator } from '../src/modules/backoffice/store.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { AppDeps } from '../src/platform/context.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import type { JobRunner } from '../src/platform/jobs.ts';
import { processLocal } from '../src/platform/process-local.ts';
import { RealtimeHub } from '../src/platform/realtime.ts';
import { cryptoRng, seededRng } from '../src/platform/rng.ts';
import { openSession } from '../src/platform/sessions.ts';
import { followTestClock } from '../src/platform/test-clock.ts';
import { seed } from '../src/seed/index.ts';
import { claimTestDatabase, releaseTestDatabase } from './database-pool.ts';
import { recordStatements } from './pglite-dialect.ts';
import { databaseUrl } from './postgres.ts';
import { MIGRATED_TEMPLATE, SEEDED_TEMPLATES } from './postgres-server.ts';
import { type SeededKind, TEST_CLOCK_START, TEST_MERCHANT_CODE } from './seeded.ts';

/** The secrets key of test servers (32 bytes). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

export const TEST_DATABASE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** Every clock made by the tests of this file: each test starts with them at their start (test/setup.ts). */
const clocks = new Set<TestClock>();

export function rewindClocks(): void {
  for (const clock of clocks) clock.rewind();
}

/** The apps this file started and has not closed. */
const openApps = new Set<TestApp>();

/**
 * After each file (test/setup.ts): closes the apps it left open, so no job runner of one file keeps polling while
 * the next file runs in the same worker, and forgets its clocks.
 */
export async function closeLeftOpen(): Promise<void> {
  for (const app of [...openApps]) await app.close();
  clocks.clear();
}

/** A clock the test moves by hand; it goes back to its start before each test, so no test sees another's time. */
export class TestClock implements Clock {
  private current: Date;
  constructor(private readonly start = TEST_CLOCK_START) {
    this.current = new Date(start);
    clocks.add(this);
  }
  rewind() {
    this.current = new Date(this.start);
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  offsetTo(ms: number) {
    this.current = new Date(Math.max(this.current.getTime(), this.start.getTime() + ms));
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

const snapshots = new Map<string, Blob>();

/** A dump of the PGlite project's global setup, read once per worker (files share its modules). */
function pgliteSnapshot(kind: 'empty' | 'migrated' | SeededKind): Blob {
  const file = inject('pgliteSnapshots')[kind];
  let blob = snapshots.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    snapshots.set(file, blob);
  }
  return blob;
}

/**
 * A new database of the kind under test: in-memory PGlite, or a fresh database on the harness's server. Empty, or
 * with every migration applied (`migrated`, a copy made by the global setup, as `migrate` would leave it), or
 * migrated and seeded as startTestApp seeds (`seeded`, test/seeded.ts).
 */
export async function openTestDatabase(options: { migrated?: boolean; seeded?: SeededKind } = {}): Promise<{
  db: Database;
  drop: () => Promise<void>;
  /** The database's address, for a server process started on it (PostgreSQL only). */
  url: string;
}> {
  if (TEST_DATABASE === 'pglite') {
    const db = await openPglite(null, {
      rng: cryptoRng,
      pgliteDataDir: pgliteSnapshot(options.seeded ?? (options.migrated ? 'migrated' : 'empty')),
    });
    return { db, drop: () => db.close(), url: '' };
  }
  const serverUrl = inject('postgresUrl');
  const admin = await openPostgres(serverUrl, 1, { rng: cryptoRng });
  const template = options.seeded
    ? SEEDED_TEMPLATES[options.seeded]
    : options.migrated
      ? MIGRATED_TEMPLATE
      : null;
  // A copy made ahead by the global setup's pool (test/database-pool.ts), or an empty database.
  const name = await claimTestDatabase(admin, template);
  const url = databaseUrl(serverUrl, name);
  const db = await openPostgres(url, 5, { rng: cryptoRng });
  return {
    db: recordStatements(db),
    url,
    drop: async () => {
      await db.close();
      await releaseTestDatabase(admin, name);
      await admin.close();
    },
  };
}

export interface ApiResponse {
  status: number;
  headers: Record<string, unknown>;
  body: {
    success: boolean;
    code: string;
    message: string;
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every endpoint through one shape.
    value: any;
    fields?: Record<string, string>;
    requestId?: string;
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  deps: AppDeps;
  /** The app's job runner (started unless the test asked for none); `jobs.runDue()` runs a pass at once. */
  jobs: JobRunner;
  call(options: InjectOptions & { token?: string }): Promise<ApiResponse>;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<ApiResponse>;
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string): Promise<ApiResponse>;
  /** A signed-in operator of the role named `${role}${n}` (password `${role}-password-${n}`); owners and finance enrol a second factor first. */
  operatorToken(role: OperatorRole): Promise<string>;
  /** The TOTP secret enrolled for an operator operatorToken created. */
  operatorSecret(username: string): string | null;
  memberToken(type?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The argon2 hashes of operatorToken's passwords, each made once per worker: operator `owner1` of every app of the
 * worker's files has the password `owner-password-1`, and a hash costs tens of milliseconds of CPU.
 */
const operatorHashes = new Map<string, Promise<string>>();
function operatorPasswordHash(password: string): Promise<string> {
  let hash = operatorHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    operatorHashes.set(password, hash);
  }
  return hash;
}

export async function startTestApp(
  options: {
    config?: Partial<Config>;
    demo?: boolean;
    setup?: (app: FastifyInstance) => void;
    /** Start the job runner in the background (default true); tests of the runner itself drive it by hand. */
    runJobs?: boolean;
  } = {},
): Promise<TestApp> {
  const clock = new TestClock();
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  const config: Config = {
    ...base,
    webDist: '/nonexistent',
    backofficeDist: '/nonexistent',
    secretsKey: TEST_SECRETS_KEY,
    // Every test calls from 127.0.0.1: the per-address limits have their own tests.
    limits: { ...base.limits, visitorRequestsPerMinute: 1_000_000, registerPerIp: 1_000_000 },
    // Tests write rows directly and read them back at once: the caches have their own tests (test/caches.test.ts).
    cache: { contentSeconds: 0, sessionSeconds: 0 },
    ...options.config,
  };
  const demo = options.demo ?? true;
  // A copy of the global setup's database seeded for this merchant (test/seeded.ts), or a migrated one seeded here.
  const copied = config.merchantCode === TEST_MERCHANT_CODE;
  const { db, drop } = await openTestDatabase(
    copied ? { seeded: demo ? 'demo' : 'plain' } : { migrated: true },
  );
  const rng = seededRng(`tessera-test-${randomBytes(8).toString('hex')}`);
  if (!copied) await seed(db, { merchantCode: config.merchantCode, demo, now: clock.now(), rng });
  const realtime = new RealtimeHub(db);
  await realtime.start();
  if (config.testClock) await followTestClock(db, realtime, clock);
  const deps: AppDeps = {
    db,
    laggingReads: primaryReads(db),
    config,
    clock,
    realtime,
    rng,
    local: processLocal(db, realtime, config),
  };
  const app = await buildApp(deps, { logger: false });
  options.setup?.(app);
  await app.ready();
  const jobs = buildJobRunner(deps, { pollMs: 250 });
  if (options.runJobs ?? true) await jobs.start();

  const call = async ({
    token,
    headers,
    ...rest
  }: InjectOptions & { token?: string }): Promise<ApiResponse> => {
    const response = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
  let operatorCount = 0;
  const operatorSecrets = new Map<string, string>();
  let memberCount = 0;
  const testApp: TestApp = {
    app,
    db,
    clock,
    config,
    deps,
    jobs,
    call,
    get: (url, token, headers) => call({ method: 'GET', url, token, headers }),
    send: (method, url, body, token) =>
      call({ method, url, token, ...(body === undefined ? {} : { payload: body as object }) }),
    async operatorToken(role) {
      operatorCount += 1;
      const username = `${role}${operatorCount}`;
      const password = `${role}-password-${operatorCount}`;
      // As createOperator stores one (its password rules have their own tests), with the hash made once.
      const created = await insertOperator(
        db,
        {
          username,
          display_name: `${role} ${operatorCount}`,
          password_hash: await operatorPasswordHash(password),
          role,
        },
        clock.now(),
      );
      if (!created) throw new Error(`operator ${username} exists already`);
      const response = await call({
        method: 'POST',
        url: '/backoffice/api/session',
        payload: { username, password },
      });
      const token = response.body.value.token as string;
      if (!response.body.value.operator.totpRequired) return token;
      // Owners and finance sign in with a second factor: enrol one (through the service, so no audit entry),
      // then sign in again with a code.
      const operatorId = response.body.value.operator.id as number;
      const { secret } = await startEnrolment(db, config, deps.rng, { id: operatorId, username });
      await confirmEnrolment(db, config, deps.rng, operatorId, totpCodeAt(secret, clock.now()), clock.now());
      operatorSecrets.set(username, secret);
      await call({ method: 'DELETE', url: '/backoffice/api/session', token });
      const first = await call({
        method: 'POST',
        url: '/backoffice/api/session',
        payload: { username, password },
      });
      // The enrolment spent the code of this time step: the next step's code is accepted (a window of one step).
      const next = new Date(clock.now().getTime() + 30_000);
      const second = await call({
        method: 'POST',
        url: '/backoffice/api/session/second-factor',
        payload: { challenge: first.body.value.challenge, code: totpCodeAt(secret, next) },
      });
      return second.body.value.token as string;
    },
    operatorSecret: (username) => operatorSecrets.get(username) ?? null,
    async memberToken(type = 0) {
      memberCount += 1;
      const rows = await db.query<{ id: number }>(
        'insert into members (username, type) values ($1, $2) returning id',
        [`member${memberCount}`, type],
      );
      const session = await openSession(
        db,
        { kind: 'member', id: rows[0]?.id as number },
        config.memberSession,
        clock.now(),
        '127.0.0.1',
        deps.rng,
      );
      return session.token;
    },
    async close() {
      if (!openApps.delete(testApp)) return;
      await jobs.stop();
      await app.close();
      await realtime.stop();
      await drop();
    },
  };
  openApps.add(testApp);
  return testApp;
}
