import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { totpCodeAt } from '../apps/server/src/modules/backoffice/second-factor.ts';
import { launchBrowser as launch, takePageProblems as takeProblems } from './chromium.ts';

export { launchBrowser, takePageProblems } from './chromium.ts';
export { E2E_CAPTCHA_ANSWER, E2E_OWNER } from './e2e-config.ts';

import type { E2EStack, ExtraStack } from './server.ts';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');

/**
 * One Chromium for a test file; after each test, every page worked under the Content-Security-Policy (no
 * violation, no uncaught error, no console error).
 */
export function useBrowser(): () => Browser {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(() => {
    expect(takeProblems().join('\n')).toBe('');
  });
  afterAll(async () => {
    await browser.close();
  });
  return () => browser;
}

/**
 * Waits until the page's animations and CSS transitions have ended (a dialog's fade-in, a drawer's slide), the event
 * itself instead of a fixed pause; endless ones (spinners, and tickers marked `data-ticker`) never end and are not
 * waited for.
 */
/**
 * Waits until the locator's element is visible, failing the test when it never is within the action timeout. It
 * asks nothing more after that: a list the page renders again a moment later (a new query's spinner, say) is not
 * a failure of what was looked for.
 */
export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY ||
        // A ticker (a countdown's bar) starts a new transition every second: it never rests either.
        Boolean(
          ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('[data-ticker]'),
        ),
    ),
  );
}

/** The worker's extra site, when the file asked for it (useExtraSite). */
let extra: (ExtraStack & { db: Client }) | undefined;

const worker = () => Number(process.env.VITEST_POOL_ID ?? '1');

/**
 * This worker's site and the services beside it (server.ts starts one per worker), or its extra site in a file
 * that uses it (useExtraSite): every helper here then works on that one.
 */
export function stack(): E2EStack {
  if (extra) return extra;
  const stacks = inject('stacks');
  const mine = stacks[(worker() - 1) % stacks.length];
  if (!mine) throw new Error(`no site for worker ${worker()}`);
  return mine;
}

/**
 * Runs this file's tests on the worker's extra site instead of its main one: a site on PostgreSQL, with a connection
 * to its database for arranging what no endpoint makes (yesterday's play, a job's output), and a test clock the
 * tests move forward (advanceClock). It is shared by the files of the worker that use it, one after another: a test
 * makes its own data, and reads the site's time with siteNow().
 */
export function useExtraSite(): () => ExtraStack & { db: Client } {
  beforeAll(async () => {
    const response = await fetch(`${inject('extraSitesUrl')}/extra/${worker()}`);
    const site = (await response.json()) as ExtraStack & { error?: string };
    if (!response.ok) throw new Error(`the extra site did not start: ${site.error}`);
    const db = new Client({ connectionString: site.databaseUrl });
    await db.connect();
    extra = { ...site, db };
  }, 240_000);
  afterAll(async () => {
    await extra?.db.end();
    extra = undefined;
  });
  return () => {
    if (!extra) throw new Error('the extra site has not started');
    return extra;
  };
}

/** The site's time: the wall's, plus how far the tests moved the extra site's clock (advanceClock). */
export function siteNow(): Date {
  return new Date(Date.now() + (extra?.clockOffsetMs ?? 0));
}

/**
 * Gives a page the site's time (its Date, not its timers): a page of the extra site whose clock the tests moved
 * ahead then judges what is due as the server does. Call before the page loads.
 */
export async function followSiteClock(page: Page): Promise<void> {
  if (extra?.clockOffsetMs) await page.clock.setSystemTime(siteNow());
}

/**
 * Moves the extra site's clock forward (TEST_CLOCK) by `minutes`, the jobs due by then running at once; answers its
 * new time. The move stays for the worker's files after this one, which read it through siteNow().
 */
export async function advanceClock(minutes: number): Promise<Date> {
  if (!extra) throw new Error('only the extra site has a test clock (useExtraSite)');
  const moved = await api('POST', '/backoffice/api/test-clock/advance', extra.ownerToken, { minutes });
  expect(moved.success).toBe(true);
  const now = new Date(moved.value.now);
  extra.clockOffsetMs = now.getTime() - Date.now();
  await fetch(`${inject('extraSitesUrl')}/extra/${worker()}/clock`, {
    method: 'POST',
    body: JSON.stringify({ offsetMs: extra.clockOffsetMs }),
  });
  return now;
}

export function baseUrl(): string {
  return stack().baseUrl;
}

/** The header's balance as a number ("P 1,234.50" → 1234.5). */
export async function headerBalance(page: Page): Promise<number> {
  const text = await page
    .getByRole('banner')
    .getByText(/P\s[\d,]+\.\d\d/)
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/**
 * E2E_SCREENSHOTS=1: the tests save their screenshots in e2e/artifacts/, for people to look at (no test reads them
 * back). Otherwise they take none: software raster costs about a second a full page, a tenth of some files' time.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(
  page: Page,
  name: string,
  /** `networkIdle`: first wait until the page's requests have ended (its last images), for a picture of it whole. */
  options: { fullPage?: boolean; networkIdle?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  if (options.networkIdle) await page.waitForLoadState('networkidle');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: options.fullPage ?? false });
}

/**
 * The owner's console session, for arranging state the test is not about: the one the global setup opened and
 * completed with a second factor (each TOTP code signs in once, so tests share it rather than signing in again).
 */
export async function operatorToken(): Promise<string> {
  return stack().ownerToken;
}

/** A console page opened on an operator's session (the console keeps its token in sessionStorage). */
export async function consolePage(browser: Browser, token: string, path = '/', width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript((token) => {
    if (location.protocol !== 'about:') sessionStorage.setItem('bo.token', token);
  }, token);
  await page.goto(`${baseUrl()}/backoffice${path}`);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

/** A console page of the owner, opened on that session. */
export async function ownerConsolePage(browser: Browser, path = '/'): Promise<Page> {
  return consolePage(browser, await operatorToken(), path, 1366);
}

export async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every endpoint through one shape.
  return (await response.json()) as { success: boolean; code: string; value: any };
}

/**
 * A new operator of a role, created by the owner, signed in with a second factor enrolled through the API (finance
 * must have one; the others may): the session the console opens with, and the operator's user name.
 */
export async function newOperator(
  role: 'finance' | 'operations' | 'support',
  prefix: string,
  displayName: string,
): Promise<{ token: string; username: string }> {
  const credentials = {
    username: `${prefix}${Date.now().toString(36).slice(-6)}`,
    password: 'Finance-payout-heron-2026',
  };
  const created = await api('POST', '/backoffice/api/operators', await operatorToken(), {
    ...credentials,
    displayName,
    role,
  });
  expect(created.success).toBe(true);
  const { token } = (await api('POST', '/backoffice/api/session', '', credentials)).value;
  const { secret } = (await api('POST', '/backoffice/api/session/totp', token)).value;
  const confirmed = await api('POST', '/backoffice/api/session/totp/confirm', token, {
    code: totpCodeAt(secret, siteNow()),
  });
  expect(confirmed.success).toBe(true);
  return { token: token as string, username: credentials.username };
}

/** A new finance operator's session (see newOperator). */
export async function financeToken(): Promise<string> {
  return (await newOperator('finance', 'fin', 'Finance desk')).token;
}
