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

/** The contexts opened since the worker's current file began (files of a worker run one after another). */
const opened = new Set<BrowserContext>();
let shared: Browser | undefined;

/** Debian's Chromium, headless, with the flags this machine needs; every page it opens is watched. */
async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  browser.newContext = async (options) => {
    const context = watch(await newContext({ reducedMotion: 'reduce', ...options }));
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // The page's own context goes with it; when the file's end is closing it too, that close may find it gone already.
    page.once('close', () => {
      context.close().catch(() => undefined);
    });
    return page;
  };
  // A file's close (its afterAll) ends what the file opened, its contexts and their pages; the browser stays for the
  // worker's next file. It ends with the worker: Chromium quits when the pipe Playwright drives it through closes.
  browser.close = async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
  };
  return browser;
}

/**
 * The worker's Chromium, for a test file: one browser for all the worker's files (vitest.config.ts isolate) rather
 * than one a file, whose start costs about a second of Chromium's CPU and several seconds on a loaded machine. A
 * file's contexts are as separate as separate browsers' (cookies, storage, cache); its close() closes the contexts
 * it opened.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!shared?.isConnected()) shared = await launchChromium();
  return shared;
}
