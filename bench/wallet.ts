/**
 * Wallet figures (issue 11) on a real PostgreSQL server the script starts:
 * - postings per second through the HTTP API (POST /wps/relay/GCS_walletTransfer on a started server process)
 *   and through the service directly (write() + the ledger's post()), with 1 account and with 1,000 accounts,
 *   beside pgbench's built-in simple-update on the same server in the same run, with the ratio;
 * - balance calls per second through HTTP (GET /wps/v2/wallets/balance), beside pgbench's built-in select-only
 *   and a Fastify hello-world route in its own process;
 * every HTTP figure driven by autocannon in a process of its own (load.ts), so that it measures the server;
 * - memory per 10,000 postings: the server process's resident memory, and this process's heap after the service
 *   made them (with --expose-gc, after a collection).
 * Run: npx tsx --expose-gc bench/wallet.ts   [CONCURRENCY=8 SECONDS=10]
 */

import { walletPlayerEndpoints as api } from '@tessera/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { post } from '../apps/server/src/modules/wallet/ledger.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { write } from '../apps/server/src/platform/write.ts';
import { startServer } from '../e2e/start-server.ts';
import { fundBenchMember, startBenchDatabase } from './database.ts';
import { builtinTps, type LoadTarget, loadFrom, rssMiB, startHelloWorld, throughput } from './measure.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ACCOUNTS = 1000;
const MEMORY_POSTINGS = 10_000;

const measure = (work: () => Promise<unknown>) =>
  throughput(work, { concurrency: CONCURRENCY, seconds: SECONDS });

const gc = (globalThis as { gc?: () => void }).gc;

