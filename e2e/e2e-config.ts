/** The console owner of the browser tests' server (OWNER_USERNAME and OWNER_PASSWORD). */
export const E2E_OWNER = { username: 'owner', password: 'E2e-owner-lantern-2026' };

/** The text the browser tests' drawn captcha always shows (CAPTCHA_PROVIDER=test): typed, never read by OCR. */
export const E2E_CAPTCHA_ANSWER = 'T3ST';

/** The secret the sandbox gateway and the demo's online channel sign with in the browser tests. */
export const E2E_SANDBOX_SECRET = 'e2e-sandbox-secret-2026';

/**
 * Browser-test files that run at once, each worker on its own site (E2E_WORKERS overrides). Three on a 2-core
 * machine: a file alone keeps less than half a core busy (its time goes to round trips between the test, Chromium
 * and the server, each waiting on the other), so a third worker fills what two left idle; a fourth would ask for
 * more than two cores.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 3);

/**
 * A browser test's time (vitest.config.ts testTimeout): a limit for a test that hangs, not a measure of speed. Two
 * minutes: on a 2-core machine half as fast as the one the tests were written on (pgbench select-only 10,000 against
 * 45,000 TPS), tests of several page loads took just over one.
 */
export const E2E_TEST_TIMEOUT_MS = 120_000;

/**
 * How long one step waits for what it waits on (a locator, a navigation, a poll) before it fails, naming what it
 * waited for: most of the test's time, not Playwright's 30 s default, since on a loaded machine one step (a page's
 * code and data arriving) can take longer than that while the test as a whole fits its time.
 */
export const E2E_STEP_TIMEOUT_MS = 50_000;
