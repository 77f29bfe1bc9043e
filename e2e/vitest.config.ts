import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser per file, files one after another: the machine has two cores.
    fileParallelism: false,
  },
});
