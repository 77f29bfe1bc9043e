import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { E2E_STEP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, E2E_WORKERS } from './e2e-config.ts';

/**
 * The files that take longest, longest first (as measured on a 2-core machine: the file times of a whole run,
 * which vitest prints and keeps in e2e/node_modules/.vite; last taken on 2026-11-27 at a load average of about
 * 30): started first, they leave the short files to fill the workers' ends, so the workers finish together. A fresh clone has no timings of its own for vitest to order by.
 */
const LONGEST_FIRST = [
  'accounts.test.ts',
  'accounts-modals.test.ts',
  'site.test.ts',
  'phone.test.ts',
  'accessibility.test.ts',
  'accessibility-dark.test.ts',
  'console-lottery.test.ts',
  'sportsbook.test.ts',
  'console-agents.test.ts',
  'house-tables.test.ts',
  'house-games.test.ts',
  'screens.test.ts',
  'agents.test.ts',
  'wallet.test.ts',
  'withdrawals.test.ts',
  'house-rounds.test.ts',
  'deposits.test.ts',
  'console-security.test.ts',
  'lobby.test.ts',
  'support.test.ts',
  'console.test.ts',
  'promotions.test.ts',
  'lottery.test.ts',
  'first-load.test.ts',
  'game.test.ts',
  'agents-reports.test.ts',
  'chat.test.ts',
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
    // E2E_TIMING=1: where each test's time goes (timing.ts), in e2e/artifacts/timing/ and a table per file.
    setupFiles: process.env.E2E_TIMING === '1' ? ['./timing-setup.ts'] : [],
    testTimeout: E2E_TEST_TIMEOUT_MS,
    // A test that fails runs once more: three browsers on two cores now and then miss a frame a test was not written
    // to wait for, and one such miss should not throw away the run. A test that fails twice fails the run; one that
    // passes on its retry is named at the end of the run (flaky-reporter.ts), as a defect to fix.
    retry: 1,
    reporters: ['default', './flaky-reporter.ts'],
    hookTimeout: 120_000,
    // Polls wait as long as a locator does (chromium.ts): three files at a time on two cores can make a page slow to
    // follow.
    expect: { poll: { timeout: E2E_STEP_TIMEOUT_MS } },
    // E2E_WORKERS files at a time (e2e-config.ts), each worker on its own server (server.ts), one browser per file.
    maxWorkers: E2E_WORKERS,
    // A worker's files share its modules (the contract, playwright, the helpers), imported once rather than once a
    // file (seconds each on a loaded machine); what a file sets up (its browser, an extra site) ends with it.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
