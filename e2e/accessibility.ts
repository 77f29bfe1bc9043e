import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { screenshot, transitionsDone, useBrowser } from './browser.ts';
import { inAppNavigation, ROUTES, visitor } from './games-browser.ts';

/**
 * An axe-core scan (WCAG 2 A and AA, contrast included) of every route of the player site and its modals, in both
 * themes and three languages, as a visitor and as a member: the light theme's scans in accessibility.test.ts, the dark
 * one's in accessibility-dark.test.ts (two files of about the same length, which the workers run at once).
 */
/** axe-core's source, evaluated in the page (the site's CSP refuses an injected script tag, rightly). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary: string }[];
}

/** The WCAG 2.1 A and AA rules whose outcome depends on colour: all a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The WCAG A and AA violations on the page as it is now (or those of `rules` only), one line per element. */
async function violations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // Once per document: the app moves from page to page without reloading it, and axe-core stays (its source is half
  // a megabyte to parse again, a fifth of a second a page on this machine).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (only) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core is injected into the page as a global.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: only
        ? { type: 'rule', values: only }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  }, rules ?? null);
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
    ),
  );
}

/** Waits until the page has drawn its data (banners, notices, lists) and finished its transitions. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Each page names itself once its data has come.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 30_000 });
  await transitionsDone(page);
}

/** Every route of §2, and the e-lottery's betting view. */
const ALL_PAGES = [...ROUTES, '/elott?gameCode=E_MB1'];
/** The pages scanned in Vietnamese and Chinese too: those with most text of their own. */
const LANGUAGE_PAGES = [
  '/index',
  '/rng',
  '/live',
  '/vnlottery',
  '/elott?gameCode=E_MB1',
  '/lottery/verify',
  '/help',
  '/join',
  '/noticePage',
  '/responsible-gaming',
  '/terms',
];
/**
 * Every route in English in both themes (every rule in the light one, the colour rules in the dark one: a theme
 * changes colours only); the main pages in Vietnamese in the light theme and in Chinese in the dark one, every rule:
 * what a language changes (text, its length, `lang`) does not depend on the theme.
 */
const RUNS = [
  { theme: 'light', language: 'en', code: 'EN', name: 'English', pages: ALL_PAGES, what: 'every route' },
  {
    theme: 'dark',
    language: 'en',
    code: 'EN',
    name: 'English',
    pages: ALL_PAGES,
    what: 'every route',
    rules: COLOUR_RULES,
  },
  {
    theme: 'light',
    language: 'vi',
    code: 'VI',
    name: 'Vietnamese',
    pages: LANGUAGE_PAGES,
    what: 'the main pages',
  },
  {
    theme: 'dark',
    language: 'zh',
    code: 'CN',
    name: 'Chinese',
    pages: LANGUAGE_PAGES,
    what: 'the main pages',
  },
] as const;

/** Declares the scans of a theme, in a test file of their own. */
export function accessibilityScans(only: 'light' | 'dark'): void {
  const browser = useBrowser();
  const visit = visitor(browser);
  describe(`accessibility (axe-core, WCAG 2.1 A and AA), ${only} theme`, () => {
    scans(only, visit);
  });
}

function scans(only: 'light' | 'dark', visit: ReturnType<typeof visitor>): void {
  for (const run of RUNS.filter((candidate) => candidate.theme === only)) {
    const { theme, language, code, name, pages, what } = run;
    const rules = 'rules' in run ? run.rules : undefined;
    it(`${what} for a visitor in the ${theme} theme, in ${name}${rules ? ' (colour rules)' : ''}`, async () => {
      const problems: string[] = [];
      // Loaded once on home; then the app moves from page to page as its links do.
      const page = await visit('/index', { local: { theme, lang: code } });
      await settled(page);
      const moveTo = await inAppNavigation(page);
      for (const path of pages) {
        if (path !== '/index') {
          await moveTo(path);
          await transitionsDone(page);
          // Every page names itself; wait for its title (some set it once their data has come).
          await page.waitForFunction(() => document.title.trim() !== '');
        }
        for (const line of await violations(page, rules)) problems.push(`${path}: ${line}`);
        if (path === '/terms' || path === '/responsible-gaming') {
          await screenshot(page, `trust${path.replace('/', '-')}-${theme}-${language}`, { fullPage: true });
        }
      }
      await page.context().close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  const theme = only;
  const rules = theme === 'dark' ? COLOUR_RULES : undefined;
  it(`the log-in and sign-up modals and a member's pages in the ${theme} theme${rules ? ' (colour rules)' : ''}`, async () => {
    const problems: string[] = [];
    const page = await visit('/help', { local: { theme } });
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await settled(page);
    for (const line of await violations(page, rules)) problems.push(`login: ${line}`);
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Sign up' }).waitFor();
    await settled(page);
    for (const line of await violations(page, rules)) problems.push(`register: ${line}`);
    await page.context().close();

    const member = await loggedInMember('axe');
    // Loaded once on /help; then the app moves from page to page as its links do (the scans are about the pages,
    // not their loads).
    const memberPage = await visit('/help', { session: { token: member.token }, local: { theme } });
    await settled(memberPage);
    const moveTo = await inAppNavigation(memberPage);
    for (const path of [
      '/help',
      '/elott',
      '/member?page=depositv2',
      '/member?page=personalHistoryCopy',
      '/member?page=securityCenter',
      '/member?page=missionLeaderboard',
    ]) {
      if (path !== '/help') {
        await moveTo(path);
        await transitionsDone(memberPage);
        await memberPage.waitForFunction(() => document.title.trim() !== '');
      }
      for (const line of await violations(memberPage, rules)) problems.push(`member ${path}: ${line}`);
    }
    await memberPage.context().close();
    expect(problems).toEqual([]);
  }, 240_000);
}
