import { type Database, openPostgres } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { post } from '../apps/server/src/modules/wallet/ledger.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { write } from '../apps/server/src/platform/write.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { databaseUrl, startPostgres } from '../apps/server/test/postgres.ts';
import { pgbench } from './measure.ts';

/**
 * What the database benchmarks stand on: a PostgreSQL server started for the run, pgbench's tables in its
 * `postgres` database (the baseline), and a migrated, seeded (no demo data) `tessera` database beside them.
 */
export async function startBenchDatabase(poolSize: number) {
  const pg = await startPostgres();
  const admin = await openPostgres(pg.url, 1, { rng: cryptoRng });
  await admin.query('create database tessera');
  await admin.close();
  const url = databaseUrl(pg.url, 'tessera');
  pgbench(pg.bin, pg.port, ['-i', '-q', '-s', '10']);
  const db = await openPostgres(url, poolSize, { rng: cryptoRng });
  await migrate(db);
  await seed(db, { merchantCode: 'TESSERA', demo: false, now: new Date(), rng: cryptoRng });
  return {
    pg,
    url,
    db,
    async stop() {
      await db.close();
      pg.stop();
    },
  };
}

/** Gives a bench member more money than any run spends, from the merchant's cash. */
export async function fundBenchMember(db: Database, memberId: number, now: Date): Promise<void> {
  await write(db, { isolation: 'read committed' }, (tx) =>
    post(
      tx,
      {
        key: `bench-funding-${memberId}`,
        kind: 'deposit',
        memberId,
        reference: 'bench',
        legs: [
          { account: { member: memberId, wallet: 'main' }, amount: 100_000_000_000n },
          { account: { system: 'merchant:cash' }, amount: -100_000_000_000n },
        ],
      },
      now,
    ),
  );
}
