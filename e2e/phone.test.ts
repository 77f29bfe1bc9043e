import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, operatorToken, screenshot, transitionsDone, useBrowser } from './browser.ts';
import { HEADERLESS_ROUTES, inAppNavigation, ROUTES, visitor } from './games-browser.ts';
import {
  controlsOffScreen,
  expectInside,
  memberSession,
  PHONE,
  sidewaysScroll,
  trialSession,
} from './layout.ts';

/**
 * The site on a phone (390×844): nothing scrolls sideways, the header's controls are on the screen, the account
 * drawer, the language list and the tab bar work; the console's dashboard on a phone. The screenshots of the phone
 * layout in both themes and three languages, and the header on wider screens, are in screens.test.ts.
 */
const browser = useBrowser();
const visit = visitor(browser);

/**
 * Visits every route of §2 in one tab and answers what scrolled sideways or left the screen. The page is loaded
 * once, on the first route (/index); then the app moves from route to route as its links do.
 */
async function walkRoutes(page: Page, accountButton: string): Promise<string[]> {
  const problems: string[] = [];
  const moveTo = await inAppNavigation(page);
  for (const [index, path] of ROUTES.entries()) {
    if (index > 0) await moveTo(path);
    // /helpmc, /support and /chat have no header; everywhere else the header is complete once its account button
    // shows (read even while a route's modal, such as the login a visitor gets on /member, hides the page from
    // assistive technology).
    // (read where the route led: /chat/live goes on to /support when the live chat is the built-in one).
    if (!HEADERLESS_ROUTES.includes(new URL(page.url()).pathname)) {
      await page
        .getByRole('banner', { includeHidden: true })
        .getByRole('button', { name: accountButton, exact: true, includeHidden: true })
        .waitFor();
    }
    const sideways = await sidewaysScroll(page);
    if (sideways > 0) problems.push(`${path}: the page scrolls ${sideways}px sideways`);
    for (const control of await controlsOffScreen(page))
      problems.push(`${path}: ${control} is off the screen`);
  }
  return problems;
}

