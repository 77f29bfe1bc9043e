import { reportConsoleEndpoints, systemEndpoints, walletConsoleEndpoints } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPostgres } from '../src/db/database.ts';
import { type LaggingReads, openReplicas } from '../src/db/replicas.ts';
import { processLocal } from '../src/platform/process-local.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { newMember } from './factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from './harness.ts';
import { databaseUrl, startStandby } from './postgres.ts';

/**
 * Read replicas (DATABASE_REPLICA_URL) on real PostgreSQL: the harness's server as the primary, a streaming
 * standby made of it with `pg_basebackup -R`, and a server process whose lagging reads (the console's reports and
 * dashboard) go to the standby while it is up and within the bound, and to the primary otherwise.
 */
const DASHBOARD = reportConsoleEndpoints.dashboard.path;
const GENEROUS = { timeout: 30_000, interval: 50 };

describe.runIf(TEST_DATABASE === 'postgres')('read replicas', () => {
  let t: TestApp;
  let standby: Awaited<ReturnType<typeof startStandby>>;
  /** The standby's copy of the test's database, read directly (replay paused and resumed there). */
  let onStandby: Database;
  let standbyUrl: string;
  let replicas: LaggingReads & { check(): Promise<void> };
  let app: FastifyInstance;
  let owner: string;
  let member: number;
  let orders = 0;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    const [row] = await t.db.query<{ name: string }>('select current_database() as name');
    standby = await startStandby(inject('postgresUrl'));
    standbyUrl = databaseUrl(standby.url, row?.name as string);
    onStandby = await openPostgres(standbyUrl, 1, { rng: cryptoRng });
    // A bound no test reaches by waiting: only a paused replay makes the standby lag here.
    replicas = await openReplicas([standbyUrl], { poolSize: 2, maxLagSeconds: 3600, checkMs: 600_000 }, t.db);
    app = await buildApp({ ...t.deps, laggingReads: replicas, local: ownLocal() }, { logger: false });
    await app.ready();
    owner = await t.operatorToken('owner');
    member = (await newMember(t)).id;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await replicas?.close();
    await onStandby?.close();
    standby?.remove();
    await t?.close();
  });

  /** A process's own memory (its closing must not mark the others as shutting down). */
  const ownLocal = () => processLocal(t.db, t.deps.realtime, t.config);

  async function get(url: string) {
    const response = await app.inject({ url, headers: { authorization: `Bearer ${owner}` } });
    return { status: response.statusCode, body: response.json() };
  }

  /** The dashboard's pending deposits, as the process answers them. */
  const pendingDeposits = async () => (await get(DASHBOARD)).body.value.pending.deposits as number;

  /** A pending deposit written on the primary: the dashboard's count grows by one. */
  async function newPendingDeposit(): Promise<void> {
    orders += 1;
    await t.db.query(
      `insert into deposits (order_no, member_id, channel_id, kind, amount, status, created_at, updated_at)
       values ($1, $2, (select min(id) from payment_channels), 'bank', 100, 'pending', now(), now())`,
      [`REPLICA${orders}`, member],
    );
  }

  const primaryCount = async () =>
    (await t.db.query<{ n: number }>("select count(*)::int as n from deposits where status = 'pending'"))[0]
      ?.n;

  it('reads the dashboard from the standby: with its replay paused it answers what the standby has', async () => {
    // Up and caught up once the standby has replayed what the set-up wrote (a ceiling, not a wait).
    await expect
      .poll(async () => {
        await replicas.check();
        return replicas.status();
      }, GENEROUS)
      .toEqual({ reads: 'replica', replicas: [{ state: 'up', lagSeconds: 0 }] });
    await newPendingDeposit();
    const before = await primaryCount();
    // Once the standby has replayed the deposit, the answer is the primary's count.
    await expect.poll(pendingDeposits, GENEROUS).toBe(before);
    await onStandby.query('select pg_wal_replay_pause()');
    try {
      await newPendingDeposit();
      expect(await primaryCount()).toBe((before as number) + 1);
      // The primary has one more; the dashboard (read from the paused standby) does not, until replay resumes.
      expect(await pendingDeposits()).toBe(before);
      const ready = await app.inject({ url: systemEndpoints.ready.path });
      expect(ready.json().value.replicas).toEqual({
        reads: 'replica',
        standbys: [{ state: 'up', lagSeconds: 0 }],
      });
    } finally {
      await onStandby.query('select pg_wal_replay_resume()');
    }
    await expect.poll(pendingDeposits, GENEROUS).toBe((before as number) + 1);
  });

  it('never sends a write to the standby: writes go to the primary, and a write sent to the reads is refused', async () => {
    const credited = await app.inject({
      method: 'POST',
      url: walletConsoleEndpoints.adjust.path,
      headers: { authorization: `Bearer ${owner}` },
      payload: { memberId: member, amount: 5, reason: 'replica test credit' },
    });
    expect(credited.statusCode).toBe(200);
    const [posting] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where id = $1',
      [credited.json().value.transactionId],
    );
    expect(posting?.n).toBe(1);
    // The standby refuses a write (read-only), and the refusal is not passed on to the primary.
    await expect(
      replicas.query("update members set nickname = 'via replica' where id = $1", [member]),
    ).rejects.toMatchObject({ code: '25006' });
    const [row] = await t.db.query<{ nickname: string | null }>(
      'select nickname from members where id = $1',
      [member],
    );
    expect(row?.nickname).not.toBe('via replica');
    // Nor is a read of a write's transaction sent there.
    await expect(t.db.transaction('read committed', () => replicas.query('select 1'))).rejects.toThrow(
      /inside an open transaction/,
    );
  });

  it('falls back to the primary when the standby lags past the bound, and /readyz says so', async () => {
    const strict = await openReplicas(
      [standbyUrl],
      { poolSize: 1, maxLagSeconds: 0.5, checkMs: 600_000 },
      t.db,
    );
    const strictApp = await buildApp(
      { ...t.deps, laggingReads: strict, local: ownLocal() },
      { logger: false },
    );
    await strictApp.ready();
    await onStandby.query('select pg_wal_replay_pause()');
    try {
      await newPendingDeposit();
      const count = await primaryCount();
      // The standby has not replayed the deposit: its lag grows past half a second (a ceiling, not a wait).
      await expect
        .poll(async () => {
          await strict.check();
          return strict.status()?.replicas[0]?.state;
        }, GENEROUS)
        .toBe('lagging');
      const answer = await strictApp.inject({
        url: DASHBOARD,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(answer.json().value.pending.deposits).toBe(count);
      const ready = await strictApp.inject({ url: systemEndpoints.ready.path });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().value.replicas).toEqual({
        reads: 'primary',
        standbys: [{ state: 'lagging', lagSeconds: expect.any(Number) }],
      });
    } finally {
      await onStandby.query('select pg_wal_replay_resume()');
      await strictApp.close();
      await strict.close();
    }
  });

  it('falls back to the primary when the standby is stopped, and takes it back once it is up', async () => {
    standby.stop();
    await newPendingDeposit();
    const count = await primaryCount();
    // The first read after the stop fails on the standby and is answered by the primary.
    expect(await pendingDeposits()).toBe(count);
    expect(replicas.status()).toEqual({ reads: 'primary', replicas: [{ state: 'down', lagSeconds: null }] });
    const ready = await app.inject({ url: systemEndpoints.ready.path });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().value).toEqual({
      database: 'up',
      migrations: 'done',
      replicas: { reads: 'primary', standbys: [{ state: 'down', lagSeconds: null }] },
    });
    standby.start();
    await expect
      .poll(async () => {
        await replicas.check();
        return replicas.status()?.reads;
      }, GENEROUS)
      .toBe('replica');
    await expect.poll(pendingDeposits, GENEROUS).toBe(count);
  });
});

describe('DATABASE_REPLICA_URL in the configuration', () => {
  it('takes one or more addresses beside a PostgreSQL primary, and a lag bound', () => {
    const primary = { DATABASE_URL: 'postgres://app@db/tessera' };
    expect(loadConfig(primary).databaseReplicas).toEqual({ urls: [], maxLagSeconds: 10 });
    expect(
      loadConfig({
        ...primary,
        DATABASE_REPLICA_URL: 'postgres://app@replica1/tessera, postgres://app@replica2/tessera',
        DATABASE_REPLICA_MAX_LAG_SECONDS: '2.5',
      }).databaseReplicas,
    ).toEqual({
      urls: ['postgres://app@replica1/tessera', 'postgres://app@replica2/tessera'],
      maxLagSeconds: 2.5,
    });
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_URL: 'mysql://replica/tessera' })).toThrow(
      /DATABASE_REPLICA_URL/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://app@replica1/tessera' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
  });
});
