/**
 * A soak (issue 31): PLAYERS players on a real PostgreSQL server the script starts, each waiting a think time of
 * 2–8 s between calls of the site's mix (home calls, lobbies, balance, member info, favourites, wallet transfers)
 * and games (house slots through the house's frame API; a provider's slots, whose bets and wins the provider
 * simulator, sandbox/game-provider, started in this process, sends to our seamless wallet), SOCKETS of them with a
 * socket open, for MINUTES minutes, against the server as production runs it (its build, apps/server/dist/main.js,
 * with NODE_ENV=production) in its own process, or PROCESSES of them behind nginx (the cluster of
 * scripts/cluster.ts); the players run in a process of their own (soak-players.ts, which describes a game's calls).
 *
 * The mix, by weight: status 3, balance 3, game menus 2, game list 2, member info 2, wallet transfer 2,
 * whitelabel 1, announcements 1, favourites 1, a house slot 1, a provider's slot 1. A pick of a game is a session of
 * 3 to 12 rounds (7.5 on average), a round every think time (at least 2.6 s at the house, whose frame paces spins at
 * 2.5 s), after its launch and opening calls; so about half the players are in a game at a time and about 40% of the
 * calls are rounds, half at the house and half at the provider: a casino site's traffic, where rounds are the
 * bulk of the calls and lobby reads the rest.
 *
 * Prints, per minute, the calls answered per second, their p50 and p99, the failures, the server processes' CPU
 * (share of one core, all of them together), resident memory and V8 heap used (each, from its /metrics), and the
 * load average; then each kind of call's count, failures, p50 and p99 over the run and its p99 each minute; the
 * memory's verdict (the slope of each process's RSS and heap from the second minute on: "stable after the first
 * minute" under 1 MiB a minute, else "grows N MiB a minute"); at the end, the ledger's reconciliation (every
 * account's balance is the sum of its entries; each unit sums to 0) and the rounds and postings the run made.
 * Run: npm run bench:soak   [PLAYERS=500 MINUTES=2 SOCKETS=20 PROCESSES=1 TOP=0 WAITS=0]
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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
import { registerProvider } from '../apps/server/src/modules/games/providers/registry.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { startServer } from '../e2e/start-server.ts';
import { startGameProvider } from '../sandbox/game-provider/server.ts';
import { startCluster } from '../scripts/cluster.ts';
import { benchSite, startBenchDatabase, statementCounter } from './database.ts';
import type { SoakCallFigures, SoakMinute, SoakPlan } from './soak-players.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 500);
const MINUTES = Number(process.env.MINUTES ?? 2);
const SOCKETS = Number(process.env.SOCKETS ?? 20);
/** Server processes: one on its own, or several behind nginx. */
const PROCESSES = Number(process.env.PROCESSES ?? 1);
/** TOP=n: the n statements of the run that took PostgreSQL longest in all (pg_stat_statements), with their calls. */
const TOP = Number(process.env.TOP ?? 0);
/**
 * WAITS=1: what the site's PostgreSQL backends were doing, sampled five times a second (pg_stat_activity): running,
 * waiting on a lock (and the statement that waited), idle in a transaction (waiting for the server), by share.
 */
const WAITS = process.env.WAITS === '1';
const GAMES = 24;
const TICKS_PER_SECOND = 100;
/** The provider the simulator plays as (a seamless aggregator, Hub88's contract), and its slots the players play. */
const PROVIDER = 'SOAK';
const OPERATOR = 'soak-operator';
const PROVIDER_SLOTS = ['jdb_lucky_seven', 'jdb_fruity_bonanza', 'jdb_neon_nights'];
const HOUSE_SLOTS = ['lucky-sevens', 'jade-temple', 'nova-gems'];
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** Under this slope (MiB a minute, from the second minute on) memory is stable. */
const STABLE_MIB_PER_MINUTE = 1;

/** CPU time (user and system, in seconds) and resident memory (MiB) of a process. */
function usage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuSeconds, rssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN };
}

/**
 * The CPU time (seconds) of PostgreSQL: its postmaster's, with its ended children's, and its live children's (the
 * backends, the checkpointer, the writers …).
 */
