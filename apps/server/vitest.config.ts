import { defineConfig } from 'vitest/config';

/** Every server test runs twice: on embedded PGlite and on a real PostgreSQL server the harness starts. */
export default defineConfig({
  test: {
    // Two files at a time: most of a PostgreSQL test's time is the server's, so two cores stay busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/pglite-snapshot.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
