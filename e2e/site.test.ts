import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BANNER_AUTOPLAY_MS } from '@tessera/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, launchBrowser, operatorToken, screenshot, takePageProblems } from './browser.ts';
import { settled } from './first-load.ts';

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

interface PlayerOptions {
  width?: number;
  height?: number;
  theme?: 'light' | 'dark';
  lang?: string;
  token?: string;
  /** Full motion (the banners rotate by themselves); the contexts of these tests ask for less motion otherwise. */
  motion?: boolean;
}

/**
 * A player's browser context on a desktop screen. The speed test's domains (*.example) are answered here,
 * so no request leaves the machine.
 */
async function playerContext(options: PlayerOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    ...(options.motion ? { reducedMotion: 'no-preference' as const } : {}),
  });
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
  await context.addInitScript((init: PlayerOptions) => {
    // The first document of a new page (about:blank) has no storage: only the site's pages are set up.
    if (location.protocol === 'about:') return;
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    if (init.theme) localStorage.setItem('theme', init.theme);
    if (init.lang) localStorage.setItem('lang', init.lang);
    if (init.token) sessionStorage.setItem('token', init.token);
  }, options);
  return context;
}

async function open(path: string, options: PlayerOptions = {}): Promise<Page> {
  const context = await playerContext(options);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** A real member's session (registered through the API): the site checks a token with the server at startup. */
async function memberToken(): Promise<string> {
  return (await loggedInMember('site')).token;
}

async function publicApi<T>(path: string, language = 'EN'): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { Language: language } });
  return ((await response.json()) as { value: T }).value;
}

async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}

const HOME_TITLE = {
  en: 'Lottery, live casino, slots and more',
  vi: 'Xổ số, casino trực tuyến, slot và nhiều hơn nữa',
};

