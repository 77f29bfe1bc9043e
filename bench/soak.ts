/**
 * A soak (issue 31): PLAYERS players on a real PostgreSQL server the script starts, each waiting a think time of
 * 2–8 s between calls of the site's mix (home calls, lobbies, balance, member info, favourites, wallet transfers),
 * SOCKETS of them with a socket open, for MINUTES minutes, against the server as production runs it (its build,
 * apps/server/dist/main.js, with NODE_ENV=production) in its own process, or PROCESSES of them behind nginx (the
 * cluster of scripts/cluster.ts); the players run in a process of their own (soak-players.ts). Prints, per minute,
 * the calls answered per second, their p50 and p99, the failures, and the server processes' CPU (share of one core,
 * all of them together) and resident memory (each); at the end, the ledger's reconciliation (every account's
 * balance is the sum of its entries; each unit sums to 0).
 * Run: npm run bench:soak   [PLAYERS=500 MINUTES=2 SOCKETS=20 PROCESSES=1]
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
import { startCluster } from '../scripts/cluster.ts';
import { benchSite, startBenchDatabase } from './database.ts';
import type { SoakMinute, SoakPlan } from './soak-players.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 500);
const MINUTES = Number(process.env.MINUTES ?? 2);
const SOCKETS = Number(process.env.SOCKETS ?? 20);
/** Server processes: one on its own, or several behind nginx. */
const PROCESSES = Number(process.env.PROCESSES ?? 1);
const GAMES = 24;
const TICKS_PER_SECOND = 100;

/** CPU time (user and system, in seconds) and resident memory (MiB) of a process. */
function usage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuSeconds, rssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN };
}

async function main() {
  const bench = await startBenchDatabase(2);
  const { url, db } = bench;
  let server: { url: string; pids: () => number[]; stop: () => Promise<unknown> } | null = null;
  try {
    const { tokens, vendor } = await benchSite(db, { accounts: PLAYERS, games: GAMES });
    // Every player comes from 127.0.0.1: the per-address limits are lifted.
    const env = {
      NODE_ENV: 'production',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      VISITOR_REQUESTS_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_CONNECTIONS: String(PLAYERS * 2 + SOCKETS),
    };
    if (PROCESSES > 1) {
      const cluster = await startCluster({ databaseUrl: url, processes: PROCESSES, env });
      server = {
        url: cluster.url,
        pids: () => cluster.nodes.map((node) => node.pid()).filter((pid) => pid !== null),
        stop: cluster.stop,
      };
    } else {
      const single = await startServer({ ...env, DATABASE_URL: url }, { compiled: true });
      server = { url: single.baseUrl, pids: () => [single.pid], stop: single.stop };
    }
    const get = (name: string, path: string, weight: number, member = false) => ({
      name,
      method: 'GET' as const,
      path,
      member,
      weight,
    });
    const plan: SoakPlan = {
      url: server.url,
      tokens,
      players: PLAYERS,
      seconds: MINUTES * 60,
      sockets: SOCKETS,
      calls: [
        get('status', systemEndpoints.status.path, 3),
        get('whitelabel', systemEndpoints.whitelabel.path, 1),
        get('announcements', `${contentEndpoints.announcements.path}?types=B,PL,PU,PR`, 1),
        get('game menus', gamesEndpoints.gameMenus.path, 2),
        get(
          'game list',
          `${catalogueEndpoints.gameList.path}?gameType=${vendor?.game_type ?? 'RNG'}&vassalage=${vendor?.code ?? ''}&pageNo=1&pageSize=${GAMES}`,
          2,
        ),
        get('balance', walletPlayerEndpoints.balance.path, 3, true),
        get('member info', accountsEndpoints.memberInfo.path, 2, true),
        get('favourites', catalogueEndpoints.favouriteIds.path, 1, true),
        {
          name: 'wallet transfer',
          method: 'POST',
          path: walletPlayerEndpoints.walletTransfer.path,
          member: true,
          body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
          weight: 2,
        },
      ],
    };
    const pids = server.pids();
    const usages = () => {
      const each = pids.map(usage);
      return {
        cpuSeconds: each.reduce((sum, one) => sum + one.cpuSeconds, 0),
        rss: each.map((one) => one.rssMiB.toFixed(0)).join(' + '),
      };
    };
    const players = fork(fileURLToPath(new URL('./soak-players.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    process.stdout.write(
      [
        `Soak: ${PLAYERS} players (think time 2–8 s), ${SOCKETS} open sockets, ${MINUTES} min, real PostgreSQL, ${PROCESSES === 1 ? 'one server process' : `${PROCESSES} server processes behind nginx`}; players in their own process`,
        '',
        '| minute | calls/s | p50 ms | p99 ms | failed | server CPU (% of a core) | server RSS MiB | load average |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|',
        '',
      ].join('\n'),
    );
    let last = { ...usages(), at: performance.now() };
    let calls = 0;
    const p99s: number[] = [];
    await new Promise<void>((resolve, reject) => {
      players.on('message', (message: { minute?: SoakMinute; done?: boolean; error?: string }) => {
        if (message.error) return reject(new Error(message.error));
        if (message.done) return resolve();
        const minute = message.minute;
        if (!minute) return;
        const now = { ...usages(), at: performance.now() };
        const cpu = ((now.cpuSeconds - last.cpuSeconds) / ((now.at - last.at) / 1000)) * 100;
        last = now;
        calls += minute.requests;
        p99s.push(minute.p99Ms);
        process.stdout.write(
          `| ${minute.minute} | ${(minute.requests / 60).toFixed(0)} | ${minute.p50Ms.toFixed(0)} | ${minute.p99Ms.toFixed(0)} | ${minute.failures}${
            minute.failures
              ? ` (${Object.entries(minute.failed)
                  .map(([why, n]) => `${why} ${n}`)
                  .join(', ')})`
              : ''
          } | ${cpu.toFixed(0)} | ${now.rss} | ${loadavg()[0]?.toFixed(1)} |\n`,
        );
      });
      players.once('exit', (code) => (code ? reject(new Error(`players exited with ${code}`)) : resolve()));
      players.send(plan);
    });
    const [drift] = await db.query<{ accounts: number }>(
      `select count(*)::int as accounts from ledger_accounts a
       where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`,
    );
    const units = await db.query<{ unit: string; total: bigint }>(
      'select unit, sum(balance)::bigint as total from ledger_accounts group by unit order by unit',
    );
    const [transfers] = await db.query<{ count: number }>(
      "select count(*)::int as count from ledger_transactions where kind = 'wallet_transfer'",
    );
    process.stdout.write(
      [
        '',
        `calls answered: ${calls}; wallet transfers posted: ${transfers?.count ?? 0}`,
        `ledger: ${drift?.accounts ?? '?'} accounts whose balance differs from their entries; sums by unit: ${units.map((row) => `${row.unit} ${row.total}`).join(', ')} (all 0 when it reconciles)`,
        '',
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    await bench.stop();
  }
}

await main();
