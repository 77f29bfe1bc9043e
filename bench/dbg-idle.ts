import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { databaseUrl, startPostgres } from '../apps/server/test/postgres.ts';
import { startServer } from '../e2e/start-server.ts';

const ticks = (pid: string) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(f[11]) + Number(f[12]);
};
const pgPids = () =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('postgres');
      } catch {
        return false;
      }
    });
const pg = await startPostgres([
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.track=all',
]);
const admin = new Client({ connectionString: pg.url });
await admin.connect();
await admin.query('create database idle_site');
await admin.end();
const server = await startServer({
  DATABASE_URL: databaseUrl(pg.url, 'idle_site'),
  DEMO_SEED: '1',
  AGENT_ROLLUP_CRON: '*/2 * * * * *',
});
await new Promise((r) => setTimeout(r, 15_000));
const site = new Client({ connectionString: databaseUrl(pg.url, 'idle_site') });
await site.connect();
await site.query('create extension if not exists pg_stat_statements');
await site.query('select pg_stat_statements_reset()');
const pids = [String(server.pid), ...pgPids()];
const before = new Map(pids.map((p) => [p, ticks(p)]));
await new Promise((r) => setTimeout(r, 60_000));
let serverCpu = 0;
let pgCpu = 0;
for (const p of pids) {
  try {
    const d = (ticks(p) - (before.get(p) ?? 0)) / 100;
    if (p === String(server.pid)) serverCpu += d;
    else pgCpu += d;
  } catch {}
}
const { rows } = await site.query(
  "select calls, round(total_exec_time::numeric, 1) as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q from pg_stat_statements order by calls desc limit 25",
);
for (const row of rows) console.log(String(row.calls).padStart(6), String(row.ms).padStart(8), row.q);
const [sum] = (await site.query('select sum(calls) as calls from pg_stat_statements')).rows;
console.log('statements in 60 s:', sum.calls);
await site.end();
console.log(`idle 60 s: server ${serverCpu.toFixed(2)} CPU s, postgres ${pgCpu.toFixed(2)} CPU s`);
await server.stop();
pg.stop();
