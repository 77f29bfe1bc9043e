import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walletPlayerEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../e2e/start-server.ts';
import { openPostgres } from '../src/db/database.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { newGame } from './factories/games.ts';
import { fundMember, newMember } from './factories/wallet.ts';
import { startTestApp, TEST_DATABASE, TEST_SECRETS_KEY, type TestApp } from './harness.ts';
import { databaseUrl, startPostgres } from './postgres.ts';

const SCRIPTS = join(import.meta.dirname, '../../../scripts');
const BALANCES = 'select code, unit, balance from ledger_accounts order by code, unit';

/**
 * scripts/backup.sh and scripts/restore.sh as the README has an operator use them: a dump of a database with money
 * in it, restored on a second PostgreSQL server into an empty database, and Tessera started on that.
 */
describe.runIf(TEST_DATABASE === 'postgres')('backup and restore', () => {
  let t: TestApp;
  let target: Awaited<ReturnType<typeof startPostgres>>;
  const folder = mkdtempSync(join(tmpdir(), 'tessera-backup-'));
  beforeAll(async () => {
    [t, target] = await Promise.all([startTestApp({ runJobs: false }), startPostgres()]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    target.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores every balance into an empty server, where Tessera starts and its reconciliation is clean', async () => {
    // Members with deposits and transfers to a vendor's wallet, through the ledger and the wallet's endpoint.
    await newGame(t, { vendor: 'FB' });
    for (const [index, amount] of [12_345n, 50_000n, 3n].entries()) {
      const { token, id } = await newMember(t);
      await fundMember(t, id, amount);
      const transfer = await t.call({
        method: 'POST',
        url: api.walletTransfer.path,
        token,
        headers: { 'idempotency-key': `backup-${id}-${index}` },
        payload: { fromWallet: 'main', toWallet: 'FB', amount: 0.05 },
      });
      expect(transfer.body.code).toBe(amount >= 5n ? 'ok' : 'insufficient_balance');
    }
    const balances = await t.db.query(BALANCES);
    expect(balances.filter((row) => String(row.code).startsWith('member:')).length).toBeGreaterThanOrEqual(5);
    const [source] = await t.db.query<{ name: string; transactions: bigint }>(
      'select current_database() as name, (select count(*) from ledger_transactions)::bigint as transactions',
    );

    const dump = join(folder, 'tessera.dump');
    const env = (url: string) => ({ ...process.env, DATABASE_URL: url });
    execFileSync('bash', [join(SCRIPTS, 'backup.sh'), dump], {
      env: env(databaseUrl(inject('postgresUrl'), source?.name ?? '')),
      stdio: 'pipe',
    });

    const admin = await openPostgres(target.url, 1, { rng: cryptoRng });
    await admin.query('create database tessera');
    await admin.close();
    const restoredUrl = databaseUrl(target.url, 'tessera');
    execFileSync('bash', [join(SCRIPTS, 'restore.sh'), dump], { env: env(restoredUrl), stdio: 'pipe' });
    // A second restore into the now full database is refused, and changes nothing.
    expect(() =>
      execFileSync('bash', [join(SCRIPTS, 'restore.sh'), dump], { env: env(restoredUrl), stdio: 'pipe' }),
    ).toThrow(/Refusing to restore/);

    // Tessera on the restored database, its job runner reconciling every second.
    const server = await startServer(
      {
        DATABASE_URL: restoredUrl,
        DEMO_SEED: '0',
        SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
        RECONCILE_CRON: '* * * * * *',
      },
      { compiled: true },
    );
    const restored = await openPostgres(restoredUrl, 1, { rng: cryptoRng });
    try {
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(await restored.query(BALANCES)).toEqual(balances);
      // The report the server's own reconciliation job writes (a ceiling, not a pause: it stops at the first).
      let report: Record<string, unknown> | undefined;
      for (let tries = 0; !report && tries < 600; tries += 1) {
        [report] = await restored.query(
          'select status, transactions, unbalanced, mismatched, negative from reconciliation_reports',
        );
        if (!report) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(report).toEqual({
        status: 'clean',
        transactions: source?.transactions,
        unbalanced: [],
        mismatched: [],
        negative: [],
      });
    } finally {
      await restored.close();
      expect(await server.stop()).toBe(0);
    }
  }, 200_000);
});
