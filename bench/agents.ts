/**
 * Agents' figures (issue 22) on a real PostgreSQL server the script starts:
 * - the roll-up of ROUNDS settled rounds (spread over a 10,000-member team, 30 days and six products): what the
 *   triggers add to inserting them (the same insert with and without them), then the roll-up job's rows per second
 *   applying the queue into agent_play_days / agent_play_windows, with one runner;
 * - GET /wps/agent/report/overview for the agent on top of that team (today, and a custom 30 days), through HTTP on
 *   a started server process, driven by autocannon in its own process: requests per second, p50 and p99;
 * beside pgbench's built-in simple-update and select-only on the same server, and a Fastify hello-world route in its
 * own process driven by the same autocannon (the HTTP baseline), in the same run.
 * Run: npx tsx bench/agents.ts   [ROUNDS=1000000 TEAM=10000 CONNECTIONS=8 SECONDS=10]
 */

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { agentReportEndpoints as api } from '@tessera/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { drainRollupQueue } from '../apps/server/src/modules/agents/rollups.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { addDays, isoDate, localDate } from '../apps/server/src/platform/zoned-time.ts';
import { startServer } from '../e2e/start-server.ts';
import { startBenchDatabase } from './database.ts';
import { builtinTps, startHelloWorld } from './measure.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 1_000_000);
const TEAM = Number(process.env.TEAM ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const SUB_AGENTS = 100;
const CHUNK = 100_000;
const TRIGGER_SAMPLE = 200_000;

const seconds = (start: number) => (performance.now() - start) / 1000;

interface Cannon {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon in its own process against one URL; its JSON summary. */
function autocannon(url: string, token: string, connections = CONNECTIONS): Cannon {
  const bin = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
  const output = execFileSync(
    bin,
    ['-j', '-c', String(connections), '-d', String(SECONDS), '-H', `authorization=Bearer ${token}`, url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output) as Cannon;
}

async function main() {
  const bench = await startBenchDatabase(4);
  const { pg, url, db } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const now = new Date();
    const timeZone = 'Asia/Ho_Chi_Minh';
    await db.query('update merchant set time_zone = $1', [timeZone]);

    // The team: the agent, SUB_AGENTS agents under it, and members under those (TEAM downlines in all).
    const [agent] = await db.query<{ id: number }>(
      `insert into members (username, type, created_at) values ('benchagent', 1, $1) returning id`,
      [addDays0(now, -60)],
    );
    const agentId = agent?.id as number;
    await db.query(
      `insert into members (username, type, upline_id, created_at)
       select 'benchsub' || g, 1, $1, $2 from generate_series(1, $3::int) g`,
      [agentId, addDays0(now, -60), SUB_AGENTS],
    );
    await db.query(
      `insert into members (username, type, upline_id, created_at)
       select 'benchm' || g, 0, (select id from members where username = 'benchsub' || (1 + g % $1::int)),
              $2::timestamptz - (g % 40) * interval '1 day'
         from generate_series(1, $3::int) g`,
      [SUB_AGENTS, now, TEAM - SUB_AGENTS],
    );
    const team = await db.query<{ id: number }>(
      'select id from members where agent_path @> array[$1::int] and id <> $1 order by id',
      [agentId],
    );
    // What the overview's balance reads: a main wallet per member.
    await db.query(
      `insert into ledger_accounts (code, kind, unit, member_id, balance, updated_at)
       select 'member:' || id || ':main', 'main', 'money', id, 100000 + id, $2 from members
        where agent_path @> array[$1::int]`,
      [agentId, now],
    );
    // Games of six products, one per seeded vendor of each game type.
    await db.query(
      `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, platforms, sort, demo,
         created_at, updated_at)
       select distinct on (v.game_type) v.id, 'bench-' || v.game_type, 'id-' || v.game_type,
              jsonb_build_object('EN', 'Bench ' || v.game_type), 'SLOT', 10, 1, '{html5}', 0, false, $1, $1
         from game_vendors v where v.game_type in ('LOTT', 'ELOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS')
        order by v.game_type, v.id`,
      [now],
    );
    const games = await db.query<{ id: number }>(
      "select id from games where code like 'bench-%' order by id",
    );
    const gameIds = games.map((game) => game.id);
    const teamIds = team.map((member) => member.id);

    const insertRounds = (from: number, count: number) =>
      db.query(
        `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
         select ($1::int[])[1 + g % array_length($1::int[], 1)], ($2::int[])[1 + (g / 7) % array_length($2::int[], 1)],
                'b' || g, 'PHP', 100 * (1 + g % 50), case when g % 3 = 0 then 150 * (1 + g % 50) else 0 end,
                'settled', at, at
           from generate_series($3::int, $4::int) g,
                lateral (select $5::timestamptz - (g % (30 * 24 * 60)) * interval '1 minute' as at) t`,
        [teamIds, gameIds, from, from + count - 1, now],
      );

    // What the triggers add to the inserts: the same rounds with them off, then on (the queue emptied between).
    await db.query('alter table game_rounds disable trigger agent_rollup_rounds_inserted');
    let start = performance.now();
    await insertRounds(10_000_000, TRIGGER_SAMPLE);
    const withoutTrigger = seconds(start);
    await db.query('alter table game_rounds enable trigger agent_rollup_rounds_inserted');
    start = performance.now();
    await insertRounds(20_000_000, TRIGGER_SAMPLE);
    const withTrigger = seconds(start);
    await db.query("delete from game_rounds where round_ref like 'b%'");
    await db.query('delete from agent_rollup_queue');

    start = performance.now();
    for (let from = 0; from < ROUNDS; from += CHUNK) await insertRounds(from, Math.min(CHUNK, ROUNDS - from));
    const inserted = seconds(start);
    const [queued] = await db.query<{ n: number }>('select count(*)::int as n from agent_rollup_queue');

    start = performance.now();
    const applied = await drainRollupQueue(db);
    const rolledUp = seconds(start);

    // Money days for the team (30 days of deposits for every tenth member), as the money trigger would leave them.
    await db.query(
      `insert into agent_money_days (member_id, day, deposits, deposit_count, withdrawals, withdrawal_count, bonuses)
       select m.id, ($2::timestamptz at time zone $3)::date - d, 50000, 1, 10000, 1, 500
         from members m, generate_series(0, 29) d
        where m.agent_path @> array[$1::int] and m.id % 10 = 0`,
      [agentId, now, timeZone],
    );
    await db.query('analyze');
    const [rows] = await db.query<{ days: number; windows: number }>(
      `select (select count(*)::int from agent_play_days) as days, (select count(*)::int from agent_play_windows) as windows`,
    );

    const simpleUpdate = builtinTps(pg.bin, pg.port, 'simple-update', CONNECTIONS, SECONDS);
    const selectOnly = builtinTps(pg.bin, pg.port, 'select-only', CONNECTIONS, SECONDS);

    const config = loadConfig({});
    const { token } = await openSession(
      db,
      { kind: 'member', id: agentId },
      config.memberSession,
      now,
      '127.0.0.1',
      cryptoRng,
    );
    server = await startServer({ DATABASE_URL: url, DEMO_SEED: '0', JOBS: '0', LOG_LEVEL: 'warn' });
    const today = localDate(now, timeZone);
    const overview = (query: string) => `${server?.baseUrl}${api.teamOverview.path}?${query}`;
    const check = await fetch(overview('period=today'), { headers: { authorization: `Bearer ${token}` } });
    const body = (await check.json()) as {
      value: { teamAgents: number; teamMembers: number; validBet: number };
    };
    if (check.status !== 200) throw new Error(`overview answered ${check.status}`);
    autocannon(overview('period=today'), token); // warm-up
    const todayRun = autocannon(overview('period=today'), token);
    const todayAlone = autocannon(overview('period=today'), token, 1);
    const monthQuery = `period=custom&startDate=${isoDate(addDays(today, -29))}&endDate=${isoDate(today)}`;
    const month = await fetch(overview(monthQuery), { headers: { authorization: `Bearer ${token}` } });
    const monthBody = (await month.json()) as { value: { validBet: number; series: unknown[] } };
    const monthRun = autocannon(overview(monthQuery), token);
    const monthAlone = autocannon(overview(monthQuery), token, 1);
    const hello = await startHelloWorld();
    const helloRun = autocannon(hello.url, token);
    const helloAlone = autocannon(hello.url, token, 1);
    hello.stop();

    const line = (name: string, value: string, baseline = '') =>
      `  ${name.padEnd(64)}${value.padStart(26)}  ${baseline}`;
    const cannon = (run: Cannon) =>
      `${run.requests.average.toFixed(0)}/s p50 ${run.latency.p50} ms p99 ${run.latency.p99} ms`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; team of ${body.value.teamAgents} agents and ${body.value.teamMembers} members under one agent; autocannon ${CONNECTIONS} connections for ${SECONDS} s`,
        '',
        line('baseline pgbench simple-update (built-in)', `${simpleUpdate.toFixed(0)} tps`),
        line('baseline pgbench select-only (built-in)', `${selectOnly.toFixed(0)} tps`),
        line(
          `insert ${TRIGGER_SAMPLE.toLocaleString('en')} settled rounds, no roll-up trigger`,
          `${(TRIGGER_SAMPLE / withoutTrigger).toFixed(0)} rows/s`,
        ),
        line(
          `insert ${TRIGGER_SAMPLE.toLocaleString('en')} settled rounds, with the roll-up trigger`,
          `${(TRIGGER_SAMPLE / withTrigger).toFixed(0)} rows/s`,
        ),
        line(
          `insert ${ROUNDS.toLocaleString('en')} settled rounds (queued ${queued?.n.toLocaleString('en')})`,
          `${inserted.toFixed(1)} s`,
        ),
        line(
          `roll-up job: ${applied.toLocaleString('en')} queued rounds applied, one runner`,
          `${(applied / rolledUp).toFixed(0)} rows/s`,
          `(${rolledUp.toFixed(1)} s; ${rows?.days.toLocaleString('en')} day rows, ${rows?.windows.toLocaleString('en')} window rows)`,
        ),
        line(
          'team overview, today, HTTP',
          cannon(todayRun),
          `non-2xx ${todayRun.non2xx}, errors ${todayRun.errors}`,
        ),
        line('team overview, today, HTTP, one connection', cannon(todayAlone)),
        line(
          `team overview, 30 days (${monthBody.value.series.length} days), HTTP`,
          cannon(monthRun),
          `non-2xx ${monthRun.non2xx}, errors ${monthRun.errors}`,
        ),
        line('team overview, 30 days, HTTP, one connection', cannon(monthAlone)),
        line('baseline Fastify hello-world route, HTTP', cannon(helloRun), `non-2xx ${helloRun.non2xx}`),
        line('baseline Fastify hello-world route, HTTP, one connection', cannon(helloAlone)),
        '',
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    await bench.stop();
  }
}

function addDays0(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 86_400_000);
}

await main();
