import { defineConfig } from 'vitest/config';

/**
 * The files that also run on embedded PGlite, the default database of `npm start`. Every file runs on a real
 * PostgreSQL server, where concurrency is real; PGlite gets only what differs there:
 * - the queries' dialect: every statement the product sends in the PostgreSQL run is parsed, analysed and planned
 *   on PGlite at the end of the file that sent it (test/pglite-dialect.ts, from test/setup.ts), so no area's files
 *   need to run here for their SQL;
 * - the driver: what it answers for each type the schema and the queries use (driver-types.test.ts);
 * - start-up and migrations: every migration runs on PGlite in this project's global setup (test/pglite-snapshot.ts
 *   migrates a new cluster) and again from an empty database in platform.test.ts, with the seed, a restart and the
 *   server process;
 * - the database layer: transactions and the write helper (write.test.ts), the job queue's claims (jobs.test.ts),
 *   LISTEN/NOTIFY (realtime.test.ts), the caches' NOTIFY triggers (caches.test.ts), the test clock's wake-up;
 * - what a plan does not run: the bodies of the triggers and PL/pgSQL functions, through the cheapest file that
 *   fires each (the ledger's, the agents' tree paths and roll-ups, the rounds', the console's change notices).
 * A new test file runs on PostgreSQL only unless it is added here. PGLITE_ALL=1 runs every file on PGlite too.
 */
export const PGLITE_FILES = [
  // start-up, migrations, the database layer, the driver
  'test/platform.test.ts',
  'test/write.test.ts',
  'test/driver-types.test.ts',
  'test/jobs.test.ts',
  'test/realtime.test.ts',
  // the caches and the visitors' limit, kept true across processes by NOTIFY (triggers of migration 0039: members,
  // favourites, content)
  'test/caches.test.ts',
  // TEST_CLOCK: its endpoint's NOTIFY wakes the job runner
  'test/test-clock.test.ts',
  // the ledger's triggers and ledger_post (ledger_transaction_balanced, ledger_entries_unchangeable)
  'src/modules/wallet/ledger.test.ts',
  // members' tree-path and team triggers (0025)
  'src/modules/agents/tree-path.test.ts',
  // the roll-ups' drain and its SQL functions (agent_team_money_*, agent_team_play_*), the money-posted trigger
  'src/modules/agents/red-envelopes.test.ts',
  // game_rounds' roll-up triggers, a round's postings
  'src/modules/games/house/spin.test.ts',
  // withdrawals' notify_console_changed (deposits and promotion entries fire the same function)
  'src/modules/wallet/withdrawals.test.ts',
];

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time: most of a PostgreSQL test's time is the server's, so two cores stay busy.
    maxWorkers: 2,
    // isolate: false — a worker runs its files one after another in one module graph, so the app's modules load
    // once per worker instead of once per file (about 2 s each). Each file still opens its own database and app,
    // and test/setup.ts closes whatever a file left open.
    projects: [
      {
        test: {
          name: 'pglite',
          include: process.env.PGLITE_ALL === '1' ? ALL : PGLITE_FILES,
          env: { TEST_DATABASE: 'pglite' },
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/pglite-snapshot.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          include: ALL,
          env: { TEST_DATABASE: 'postgres' },
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/postgres-server.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
