import { defineConfig } from 'vitest/config';

/**
 * The files that also run on embedded PGlite, the default database of `npm start`. Every file runs on a real
 * PostgreSQL server, where concurrency is real; PGlite gets only what differs there:
 * - migrations: every one runs on PGlite in this project's global setup (test/pglite-snapshot.ts migrates a new
 *   cluster) and again from an empty database in platform.test.ts;
 * - start-up and the database layer: the seed, a restart and the server process (platform.test.ts), transactions
 *   and the write helper (write.test.ts), the job queue's claims (jobs.test.ts), LISTEN/NOTIFY (realtime.test.ts);
 * - the queries' dialect and the driver's types: for each store file (`src/modules/**\/*store*.ts`), the main
 *   tests of its area (its routes, console and service tests: those that call most of its functions), so every
 *   store file's SQL runs on PGlite; the slow tests of one flow (password resets, bet records) stay on PostgreSQL.
 *   `node scripts/pglite-coverage.mjs` lists any store function that only files outside this list call; run it
 *   after adding store functions, and add the file it names; `--choose` proposes the set by cost (the start-up files,
 *   then the files that add the most store functions per second). Session 42 took its advice where a dropped file
 *   tested nothing of the database's own beyond its store calls: login, system routes, the roll-ups, the rebates'
 *   and points' jobs, and the agents' settlement (for settlement-routes), 128 of the set's 428 s on PGlite; the
 *   cheap files that test triggers or SQL functions (tree-path, ledger, spin, recovery, metrics) stay.
 * A new test file runs on PostgreSQL only unless it is added here. PGLITE_ALL=1 runs every file on PGlite too.
 */
export const PGLITE_FILES = [
  // start-up, migrations, the database layer
  'test/platform.test.ts',
  'test/write.test.ts',
  'test/jobs.test.ts',
  'test/realtime.test.ts',
  // the caches and the visitors' limit, kept true across processes by NOTIFY (triggers of migration 0039)
  'test/caches.test.ts',
  // TEST_CLOCK: its endpoint's NOTIFY wakes the job runner
  'test/test-clock.test.ts',
  // accounts/store.ts
  'src/modules/accounts/register.test.ts',
  'src/modules/accounts/console.test.ts',
  // backoffice/store.ts
  'src/modules/backoffice/routes.test.ts',
  'src/modules/backoffice/second-factor.test.ts',
  // content/store.ts
  'src/modules/content/routes.test.ts',
  // sportsbook/store.ts
  'test/sportsbook/book.test.ts',
  // games/store.ts
  'src/modules/games/catalogue.test.ts',
  'src/modules/games/console.test.ts',
  'src/modules/games/launch.test.ts',
  // games/house/store.ts
  'src/modules/games/house/spin.test.ts',
  'src/modules/games/house/recovery.test.ts',
  // the rounds' decisions, pacing, fault resolution and the last rounds (house_rounds' migration 0053)
  'src/modules/games/house/interrupted.test.ts',
  'src/modules/games/house/fish/shoot.test.ts',
  // games/house/tables/store.ts
  'src/modules/games/house/tables/tables.test.ts',
  'src/modules/games/house/tables/console.test.ts',
  // games/providers/store.ts
  'src/modules/games/providers/seamless.test.ts',
  'src/modules/games/providers/transfers.test.ts',
  'src/modules/games/providers/open-rounds.test.ts',
  'src/modules/games/providers/catalogue.test.ts',
  // lottery/store.ts
  'src/modules/lottery/lottery.test.ts',
  'src/modules/lottery/console.test.ts',
  // responsible/store.ts
  'src/modules/responsible/responsible.test.ts',
  // system/store.ts
  'src/modules/system/console.test.ts',
  // wallet's stores (store, ledger, deposits, withdrawals, payment channels, bank accounts, reconciliation) and
  // inbox/store.ts (the messages of deposit and withdrawal reviews)
  'src/modules/wallet/wallet.test.ts',
  'src/modules/wallet/ledger.test.ts',
  'src/modules/wallet/deposits.test.ts',
  'src/modules/wallet/withdrawals.test.ts',
  // wallet/payout-store.ts: payouts through the provider, their callbacks, batch approval
  'src/modules/wallet/payouts.test.ts',
  'src/modules/wallet/bank-accounts.test.ts',
  // wallet/turnover-store.ts (obligations and contributions), and migration 0031 from the old counter
  'src/modules/wallet/turnover.test.ts',
  // agents: the tree's triggers (0025) and tree-store, the roll-ups' triggers and rollups-store, metrics-store,
  // reports-store, contracts-store, settlement-store, red-envelopes-store
  'src/modules/agents/tree-path.test.ts',
  'src/modules/agents/tree.test.ts',
  'src/modules/agents/metrics.test.ts',
  'src/modules/agents/reports.test.ts',
  'src/modules/agents/contracts.test.ts',
  'src/modules/agents/settlement-routes.test.ts',
  'src/modules/agents/red-envelopes.test.ts',
  // vip: store (levels, growth, rewards, reviews, labels, referral) and the agents' member-days-store
  'src/modules/vip/vip-jobs.test.ts',
  'src/modules/vip/vip-routes.test.ts',
  // rebates/store.ts: the rebate job's writes, its claims and the console's list
  'src/modules/rebates/rebates-routes.test.ts',
  // points/store.ts: conversion, the mall and its console (and the points job's writes)
  'src/modules/points/points-routes.test.ts',
  // missions/store.ts and the facts it reads (games/play-totals-store, wallet/deposit-totals-store,
  // accounts/login-days-store): the missions' endpoints, claims and settling job
  'src/modules/missions/missions-routes.test.ts',
  // inbox/store.ts: the inbox, broadcasts and feedback
  'src/modules/inbox/inbox.test.ts',
  // kyc/store.ts: documents, verifications, the queue and the withdrawal gate
  'src/modules/kyc/kyc.test.ts',
  // promotions/store.ts: authoring, statuses, joins, applications, claims, the blacklist
  'src/modules/promotions/promotions.test.ts',
  // the rewards centre's reads of the vip and rebates stores (claimable, received)
  'src/modules/rewards/rewards-routes.test.ts',
  // raffle/store.ts and rain-store.ts: tickets, draws, the console's raffles; rounds, grabs and the opener job
  'src/modules/raffle/raffle-routes.test.ts',
  'src/modules/raffle/rain.test.ts',
  // risk/store.ts: the rules, flags, notes and tags; the wallet's adjustment requests and withdrawal review
  'src/modules/risk/risk.test.ts',
  // reports/store.ts: the business reports and the dashboard's figures, from the roll-ups (0050)
  'src/modules/reports/reports.test.ts',
  'src/modules/chat/chat.test.ts',
  'src/modules/chat/room-drops.test.ts',
  'src/modules/support/support.test.ts',
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