/** The player site's translation bundle of a language. */
function bundle(language: 'en' | 'vi' | 'zh'): { home: { title: string } } {
  const file = join(import.meta.dirname, '../apps/web/src/i18n/locales', language, 'common.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe('player site: banners and notices', () => {
  it('each path group shows only its own banners, and rotates only with more than one', async () => {
    const groups = [
      ['/index', 'w_home'],
      ['/live', 'w_live'],
      ['/rng', 'w_rng'],
      ['/down', 'w_down'],
      ['/help', 'w_help'],
      ['/register', 'w_register'],
    ] as const;
    // The page's clock moves on at the test's word (page.clock), not the rotation's five seconds of wall time.
    const page = await (await playerContext({ motion: true })).newPage();
    await page.clock.install();
    await page.goto(`${baseUrl()}/index`);
    for (const [path, group] of groups) {
      const expected = (await publicApi<{ title: string }[]>(`/wps/system/banners?groupName=${group}`)).map(
        (banner) => banner.title,
      );
      expect(expected.length, group).toBeGreaterThan(0);
      await page.goto(`${baseUrl()}${path}`);
      const carousel = page.getByRole('region', { name: 'Featured' });
      await carousel.waitFor();
      // The banners' images (the pause button's icon is not one).
      const images = carousel
        .locator('[aria-roledescription="slide"]')
        .getByRole('img', { includeHidden: true });
      await expect.poll(() => images.count()).toBe(expected.length);
      const shown = await images.evaluateAll((elements) =>
        elements.map((image) => image.getAttribute('alt')),
      );
      expect(shown.sort()).toEqual([...expected].sort());

      const dots = carousel.getByRole('button', { name: /^Banner \d+$/ });
      if (expected.length > 1) {
        expect(await dots.count()).toBe(expected.length);
        // The carousel moves on by itself to the second banner when its time comes…
        await page.clock.runFor(BANNER_AUTOPLAY_MS);
        await carousel.getByRole('group', { name: `2 of ${expected.length}` }).waitFor();
        // …and a dot picks a banner.
        await dots.first().click();
        await carousel.getByRole('group', { name: `1 of ${expected.length}` }).waitFor();
      } else {
        expect(await dots.count()).toBe(0);
        await expectVisible(carousel.getByRole('group', { name: '1 of 1' }));
      }
    }
    // A page without a group shows no carousel.
    await page.goto(`${baseUrl()}/join`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Featured' }).count()).toBe(0);
    await close(page);
  });

  it('clicking a title in the marquee opens the notice modal at that notice', async () => {
    const notices = await publicApi<{ title: string }[]>('/wps/system/notices');
    const target = notices[1];
    expect(target).toBeDefined();
    const page = await open('/index');
    const bar = page.getByRole('region', { name: 'Announcements' });
    await bar.getByRole('button', { name: target?.title }).click();
    const dialog = page.getByRole('dialog', { name: target?.title });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(`2 / ${notices.length}`));
    await dialog.getByRole('button', { name: 'Next notice' }).click();
    await expectVisible(page.getByRole('dialog', { name: notices[2]?.title }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await close(page);
  });

  it('the announcements page lists 8 titles a page and paginates', async () => {
    const notices = await publicApi<{ title: string; content: string }[]>('/wps/system/notices');
    expect(notices.length).toBeGreaterThan(8);
    const page = await open('/noticePage');
    await page.getByRole('heading', { name: 'Announcements', level: 1 }).waitFor();
    const list = page.getByRole('region', { name: 'All announcements' });
    // The titles are the region's first list; the page buttons are another.
    const items = list.getByRole('list').first().getByRole('listitem');
    await expect.poll(() => items.count()).toBe(8);
    await expectVisible(page.getByRole('heading', { name: notices[0]?.title, level: 2 }));

    await list.getByRole('button', { name: notices[3]?.title }).click();
    await expectVisible(page.getByRole('heading', { name: notices[3]?.title, level: 2 }));

    const pages = page.getByRole('navigation', { name: 'Announcement pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => items.count()).toBe(notices.length - 8);
    await expectVisible(list.getByRole('button', { name: notices[8]?.title }));
    await expectVisible(page.getByRole('heading', { name: notices[8]?.title, level: 2 }));
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await close(page);
  });
});

describe('player site: languages and themes', () => {
  it('switching to Vietnamese changes the header text and survives a reload', async () => {
    const page = await open('/help');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('link', { name: 'Home' }));
    await page.getByRole('banner').getByRole('button', { name: 'Language: English' }).click();
    // The full list of §1; languages without a bundle say that they fall back to English.
    const languages = page.getByRole('list', { name: 'Languages' }).getByRole('button');
    await expect.poll(() => languages.count()).toBe(17);
    await expectVisible(page.getByRole('button', { name: '日本語 Interface in English' }));
    await page.getByRole('button', { name: 'Tiếng Việt', exact: true }).click();

    const viNav = page.getByRole('navigation', { name: 'Chính' });
    await expectVisible(viNav.getByRole('link', { name: 'Trang chủ' }));
    await expectVisible(page.getByRole('button', { name: 'Đăng nhập' }));
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['VI', 'VI']);
    await page.reload();
    await expectVisible(
      page.getByRole('navigation', { name: 'Chính' }).getByRole('link', { name: 'Trang chủ' }),
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    await close(page);
  });

  it('the language menu works from the keyboard, and Escape or a click outside shuts it', async () => {
    const page = await open('/help');
    const button = page.getByRole('banner').getByRole('button', { name: 'Language: English' });
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Languages' });
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Focus lands on the current language; Tab moves on to the next one.
    const english = menu.getByRole('button', { name: 'English', exact: true });
    await expect.poll(() => focused(english)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(english)).toBe(false);
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Escape shuts it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The popover gives focus back as it closes, which can land a frame after the menu is gone.
    await expect.poll(() => focused(button)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // A click outside shuts it too.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await menu.waitFor({ state: 'detached' });
    // Opened by the mouse (the hover, then a click that keeps it open), Escape shuts it as well.
    await button.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await close(page);
  });

  it("the language selector is not in the home page's header, but in its footer", async () => {
    const page = await open('/index');
    await page.getByRole('heading', { name: HOME_TITLE.en }).waitFor();
    await expectVisible(page.getByRole('switch', { name: 'Dark theme' }));
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Language:/ })
        .count(),
    ).toBe(0);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: /^Language:/ }).click();
    await footer.getByRole('button', { name: 'Tiếng Việt', exact: true }).click();
    await page.getByRole('heading', { name: HOME_TITLE.vi }).waitFor();
    await close(page);
  });

  it('the dark theme survives a reload', async () => {
    const page = await open('/index');
    const theme = page.getByRole('switch', { name: 'Dark theme' });
    expect(await theme.getAttribute('aria-checked')).toBe('false');
    await theme.click();
    expect(await theme.getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: HOME_TITLE.en }).waitFor();
    expect(await page.getByRole('switch', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await close(page);
  });

  it('screenshots of home in light and dark, in English, Vietnamese and Chinese', async () => {
    const headings: Record<string, string> = {
      EN: HOME_TITLE.en,
      VI: bundle('vi').home.title,
      CN: bundle('zh').home.title,
    };
    for (const theme of ['light', 'dark'] as const) {
      for (const [lang, bundle] of [
        ['EN', 'en'],
        ['VI', 'vi'],
        ['CN', 'zh'],
      ] as const) {
        const page = await open('/index', { theme, lang });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(headings[lang]);
        await page.getByRole('region', { name: /.+/ }).first().waitFor();
        await screenshot(page, `home-${theme}-${bundle}`, { networkIdle: true });
        await close(page);
      }
    }
  });
});

