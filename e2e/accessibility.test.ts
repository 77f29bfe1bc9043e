import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { screenshot, useBrowser } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * An axe-core scan (WCAG 2 A and AA, contrast included) of the player site's main pages and modals, in both themes
 * and three languages, as a visitor and as a member.
 */
const browser = useBrowser();
const visit = visitor(browser);
/** axe-core's source, evaluated in the page (the site's CSP refuses an injected script tag, rightly). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary: string }[];
}

/** The WCAG A and AA violations on the page as it is now, one line per element. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core is injected into the page as a global.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  });
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
  await page.waitForTimeout(600);
}

/**
 * Every page in English in both themes, and in each other language in one theme: what a language changes (text,
 * its length, `lang`) does not depend on the theme, and what a theme changes (colours) is scanned in English.
 */
const RUNS = [
  {
    theme: 'light',
    languages: [
      ['en', 'EN'],
      ['vi', 'VI'],
    ],
  },
  {
    theme: 'dark',
    languages: [
      ['en', 'EN'],
      ['zh', 'CN'],
    ],
  },
] as const;
const LANGUAGE_NAMES = { en: 'English', vi: 'Vietnamese', zh: 'Chinese' } as const;
const PAGES = [
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

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  for (const { theme, languages } of RUNS) {
    const names = languages.map(([language]) => LANGUAGE_NAMES[language]).join(' and ');
    it(`the visitor's pages in the ${theme} theme, in ${names}`, async () => {
      const problems: string[] = [];
      for (const [language, code] of languages) {
        const page = await visit('/index', { local: { theme, lang: code } });
        for (const path of PAGES) {
          await page.goto(`${page.url().split('/').slice(0, 3).join('/')}${path}`);
          await settled(page);
          for (const line of await violations(page)) problems.push(`${language} ${path}: ${line}`);
          if (path === '/terms' || path === '/responsible-gaming') {
            await screenshot(page, `trust${path.replace('/', '-')}-${theme}-${language}`, { fullPage: true });
          }
        }
        await page.context().close();
      }
      expect(problems).toEqual([]);
    }, 240_000);

    it(`the log-in and sign-up modals and a member's pages in the ${theme} theme`, async () => {
      const problems: string[] = [];
      const page = await visit('/help', { local: { theme } });
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('dialog', { name: 'Log in' }).waitFor();
      await settled(page);
      for (const line of await violations(page)) problems.push(`login: ${line}`);
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('dialog', { name: 'Sign up' }).waitFor();
      await settled(page);
      for (const line of await violations(page)) problems.push(`register: ${line}`);
      await page.context().close();

      const member = await loggedInMember('axe');
      const memberPage = await visit('/help', { session: { token: member.token }, local: { theme } });
      for (const path of ['/help', '/elott', '/member?page=depositv2', '/member?page=personalHistoryCopy']) {
        await memberPage.goto(`${memberPage.url().split('/').slice(0, 3).join('/')}${path}`);
        await settled(memberPage);
        for (const line of await violations(memberPage)) problems.push(`member ${path}: ${line}`);
      }
      await memberPage.context().close();
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
