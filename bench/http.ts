/**
 * The site's HTTP figures (issue 31) on a real PostgreSQL server the script starts, in one run: pgbench's built-in
 * select-only and simple-update (before and after the HTTP runs), a Fastify hello-world route in its own process,
 * and the server (its production build, apps/server/dist/main.js, with NODE_ENV=production, in its own process) on
 * visitor reads, member reads and postings, each driven by autocannon in a process of its own (load.ts), the targets
 * taken in turn twice. Prints requests per second, p50 and p99 of each run and its ratio to pgbench (reads to
 * select-only, postings to simple-update, the mean of the before and after runs), and the CPU time the answering
 * process spent per call (its user and system time over the run, divided by the calls answered: what a call costs,
 * however busy the machine's other cores are).
 * Run: npm run bench:http   [CONNECTIONS=50 SECONDS=5 ACCOUNTS=1000 ONLY=<part of a target's name>|<another>]
 * (the server's own settings pass through the environment, e.g. SESSION_CACHE_SECONDS=0 to compare;
 * PROFILE=<folder> writes the server process's CPU profile there, to open in Chrome's DevTools)
 */

import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  accountsEndpoints,
  catalogueEndpoints,
  contentEndpoints,
  gamesEndpoints,
  systemEndpoints,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { startServer } from '../e2e/start-server.ts';
import { benchSite, startBenchDatabase } from './database.ts';
import {
  builtinTps,
  cpuSeconds,
  type LoadResult,
  type LoadTarget,
  loadFrom,
  rssMiB,
  startHelloWorld,
} from './measure.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 1000);
const GAMES = 24;
/**
 * Only the targets whose name contains one of these texts, separated by `|` (all when unset), e.g. ONLY=member or
 * ONLY='status|walletTransfer'; the hello world, the floor of a call's cost, is always run.
 */
const ONLY = (process.env.ONLY ?? '').split('|');

type Baseline = 'select-only' | 'simple-update';
interface Target {
  name: string;
  baseline: Baseline;
  load: Omit<LoadTarget, 'connections' | 'seconds'>;
  /** The process that answers it when not the server (the hello world's): its CPU time per call is printed. */
  pid?: number;
}

