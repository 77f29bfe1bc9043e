/**
 * The compiled production server (`npm run build:server`: apps/server/dist/main.js, run with node) beside today's
 * (apps/server/src/main.ts through tsx), on one PostgreSQL server the script starts with a migrated database: the
 * time from spawning the process to its first /healthz answer, its resident memory then, and again after 5,000 calls
 * of visitor reads (autocannon in its own process). The two are started in turn, RUNS times each; medians printed.
 * Run: npm run startup -w bench   [RUNS=3]
 */
import { systemEndpoints } from '@tessera/contract';
import { serverBuild, startServer } from '../e2e/start-server.ts';
import { startBenchDatabase } from './database.ts';
import { loadFrom, median, rssMiB } from './measure.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const CALLS = 5_000;

interface Sample {
  startMs: number;
  rssStart: number;
  rssAfter: number;
}

async function sample(url: string, compiled: boolean): Promise<Sample> {
  const spawned = performance.now();
  const server = await startServer(
    {
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      VISITOR_REQUESTS_PER_MINUTE: '100000000',
    },
    { compiled },
  );
  try {
    // The first answer of /healthz ends the start; the process printed its addresses just before.
    while ((await fetch(`${server.baseUrl}/healthz`).catch(() => null))?.status !== 200) {}
    const startMs = performance.now() - spawned;
    const rssStart = rssMiB(server.pid);
    const load = await loadFrom({
      url: server.baseUrl,
      paths: [systemEndpoints.status.path, '/healthz'],
      connections: 10,
      seconds: 60,
      amount: CALLS,
    });
    if (load.failures > 0) throw new Error(`${load.failures} calls failed (${load.statuses})`);
    return { startMs, rssStart, rssAfter: rssMiB(server.pid) };
  } finally {
    await server.stop();
  }
}

async function main() {
  serverBuild();
  const bench = await startBenchDatabase(1);
  try {
    const samples = { tsx: [] as Sample[], compiled: [] as Sample[] };
    for (let run = 0; run < RUNS; run += 1) {
      samples.tsx.push(await sample(bench.url, false));
      samples.compiled.push(await sample(bench.url, true));
    }
    const row = (label: string, pick: (s: Sample) => number, unit: string, digits: number) => {
      const [tsx, compiled] = [median(samples.tsx.map(pick)), median(samples.compiled.map(pick))];
      return `| ${label.padEnd(34)} | ${`${tsx.toFixed(digits)} ${unit}`.padStart(10)} | ${`${compiled.toFixed(digits)} ${unit}`.padStart(10)} | ${(compiled / tsx).toFixed(2).padStart(5)} |`;
    };
    console.log(`\nMedians of ${RUNS} starts each, PostgreSQL, migrated database, no demo data, no jobs:\n`);
    console.log(`| ${'figure'.padEnd(34)} | ${'tsx'.padStart(10)} | ${'compiled'.padStart(10)} | ratio |`);
    console.log(`| ${'-'.repeat(34)} | ${'-'.repeat(10)} | ${'-'.repeat(10)} | ----- |`);
    console.log(row('spawn to first /healthz answer', (s) => s.startMs, 'ms', 0));
    console.log(row('RSS when /healthz first answers', (s) => s.rssStart, 'MiB', 1));
    console.log(row(`RSS after ${CALLS.toLocaleString('en')} visitor calls`, (s) => s.rssAfter, 'MiB', 1));
  } finally {
    await bench.stop();
  }
}

await main();
