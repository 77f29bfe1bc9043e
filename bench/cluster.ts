/**
 * The cluster's figures (issue 30): requests per second through nginx with one and with three server processes
 * (scripts/cluster.ts) on one PostgreSQL server the script starts, driven by the HTTP benchmark's load generator
 * (autocannon in a process of its own, load.ts) on a visitor read, a member read and a posting.
 * Run: npm run bench:cluster   [CONNECTIONS=50 SECONDS=5 ACCOUNTS=500 REPLICA=1]
 * REPLICA=1 adds a streaming standby the processes send their lagging reads to (the console's dashboard here).
 * On a machine with fewer cores than processes the three share the cores with PostgreSQL, nginx and the generator:
 * the figures then say what the hop through nginx costs rather than how far the processes scale.
 */

import { availableParallelism } from 'node:os';
import {
  accountsEndpoints,
  reportConsoleEndpoints,
  systemEndpoints,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { createOperator } from '../apps/server/src/modules/backoffice/service.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { type Cluster, startCluster } from '../scripts/cluster.ts';
import { benchSite, startBenchDatabase } from './database.ts';
import { type LoadResult, type LoadTarget, loadFrom } from './measure.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 500);
const REPLICA = process.env.REPLICA === '1';
/** With REPLICA: where /readyz said the lagging reads went, for each cluster size. */
const readsGo: string[] = [];

async function main() {
  const bench = await startBenchDatabase(2);
  const rows: { processes: number; name: string; result: LoadResult }[] = [];
  let cluster: Cluster | null = null;
  try {
    const { tokens } = await benchSite(bench.db, { accounts: ACCOUNTS, games: 4 });
    // An owner's console session (its second factor is the console's own test) for the dashboard.
    const owner = await createOperator(
      bench.db,
      { username: 'bench-owner', displayName: 'Owner', password: 'bench-owner-password', role: 'owner' },
      new Date(),
    );
    await bench.db.query('update operators set totp_enabled = true where id = $1', [owner.id]);
    const ownerToken = (
      await openSession(
        bench.db,
        { kind: 'operator', id: owner.id },
        loadConfig({}).operatorSession,
        new Date(),
        '127.0.0.1',
        cryptoRng,
      )
    ).token;
    for (const processes of [1, 3]) {
      cluster = await startCluster({
        databaseUrl: bench.url,
        processes,
        replica: REPLICA,
        // Every client here comes from 127.0.0.1: the per-address limits are lifted (the limiter's cost is measured).
        env: {
          DEMO_SEED: '0',
          JOBS: '0',
          LOG_LEVEL: 'warn',
          VISITOR_REQUESTS_PER_MINUTE: '100000000',
          MAX_CONNECTIONS_PER_IP: '0',
        },
      });
      const url = cluster.url;
      if (REPLICA) {
        // Where the processes send the dashboard's reads (each answers for itself; nginx picks one).
        const ready = (await (await fetch(`${url}${systemEndpoints.ready.path}`)).json()) as {
          value: { replicas?: { reads: string } };
        };
        readsGo.push(`${processes}: ${ready.value.replicas?.reads ?? 'primary (no replica)'}`);
      }
      const targets: { name: string; load: Omit<LoadTarget, 'connections' | 'seconds'> }[] = [
        { name: 'GET /wps/system/status (visitor)', load: { url, paths: [systemEndpoints.status.path] } },
        {
          name: 'GET /wps/member/info (member)',
          load: { url, paths: [accountsEndpoints.memberInfo.path], tokens },
        },
        {
          name: `GET console dashboard (owner)${REPLICA ? ', read from the replica' : ''}`,
          load: { url, paths: [reportConsoleEndpoints.dashboard.path], tokens: [ownerToken] },
        },
        {
          name: `POST GCS_walletTransfer, ${ACCOUNTS} accounts`,
          load: {
            url,
            paths: [walletPlayerEndpoints.walletTransfer.path],
            method: 'POST',
            tokens,
            idempotencyKeys: `cluster-${processes}-${Date.now()}`,
            body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
          },
        },
      ];
      for (const { name, load } of targets) {
        const result = await loadFrom({ ...load, connections: CONNECTIONS, seconds: SECONDS });
        rows.push({ processes, name, result });
      }
      await cluster.stop();
      cluster = null;
    }
  } finally {
    await cluster?.stop();
    await bench.stop();
  }
  const cell = (value: number, width: number) => value.toFixed(0).padStart(width);
  const lines = [
    `Through nginx; PostgreSQL started by the script${REPLICA ? ' and a streaming standby of it' : ''}; autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s per run; ${availableParallelism()} cores`,
    ...(REPLICA ? [`Lagging reads (/readyz) with processes ${readsGo.join(', ')}`] : []),
    '',
    '| processes | target | requests/s | p50 ms | p99 ms | failed |',
    '|---:|---|---:|---:|---:|---:|',
    ...rows.map(
      ({ processes, name, result }) =>
        `| ${processes} | ${name} | ${cell(result.perSecond, 7)} | ${cell(result.p50Ms, 4)} | ${cell(result.p99Ms, 4)} | ${result.failures}${result.failures ? ` (${result.statuses})` : ''} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

await main();
