import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPostgres } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { post } from '../apps/server/src/modules/wallet/ledger.ts';
import type { AppDeps } from '../apps/server/src/platform/context.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { write } from '../apps/server/src/platform/write.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { databaseUrl, startPostgres } from '../apps/server/test/postgres.ts';
import { startServer } from '../e2e/start-server.ts';
import { type LoadResult, loadFrom, pgbench, startHelloWorld } from './measure.ts';

/**
 * What the database benchmarks stand on: a PostgreSQL server started for the run (pg_stat_statements loaded, see
 * `statementCounter`), pgbench's tables in its `postgres` database (the baseline), and a migrated, seeded (no demo
 * data) `tessera` database beside them.
 */
export async function startBenchDatabase(poolSize: number) {
  const pg = await startPostgres(['shared_preload_libraries=pg_stat_statements']);
  const admin = await openPostgres(pg.url, 1, { rng: cryptoRng });
  await admin.query('create database tessera');
  await admin.close();
  const url = databaseUrl(pg.url, 'tessera');
  pgbench(pg.bin, pg.port, ['-i', '-q', '-s', '10']);
  const db = await openPostgres(url, poolSize, { rng: cryptoRng });
  await db.query('create extension if not exists pg_stat_statements');
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

const SECRETS_KEY = Buffer.alloc(32, 7);

/**
 * What the HTTP betting benchmarks (lottery, sportsbook) share: the bench database, `players` funded members named
 * `<prefix><n>`, each with a session; a started server process on that database (PROFILE=<folder> writes its CPU
 * profile there, as bench/http.ts does); and the baseline of a Fastify hello-world route in its own process under
 * `players` connections for 5 s.
 */
export async function startBenchSite({ players, prefix }: { players: number; prefix: string }) {
  const bench = await startBenchDatabase(8);
  const { db, url } = bench;
  const config = { ...loadConfig({}), secretsKey: SECRETS_KEY };
  const deps = { db, config, clock: { now: () => new Date() }, rng: cryptoRng } as unknown as AppDeps;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const now = new Date();
    const members = await db.query<{ id: number }>(
      `insert into members (username) select $1 || g from generate_series(1, ${players}) g returning id`,
      [prefix],
    );
    const sessions: string[] = [];
    for (const { id } of members) {
      await fundBenchMember(db, id, now);
      const session = await openSession(
        db,
        { kind: 'member', id },
        config.memberSession,
        now,
        '127.0.0.1',
        cryptoRng,
      );
      sessions.push(session.token);
    }
    server = await startServer({
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      SECRETS_KEY: SECRETS_KEY.toString('base64'),
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_CONNECTIONS: String(players * 2),
      ...(process.env.PROFILE
        ? {
            NODE_OPTIONS: `--import=${fileURLToPath(new URL('./profile-hook.mjs', import.meta.url))}`,
            TESSERA_PROFILE_DIR: process.env.PROFILE,
          }
        : {}),
    });
    const hello = await startHelloWorld();
    let helloRun: LoadResult;
    try {
      helloRun = await loadFrom({
        url: new URL(hello.url).origin,
        paths: ['/hello'],
        connections: players,
        seconds: 5,
      });
    } finally {
      hello.stop();
    }
    const started = server;
    return {
      ...bench,
      config,
      deps,
      memberIds: members.map((member) => member.id),
      sessions,
      server: started,
      helloRun,
      async stop() {
        await started.stop();
        await bench.stop();
      },
    };
  } catch (error) {
    await server?.stop();
    await bench.stop();
    throw error;
  }
}

/** A statement pg_stat_statements saw in the `tessera` database: its text, calls and total time. */
export interface StatementFigure {
  query: string;
  calls: number;
  ms: number;
}

/**
 * The statements the `tessera` database ran since `reset` (pg_stat_statements, the counter's own left out):
 * their number, total execution time, and the `top` ones by time.
 */
export function statementCounter(db: Database) {
  const own = "query not like '%pg_stat_statements%'";
  const scope = `dbid = (select oid from pg_database where datname = current_database()) and ${own}`;
  return {
    async reset() {
      await db.query('select pg_stat_statements_reset()');
    },
    async read(top = 0): Promise<{ calls: number; ms: number; top: StatementFigure[] }> {
      const [sum] = await db.query<{ calls: number; ms: number }>(
        `select coalesce(sum(calls), 0)::float8 as calls, coalesce(sum(total_exec_time), 0)::float8 as ms
         from pg_stat_statements where ${scope}`,
      );
      const rows = await db.query<StatementFigure>(
        `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls::float8 as calls, total_exec_time as ms
         from pg_stat_statements where ${scope} order by total_exec_time desc limit $1`,
        [top],
      );
      return { calls: sum?.calls ?? 0, ms: sum?.ms ?? 0, top: rows };
    },
  };
}

/** The database with every round trip counted (the server's test helper, shared with the benchmarks). */
export { countRoundTrips } from '../apps/server/test/round-trips.ts';
