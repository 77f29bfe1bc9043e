import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openReplicas, primaryReads } from './db/replicas.ts';
import { buildJobRunner } from './jobs.ts';
import { ensureFirstOwner } from './modules/backoffice/service.ts';
import { queueCatalogueSync } from './modules/games/providers/jobs.ts';
import { refuseSandboxProvidersInProduction } from './modules/games/providers/registry.ts';
import { refuseDemoSecretsInProduction } from './modules/wallet/payment-channels.ts';
import { type Clock, OffsetClock, systemClock } from './platform/clock.ts';
import type { AppDeps } from './platform/context.ts';
import { serveMetrics } from './platform/metrics.ts';
import { processLocal } from './platform/process-local.ts';
import { RealtimeHub } from './platform/realtime.ts';
import { cryptoRng, text } from './platform/rng.ts';
import { loadOrCreateKeyFile } from './platform/secret-box.ts';
import { followTestClock } from './platform/test-clock.ts';
import { demoGatewayOf, seed } from './seed/index.ts';

/** 20 characters from an alphabet without look-alikes: about 115 bits. */
function generatedPassword(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
  return text(cryptoRng, 20, alphabet);
}

/**
 * The demo owner created on an empty demo database: its password is random, printed once here and stored only as
 * a hash, and the first sign-in asks for a new one (and, as for every owner, a second factor).
 */
export const DEMO_OWNER_USERNAME = 'owner';

// Buffers under 32 KiB (an answer's bytes: the status answer is put together on every call) are cut from a shared
// pool instead of each being allocated on its own, which costs several times the copy (Node's default pool, 8 KiB,
// takes only those under 4 KiB).
Buffer.poolSize = 64 * 1024;

const loaded = loadConfig();
const config = {
  ...loaded,
  secretsKey: loaded.secretsKey ?? loadOrCreateKeyFile(loaded.secretsKeyFile, cryptoRng),
};
// TEST_CLOCK (never in production): real time plus an offset the owner moves forward in the console's endpoint.
const testClock = config.testClock ? new OffsetClock() : null;
const clock: Clock = testClock ?? systemClock;
const db = await openDatabase(config, { rng: cryptoRng });
await migrate(db);
const realtime = new RealtimeHub(db);
await realtime.start();
// Every process of the database keeps the one test clock, from its start (before the seed reads the time).
if (testClock) await followTestClock(db, realtime, testClock);
await seed(db, {
  merchantCode: config.merchantCode,
  demo: config.demoSeed,
  demoAccounts: !config.production,
  now: clock.now(),
  rng: cryptoRng,
  // The demo's online channel exists only with the sandbox gateway it pays through.
  demoGateway: demoGatewayOf(config),
  demoProviders: config.gameProviders.sandboxUrl
    ? { sandboxUrl: config.gameProviders.sandboxUrl, secretsKey: config.secretsKey }
    : null,
});
await refuseDemoSecretsInProduction(db, config);
await refuseSandboxProvidersInProduction(db, config);
const owner =
  config.owner ??
  (config.demoSeed
    ? { username: DEMO_OWNER_USERNAME, password: generatedPassword(), mustChangePassword: true }
    : null);
const createdOwner = await ensureFirstOwner(db, owner, clock.now());
// The reads that tolerate a little lag go to the replicas of DATABASE_REPLICA_URL while they keep up.
const laggingReads =
  config.databaseReplicas.urls.length > 0
    ? await openReplicas(
        config.databaseReplicas.urls,
        { poolSize: config.databasePoolSize, maxLagSeconds: config.databaseReplicas.maxLagSeconds },
        db,
      )
    : primaryReads(db);
const deps: AppDeps = {
  db,
  laggingReads,
  config,
  clock,
  rng: cryptoRng,
  realtime,
  local: processLocal(db, realtime, config),
};
const app = await buildApp(deps);
const jobs = config.jobs ? buildJobRunner(deps, { log: app.log }) : null;
// On close the job runner stops beside the requests in flight (it claims no more work and ends its current batch);
// the realtime hub's listener goes once both are done.
let jobsStopped: Promise<void> | undefined;
app.addHook('preClose', async () => {
  jobsStopped = jobs?.stop();
});
app.addHook('onClose', async () => {
  await jobsStopped;
  await realtime.stop();
});
await app.listen({ port: config.port, host: config.host });
const metricsServer =
  config.metricsPort === null
    ? null
    : await serveMetrics(app, {
        host: config.metricsHost,
        port: config.metricsPort,
        token: config.metricsToken,
      });
await jobs?.start();
if (jobs) await queueCatalogueSync(deps, clock.now());

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const base = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
const lines = [
  `Tessera is running on ${db.kind === 'pglite' ? `embedded PostgreSQL (${config.dataDir})` : 'PostgreSQL'}`,
  `  Player site:      ${base}/`,
  `  Operator console: ${base}/backoffice/`,
];
if (createdOwner && owner && !config.owner) {
  lines.push(
    `  Console login:    ${owner.username} / ${owner.password} (created now; shown only this once, change it at the first sign-in)`,
  );
} else if (createdOwner && owner) {
  lines.push(`  Console login:    ${owner.username} (created now from OWNER_USERNAME)`);
}
if (config.metricsPort !== null)
  lines.push(`  Metrics:          http://${config.metricsHost}:${config.metricsPort}/metrics`);
process.stdout.write(`${lines.join('\n')}\n`);

/**
 * SIGTERM (or SIGINT): /readyz fails at once, the server stops taking connections and every socket is closed with
 * 1012 so the site reconnects to another process; requests in flight finish, then the job runner finishes its
 * current batch, and the process exits. Past twice the request timeout it exits anyway, with 1.
 */
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    deps.local.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and the current jobs');
    const deadline = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.limits.requestTimeoutSeconds * 2000);
    deadline.unref();
    metricsServer?.close();
    app
      .close()
      .then(() => laggingReads.close())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