function databaseCpuSeconds(postmaster: number): number {
  const fieldsOf = (pid: number | string) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    } catch {
      return [];
    }
  };
  const own = fieldsOf(postmaster);
  let ticks = [11, 12, 13, 14].reduce((sum, at) => sum + Number(own[at] ?? 0), 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = fieldsOf(entry);
    if (Number(fields[1]) === postmaster) ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / TICKS_PER_SECOND;
}

/** A server process's V8 heap used (MiB), from its /metrics (prom-client's default metrics); NaN when unread. */
async function heapUsedMiB(url: string): Promise<number> {
  try {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const used = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await response.text());
    return used ? Number(used[1]) / 1024 / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The servers' own view of their latency: each route's calls and the buckets (upper bounds, s) its p50 and p99 fell
 * in, from the request histogram of every process's /metrics (from the request's arrival to its answer, so without
 * the time it waited in the kernel or in the players' process), and the share answered within 0.25 s.
 */
async function serverLatencies(urls: string[]): Promise<string[]> {
  const counts = new Map<string, Map<number, number>>();
  for (const url of urls) {
    let text = '';
    try {
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      text = await response.text();
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      const bucket = /^http_request_duration_seconds_bucket\{(.*)\} (\S+)$/.exec(line);
      if (!bucket) continue;
      const labels = Object.fromEntries(
        [...(bucket[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
      );
      if (labels.route === '/metrics') continue;
      const route = `${labels.method} ${labels.route}`;
      const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
      const byLe = counts.get(route) ?? new Map<number, number>();
      byLe.set(le, (byLe.get(le) ?? 0) + Number(bucket[2]));
      counts.set(route, byLe);
    }
  }
  const rows = [...counts.entries()]
    .map(([route, byLe]) => {
      const buckets = [...byLe.entries()].sort((a, b) => a[0] - b[0]);
      const total = buckets.at(-1)?.[1] ?? 0;
      const within = (share: number) => {
        const le = buckets.find(([, count]) => count >= share * total)?.[0] ?? Number.POSITIVE_INFINITY;
        return Number.isFinite(le) ? `≤ ${le * 1000}` : '> 5000';
      };
      const fast = buckets.filter(([le]) => le <= 0.25).at(-1)?.[1] ?? 0;
      return {
        route,
        total,
        row: `| ${route} | ${total} | ${within(0.5)} | ${within(0.99)} | ${total ? ((fast / total) * 100).toFixed(1) : '–'}% |`,
      };
    })
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total);
  return [
    "The servers' own latency (their request histograms, all processes): the bucket each route's p50 and p99 fell in",
    '',
    '| route | calls | p50 ms | p99 ms | answered within 250 ms |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((row) => row.row),
  ];
}

/** The least-squares slope of values taken once a minute (per minute). */
function slope(values: number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of values.entries()) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** "stable after the first minute" or "grows N MiB a minute", from the second minute's reading on. */
function verdict(values: number[]): string {
  const after = values.slice(1).filter((value) => Number.isFinite(value));
  if (after.length < 2) return 'too short to tell (2 minutes or more after the first)';
  const perMinute = slope(after);
  return perMinute < STABLE_MIB_PER_MINUTE
    ? `stable after the first minute (${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MiB a minute)`
    : `grows ${perMinute.toFixed(1)} MiB a minute`;
}

/** A figure in whole units; none (NaN, which the players' message carries as null) is a dash. */
const ms = (value: number | null) => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(0));

async function main() {
  const bench = await startBenchDatabase(2);
  const { url, db } = bench;
  // A win whose answer did not come is sent again after 1, 2, 5, 10 and 30 s (a real aggregator goes on longer).
  const simulator = await startGameProvider({ retryDelaysMs: [1000, 2000, 5000, 10_000, 30_000] });
  const secretsKey = randomBytes(32);
  let server: {
    url: string;
    pids: () => number[];
    /** Each process's own address (its /metrics). */
    urls: string[];
    stop: () => Promise<unknown>;
  } | null = null;
  try {
    const { tokens, vendor } = await benchSite(db, { accounts: PLAYERS, games: GAMES });
    const now = new Date();
    // The provider, as an operator registers a real one: its public key known, ours given to it below.
    await registerProvider(
      db,
      secretsKey,
      cryptoRng,
      {
        code: PROVIDER,
        name: 'Soak provider',
        contract: 'hub88',
        baseUrl: simulator.url,
        operatorId: OPERATOR,
        providerPublicKey: simulator.publicKey,
      },
      now,
    );
    const [providerVendor] = await db.query<{ id: number }>(
      `insert into game_vendors (game_type, vassalage, display_name, provider) values ('RNG', 'SOAK', 'Soak', $1)
       returning id`,
      [PROVIDER],
    );
    const providerGames = await db.query<{ id: number }>(
      `insert into games (vendor_id, code, game_id, names, classify, platforms, created_at, updated_at)
       select $1, code, code, jsonb_build_object('EN', code), 'SLOT', '{html5-desktop,html5}'::text[], $2, $2
       from unnest($3::text[]) code returning id`,
      [providerVendor?.id, now, PROVIDER_SLOTS],
    );
    const houseGames = await db.query<{ id: number }>(
      `select g.id from games g join game_vendors v on v.id = g.vendor_id
       where v.provider = 'HOUSE' and g.game_id = any($1::text[])`,
      [HOUSE_SLOTS],
    );
    await db.query('analyze');
    // Every player comes from 127.0.0.1: the per-address limits are lifted.
    const env = {
      NODE_ENV: 'production',
      SECRETS_KEY: secretsKey.toString('base64'),
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      VISITOR_REQUESTS_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_CONNECTIONS: String(PLAYERS * 2 + SOCKETS),
    };
    if (PROCESSES > 1) {
      const cluster = await startCluster({ databaseUrl: url, processes: PROCESSES, env });
      server = {
        url: cluster.url,
        pids: () => cluster.nodes.map((node) => node.pid()).filter((pid) => pid !== null),
        urls: cluster.nodes.map((node) => `http://127.0.0.1:${node.port}`),
        stop: cluster.stop,
      };
    } else {
      const single = await startServer({ ...env, DATABASE_URL: url }, { compiled: true });
      server = {
        url: single.baseUrl,
        pids: () => [single.pid],
        urls: [single.baseUrl],
        stop: single.stop,
      };
    }
    // The key exchange a provider does at onboarding: our public key, and where our wallet answers.
    const [provider] = await db.query<{ public_key: string }>(
      'select public_key from game_providers where code = $1',
      [PROVIDER],
    );
    const onboarded = await fetch(`${simulator.url}/sandbox/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        operator_id: OPERATOR,
        public_key: provider?.public_key,
        wallet_url: `${server.url}/providers/hub88/${PROVIDER}`,
      }),
    });
    if (!onboarded.ok) throw new Error(`the simulator refused the operator: ${await onboarded.text()}`);
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
      games: {
        house: { nodeIds: houseGames.map((game) => game.id), weight: 1 },
        provider: { nodeIds: providerGames.map((game) => game.id), weight: 1 },
        spins: [3, 12],
      },
    };
    const pids = server.pids();
    const urls = server.urls;
    const [backend] = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postmaster = Number(
      readFileSync(`/proc/${backend?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ?? 0,
    );
    let playersPid = 0;
    const rssByMinute: number[][] = pids.map(() => []);
    const heapByMinute: number[][] = pids.map(() => []);
    const usages = async () => {
      const each = pids.map(usage);
      const heaps = await Promise.all(urls.map(heapUsedMiB));
      const own = process.cpuUsage();
      return {
        cpuSeconds: each.reduce((sum, one) => sum + one.cpuSeconds, 0),
        rss: each.map((one) => one.rssMiB),
        heap: heaps,
        databaseCpu: databaseCpuSeconds(postmaster),
        playersCpu: playersPid ? usage(playersPid).cpuSeconds : 0,
        simulatorCpu: (own.user + own.system) / 1e6,
      };
    };
    const statements = statementCounter(db);
    await statements.reset();
    const waits = new Map<string, number>();
    let samples = 0;
    const sampling = WAITS
      ? setInterval(async () => {
          const rows = await db.query<{ state: string; wait: string; query: string }>(
            `select state, coalesce(wait_event_type || ':' || wait_event, 'running') as wait,
               left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
             from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
               and state <> 'idle'`,
          );
          samples += 1;
          for (const row of rows) {
            const what =
              row.state === 'active'
                ? row.wait.startsWith('Lock:')
                  ? `${row.wait} on: ${row.query}`
                  : `active, ${row.wait}`
                : row.state;
            waits.set(what, (waits.get(what) ?? 0) + 1);
          }
        }, 200)
      : null;
    const players = fork(fileURLToPath(new URL('./soak-players.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    playersPid = players.pid ?? 0;
    const join = (values: number[]) => values.map((value) => ms(value)).join(' + ');
    const start = await usages();
    process.stdout.write(
      [
        `Soak: ${PLAYERS} players (think time 2–8 s), ${SOCKETS} open sockets, ${MINUTES} min, real PostgreSQL, ${PROCESSES === 1 ? 'one server process' : `${PROCESSES} server processes behind nginx`}; players in their own process, the provider simulator in this one`,
        `At the start: server RSS ${join(start.rss)} MiB, heap used ${join(start.heap)} MiB; load average ${loadavg()[0]?.toFixed(1)}`,
        '',
        "CPU in % of a core: the server processes together, PostgreSQL (all its processes), the players' process, this one (the provider simulator); server CPU ms a call: the servers' CPU time by the calls answered that minute.",
        '',
        '| minute | calls/s | p50 ms | p99 ms | failed | server CPU | server CPU ms a call | PostgreSQL CPU | players CPU | simulator CPU | server RSS MiB | server heap used MiB | load average |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        '',
      ].join('\n'),
    );
    let last = { ...start, at: performance.now() };
    let calls = 0;
    let perCall: Record<string, SoakCallFigures> = {};
    await new Promise<void>((resolve, reject) => {
      players.on(
        'message',
        async (message: {
          minute?: SoakMinute;
          done?: boolean;
          perCall?: Record<string, SoakCallFigures>;
          error?: string;
        }) => {
          if (message.error) return reject(new Error(message.error));
          if (message.done) {
            perCall = message.perCall ?? {};
            return resolve();
          }
          const minute = message.minute;
          if (!minute) return;
          const at = performance.now();
          const now = { ...(await usages()), at };
          const seconds = (now.at - last.at) / 1000;
          const share = (key: 'cpuSeconds' | 'databaseCpu' | 'playersCpu' | 'simulatorCpu') =>
            (((now[key] - last[key]) / seconds) * 100).toFixed(0);
          const cpu = [share('cpuSeconds'), share('databaseCpu'), share('playersCpu'), share('simulatorCpu')];
          const perCallMs = ((now.cpuSeconds - last.cpuSeconds) * 1000) / Math.max(1, minute.requests);
          last = now;
          calls += minute.requests;
          for (const [index, rss] of now.rss.entries()) rssByMinute[index]?.push(rss);
          for (const [index, heap] of now.heap.entries()) heapByMinute[index]?.push(heap);
          process.stdout.write(
            `| ${minute.minute} | ${(minute.requests / 60).toFixed(0)} | ${ms(minute.p50Ms)} | ${ms(minute.p99Ms)} | ${minute.failures}${
              minute.failures
                ? ` (${Object.entries(minute.failed)
                    .map(([why, n]) => `${why} ${n}`)
                    .join(', ')})`
                : ''
            } | ${cpu[0]} | ${perCallMs.toFixed(2)} | ${cpu[1]} | ${cpu[2]} | ${cpu[3]} | ${join(now.rss)} | ${join(now.heap)} | ${loadavg()[0]?.toFixed(1)} |\n`,
          );
        },
      );
      players.once('exit', (code) => (code ? reject(new Error(`players exited with ${code}`)) : resolve()));
      players.send(plan);
    });
    // The wins still being sent again arrive before the rounds are counted (a minute at most).
    await Promise.race([
      simulator.redelivered(),
      new Promise((resolve) => setTimeout(resolve, 60_000).unref()),
    ]);
    const names = Object.keys(perCall).sort((a, b) => (perCall[b]?.calls ?? 0) - (perCall[a]?.calls ?? 0));
    const minutes = Math.max(0, ...names.map((name) => perCall[name]?.p99ByMinute.length ?? 0));
    const answered = names.reduce((sum, name) => sum + (perCall[name]?.calls ?? 0), 0);
    process.stdout.write(
      [
        '',
        'By kind of call, over the run (p99 ms in each minute after):',
        '',
        `| call | calls | share | failed | p50 ms | p99 ms | ${Array.from({ length: minutes }, (_, at) => `p99 min ${at + 1}`).join(' | ')} |`,
        `|---|---:|---:|---:|---:|---:|${'---:|'.repeat(minutes)}`,
        ...names.map((name) => {
          const one = perCall[name] as SoakCallFigures;
          return `| ${name} | ${one.calls} | ${((one.calls / Math.max(1, answered)) * 100).toFixed(1)}% | ${one.failures} | ${ms(one.p50Ms)} | ${ms(one.p99Ms)} | ${one.p99ByMinute.map(ms).join(' | ')} |`;
        }),
        '',
        ...(await serverLatencies(urls)),
        '',
        ...pids.map(
          (pid, index) =>
            `memory of server process ${index + 1} (pid ${pid}): RSS ${verdict(rssByMinute[index] ?? [])}; heap used ${verdict(heapByMinute[index] ?? [])}`,
        ),
        '',
      ].join('\n'),
    );
    if (sampling) {
      clearInterval(sampling);
      process.stdout.write(
        [
          `The site's PostgreSQL backends, sampled ${samples} times (busy backends on average, by what they did):`,
          '',
          '| state or wait | backends on average |',
          '|---|---:|',
          ...[...waits.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 20)
            .map(
              ([what, count]) =>
                `| ${what.replaceAll('|', '\\|')} | ${(count / Math.max(1, samples)).toFixed(2)} |`,
            ),
          '',
        ].join('\n'),
      );
    }
    if (TOP > 0) {
      const run = await statements.read(TOP);
      process.stdout.write(
        [
          `The statements of the run: ${run.calls} calls, ${ms(run.ms)} ms of execution in all (${(run.ms / Math.max(1, calls)).toFixed(2)} ms a call answered); the ${TOP} longest in all:`,
          '',
          '| statement | calls | total ms | share | mean ms | per call answered |',
          '|---|---:|---:|---:|---:|---:|',
          ...run.top.map(
            (one) =>
              `| ${one.query.slice(0, 140).replaceAll('|', '\\|')} | ${one.calls} | ${ms(one.ms)} | ${((one.ms / Math.max(1, run.ms)) * 100).toFixed(1)}% | ${(one.ms / Math.max(1, one.calls)).toFixed(3)} | ${(one.calls / Math.max(1, calls)).toFixed(2)} |`,
          ),
          '',
        ].join('\n'),
      );
    }
    const [drift] = await db.query<{ accounts: number }>(
      `select count(*)::int as accounts from ledger_accounts a
       where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`,
    );
    const units = await db.query<{ unit: string; total: bigint }>(
      'select unit, sum(balance)::bigint as total from ledger_accounts group by unit order by unit',
    );
    const postings = await db.query<{ kind: string; count: number }>(
      'select kind, count(*)::int as count from ledger_transactions group by kind order by kind',
    );
    const rounds = await db.query<{ provider: string; status: string; count: number }>(
      `select v.provider, r.status, count(*)::int as count from game_rounds r
       join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
       group by v.provider, r.status order by v.provider, r.status`,
    );
    process.stdout.write(
      [
        `calls answered: ${calls}; postings by kind: ${postings.map((row) => `${row.kind} ${row.count}`).join(', ')}`,
        `game rounds: ${rounds.map((row) => `${row.provider} ${row.status} ${row.count}`).join(', ') || 'none'}`,
        `ledger: ${drift?.accounts ?? '?'} accounts whose balance differs from their entries; sums by unit: ${units.map((row) => `${row.unit} ${row.total}`).join(', ')} (all 0 when it reconciles)`,
        '',
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    await simulator.close();
    await bench.stop();
  }
}

await main();
