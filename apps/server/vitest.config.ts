import { defineConfig } from 'vitest/config';

/** Every server test runs twice: on embedded PGlite and on a real PostgreSQL server the harness starts. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          setupFiles: ['test/setup.ts'],
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
