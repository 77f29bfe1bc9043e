import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { E2E_STEP_TIMEOUT_MS } from './e2e-config.ts';
import { TIMING, timeContext } from './timing.ts';

/**
 * What pages showed that a person never should: Content-Security-Policy violations, uncaught errors and console
 * errors (a refused call's "Failed to load resource" line is the browser reporting an answer the test expects).
 */
const problems: string[] = [];

function watch(context: BrowserContext) {
  // Each wait on a page (a locator, a navigation) lasts as long as a step may (e2e-config.ts).
  context.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    problems.push(`${message.page()?.url() ?? ''}: ${text}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
  if (TIMING) timeContext(context);
  return context;
}

/** The problems pages reported since the last call (then forgotten). */
export function takePageProblems(): string[] {
  return problems.splice(0, problems.length);
}

/**
 * Chromium's headless shell when it is installed (Debian's chromium-headless-shell: the build Playwright's own
 * headless runs use, the same Blink without the full browser's window and display compositor), else the full
 * browser. On this 2-core machine the shell took a quarter less CPU for the same test file (accounts-modals: 75
 * against 104 CPU-seconds across Chromium's processes, 55 s against 77 s alone).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** Chromium, headless, with the flags this machine needs; every page it opens is watched. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // A visitor who asked for less motion, unless the test says otherwise: the banner rotation and the notice marquee
  // then stand still, which on this machine's software rendering saves a fifth of a core for each open home page.
  // The tests of motion itself ask for full motion.
  browser.newContext = async (options) => watch(await newContext({ reducedMotion: 'reduce', ...options }));
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // The page's own context goes with it; when the browser is closing too, that close may find it gone already.
    page.once('close', () => {
      context.close().catch(() => undefined);
    });
    return page;
  };
  return browser;
}
