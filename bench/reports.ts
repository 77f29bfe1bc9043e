/**
 * The console's reports (issue 25) on a real PostgreSQL server the script starts: ROUNDS settled rounds of PLAYERS
 * players over the last 30 days (six products, 24 games) and a month of deposits, withdrawals and bonuses, written
 * with generate_series into the roll-ups' sources (the rounds through game_rounds and its triggers; the money as the
 * queue rows the posting trigger writes), then the roll-up job run once; then through HTTP on a started server
 * process, driven by the load generator of bench/http.ts (autocannon in its own process): the games, money and
 * players reports of a month and the dashboard, requests per second, p50 and p99, beside a Fastify hello-world route
 * (the HTTP baseline) in the same run.
 * Run: npx tsx bench/reports.ts   [ROUNDS=1000000 PLAYERS=10000 CONNECTIONS=8 SECONDS=10]
 */

import { reportConsoleEndpoints as api } from '@tessera/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { drainRollupQueue } from '../apps/server/src/modules/agents/rollups.ts';
import { createOperator } from '../apps/server/src/modules/backoffice/service.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { startServer } from '../e2e/start-server.ts';
import { startBenchDatabase } from './database.ts';
import { type LoadResult, loadFrom, startHelloWorld } from './measure.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 1_000_000);
const PLAYERS = Number(process.env.PLAYERS ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CHUNK = 100_000;

const seconds = (start: number) => (performance.now() - start) / 1000;

async function main() {
  const bench = await startBenchDatabase(4);
  const { url, db } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const now = new Date();
    const timeZone = 'Asia/Ho_Chi_Minh';
    await db.query('update merchant set time_zone = $1', [timeZone]);
    // Players who signed up over the last 60 days.
    await db.query(
      `insert into members (username, type, created_at)
       select 'benchp' || g, 0, $1::timestamptz - (g % 60) * interval '1 day' - (g % 1440) * interval '1 minute'
         from generate_series(1, $2::int) g`,
      [now, PLAYERS],
    );
    const players = (
      await db.query<{ id: number }>("select id from members where username like 'benchp%'")
    ).map((row) => row.id);
    // 24 games: four per product, each of the first seeded vendor of its game type.
    await db.query(
      `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, platforms, sort, demo,
         created_at, updated_at)
       select v.id, 'bench-' || v.game_type || '-' || n, 'id-' || v.game_type || '-' || n,
              jsonb_build_object('EN', 'Bench ' || v.game_type || ' ' || n), 'SLOT', 10, 1, '{html5}', 0, false, $1, $1
         from (select distinct on (game_type) id, game_type from game_vendors
                where game_type in ('LOTT', 'ELOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS') order by game_type, id) v,
              generate_series(1, 4) n`,
      [now],
    );
    const games = (await db.query<{ id: number }>("select id from games where code like 'bench-%'")).map(
      (row) => row.id,
    );

    let start = performance.now();
    for (let from = 0; from < ROUNDS; from += CHUNK) {
      await db.query(
        `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
         select ($1::int[])[1 + ((g::bigint * 7919) % array_length($1::int[], 1))::int],
                ($2::int[])[1 + (g / 13) % array_length($2::int[], 1)],
                'b' || g, 'PHP', 100 * (1 + g % 50), case when g % 3 = 0 then 140 * (1 + g % 50) else 0 end,
                'settled', at, at
           from generate_series($3::int, $4::int) g,
                lateral (select $5::timestamptz - (g % (30 * 24 * 60)) * interval '1 minute' as at) t`,
        [players, games, from, Math.min(from + CHUNK, ROUNDS) - 1, now],
      );
    }
    const inserted = seconds(start);
    // A month of money: every fifth player deposits every third day (its first one a first deposit), every
    // twentieth withdraws weekly, every tenth gets a bonus; deposits through four channels, withdrawals to two banks.
    await db.query(
      `insert into payment_channels (kind, name, min_amount, max_amount, updated_at)
       select 'bank', 'Bench bank ' || n, 100, 100000000, $1 from generate_series(1, 3) n`,
      [now],
    );
    const channels = (await db.query<{ id: number }>('select id from payment_channels')).map((row) =>
      String(row.id),
    );
    await db.query(
      `insert into agent_rollup_queue (member_id, at, channel, deposits, deposit_count, first_deposit)
       select m, $2::timestamptz - d * interval '1 day', ($3::text[])[1 + (m + d) % array_length($3::text[], 1)],
              50000 + (m % 7) * 10000, 1, case when d = 27 then 50000 + (m % 7) * 10000 else 0 end
         from unnest($1::int[]) m, generate_series(0, 27, 3) d where m % 5 = 0`,
      [players, now, channels],
    );
    await db.query(
      `insert into agent_rollup_queue (member_id, at, channel, withdrawals, withdrawal_count)
       select m, $2::timestamptz - d * interval '1 day', case when m % 2 = 0 then 'Vietcombank' else 'Techcombank' end,
              30000, 1
         from unnest($1::int[]) m, generate_series(0, 28, 7) d where m % 20 = 0`,
      [players, now],
    );
    await db.query(
      `insert into agent_rollup_queue (member_id, at, bonuses, rebates)
       select m, $2::timestamptz - d * interval '1 day', 1000, 200
         from unnest($1::int[]) m, generate_series(0, 29) d where m % 10 = 0`,
      [players, now],
    );
    const [queued] = await db.query<{ n: number }>('select count(*)::int as n from agent_rollup_queue');
    start = performance.now();
    const applied = await drainRollupQueue(db);
    const rolledUp = seconds(start);
    await db.query('analyze');
    const [rows] = await db.query<{ play: number; money: number; games: number }>(
      `select (select count(*)::int from agent_play_days) as play, (select count(*)::int from agent_money_days) as money,
              (select count(*)::int from report_game_days) as games`,
    );

    const operator = await createOperator(
      db,
      {
        username: 'benchops',
        displayName: 'Bench operations',
        password: 'Bench-reports-heron-2026',
        role: 'operations',
      },
      now,
    );
    const { token } = await openSession(
      db,
      { kind: 'operator', id: operator.id },
      loadConfig({}).operatorSession,
      now,
      '127.0.0.1',
      cryptoRng,
    );
    server = await startServer({ DATABASE_URL: url, DEMO_SEED: '0', JOBS: '0', LOG_LEVEL: 'warn' });
    const base = server.baseUrl;
    const month = `period=custom&startDate=${dayText(now, -29, timeZone)}&endDate=${dayText(now, 0, timeZone)}`;
    const targets = [
      { name: 'games report, 30 days', path: `${api.games.path}?${month}` },
      { name: 'money report, 30 days', path: `${api.money.path}?${month}` },
      { name: 'players report, 30 days', path: `${api.players.path}?${month}` },
      { name: 'dashboard (today, yesterday, queues)', path: api.dashboard.path },
    ];
    const checks: string[] = [];
    for (const target of targets) {
      const answer = await fetch(`${base}${target.path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await answer.json()) as {
        success: boolean;
        code: string;
        value: { totals?: { stakes?: number } };
      };
      if (!body.success) throw new Error(`${target.name}: ${body.code}`);
      if (body.value.totals?.stakes !== undefined)
        checks.push(`stakes ${body.value.totals.stakes.toLocaleString('en')}`);
    }
    const run = (path: string, connections: number) =>
      loadFrom({ url: base, paths: [path], connections, seconds: SECONDS, tokens: [`Bearer ${token}`] });
    const results: Array<{ name: string; loaded: LoadResult; alone: LoadResult }> = [];
    for (const target of targets) {
      await run(target.path, CONNECTIONS); // warm-up
      results.push({
        name: target.name,
        loaded: await run(target.path, CONNECTIONS),
        alone: await run(target.path, 1),
      });
    }
    const hello = await startHelloWorld();
    const helloUrl = new URL(hello.url);
    const helloRun = (connections: number) =>
      loadFrom({ url: helloUrl.origin, paths: [helloUrl.pathname], connections, seconds: SECONDS });
    const helloLoaded = await helloRun(CONNECTIONS);
    const helloAlone = await helloRun(1);
    hello.stop();

    const line = (name: string, value: string, note = '') =>
      `  ${name.padEnd(58)}${value.padStart(34)}  ${note}`;
    const figures = (result: LoadResult) =>
      `${result.perSecond.toFixed(0)}/s p50 ${result.p50Ms} ms p99 ${result.p99Ms} ms`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${PLAYERS.toLocaleString('en')} players, ${ROUNDS.toLocaleString('en')} settled rounds over 30 days (${checks[0] ?? ''}); load generator ${CONNECTIONS} connections for ${SECONDS} s`,
        '',
        line(
          `insert ${ROUNDS.toLocaleString('en')} rounds (roll-up triggers on)`,
          `${inserted.toFixed(1)} s`,
        ),
        line(
          `roll-up job: ${applied.toLocaleString('en')} of ${queued?.n.toLocaleString('en')} queued changes, one runner`,
          `${(applied / rolledUp).toFixed(0)} rows/s`,
          `(${rolledUp.toFixed(1)} s; ${rows?.play.toLocaleString('en')} play days, ${rows?.money.toLocaleString('en')} money days, ${rows?.games.toLocaleString('en')} game days)`,
        ),
        ...results.flatMap((result) => [
          line(`${result.name}, HTTP`, figures(result.loaded), `failures ${result.loaded.failures}`),
          line(`${result.name}, HTTP, one connection`, figures(result.alone)),
        ]),
        line('baseline Fastify hello-world route, HTTP', figures(helloLoaded)),
        line('baseline Fastify hello-world route, HTTP, one connection', figures(helloAlone)),
        '',
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    await bench.stop();
  }
}

/** The merchant's day `days` from now, YYYY-MM-DD. */
function dayText(now: Date, days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now.getTime() + days * 86_400_000));
}

await main();