describe('player site: home rails', () => {
  /** A rail of home by its title, and its list of the same name. */
  const rail = (page: Page, title: string) =>
    page.getByRole('region', { name: title }).getByRole('list', { name: title });

  it('at 1440x900 the first screen shows hot games; below come the next draws with their countdowns, new games, the reported jackpots and the latest wins', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await open('/index', { width: 1440, height: 900, theme });
      const firstHot = rail(page, 'Hot games').getByRole('listitem').first();
      await firstHot.getByRole('button', { name: /^Play / }).waitFor();
      const box = await firstHot.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(900);
      expect(box?.y).toBeGreaterThan(0);

      // The next draws: the soonest to close first, each with its countdown and the way to its betting view.
      const draw = rail(page, 'Next draws').getByRole('listitem').first();
      await draw.getByText(/^Closes in\s*\d{2}:\d{2}/).waitFor();
      // The lottery's /lgw calls answer bare JSON.
      const next = (await (await fetch(`${baseUrl()}/lgw/games`)).json()) as {
        gameName: string;
        numero: string | null;
        lockTime: number;
      }[];
      const soonest = next.filter((game) => game.numero && game.lockTime > 0).map((game) => game.gameName);
      expect(soonest).toContain(await draw.getAttribute('aria-label'));
      expect(await draw.getByRole('link').getAttribute('href')).toMatch(/\?gameCode=[A-Z0-9_]+$/);

      expect(await rail(page, 'New games').getByRole('listitem').count()).toBeGreaterThan(0);

      // Jackpots only as the providers report them: the amounts of VIS_getJackpot, nothing made up.
      const jackpots = await publicApi<{ list: { displayName: string; amount: number }[] }>(
        '/wps/relay/VIS_getJackpot',
      );
      expect(jackpots.list.length).toBeGreaterThan(0);
      for (const jackpot of jackpots.list) {
        const amount = jackpot.amount.toLocaleString('en-GB', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        await rail(page, 'Jackpots')
          .getByRole('listitem', { name: jackpot.displayName })
          .getByText(amount, { exact: false })
          .waitFor();
      }
      await page.getByRole('heading', { name: 'Latest big wins' }).waitFor();
      // A visitor has no recently played games.
      expect(await page.getByRole('region', { name: 'Recently played' }).count()).toBe(0);
      await screenshot(page, `home-rails-1440-${theme}`, { networkIdle: true });
      await screenshot(page, `home-rails-1440-${theme}-full`, { fullPage: true });
      await close(page);
    }
  });

  it("a member's home shows the games they played, the latest first", async () => {
    const token = await memberToken();
    const slots = await publicApi<{ games: { nodeId: number; gameName: string }[] }>(
      '/wps/relay/GCSGAME_gameList?vassalage=HOUSE_SLOTS&pageSize=2',
    );
    const [first, second] = slots.games;
    if (!first || !second) throw new Error('the demo has two house slots');
    for (const game of [first, second]) {
      const launched = await api('GET', `/wps/game/launchGame?nodeId=${game.nodeId}`, token);
      expect(launched.success).toBe(true);
    }
    const page = await open('/index', { width: 1440, height: 900, token });
    const recent = rail(page, 'Recently played').getByRole('listitem');
    // The rail shows unnamed placeholders while it loads: wait for the games themselves.
    await expect
      .poll(() => recent.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))))
      .toEqual([second.gameName, first.gameName]);
    await close(page);
  });
});