describe('phone layout (390×844)', () => {
  for (const account of [
    { who: 'a visitor', session: async () => ({}), accountButton: 'Menu' },
    { who: 'a member', session: memberSession, accountButton: 'Account menu' },
    { who: 'a trial account', session: trialSession, accountButton: 'Account menu' },
  ]) {
    it(`no route scrolls sideways and the header stays on the screen, as ${account.who}`, async () => {
      const page = await visit('/index', { session: await account.session(), ...PHONE });
      expect(await walkRoutes(page, account.accountButton)).toEqual([]);
      await page.context().close();
    }, 120_000);
  }

  it('a member opens the account drawer on the screen, and the language list inside it', async () => {
    const page = await visit('/rng', { session: await memberSession(), ...PHONE });
    const banner = page.getByRole('banner');
    // The compact header: balance, deposit and the account button; the rest is in the drawer.
    await banner.getByText(/^Balance P \d/).waitFor();
    expect(await banner.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?page=depositv2',
    );
    expect(await banner.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Quick menu' }).count()).toBe(0);

    // The drawer's code (and the strings it needs) load once the page is idle, before any tap.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/AccountDrawer-[\w-]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    // So the first tap opens it without fetching its code (nor the dialogs' code) then: the dialog by its name is
    // the event waited for.
    const scriptsAfterTap: string[] = [];
    page.on('request', (request) => {
      if (/\/(AccountDrawer|ModalDialog)-[\w-]+\.js$/.test(request.url()))
        scriptsAfterTap.push(request.url());
    });
    await banner.getByRole('button', { name: 'Account menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await drawer.waitFor();
    expect(scriptsAfterTap).toEqual([]);
    await expectInside(drawer, PHONE);
    for (const name of ['Deposit', 'Withdraw', 'My account', 'Betting record', 'Help centre']) {
      await drawer.getByRole('link', { name, exact: true }).waitFor();
    }
    for (const name of ['Customer service', 'Speed test', 'Chat room', 'Sign out', 'Dark theme']) {
      await drawer.getByRole(name === 'Dark theme' ? 'switch' : 'button', { name }).waitFor();
    }
    // A member who is not an agent has no agent centre.
    expect(await drawer.getByRole('link', { name: 'Agent centre' }).count()).toBe(0);

    await drawer.getByRole('button', { name: 'Language: English' }).click();
    // The list opens in the drawer, which scrolls: it lies across the screen's width.
    const languages = drawer.getByRole('list', { name: 'Languages' });
    await languages.waitFor();
    const box = await languages.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
    await expect
      .poll(async () => (await languages.boundingBox())?.y ?? PHONE.height)
      .toBeLessThan(PHONE.height / 2);
    await transitionsDone(page);
    await screenshot(page, 'phone-drawer-languages');
    await languages.getByRole('button', { name: 'Tiếng Việt', exact: true }).click();
    // The open drawer is modal: it hides the page behind it from assistive technology, so the header is read hidden.
    await page
      .getByRole('banner', { includeHidden: true })
      .getByRole('link', { name: 'Nạp tiền', includeHidden: true })
      .waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // The drawer's links lead on and close it.
    await drawer.getByRole('link', { name: 'Lịch sử cược' }).click();
    await page.waitForURL(/\/member\?page=personalHistoryCopy$/);
    await drawer.waitFor({ state: 'detached' });
    // The member centre's page is drawn (its code arrives after the address changes) before the menu is opened again.
    await page.getByRole('heading', { name: 'Lịch sử cược', level: 2 }).waitFor();

    // Sign out asks first (in_sure_logout), as the desktop header does.
    await banner.getByRole('button', { name: 'Menu tài khoản' }).click();
    await drawer.getByRole('button', { name: 'Đăng xuất' }).click();
    const confirm = page.getByRole('dialog', { name: 'Đăng xuất' });
    await confirm.getByRole('button', { name: 'Đăng xuất' }).click();
    // Signed out on the member centre, the visitor gets its login modal, which hides the page behind it.
    await page
      .getByRole('banner', { includeHidden: true })
      .getByRole('button', { name: 'Đăng nhập', includeHidden: true })
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('a visitor\'s drawer logs in; a trial account\'s drawer says so and offers "Sign up for real" instead of deposit', async () => {
    const page = await visit('/help', PHONE);
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expectInside(drawer, PHONE);
    await drawer.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await page.context().close();

    const trial = await visit('/help', { session: await trialSession(), ...PHONE });
    await trial.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    const trialDrawer = trial.getByRole('dialog', { name: 'Menu', exact: true });
    await trialDrawer.getByText('Trial account').waitFor();
    expect(await trialDrawer.getByRole('link', { name: 'Deposit' }).count()).toBe(0);
    expect(await trial.getByRole('banner').getByRole('link', { name: 'Deposit' }).count()).toBe(0);
    await trialDrawer.getByRole('button', { name: 'Sign up for real' }).click();
    await trial.getByRole('dialog', { name: 'Sign up' }).waitFor();
    await trialDrawer.waitFor({ state: 'detached' });
    expect(await trial.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await trial.context().close();
  });

  it("the tab bar's home, games, deposit, promotions and account work", async () => {
    const page = await visit('/help', PHONE);
    const tabs = page.getByRole('navigation', { name: 'Shortcuts' });
    await expectInside(tabs, PHONE);

    await tabs.getByRole('link', { name: 'Promotions' }).click();
    await page.waitForURL(/\/promotions$/);
    await expect
      .poll(() => tabs.getByRole('link', { name: 'Promotions' }).getAttribute('aria-current'))
      .toBe('page');

    await tabs.getByRole('button', { name: 'Games' }).click();
    const games = page.getByRole('dialog', { name: 'Game categories' });
    await expectInside(games, PHONE);
    await games.getByRole('link', { name: 'Slots' }).click();
    await page.waitForURL(/\/rng$/);
    await games.waitFor({ state: 'detached' });

    await tabs.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(/\/index$/);

    // A visitor's deposit asks for a login.
    await tabs.getByRole('link', { name: 'Deposit' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await tabs.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu', exact: true }).waitFor();
    await page.context().close();

    const member = await visit('/help', { session: await memberSession(), ...PHONE });
    const memberTabs = member.getByRole('navigation', { name: 'Shortcuts' });
    await memberTabs.getByRole('link', { name: 'Deposit' }).click();
    await member.waitForURL(/\/member\?page=depositv2$/);
    // As a person would, tap Account once the deposit page shows (its arrival closes an open drawer).
    await member.getByRole('heading', { name: 'Deposit', exact: true }).waitFor();
    await memberTabs.getByRole('button', { name: 'Account' }).click();
    await member.getByRole('dialog', { name: 'Menu', exact: true }).waitFor();
    await member.context().close();
  });

  it('tapping an announcement title brings its text into view', async () => {
    const page = await visit('/noticePage', PHONE);
    const list = page.getByRole('region', { name: 'All announcements' });
    const titles = list.getByRole('list').first().getByRole('button');
    await expect.poll(() => titles.count()).toBe(8);
    const last = titles.last();
    const title = (await last.locator('.notice-page__item-title').textContent()) ?? '';
    await last.click();
    const heading = page.getByRole('heading', { name: title, level: 2 });
    await heading.waitFor();
    await expect
      .poll(async () => {
        const box = await heading.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height / 2;
      })
      .toBe(true);
    await page.context().close();
  });

  it("home's first screen has a rail of hot games, and the Lottery card's HOT badge keeps its own width", async () => {
    const page = await visit('/index', PHONE);
    const hot = page.getByRole('list', { name: 'Hot games' }).getByRole('listitem').first();
    await expectInside(hot, PHONE);

    const lottery = page.getByRole('link', { name: /^Lottery\s*Hot/ });
    const badge = lottery.getByText('Hot', { exact: true });
    await badge.scrollIntoViewIfNeeded();
    const card = await lottery.boundingBox();
    const mark = await badge.boundingBox();
    // A pill around its word, not a bar across the card.
    expect(mark?.width).toBeLessThan(80);
    expect(mark?.width).toBeLessThan((card?.width ?? 0) / 3);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await screenshot(page, `phone-home-rails-${theme}`);
    }
    await page.context().close();
  });
});

describe('the console on a phone', () => {
  it('screenshots of the dashboard in light and dark, in English, Vietnamese and Chinese, with no sideways scroll', async () => {
    const token = await operatorToken();
    const dashboard = { en: 'Dashboard', vi: readConsoleTitle('vi'), zh: readConsoleTitle('zh') };
    for (const theme of ['light', 'dark'] as const) {
      for (const language of ['en', 'vi', 'zh'] as const) {
        const page = await browser().newPage({ viewport: PHONE });
        await page.addInitScript(
          (stored: { session: string; theme: string; lang: string }) => {
            if (location.protocol === 'about:') return;
            sessionStorage.setItem('bo.token', stored.session);
            localStorage.setItem('bo.theme', stored.theme);
            localStorage.setItem('bo.lang', stored.lang);
          },
          { session: token, theme, lang: language },
        );
        await page.goto(`${baseUrl()}/backoffice/`);
        await page.getByRole('heading', { name: dashboard[language], level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-console-dashboard-${theme}-${language}`);
        await page.close();
      }
    }
  });
});

/** The console's dashboard title in a language, from its bundle. */
function readConsoleTitle(language: 'vi' | 'zh'): string {
  const path = join(import.meta.dirname, `../apps/backoffice/src/i18n/locales/${language}/console.json`);
  return (JSON.parse(readFileSync(path, 'utf8')) as { nav: { dashboard: string } }).nav.dashboard;
}
