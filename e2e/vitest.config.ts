import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (as measured on a 2-core machine): started first, they leave the
 * short files to fill the workers' ends, so both workers finish together. A fresh clone has no timings of its own
 * for vitest to order by.
 */
const LONGEST_FIRST = [
  'accounts.test.ts',
  'accessibility.test.ts',
  'phone.test.ts',
  'site.test.ts',
  'lottery.test.ts',
  'console-lottery.test.ts',
  'deposits.test.ts',
  'console-security.test.ts',
  'house-games.test.ts',
  'house-tables.test.ts',
  'first-load.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(basename(file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
