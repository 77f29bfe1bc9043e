/**
 * Write-helper figures (issue 8): transactions per second through platform/write.ts on a real PostgreSQL server
 * that the script starts (like the tests' server), beside pgbench running the same statement on the same server
 * in the same run. Rows: a counter increment at READ COMMITTED (the shape of a ledger posting on a locked row), the
 * same with an idempotency key stored beside it, and a read-then-write on one hot row, with a row lock at READ
 * COMMITTED (how balances are written) and at SERIALIZABLE without one (every conflict is a serialization failure
 * that the helper retries, and under this contention some writes give up).
 * Run: npx tsx bench/writes.ts   [CONCURRENCY=8 SECONDS=10 ROWS=1000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, TransactionRetriesExhausted } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { write } from '../apps/server/src/platform/write.ts';
import { pgbenchPath, startPostgres } from '../apps/server/test/postgres.ts';
import { throughput } from './measure.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROWS = Number(process.env.ROWS ?? 1000);

const measure = (work: () => Promise<unknown>) =>
  throughput(work, { concurrency: CONCURRENCY, seconds: SECONDS });

/** pgbench with a custom script on the same server: its tps (excluding connection time). */
function pgbench(bin: string, port: number, script: string, extra: string[] = []): number {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const output = execFileSync(
      pgbenchPath(bin),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-n',
        '-c',
        String(CONCURRENCY),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        ...extra,
        '-f',
        file,
        'postgres',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const match =
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
        output,
      );
    return match ? Number(match[1]) : Number.NaN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const server = await startPostgres();
  const db = await openPostgres(server.url, CONCURRENCY, { rng: cryptoRng });
  try {
    await migrate(db);
    await db.exec(
      `create table bench_counters (id int primary key, value bigint not null);
       insert into bench_counters select g, 0 from generate_series(1, ${ROWS}) g;`,
    );
    const increment = `update bench_counters set value = value + 1 where id = :id;`;
    const baseline = pgbench(server.bin, server.port, `\\set id random(1, ${ROWS})\n${increment}\n`);
    const baselineHot = pgbench(
      server.bin,
      server.port,
      `begin isolation level serializable;\nselect value from bench_counters where id = 1;\nupdate bench_counters set value = value + 1 where id = 1;\ncommit;\n`,
      ['--max-tries=1000'],
    );
    const randomId = () => cryptoRng.int(1, ROWS + 1);
    // The floor of the driver: one autocommit statement through the same pool, without the helper.
    const driver = await measure(() =>
      db.query('update bench_counters set value = value + 1 where id = $1', [randomId()]),
    );
    const plain = await measure(() =>
      write(db, { isolation: 'read committed' }, (tx) =>
        tx.query('update bench_counters set value = value + 1 where id = $1', [randomId()]),
      ),
    );
    let keyed = 0;
    const withKey = await measure(() => {
      keyed += 1;
      return write(
        db,
        {
          isolation: 'read committed',
          idempotency: { scope: 'bench', key: `k${keyed}`, fingerprint: 'f', at: new Date() },
        },
        (tx) => tx.query('update bench_counters set value = value + 1 where id = $1', [randomId()]),
      );
    });
    const locked = await measure(() =>
      write(db, { isolation: 'read committed' }, async (tx) => {
        const [row] = await tx.query<{ value: bigint }>(
          'select value from bench_counters where id = 1 for update',
        );
        await tx.query('update bench_counters set value = $1 where id = 1', [(row?.value ?? 0n) + 1n]);
      }),
    );
    let runs = 0;
    let commits = 0;
    let exhausted = 0;
    const hot = await measure(async () => {
      try {
        await write(db, { isolation: 'serializable' }, async (tx) => {
          runs += 1;
          const [row] = await tx.query<{ value: bigint }>('select value from bench_counters where id = 1');
          await tx.query('update bench_counters set value = $1 where id = 1', [(row?.value ?? 0n) + 1n]);
        });
        commits += 1;
      } catch (error) {
        if (!(error instanceof TransactionRetriesExhausted)) throw error;
        exhausted += 1;
      }
    });
    const line = (name: string, perSecond: number, medianMs?: number, extra = '') =>
      `  ${name.padEnd(52)}${perSecond.toFixed(0).padStart(8)}${medianMs === undefined ? '' : `${medianMs.toFixed(2).padStart(12)} ms`}${extra}`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${CONCURRENCY} concurrent clients for ${SECONDS} s each; ${ROWS} counter rows`,
        '',
        `${'  transactions'.padEnd(54)}per second   median latency`,
        line('baseline pgbench: increment a random row', baseline),
        line('node-postgres pool, autocommit (no helper)', driver.perSecond, driver.medianMs),
        line('write(), READ COMMITTED: increment a random row', plain.perSecond, plain.medianMs),
        line('write() with an idempotency key: the same', withKey.perSecond, withKey.medianMs),
        line('baseline pgbench --max-tries: SERIALIZABLE read+write, one row', baselineHot),
        line('write(), READ COMMITTED, FOR UPDATE, one hot row', locked.perSecond, locked.medianMs),
        line('write(), SERIALIZABLE read+write, one hot row', hot.perSecond, hot.medianMs),
        `    ${runs} runs for ${commits} commits; ${exhausted} writes gave up after 10 runs`,
        '',
      ].join('\n'),
    );
  } finally {
    await db.close();
    server.stop();
  }
}

await main();
