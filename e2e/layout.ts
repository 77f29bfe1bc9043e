import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { baseUrl } from './browser.ts';

/** What the layout tests share (phone.test.ts and screens.test.ts): sessions, the bundles' texts, what lies off the screen. */

export const PHONE = { width: 390, height: 844 };

export async function trialSession(): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl()}/wps/session/login/freeplay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `phone-${Date.now()}-trial` },
    body: '{}',
  });
  const trial = (await response.json()) as { value: { token: string; isAgent: number } };
  expect(trial.value.isAgent).toBe(4);
  return { token: trial.value.token, isAgent: '4' };
}

export async function memberSession(): Promise<Record<string, string>> {
  return { token: (await loggedInMember('ph')).token };
}

export function bundle(language: 'en' | 'vi' | 'zh') {
  const file = join(import.meta.dirname, '../apps/web/src/i18n/locales', language, 'common.json');
  return JSON.parse(readFileSync(file, 'utf8')) as {
    home: { title: string };
    header: { logIn: string; menu: string; mainNav: string; promotions: string };
  };
}

/** How far the page scrolls sideways: the document's width beyond the screen's. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The header's and the tab bar's buttons and links that lie outside the screen, by name. The main navigation's
 * row scrolls by design: its items may lie beyond the edges, the row itself may not.
 */
export function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'header.site-header a, header.site-header button, header.site-header .site-nav__list, .tab-bar a, .tab-bar button',
      ),
    ).filter(
      (control) => !control.closest('dialog, .site-nav__list, .nav-dropdown') || control.matches('ul'),
    );
    return controls
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        return box.left < 0 || box.right > width || box.top < 0 || box.bottom > height;
      })
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        return `${name} at ${Math.round(box.left)}…${Math.round(box.right)}`;
      });
  });
}

/** Waits until a control is wholly on the screen (drawers and sheets slide in). */
export async function expectInside(
  locator: Locator,
  screen: { width: number; height: number },
): Promise<void> {
  await locator.waitFor();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      if (!box) return 'not shown';
      const edges = [
        box.x < 0 ? `left ${box.x}` : '',
        box.y < 0 ? `top ${box.y}` : '',
        box.x + box.width > screen.width ? `right ${box.x + box.width}` : '',
        box.y + box.height > screen.height ? `bottom ${box.y + box.height}` : '',
      ];
      return edges.filter(Boolean).join(', ');
    })
    .toBe('');
}
