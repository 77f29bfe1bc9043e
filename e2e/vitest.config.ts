import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Polls wait as long as a locator does: two files at a time on two cores can make a page slow to follow.
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time (E2E_WORKERS), each worker on its own server (server.ts), one browser per file.
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS) || 2),
  },
});
