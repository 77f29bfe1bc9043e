/**
 * A soak (issue 31): PLAYERS players on a real PostgreSQL server the script starts, each waiting a think time of
 * 2–8 s between calls of the site's mix (home calls, lobbies, balance, member info, favourites, wallet transfers),
 * SOCKETS of them with a socket open, for MINUTES minutes, against the server (apps/server/src/main.ts) in its own
 * process; the players run in a process of their own (soak-players.ts). Prints, per minute, the calls answered per
 * second, their p50 and p99, the failures, and the server process's CPU (share of one core) and resident memory;
 * at the end, the ledger's reconciliation (every account's balance is the sum of its entries; each unit sums to 0).
 * Run: npm run bench:soak   [PLAYERS=500 MINUTES=2 SOCKETS=20]
 */

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
import type { SoakMinute, SoakPlan } from './soak-players.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 500);
const MINUTES = Number(process.env.MINUTES ?? 2);
const SOCKETS = Number(process.env.SOCKETS ?? 20);
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
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const { tokens, vendor } = await benchSite(db, { accounts: PLAYERS, games: GAMES });
    server = await startServer({
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      VISITOR_REQUESTS_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_CONNECTIONS: String(PLAYERS * 2 + SOCKETS),
    });
    const get = (name: string, path: string, weight: number, member = false) => ({
      name,
      method: 'GET' as const,
      path,
      member,
      weight,
    });
    const plan: SoakPlan = {
      url: server.baseUrl,
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
    const pid = server.pid;
    const players = fork(fileURLToPath(new URL('./soak-players.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    process.stdout.write(
      [
        `Soak: ${PLAYERS} players (think time 2–8 s), ${SOCKETS} open sockets, ${MINUTES} min, real PostgreSQL; players in their own process`,
        '',
        '| minute | calls/s | p50 ms | p99 ms | failed | server CPU (% of a core) | server RSS MiB |',
        '|---:|---:|---:|---:|---:|---:|---:|',
        '',
      ].join('\n'),
    );
    let last = { ...usage(pid), at: performance.now() };
    let calls = 0;
    const p99s: number[] = [];
    await new Promise<void>((resolve, reject) => {
      players.on('message', (message: { minute?: SoakMinute; done?: boolean; error?: string }) => {
        if (message.error) return reject(new Error(message.error));
        if (message.done) return resolve();
        const minute = message.minute;
        if (!minute) return;
        const now = { ...usage(pid), at: performance.now() };
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
          } | ${cpu.toFixed(0)} | ${now.rssMiB.toFixed(0)} |\n`,
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