describe('player site: guard and routes', () => {
  it('with the guard option on, a visitor reaches only the open paths; the rest goes to /login', async () => {
    const token = await operatorToken();
    const current = (await api('GET', '/backoffice/api/settings/site', token)).value;
    const saved = await api('PUT', '/backoffice/api/settings/site', token, {
      ...current,
      redirectToLoginWithoutToken: true,
    });
    expect(saved.success).toBe(true);
    try {
      const page = await open('/noticePage');
      await page.waitForURL(/\/login$/);
      await expectVisible(page.getByRole('dialog', { name: 'Log in' }));
      for (const path of ['/vip', '/index', '/help']) {
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForURL(/\/login$/);
      }
      await page.goto(`${baseUrl()}/download`);
      await expectVisible(page.getByRole('heading', { name: 'Tessera on your phone' }));
      expect(new URL(page.url()).pathname).toBe('/download');
      await page.goto(`${baseUrl()}/helpmc`);
      await expectVisible(page.getByRole('heading', { name: 'Help centre', level: 1 }));
      expect(new URL(page.url()).pathname).toBe('/helpmc');
      await page.goto(`${baseUrl()}/register`);
      await expectVisible(page.getByRole('dialog', { name: 'Sign up' }));
      expect(new URL(page.url()).pathname).toBe('/register');
      await close(page);

      // A session token opens every path.
      const member = await open('/noticePage', { token: await memberToken() });
      await expectVisible(member.getByRole('heading', { name: 'Announcements', level: 1 }));
      expect(new URL(member.url()).pathname).toBe('/noticePage');
      await close(member);
    } finally {
      await api('PUT', '/backoffice/api/settings/site', token, { ...current });
    }
  });

  it('/download shows a QR code and a link for each resource', async () => {
    const { resources } = await publicApi<{
      resources: { title: string; url: string; resourceType: string }[];
    }>('/wps/system/routers');
    const page = await open('/download');
    await expectVisible(page.getByRole('heading', { name: 'Tessera on your phone' }));
    for (const resource of resources) {
      await page.getByRole('img', { name: `QR code for ${resource.title}` }).waitFor({ state: 'attached' });
      const link = page.getByRole('link', { name: new RegExp(`(Download for|Open) ${resource.title}$`) });
      expect(await link.getAttribute('href')).toBe(resource.url);
    }
    await close(page);
  });

  it('a page shows its page type; one whose area is not built yet shows a translated "coming soon"', async () => {
    const page = await open('/promotions');
    await expectVisible(page.getByRole('heading', { name: 'Promotions', level: 1 }));
    expect(await page.locator('[data-page]').getAttribute('data-page')).toBe('promotions');
    await close(page);
    const seamless = await open('/seamless');
    await expectVisible(seamless.getByRole('heading', { name: 'Coming soon' }));
    expect(await seamless.locator('[data-page]').getAttribute('data-page')).toBe('seamless');
    await close(seamless);
  });

  it('/seamless is header only, and the header folds away and comes back', async () => {
    const page = await open('/seamless');
    await expectVisible(page.getByRole('heading', { name: 'Coming soon' }));
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.getByRole('button', { name: 'Hide header' }).click();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show header' }).click();
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    await close(page);
  });

  it('/helpmc shows the help centre without the header', async () => {
    const page = await open('/helpmc');
    await expectVisible(page.getByRole('heading', { name: 'Help centre', level: 1 }));
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('link', { name: /Deposits and withdrawals/ }).click();
    await expectVisible(page.getByRole('heading', { name: 'Deposits and withdrawals', level: 2 }));
    await page.getByText('How do I withdraw?').click();
    await expectVisible(page.getByText(/enter the amount and your withdrawal password/));
    await close(page);
  });

  it('a page whose code cannot be loaded says "Loading chunk failed" and offers a retry', async () => {
    const context = await playerContext();
    await context.route(/\/assets\/NoticePage-[^/]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/noticePage`);
    await expectVisible(page.getByRole('heading', { name: 'Loading chunk failed' }));
    await expectVisible(page.getByRole('button', { name: 'Retry' }));
    await context.unroute(/\/assets\/NoticePage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Announcements', level: 1 }));
    // The aborted chunk is the only thing the page reported.
    const problems = takePageProblems();
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(problem).toMatch(/ERR_FAILED|Loading chunk failed|^\s+at /);
    }
    await context.close();
  });
  it('a link opens its page at the top; Back returns to where the page was left, also after a reload', async () => {
    const page = await open('/index');
    // Home whole (its rails in): the page no longer grows under the reader.
    await settled(page);
    await page.getByRole('heading', { name: 'Latest big wins' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Down to the footer, as a reader who has read the page.
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' });
    await terms.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(200);

    await terms.click();
    await expectVisible(page.getByRole('heading', { name: 'Terms and conditions', level: 1 }));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Back where the reader was: the footer's link in view again, within a rail's height of the position left. Not
    // the exact pixel: home's live parts (the next draws as they lock and reopen, the winners as they come) may have
    // made the page a little shorter by then, and at its end a position holds only as far as the page reaches.
    const whereLeft = async () => {
      const box = await terms.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      const y = await page.evaluate(() => window.scrollY);
      return box !== null && box.y >= 0 && box.y + box.height <= height && Math.abs(y - left) < 200;
    };
    await page.goBack();
    await page.getByRole('heading', { name: HOME_TITLE.en }).waitFor();
    await expect.poll(whereLeft).toBe(true);

    // Forward, then a reload of home after going back: the position is kept for the tab.
    await page.goForward();
    await expectVisible(page.getByRole('heading', { name: 'Terms and conditions', level: 1 }));
    await page.goBack();
    await expect.poll(whereLeft).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: HOME_TITLE.en }).waitFor();
    await expect.poll(whereLeft).toBe(true);
    await close(page);
  });
});

describe('player site: header and right bar', () => {
  it('a game type opens a drop-down of its vendors with hot marks and a "more" link', async () => {
    // /lgw answers come without the envelope: an object of menus keyed by game type.
    const response = await fetch(`${baseUrl()}/lgw/games/game_menus`, { headers: { Language: 'EN' } });
    const menus = Object.values(
      (await response.json()) as Record<
        string,
        { gameType: string; title: string; sort: number; vendors: { displayName: string; isHot: 0 | 1 }[] }
      >,
    ).sort((a, b) => a.sort - b.sort);
    const lottery = menus.find((menu) => menu.gameType === 'LOTT');
    expect(lottery).toBeDefined();
    const page = await open('/index');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const menu of menus) await expectVisible(nav.getByRole('link', { name: menu.title, exact: true }));
    await nav.getByRole('link', { name: lottery?.title, exact: true }).hover();
    const vendors = nav.getByRole('list', { name: `${lottery?.title} providers` });
    await expectVisible(vendors);
    for (const vendor of lottery?.vendors.slice(0, 6) ?? []) {
      const link = vendors.getByRole('link', {
        name: vendor.isHot ? `${vendor.displayName} Hot` : vendor.displayName,
      });
      await expectVisible(link);
    }
    const more = nav.getByRole('link', { name: `More ${lottery?.title}` });
    await more.click();
    await page.waitForURL(/\/lottery$/);
    await close(page);
  });

  it('keyboard users tab from game type to game type, and open the vendors with the down arrow', async () => {
    const page = await open('/index');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const lottery = nav.getByRole('link', { name: 'Lottery', exact: true });
    const vendors = nav.getByRole('list', { name: 'Lottery providers' });
    // The drop-downs come with the game menus (hidden until opened, so not yet in the accessibility tree).
    await page.locator('.nav-dropdown__list').first().waitFor({ state: 'attached' });
    await lottery.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('E-Lottery');
    await lottery.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        vendors
          .getByRole('link')
          .first()
          .evaluate((link) => link === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    expect(await lottery.evaluate((link) => link === document.activeElement)).toBe(true);
    await close(page);
  });

  it('logged out: "Log in" and "Sign up" open their modals, which Escape closes, giving focus back', async () => {
    const page = await open('/index');
    const focusedName = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
    await page.getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await expectVisible(dialog.getByRole('textbox', { name: 'Username' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back once the dialog has let go of it, just after it leaves the page.
    await expect.poll(focusedName).toBe('Sign up');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Log in' }));
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(focusedName).toBe('Log in');
    await close(page);
  });

  it('logged in (a token in session storage): deposit, withdraw, agent, and sign out after in_sure_logout', async () => {
    const token = await memberToken();
    const page = await open('/help', { token });
    const banner = page.getByRole('banner');
    await expectVisible(banner.getByRole('link', { name: 'Deposit' }));
    expect(await banner.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?page=depositv2',
    );
    expect(await banner.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/member?page=withdraw',
    );
    await expectVisible(banner.getByRole('link', { name: 'Agent' }));
    expect(await banner.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    // Platform messages show for a member when the message centre is on.
    await expectVisible(
      page.getByRole('complementary', { name: 'Quick menu' }).getByRole('link', { name: 'Messages' }),
    );

    await banner.getByRole('button', { name: 'Sign out' }).click();
    let dialog = page.getByRole('dialog', { name: 'Sign out' });
    await expectVisible(dialog.getByText('Are you sure you want to sign out?'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(token);

    await banner.getByRole('button', { name: 'Sign out' }).click();
    dialog = page.getByRole('dialog', { name: 'Sign out' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expectVisible(page.getByRole('button', { name: 'Log in' }));
    await page.waitForURL(/\/index$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await close(page);
  });

  it('the right bar runs the speed test over the domain list and folds away', async () => {
    const { domainList } = await publicApi<{ domainList: string[] }>('/wps/system/domainRoute');
    const page = await open('/index');
    const bar = page.getByRole('complementary', { name: 'Quick menu' });
    await bar.getByRole('button', { name: 'Speed test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Speed test' });
    for (const domain of domainList) {
      const row = dialog.getByRole('row', { name: new RegExp(new URL(domain).host.replaceAll('.', '\\.')) });
      await expectVisible(row.getByText(/^\d+ ms$/));
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await bar.getByRole('button', { name: 'More' }).click();
    // The menu is a popover beside the bar, named by its button.
    const more = page.getByRole('dialog', { name: 'More' });
    await expectVisible(more.getByRole('link', { name: 'Help centre' }));
    expect(await more.getByRole('link', { name: 'Messaging app' }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await more.getByRole('button', { name: 'Chat room' }).click();
    await more.waitFor({ state: 'detached' });
    // A visitor who opens the chat room is asked to log in (§4 chat).
    await expectVisible(page.getByRole('dialog', { name: 'Log in' }));
    await page.keyboard.press('Escape');

    await bar.getByRole('button', { name: 'Hide quick menu' }).click();
    await expectVisible(bar.getByRole('button', { name: 'Show quick menu' }));
    expect(await bar.getByRole('button', { name: 'Speed test' }).count()).toBe(0);
    await page.reload();
    await expectVisible(page.getByRole('button', { name: 'Show quick menu' }));
    await close(page);
  });

  it('on a phone the site is usable: navigation scrolls, log in is reachable', async () => {
    const page = await open('/index', { width: 390, height: 844 });
    await expectVisible(page.getByRole('heading', { name: HOME_TITLE.en }));
    await expectVisible(page.getByRole('button', { name: 'Log in' }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sports', exact: true })
      .click();
    await page.waitForURL(/\/sports$/);
    await screenshot(page, 'player-phone-sports');
    await close(page);
  });
});
