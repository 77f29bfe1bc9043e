import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  api,
  baseUrl,
  E2E_CAPTCHA_ANSWER,
  operatorToken,
  screenshot,
  transitionsDone,
  useBrowser,
  visible,
} from './browser.ts';

/** What the accounts tests share (accounts.test.ts and accounts-modals.test.ts): pages, the modals, signing in and out. */

let browser: () => Browser = () => {
  throw new Error('call useAccountsBrowser() in the test file');
};

/** One Chromium for the test file (useBrowser: every page worked under the CSP), which the helpers here open pages in. */
export function useAccountsBrowser(): void {
  browser = useBrowser();
}

interface Options {
  theme?: 'light' | 'dark';
  width?: number;
  height?: number;
}

export async function newContext(options: Options = {}): Promise<BrowserContext> {
  const context = await browser().newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
  });
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
  if (options.theme) {
    await context.addInitScript((theme: string) => {
      if (location.protocol !== 'about:') localStorage.setItem('theme', theme);
    }, options.theme);
  }
  return context;
}

export async function open(path: string, options: Options = {}): Promise<Page> {
  const page = await (await newContext(options)).newPage();
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

export async function close(page: Page): Promise<void> {
  await page.context().close();
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
export const header = (page: Page) => page.getByRole('banner');
export const sessionValue = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/**
 * Waits for the captcha image shown in `scope` (a new one when `previous` is given) and types the answer: the test
 * server's verifier (CAPTCHA_PROVIDER=test) always draws E2E_CAPTCHA_ANSWER, so nothing reads the image.
 */
export async function fillCaptcha(scope: Locator, previous?: string | null): Promise<string> {
  const image = scope.getByAltText('Captcha image');
  await image.waitFor();
  if (previous) await expect.poll(() => image.getAttribute('src')).not.toBe(previous);
  const src = (await image.getAttribute('src')) ?? '';
  await scope.getByRole('textbox', { name: 'Captcha' }).fill(E2E_CAPTCHA_ANSWER.toLowerCase());
  return src;
}

export async function openLogin(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Log in' }).click();
  const login = dialog(page, 'Log in');
  await visible(login.getByRole('textbox', { name: 'Username' }));
  return login;
}

/** The post-login announcements (type PL) meant for the session's member, which the after-login modal shows. */
export async function postLoginTitles(token: string): Promise<string[]> {
  const answer = await api('GET', '/wps/relay/MCSFE_getListAnnouncements?type=PL', token);
  return (answer.value.player as { title: string }[]).map((announcement) => announcement.title);
}

/** After a login the post-login modal shows the first post-login announcement for the member; it is closed here. */
export async function closePostLoginModal(page: Page): Promise<void> {
  await expect.poll(() => sessionValue(page, 'token')).not.toBeNull();
  const [first] = await postLoginTitles((await sessionValue(page, 'token')) as string);
  if (!first) return;
  const modal = dialog(page, first);
  await visible(modal);
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
}

export async function logIn(
  page: Page,
  username: string,
  password: string,
  { forced = false } = {},
): Promise<void> {
  const login = await openLogin(page);
  await login.getByRole('textbox', { name: 'Username' }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
  // A forced password change comes instead of the post-login modal.
  if (!forced) await closePostLoginModal(page);
}

/** The header's "my account" button, which carries the member's nickname (or account name). */
export const accountButton = (page: Page, name: string) =>
  header(page).getByRole('button', { name: `My account: ${name}` });
/** The header's name of a member registered by a Vietnamese mobile number: the number masked, not "m84…". */
export const mobileName = (mobile: string) => `+84 •••${mobile.slice(-3)}`;

export async function signOut(page: Page): Promise<void> {
  await header(page).getByRole('button', { name: 'Sign out' }).click();
  const confirm = dialog(page, 'Sign out');
  await visible(confirm.getByText('Are you sure you want to sign out?'));
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await visible(header(page).getByRole('button', { name: 'Log in' }));
}

export async function playerId(username: string): Promise<number> {
  const token = await operatorToken();
  const found = await api('GET', `/backoffice/api/players?q=${username}`, token);
  const row = (found.value.list as { id: number; username: string }[]).find((p) => p.username === username);
  if (!row) throw new Error(`no player ${username}`);
  return row.id;
}

/** A screenshot once the dialogs' fade-in (100 ms) and the page's transitions are over. */
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  await transitionsDone(page);
  await screenshot(page, name);
}
