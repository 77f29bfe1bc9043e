import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPostgres } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { post } from '../apps/server/src/modules/wallet/ledger.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
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

/**
 * What the HTTP benchmarks call: `games` slot games of the FB vendor (a game list page), and `accounts` funded
 * members, each with a session; answers their tokens and the vendor.
 */
export async function benchSite(db: Database, { accounts, games }: { accounts: number; games: number }) {
  const now = new Date();
  const config = loadConfig({});
  await db.query(
    `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, platforms, sort,
       created_at, updated_at)
     select (select id from game_vendors where vassalage = 'FB'), 'G' || g, 'id-' || g,
       jsonb_build_object('EN', 'Game ' || g, 'VI', 'Trò chơi ' || g, 'CN', '游戏' || g),
       'SLOT', 10, 20, '{html5-desktop,html5}'::text[], g, $1, $1
     from generate_series(1, $2::int) g`,
    [now, games],
  );
  const [vendor] = await db.query<{ code: string; game_type: string }>(
    "select vassalage as code, game_type from game_vendors where vassalage = 'FB'",
  );
  const members = await db.query<{ id: number }>(
    `insert into members (username) select 'bench' || g from generate_series(1, ${accounts}) g returning id`,
  );
  const tokens: string[] = [];
  // Sessions and funding, a few members at a time (the pool has two connections).
  for (let start = 0; start < members.length; start += 2) {
    const chunk = members.slice(start, start + 2);
    const opened = await Promise.all(
      chunk.map(async ({ id }) => {
        const session = await openSession(
          db,
          { kind: 'member', id },
          config.memberSession,
          now,
          '127.0.0.1',
          cryptoRng,
        );
        await fundBenchMember(db, id, now);
        return session.token;
      }),
    );
    tokens.push(...opened);
  }
  await db.query('analyze');
  return { tokens, vendor };
}
