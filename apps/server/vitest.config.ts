import { defineConfig } from 'vitest/config';

/** Every server test runs twice: on embedded PGlite and on a real PostgreSQL server the harness starts. */
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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