async function main() {
  const bench = await startBenchDatabase(2);
  const { pg, url, db } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let hello: Awaited<ReturnType<typeof startHelloWorld>> | null = null;
  try {
    const { tokens, vendor } = await benchSite(db, { accounts: ACCOUNTS, games: GAMES });

    // The server as production runs it: the compiled build with plain node, NODE_ENV=production (no pool guard, whose
    // async context costs every promise a hook). Every client here comes from 127.0.0.1: the per-address limits are
    // lifted (the limiter's cost is measured).
    server = await startServer(
      {
        NODE_ENV: 'production',
        SECRETS_KEY: randomBytes(32).toString('base64'),
        DATABASE_URL: url,
        DEMO_SEED: '0',
        JOBS: '0',
        LOG_LEVEL: 'warn',
        VISITOR_REQUESTS_PER_MINUTE: '100000000',
        MAX_CONNECTIONS_PER_IP: '0',
        ...(process.env.PROFILE
          ? {
              NODE_OPTIONS: `--import=${fileURLToPath(new URL('./profile-hook.mjs', import.meta.url))}`,
              TESSERA_PROFILE_DIR: process.env.PROFILE,
            }
          : {}),
      },
      { compiled: true },
    );
    hello = await startHelloWorld();
    const base = server.baseUrl;
    const get = (...paths: string[]) => ({ url: base, paths });
    const allTargets: Target[] = [
      {
        name: 'Fastify hello-world route',
        baseline: 'select-only',
        load: { url: new URL(hello.url).origin, paths: ['/hello'] },
        pid: hello.pid,
      },
      {
        name: 'GET /wps/system/status (visitor)',
        baseline: 'select-only',
        load: get(systemEndpoints.status.path),
      },
      {
        name: 'GET /wps/system/whitelabel (visitor)',
        baseline: 'select-only',
        load: get(systemEndpoints.whitelabel.path),
      },
      {
        name: 'GET MCSFE_getListAnnouncements (visitor)',
        baseline: 'select-only',
        load: get(`${contentEndpoints.announcements.path}?types=B,PL,PU,PR`),
      },
      {
        name: 'GET /lgw/games/game_menus (visitor)',
        baseline: 'select-only',
        load: get(gamesEndpoints.gameMenus.path),
      },
      {
        name: `GET GCSGAME_gameList, ${GAMES} games (visitor)`,
        baseline: 'select-only',
        load: get(
          `${catalogueEndpoints.gameList.path}?gameType=${vendor?.game_type ?? 'RNG'}&vassalage=${vendor?.code ?? ''}&pageNo=1&pageSize=${GAMES}`,
        ),
      },
      {
        name: 'GET /wps/member/info (member)',
        baseline: 'select-only',
        load: { ...get(accountsEndpoints.memberInfo.path), tokens },
      },
      {
        name: 'GET /wps/v2/wallets/balance (member)',
        baseline: 'select-only',
        load: { ...get(walletPlayerEndpoints.balance.path), tokens },
      },
      {
        name: 'GET MCSFE_getFavoriteGames (member)',
        baseline: 'select-only',
        load: { ...get(catalogueEndpoints.favouriteIds.path), tokens },
      },
      {
        name: `POST GCS_walletTransfer, ${ACCOUNTS} accounts`,
        baseline: 'simple-update',
        load: {
          ...get(walletPlayerEndpoints.walletTransfer.path),
          method: 'POST',
          tokens,
          idempotencyKeys: `bench-${Date.now()}`,
          body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
        },
      },
    ];

    const targets = allTargets.filter(
      (target) => target.pid !== undefined || ONLY.some((text) => target.name.includes(text)),
    );
    // Each target answers 2xx once before it is measured: a benchmark of refusals would measure nothing.
    for (const { name, load } of targets) {
      const response = await fetch(`${load.url}${load.paths[0]}`, {
        method: load.method ?? 'GET',
        headers: {
          ...(load.tokens ? { authorization: load.tokens[0] as string } : {}),
          ...(load.idempotencyKeys ? { 'idempotency-key': `${load.idempotencyKeys}-check` } : {}),
          ...(load.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(load.body === undefined ? {} : { body: load.body }),
      });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    }

    const baselines = () => ({
      'select-only': builtinTps(pg.bin, pg.port, 'select-only', CONNECTIONS, SECONDS),
      'simple-update': builtinTps(pg.bin, pg.port, 'simple-update', CONNECTIONS, SECONDS),
    });
    const before = baselines();
    const rssStart = rssMiB(server.pid);
    const runs = new Map<string, (LoadResult & { cpuUs: number })[]>();
    for (let round = 0; round < 2; round += 1) {
      for (const target of targets) {
        const pid = target.pid ?? server.pid;
        const cpuBefore = cpuSeconds(pid);
        const result = await loadFrom({ ...target.load, connections: CONNECTIONS, seconds: SECONDS });
        // The answering process's CPU time per call answered (µs): what a request costs it, load or no load.
        const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.total);
        runs.set(target.name, [...(runs.get(target.name) ?? []), { ...result, cpuUs }]);
      }
    }
    const rssEnd = rssMiB(server.pid);
    const after = baselines();
    const baseline = (name: Baseline) => (before[name] + after[name]) / 2;

    const cell = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
    const lines = [
      `PostgreSQL server started by the script; autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per run, each target twice in turn; ${ACCOUNTS} funded accounts`,
      `pgbench select-only ${before['select-only'].toFixed(0)} TPS before, ${after['select-only'].toFixed(0)} after; simple-update ${before['simple-update'].toFixed(0)} before, ${after['simple-update'].toFixed(0)} after`,
      '',
      `| target | run | requests/s | p50 ms | p99 ms | ratio | CPU µs/call | failed |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const target of targets) {
      (runs.get(target.name) ?? []).forEach((run, index) => {
        lines.push(
          `| ${target.name} | ${index + 1} | ${cell(run.perSecond, 7)} | ${cell(run.p50Ms, 4)} | ${cell(run.p99Ms, 4)} | ${cell(run.perSecond / baseline(target.baseline), 5, 3)} ${target.baseline === 'simple-update' ? '(of simple-update)' : ''} | ${cell(run.cpuUs, 5)} | ${run.failures}${run.failures ? ` (${run.statuses})` : ''} |`,
        );
      });
    }
    lines.push('', `server process RSS ${rssStart.toFixed(0)} -> ${rssEnd.toFixed(0)} MiB over the runs`, '');
    process.stdout.write(lines.join('\n'));
  } finally {
    hello?.stop();
    await server?.stop();
    await bench.stop();
  }
}

await main();
