import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, financeToken, useBrowser } from './browser.ts';

/**
 * One session for all the tabs of a site: the token stays in each tab's sessionStorage, a new tab takes the
 * session of an open one over a BroadcastChannel, and signing out in one tab signs out all of them. The player site
 * and the console each share their own.
 */
const browser = useBrowser();

/** Two tabs of one browser: the first opened with the token already in its session storage, the second without. */
async function twoTabs(
  of: () => Browser,
  first: { key: string; token: string; path: string },
  secondPath: string,
): Promise<[Page, Page]> {
  const context = await of().newContext({ viewport: { width: 1366, height: 900 } });
  const one = await context.newPage();
  await one.addInitScript(
    ([key, token]) => {
      if (location.protocol !== 'about:' && !sessionStorage.getItem('sessions-e2e')) {
        sessionStorage.setItem('sessions-e2e', '1');
        sessionStorage.setItem(key as string, token as string);
      }
    },
    [first.key, first.token],
  );
  await one.goto(`${baseUrl()}${first.path}`);
  const two = await context.newPage();
  await two.goto(`${baseUrl()}${secondPath}`);
  return [one, two];
}

const tokenIn = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

describe('sessions across tabs', () => {
  it('a second tab of the site is logged in too, and signing out there signs out the first', async () => {
    const member = await loggedInMember('tab');
    const [one, two] = await twoTabs(browser, { key: 'token', token: member.token, path: '/help' }, '/help');
    const myAccount = (page: Page) =>
      page.getByRole('banner').getByRole('button', { name: `My account: ${member.username}` });
    await myAccount(one).waitFor();
    await myAccount(two).waitFor();
    expect(await tokenIn(two, 'token')).toBe(member.token);
    expect(await two.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await two.evaluate(() => document.cookie)).not.toContain(member.token);

    await two.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await two.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
    await two.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    await one.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    expect(await tokenIn(one, 'token')).toBeNull();
    expect((await api('GET', '/wps/member/info', member.token)).success).toBe(false);
    await one.context().close();
  });

  it('a second tab of the console is signed in too, and signing out there signs out the first', async () => {
    const token = await financeToken();
    const [one, two] = await twoTabs(
      browser,
      { key: 'bo.token', token, path: '/backoffice/' },
      '/backoffice/',
    );
    await one.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await two.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await tokenIn(two, 'bo.token')).toBe(token);
    expect(await two.evaluate(() => localStorage.getItem('bo.token'))).toBeNull();

    await two.getByRole('button', { name: 'Sign out' }).click();
    await two.getByRole('heading', { name: 'Sign in' }).waitFor();
    await one.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await tokenIn(one, 'bo.token')).toBeNull();
    await one.context().close();
  });

  it("the site's session never reaches the console's tabs, nor the console's the site's", async () => {
    const member = await loggedInMember('tabx');
    const [site, console] = await twoTabs(
      browser,
      { key: 'token', token: member.token, path: '/help' },
      '/backoffice/',
    );
    await site
      .getByRole('banner')
      .getByRole('button', { name: `My account: ${member.username}` })
      .waitFor();
    await console.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await tokenIn(console, 'bo.token')).toBeNull();
    expect(await tokenIn(console, 'token')).toBeNull();
    await site.context().close();
  });
});

describe('the real-time socket', () => {
  it('reconnects and signs in again when its server restarts (close 1012), and the member stays signed in', async () => {
    const member = await loggedInMember('restart');
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript((token) => {
      if (location.protocol !== 'about:' && !sessionStorage.getItem('restart-e2e')) {
        sessionStorage.setItem('restart-e2e', '1');
        sessionStorage.setItem('token', token);
      }
    }, member.token);
    let opened = 0;
    let signedIn = 0;
    // Between the page and the server: the first socket is closed as a process shutting down closes it.
    await page.routeWebSocket(/\/ws$/, (ws) => {
      opened += 1;
      const connection = opened;
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        ws.send(message);
        if (typeof message === 'string' && message.includes('"audience":"member"')) {
          signedIn += 1;
          if (connection === 1) ws.close({ code: 1012, reason: 'server restarting' });
        }
      });
    });
    await page.goto(`${baseUrl()}/help`);
    await expect.poll(() => signedIn, { timeout: 30_000 }).toBe(2);
    expect(opened).toBe(2);
    await page
      .getByRole('banner')
      .getByRole('button', { name: `My account: ${member.username}` })
      .waitFor();
    await context.close();
  });
});
