import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../apps/server/src/modules/backoffice/second-factor.ts';
import {
  api,
  baseUrl,
  E2E_OWNER,
  launchBrowser,
  operatorToken,
  ownerConsolePage,
  screenshot,
  stack,
  takePageProblems,
} from './browser.ts';
import { startServer } from './start-server.ts';

/**
 * The console's sign-in security as a person meets it: the second step with a code of the authenticator app,
 * enrolment of a second factor (QR code, key as text, a code, recovery codes), and the demo owner's generated
 * password, printed once at the start and changed at the first sign-in.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(() => {
  // Every page worked under the Content-Security-Policy: no violation, no uncaught error, no console error.
  expect(takePageProblems().join('\n')).toBe('');
});
afterAll(async () => {
  await browser.close();
});

/** The code of the next time step: the one of now may have been spent (each step signs in once). */
const nextCode = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

async function signIn(page: Page, base: string, credentials: { username: string; password: string }) {
  await page.goto(`${base}/backoffice/login`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Reads the key shown as text at enrolment, confirms with a code and answers the recovery codes shown. */
async function enrol(page: Page, screenshotName?: string): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = ((await page.getByRole('definition').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('alert').getByText('The code is not valid. Please try again.').waitFor();
  await page.getByLabel('Code from the app').fill(totpCodeAt(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  if (screenshotName) await screenshot(page, `${screenshotName}-recovery-codes`);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, codes };
}

describe('console sign-in security', () => {
  it('the owner signs in with a password and then a code of the authenticator app', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, baseUrl(), { username: E2E_OWNER.username, password: 'not-the-password-at-all' });
    await page.getByText('Wrong account or password, please try again.').waitFor();
    await signIn(page, baseUrl(), E2E_OWNER);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const code = page.getByLabel('Authentication code');
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not valid. Please try again.').waitFor();
    await screenshot(page, 'console-sign-in-second-step');
    await code.fill(nextCode(stack().ownerTotpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('a new finance operator must enrol a second factor, and signs in with it (or a recovery code) afterwards', async () => {
    const finance = {
      username: `fin${Date.now().toString(36).slice(-5)}`,
      password: 'Finance-ledger-otter-2026',
    };
    const created = await api('POST', '/backoffice/api/operators', await operatorToken(), {
      ...finance,
      displayName: 'Finance desk',
      role: 'finance',
    });
    expect(created.success).toBe(true);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, baseUrl(), finance);
    const { secret, codes } = await enrol(page, 'console-totp-enrolment');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await signIn(page, baseUrl(), finance);
    await page.getByLabel('Authentication code').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await signIn(page, baseUrl(), finance);
    await page.getByLabel('Authentication code').fill(codes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The phone is lost: the owner resets the second factor, which ends the session, and a new one is enrolled.
    const owner = await ownerConsolePage(browser, '/operators');
    await owner.getByRole('button', { name: `Reset the second factor of ${finance.username}` }).click();
    const confirm = owner.getByRole('dialog', { name: `Reset the second factor of ${finance.username}?` });
    await confirm.getByRole('button', { name: 'Reset second factor' }).click();
    await owner.getByText(`The second factor of ${finance.username} was reset.`).waitFor();
    await owner.close();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, baseUrl(), finance);
    await enrol(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('the owner requires two-step sign-in for every operator from the Security page', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(
      (token) => {
        if (location.protocol !== 'about:') sessionStorage.setItem('bo.token', token);
      },
      await operatorToken(),
    );
    await page.goto(`${baseUrl()}/backoffice/security`);
    const toggle = page.getByRole('switch', { name: 'Require two-step sign-in for every operator' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByRole('status').getByText('The setting is saved.').waitFor();
    expect(
      (await api('GET', '/backoffice/api/settings/console-security', await operatorToken())).value,
    ).toEqual({ totpRequiredForAll: true });
    await screenshot(page, 'console-security-settings');
    await toggle.click();
    await expect.poll(async () => toggle.isChecked()).toBe(false);
    await page.close();
  });
});

describe('the demo owner', () => {
  it('gets a random password printed once, changes it at the first sign-in, then enrols a second factor', async () => {
    const server = await startServer(
      { DEMO_SEED: '1', SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'), JOBS: '0' },
      { compiled: true },
    );
    try {
      const printed = /Console login:\s+owner \/ (\S+) \(created now/.exec(server.output());
      expect(printed).not.toBeNull();
      const generated = printed?.[1] as string;
      expect(generated).toHaveLength(20);
      expect(generated).not.toBe('tessera-demo-owner');
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await signIn(page, server.baseUrl, { username: 'owner', password: 'tessera-demo-owner' });
      await page.getByText('Wrong account or password, please try again.').waitFor();
      await signIn(page, server.baseUrl, { username: 'owner', password: generated });
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('Current password').fill(generated);
      await page.getByLabel('New password', { exact: true }).fill('password1234');
      await page.getByLabel('Confirm new password').fill('password1234');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('This password is too common').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('Harbour-lantern-ivy-2026');
      await page.getByLabel('Confirm new password').fill('Harbour-lantern-ivy-2026');
      await screenshot(page, 'console-forced-password-change');
      await page.getByRole('button', { name: 'Change password' }).click();
      await enrol(page);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.close();
    } finally {
      await server.stop();
    }
    // The test starts a site of its own, on a fresh PGlite with the demo seed (as npm start does): a cold start
    // that on a loaded machine takes most of a minute (startServer's own ceiling is three).
  }, 180_000);
});
