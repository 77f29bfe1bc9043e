/**
 * Game list figures (issue 12) on a real PostgreSQL server the script starts, with 10,000 games in the catalogue:
 * GET /wps/relay/GCSGAME_gameList through HTTP on a started server process — requests per second, p50 and
 * 99th-percentile latency — for the lobby's usual queries (a category's first page, a vendor's third page, a class
 * filter, a name search), driven by autocannon in a process of its own, beside pgbench's built-in select-only on the
 * same server and a Fastify hello-world route in its own process, measured in the same run.
 * Run: npx tsx bench/games.ts   [CONCURRENCY=8 SECONDS=10 GAMES=10000]
 */

import { catalogueEndpoints as api } from '@tessera/contract';
import type { Queryable } from '../apps/server/src/db/database.ts';
import { startServer } from '../e2e/start-server.ts';
import { startBenchDatabase } from './database.ts';
import { builtinTps, loadFrom, startHelloWorld } from './measure.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const GAMES = Number(process.env.GAMES ?? 10_000);

/** autocannon, in its own process, on one URL. */
const measure = (url: string, path: string) =>
  loadFrom({ url, paths: [path], connections: CONCURRENCY, seconds: SECONDS });

/** The catalogue: GAMES games spread over the seeded vendors, with names in three languages, classes and stakes. */
async function fillCatalogue(db: Queryable, now: Date) {
  await db.query(
    `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, platforms, hot_rank, sort, demo,
       created_at, updated_at)
     select v.id, 'G' || g, 'id-' || g,
       jsonb_build_object('EN', 'Game ' || g || ' ' || (array['Dragon','Tiger','Lotus','Phoenix','Koi'])[1 + g % 5],
         'VI', 'Trò chơi ' || g, 'CN', '游戏' || g),
       (array['SLOT','SCRATCH','VIDEO_POKER','TABLE','ARCADE'])[1 + g % 5], 10 * (1 + g % 50), g % 50,
       case when g % 3 = 0 then '{flash}'::text[] else '{html5-desktop,html5}'::text[] end,
       case when g % 97 = 0 then g / 97 end, g % 100, g % 4 = 0, $1, $1
     from generate_series(1, $2::int) g
     join lateral (select id from game_vendors order by id offset (g % (select count(*) from game_vendors)) limit 1) v
       on true`,
    [now, GAMES],
  );
  await db.query('analyze games');
}

async function main() {
  const bench = await startBenchDatabase(2);
  const { pg, url, db } = bench;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let hello: Awaited<ReturnType<typeof startHelloWorld>> | null = null;
  try {
    const now = new Date();
    await fillCatalogue(db, now);
    const [{ count } = { count: '0' }] = await db.query<{ count: string }>('select count(*) from games');
    const selectOnly = builtinTps(pg.bin, pg.port, 'select-only', CONCURRENCY, SECONDS);

    // The lobby is a visitor's call: lift the per-address limit, as every visitor here comes from 127.0.0.1.
    server = await startServer({
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      VISITOR_REQUESTS_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_IP: '0',
    });
    const base = server.baseUrl;
    const list = (query: string) => measure(base, `${api.gameList.path}?${query}`);
    const queries: [string, string][] = [
      [
        'a category, page 1 of 24',
        'clientType=3&platform=flash,html5-desktop&gameType=RNG&pageNo=1&pageSize=24',
      ],
      ['a vendor, page 3', 'gameType=LIVE&vassalage=HOUSE_LIVE&pageNo=3&pageSize=24'],
      ['a class, page 1', 'gameType=RNG&gameClassify=TABLE&pageNo=1&pageSize=24'],
      ['a name search', 'gameName=dragon&pageNo=1&pageSize=24'],
    ];
    await list(queries[0]?.[1] as string); // warm-up
    const results = [];
    for (const [name, query] of queries) results.push({ name, ...(await list(query)) });

    hello = await startHelloWorld();
    const helloWorld = await measure(new URL(hello.url).origin, '/hello');

    const row = (name: string, run: { perSecond: number; p50Ms?: number; p99Ms?: number }, ratio?: number) =>
      `  ${name.padEnd(52)}${run.perSecond.toFixed(0).padStart(8)}${run.p50Ms === undefined ? ''.padStart(24) : `${run.p50Ms.toFixed(2).padStart(10)} ms${(run.p99Ms ?? 0).toFixed(2).padStart(9)} ms`}${ratio === undefined ? '' : `   ratio ${ratio.toFixed(2)}`}`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${Number(count).toLocaleString('en')} games; autocannon in its own process, ${CONCURRENCY} connections for ${SECONDS} s each`,
        '',
        `${'  per second'.padEnd(62)}     p50       p99`,
        row('baseline pgbench select-only (built-in)', { perSecond: selectOnly }),
        row('baseline Fastify hello-world route, HTTP', helloWorld, helloWorld.perSecond / selectOnly),
        ...results.map((run) => row(`GCSGAME_gameList, ${run.name}`, run, run.perSecond / selectOnly)),
        `  failed calls: ${[...results, helloWorld].reduce((sum, run) => sum + run.failures, 0)}`,
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
