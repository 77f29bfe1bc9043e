/** The console owner of the browser tests' server (OWNER_USERNAME and OWNER_PASSWORD). */
export const E2E_OWNER = { username: 'owner', password: 'E2e-owner-lantern-2026' };

/** The text the browser tests' drawn captcha always shows (CAPTCHA_PROVIDER=test): typed, never read by OCR. */
export const E2E_CAPTCHA_ANSWER = 'T3ST';

/** The secret the sandbox gateway and the demo's online channel sign with in the browser tests. */
export const E2E_SANDBOX_SECRET = 'e2e-sandbox-secret-2026';

/**
 * Browser-test files that run at once, each worker on its own site (E2E_WORKERS overrides). Three on this 2-core
 * machine: a file alone keeps less than half a core busy (most of its time is the page and the server answering,
 * not computing), so a third worker fills cores that two left idle; see /docs/architecture.md's test table.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 3);