async function main() {
  const bench = await startBenchDatabase(CONCURRENCY);
  const { pg, url, db } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let hello: Awaited<ReturnType<typeof startHelloWorld>> | null = null;
  try {
    const now = new Date();
    const config = loadConfig({});
    // A vendor wallet takes money only while its vendor has a game.
    await db.query(
      `insert into games (vendor_id, code, game_id, names, classify, platforms, created_at, updated_at)
       select id, 'BENCH', 'bench', '{"EN":"Bench"}'::jsonb, 'SLOT', '{html5}'::text[], $1, $1
       from game_vendors where vassalage = 'FB'`,
      [now],
    );
    const members = await db.query<{ id: number }>(
      `insert into members (username) select 'bench' || g from generate_series(1, ${ACCOUNTS}) g returning id`,
    );
    const tokens: string[] = [];
    for (const { id } of members) {
      tokens.push(
        (await openSession(db, { kind: 'member', id }, config.memberSession, now, '127.0.0.1', cryptoRng))
          .token,
      );
      await fundBenchMember(db, id, now);
    }
    const ids = members.map((member) => member.id);
    const pick = () => cryptoRng.int(0, ids.length);

    const simpleUpdate = builtinTps(pg.bin, pg.port, 'simple-update', CONCURRENCY, SECONDS);
    const selectOnly = builtinTps(pg.bin, pg.port, 'select-only', CONCURRENCY, SECONDS);

    let posted = 0;
    const servicePosting = (memberId: number) => {
      posted += 1;
      return write(db, { isolation: 'read committed' }, (tx) =>
        post(
          tx,
          {
            key: `bench-${posted}-${memberId}`,
            kind: 'wallet_transfer',
            memberId,
            reference: 'main>FB',
            legs: [
              { account: { member: memberId, wallet: 'main' }, amount: -1n },
              { account: { member: memberId, wallet: { vendor: 'FB' } }, amount: 1n },
            ],
          },
          new Date(),
        ),
      );
    };
    const service1 = await measure(() => servicePosting(ids[0] as number));
    const serviceMany = await measure(() => servicePosting(ids[pick()] as number));

    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let batch = 0; batch < MEMORY_POSTINGS / CONCURRENCY; batch += 1) {
      await Promise.all(Array.from({ length: CONCURRENCY }, () => servicePosting(ids[pick()] as number)));
    }
    gc?.();
    const heapDelta = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

    server = await startServer({
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_IP: '0',
      DATABASE_POOL_SIZE: String(CONCURRENCY),
    });
    const base = server.baseUrl;
    const load = (target: Omit<LoadTarget, 'url' | 'connections' | 'seconds'>, url = base) =>
      loadFrom({ url, connections: CONCURRENCY, seconds: SECONDS, ...target }).then((run) => ({
        ...run,
        medianMs: run.p50Ms,
      }));
    let round = 0;
    const transfers = (accounts: string[], amount?: number) => {
      round += 1;
      return load({
        paths: [api.walletTransfer.path],
        method: 'POST',
        tokens: accounts,
        idempotencyKeys: `h${round}`,
        body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
        ...(amount === undefined ? {} : { amount }),
      });
    };
    const balance = () => load({ paths: [api.balance.path], tokens });
    await balance(); // warm-up
    const http1 = await transfers([tokens[0] as string]);
    const httpMany = await transfers(tokens);
    const balances = await balance();

    hello = await startHelloWorld();
    const helloWorld = await load({ paths: ['/hello'] }, new URL(hello.url).origin);

    const rssBefore = rssMiB(server.pid);
    await transfers(tokens, MEMORY_POSTINGS);
    const rssAfter = rssMiB(server.pid);

    const row = (name: string, perSecond: number, medianMs?: number, ratio?: number) =>
      `  ${name.padEnd(58)}${perSecond.toFixed(0).padStart(8)}${medianMs === undefined ? ''.padStart(13) : `${medianMs.toFixed(2).padStart(10)} ms`}${ratio === undefined ? '' : `   ratio ${ratio.toFixed(2)}`}`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${CONCURRENCY} concurrent clients for ${SECONDS} s each; ${ACCOUNTS} funded accounts`,
        '',
        `${'  per second'.padEnd(60)}      median`,
        row('baseline pgbench simple-update (built-in)', simpleUpdate),
        row(
          'postings, service (write + post), 1 account',
          service1.perSecond,
          service1.medianMs,
          service1.perSecond / simpleUpdate,
        ),
        row(
          `postings, service (write + post), ${ACCOUNTS} accounts`,
          serviceMany.perSecond,
          serviceMany.medianMs,
          serviceMany.perSecond / simpleUpdate,
        ),
        row(
          'postings, HTTP GCS_walletTransfer, 1 account',
          http1.perSecond,
          http1.medianMs,
          http1.perSecond / simpleUpdate,
        ),
        row(
          `postings, HTTP GCS_walletTransfer, ${ACCOUNTS} accounts`,
          httpMany.perSecond,
          httpMany.medianMs,
          httpMany.perSecond / simpleUpdate,
        ),
        '',
        row('baseline pgbench select-only (built-in)', selectOnly),
        row(
          'baseline Fastify hello-world route, HTTP',
          helloWorld.perSecond,
          helloWorld.medianMs,
          helloWorld.perSecond / selectOnly,
        ),
        row(
          'balance calls, HTTP GET /wps/v2/wallets/balance',
          balances.perSecond,
          balances.medianMs,
          balances.perSecond / selectOnly,
        ),
        '',
        `  memory per ${MEMORY_POSTINGS.toLocaleString('en')} postings: server process RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MiB (${(rssAfter - rssBefore).toFixed(1)} MiB); service heap ${gc ? `${heapDelta.toFixed(1)} MiB after gc` : 'not measured (run with --expose-gc)'}`,
        `  failed calls: ${[service1, serviceMany, http1, httpMany, balances].reduce((sum, run) => sum + run.failures, 0)}; HTTP statuses answered: ${[http1, httpMany, balances].map((run) => run.statuses).join(' / ')}`,
        '',
      ].join('\n'),
    );
  } finally {
    hello?.stop();
    await server?.stop();
    await bench.stop();
  }
}

await main();
