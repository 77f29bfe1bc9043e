/** The console owner of the browser tests' server (OWNER_USERNAME and OWNER_PASSWORD). */
export const E2E_OWNER = { username: 'owner', password: 'E2e-owner-lantern-2026' };

/** The text the browser tests' drawn captcha always shows (CAPTCHA_PROVIDER=test): typed, never read by OCR. */
export const E2E_CAPTCHA_ANSWER = 'T3ST';
