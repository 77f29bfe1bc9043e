import type { Browser, Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { PAGE_ROUTES } from '../apps/web/src/app/routes.ts';
import { api, baseUrl } from './browser.ts';

/** What the lobby and game browser tests share: opening the site with storage set, and finding games. */

export interface Visit {
  /** Session storage before the site starts (a token, the trial flag). */
  session?: Record<string, string>;
  /** Local storage (theme, language). */
  local?: Record<string, string>;
  width?: number;
  height?: number;
  /** A phone: its screen (390×844 unless width and height say otherwise), touch and mobile viewport. */
  phone?: boolean;
  /**
   * The page's clock starts at this time and its timers can be moved forward with the site's (`page.clock`,
   * installed before the site starts; time then runs on as usual).
   */
  clock?: Date;
}

/** Opens a path of the site in a new context, with what storage holds before the site starts. */
export const visitor =
  (browser: () => Browser) =>
  async (
    path: string,
    {
      session = {},
      local = {},
      phone = false,
      width = phone ? 390 : 1366,
      height = phone ? 844 : 900,
      clock,
    }: Visit = {},
  ): Promise<Page> => {
    const context = await browser().newContext({
      viewport: { width, height },
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    // Artwork on the demo data's example hosts: answered empty, never looked up.
    await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
    await context.addInitScript(
      ([sessionValues, localValues]) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('lobby-e2e')) return;
        sessionStorage.setItem('lobby-e2e', '1');
        for (const [key, value] of Object.entries(sessionValues ?? {})) sessionStorage.setItem(key, value);
        for (const [key, value] of Object.entries(localValues ?? {})) localStorage.setItem(key, value);
      },
      [session, local],
    );
    const page = await context.newPage();
    if (clock) await page.clock.install({ time: clock });
    await page.goto(`${baseUrl()}${path}`);
    return page;
  };

export const games = (page: Page) => page.getByRole('list', { name: 'Slots games' });
export const tile = (page: Page, name: string) => games(page).getByRole('listitem', { name, exact: true });
export const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The launch calls a page makes (a "Coming Soon" game must make none). */
export function launchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/launchGame|GCS_gameTrialLaunch|GCS_gameLaunchFB/.test(request.url())) calls.push(request.url());
  });
  return calls;
}

/** Waits until a control's state attribute (aria-pressed, aria-selected) reads as expected. */
export async function expectState(
  control: Locator,
  attribute: string,
  value: 'true' | 'false',
): Promise<void> {
  await expect.poll(() => control.getAttribute(attribute)).toBe(value);
}

/** Every route of §2: home and the pages of app/routes.ts. */
export const ROUTES = ['/index', ...PAGE_ROUTES.map((route) => route.path)];
/** The routes drawn without the site's header (/helpmc, and the customer service's and chat room's own pages). */
export const HEADERLESS_ROUTES = PAGE_ROUTES.filter((route) => route.layout?.header === false).map(
  (route) => route.path,
);

/**
 * For a page of the app that has loaded: a function that moves it to a path as the app's links do (history and the
 * router, without reloading it) and waits, as networkidle does for a load, until the route's code and data have come:
 * no request in flight across two of the page's frames (a request the page starts as it renders what came, such as
 * a lazy page's data, is reported before the frame that started it has passed).
 */
export async function inAppNavigation(page: Page): Promise<(path: string) => Promise<void>> {
  await page.waitForLoadState('networkidle');
  // The requests themselves, not a count: one the page started before these listeners (a poll due just after the
  // network went quiet) ends without having been counted, which would leave a count below zero and never quiet.
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  const settle = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async (path) => {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const nextFrame = () =>
      page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 20))));
    for (let quiet = 0; quiet < 2; quiet = inFlight.size === 0 ? quiet + 1 : 0) await nextFrame();
  };
}

/** The catalogue id (nodeId) of a house slot by its code, as the lobby lists it. */
export async function nodeIdOf(code: string): Promise<number> {
  const list = await api(
    'GET',
    `/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=HOUSE_SLOTS&pageSize=24`,
    '',
  );
  const game = (list.value.games as { nodeId: number; gameId: string }[]).find(
    (entry) => entry.gameId === code,
  );
  if (!game) throw new Error(`no game ${code} in the lobby`);
  return game.nodeId;
}
