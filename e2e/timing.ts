import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Where a browser-test file's time goes, per test, with E2E_TIMING=1 (off in the normal run, which prints nothing of
 * it): full page loads (navigation start to the load event, from the page's Navigation Timing), screenshots, the
 * test's own calls to the server (arranging through the API, by endpoint), the page's calls to the server (by
 * endpoint; they overlap each other and the loads), sign-ins, fixed pauses, and what is left: the page's own waits
 * and the round trips of clicks and reads. The figures land in e2e/artifacts/timing/<file>.json and a short table
 * on the file's end (e2e/timing-setup.ts registers the hooks; chromium.ts watches the pages).
 */
export const TIMING = process.env.E2E_TIMING === '1';

interface Calls {
  count: number;
  ms: number;
}

interface TestTiming {
  name: string;
  wallMs: number;
  /** Full page loads: count and the time from navigation start to the end of the load event. */
  loads: Calls;
  screenshots: Calls;
  /** Fixed pauses (page.waitForTimeout). */
  pauses: Calls;
  /** The test process's own fetches (the API helpers, the sandboxes' control APIs), by endpoint. */
  testCalls: Record<string, Calls>;
  /** The page's calls to the site's API, by endpoint (they run in parallel: their sum may exceed the wall). */
  pageCalls: Record<string, Calls>;
  /** The page's requests for static files (scripts, styles, images, fonts). */
  pageStatic: Calls;
}

const empty = (name: string): TestTiming => ({
  name,
  wallMs: 0,
  loads: { count: 0, ms: 0 },
  screenshots: { count: 0, ms: 0 },
  pauses: { count: 0, ms: 0 },
  testCalls: {},
  pageCalls: {},
  pageStatic: { count: 0, ms: 0 },
});

let current = empty('(before the first test)');
const done: TestTiming[] = [];

const add = (calls: Calls, ms: number) => {
  calls.count += 1;
  calls.ms += ms;
};
const addTo = (map: Record<string, Calls>, key: string, ms: number) => {
  map[key] ??= { count: 0, ms: 0 };
  add(map[key], ms);
};

/** "POST /wps/api/member/123/bets?x=1" → "POST /wps/api/member/:id/bets". */
function endpointOf(method: string, url: string): string {
  const { pathname } = new URL(url, 'http://localhost');
  const path = pathname
    .split('/')
    .map((part) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(part) ? ':id' : part))
    .join('/');
  return `${method} ${path}`;
}

const STATIC = /\/assets\/|\.(js|mjs|css|png|jpe?g|webp|svg|woff2?|ico|json|webmanifest)$/;

/** Watches a context's pages and requests (chromium.ts, under E2E_TIMING only). */
export function timeContext(context: BrowserContext): void {
  context.on('requestfinished', (request) => {
    const timing = request.timing();
    if (timing.responseEnd < 0) return;
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'document') return;
    if (STATIC.test(pathname)) add(current.pageStatic, timing.responseEnd);
    else addTo(current.pageCalls, endpointOf(request.method(), request.url()), timing.responseEnd);
  });
  context.on('page', timePage);
}

function timePage(page: Page): void {
  const test = () => current;
  page.on('load', () => {
    const owner = test();
    page
      .evaluate(() => {
        const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return entry ? entry.loadEventEnd - entry.startTime : -1;
      })
      .then((ms) => ms >= 0 && add(owner.loads, ms))
      .catch(() => undefined);
  });
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    const started = performance.now();
    try {
      return await screenshot(options);
    } finally {
      add(test().screenshots, performance.now() - started);
    }
  };
  const pause = page.waitForTimeout.bind(page);
  page.waitForTimeout = async (ms) => {
    const started = performance.now();
    try {
      return await pause(ms);
    } finally {
      add(test().pauses, performance.now() - started);
    }
  };
}

/** Times the test process's fetches (timing-setup.ts installs it). */
let fetchTimed = false;
export function timeFetch(): void {
  // Once per worker: its files share this module (vitest.config.ts isolate), and the setup file runs for each.
  if (fetchTimed) return;
  fetchTimed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const started = performance.now();
    try {
      return await original(input, init);
    } finally {
      const url = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      addTo(current.testCalls, endpointOf(method, url), performance.now() - started);
    }
  };
}

let testStarted = 0;
let fileStarted = performance.now();

export function startTest(name: string): void {
  if (done.length === 0 && testStarted === 0) {
    // What ran before the first test (the file's imports, its beforeAll: a browser, an extra site, sign-ins).
    current.wallMs = performance.now() - fileStarted;
    done.push(current);
  }
  current = empty(name);
  testStarted = performance.now();
}

export function endTest(): void {
  current.wallMs = performance.now() - testStarted;
  done.push(current);
  current = empty('(after the last test)');
}

/** The calls that sign someone in (a GET of the session only reads it). */
const SIGN_IN = /^(POST|PUT) \S*\/(login|session|register)(\/totp\/confirm)?$/;
const sum = (map: Record<string, Calls>) => Object.values(map).reduce((total, one) => total + one.ms, 0);
const s = (ms: number) => (ms / 1000).toFixed(1);

/** Writes the file's figures and prints a table of them (on the file's end). */
export function reportFile(file: string): void {
  fileStarted = performance.now();
  const dir = join(import.meta.dirname, 'artifacts', 'timing');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${basename(file, '.test.ts')}.json`), JSON.stringify(done, null, 1));
  const rows = done.map((one) => {
    const testMs = sum(one.testCalls);
    const signIns = [...Object.entries(one.testCalls), ...Object.entries(one.pageCalls)]
      .filter(([key]) => SIGN_IN.test(key))
      .reduce((total, [, calls]) => total + calls.count, 0);
    const slowest = Object.entries({ ...one.pageCalls })
      .sort(([, a], [, b]) => b.ms - a.ms)
      .slice(0, 2)
      .map(([key, calls]) => `${key} ${calls.count}x ${s(calls.ms)}s`)
      .join('; ');
    const rest = one.wallMs - one.loads.ms - one.screenshots.ms - one.pauses.ms - testMs;
    return [
      s(one.wallMs),
      `${one.loads.count}/${s(one.loads.ms)}`,
      `${one.screenshots.count}/${s(one.screenshots.ms)}`,
      s(testMs),
      `${Object.values(one.pageCalls).reduce((n, c) => n + c.count, 0)}/${s(sum(one.pageCalls))}`,
      String(signIns),
      s(one.pauses.ms),
      s(rest),
      `${one.name.slice(0, 60)}${slowest ? ` [${slowest}]` : ''}`,
    ].join('\t');
  });
  const header = [
    'wall s',
    'loads n/s',
    'shots n/s',
    'api s',
    'page calls n/s',
    'sign-ins',
    'pauses s',
    'rest s',
    'test [slowest page endpoints]',
  ].join('\t');
  process.stderr.write(`\ntiming of ${basename(file)}\n${header}\n${rows.join('\n')}\n`);
  // The worker's next file (its modules are shared, vitest.config.ts isolate) starts a table of its own.
  done.length = 0;
  testStarted = 0;
  current = empty('(before the first test)');
}
