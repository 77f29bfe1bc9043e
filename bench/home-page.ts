/**
 * Home page load in headless Chromium on localhost: initial JavaScript (gzip) and Largest Contentful Paint.
 * Baseline, measured in the same run and the same way: a static page with one image and no JavaScript, served
 * by a bare Node server, which is the floor this machine allows.
 * Targets (issue 3): at most 170 KB gzip of initial JavaScript and an LCP of at most 1.0 s.
 * Then (issue 15): home's cumulative layout shift at 1366x900 and 390x844, on localhost and on a throttled phone
 * (4x CPU, fast 3G: 1.6 Mbps down, 750 kbps up, 150 ms RTT), and its LCP on that phone, beside the static page on
 * the same phone. Targets: a layout shift under 0.1 and an LCP on the throttled phone of at most 2.5 s.
 * Then (issue 31 part 5): at most 130 KB gzip of initial JavaScript, the LCP targets unchanged, and the LCP of a game
 * lobby (24 tiles) on the throttled phone.
 * Then (issue 31 part 5, session 40): what that JavaScript is made of, by library and by folder of the site's code,
 * from the build's `.tmp/web-chunks.json` (each chunk's modules and their code's length): each script's gzip
 * bytes shared among its modules in proportion to their code.
 * Run: npx tsx bench/home-page.ts   (builds nothing: run `npm run build` first)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium.ts';
import { DESKTOP, loadHome, PHONE, PHONE_FAST_3G, type Throttle } from '../e2e/first-load.ts';
import { startServer } from '../e2e/start-server.ts';
import { startGameProvider } from '../sandbox/game-provider/server.ts';

const RUNS = 5;
/** A game lobby: its games in pages of 24 tiles. */
const LOBBY = '/rng';
/**
 * The game provider simulator's slots beside the demo's house slots: its catalogue (11 slots) and 10 more fill the
 * lobby's first page (3 house + 21 = 24 tiles).
 */
const EXTRA_SLOTS = 10;
/** How many tiles the lobby drew (its first page: up to 24). */
let lobbyTiles = 0;
/** The lobby has drawn its first page of tiles, and their pictures (or their initials) have arrived. */
const LOBBY_READY = () => {
  const tiles = document.querySelectorAll('.game-tile');
  const images = Array.from(document.querySelectorAll<HTMLImageElement>('.game-tile img'));
  return tiles.length > 0 && images.every((image) => image.complete);
};
/** Cold loads on the throttled phone: each takes seconds. */
const THROTTLED_RUNS = 3;

/**
 * A page's LCP on the throttled phone, measured the same way as home's: the static page, or a game lobby once its
 * first page of tiles (24) has its pictures (`ready`, a condition run in the page).
 */
async function throttledFloor(
  browser: Browser,
  url: string,
  throttle: Throttle,
  ready?: () => boolean,
): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpu });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttle.latencyMs,
    downloadThroughput: throttle.downBps,
    uploadThroughput: throttle.upBps,
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  if (ready) await page.waitForFunction(ready, undefined, { timeout: 120_000, polling: 100 });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let latest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) latest = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(latest)));
      }),
  );
  if (ready) lobbyTiles = await page.locator('.game-tile').count();
  await context.close();
  return lcp;
}

async function measure(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  let scriptBytes = 0;
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const counted = response.body().then((body) => {
      const bytes = gzipSync(body).length;
      scriptBytes += bytes;
      scripts.set(new URL(response.url()).pathname, bytes);
    });
    pending.push(counted.catch(() => {}));
  });
  await page.goto(url, { waitUntil: 'load' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let latest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) latest = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(latest), 1500);
      }),
  );
  await Promise.all(pending);
  await context.close();
  return { scriptKb: scriptBytes / 1024, lcpMs: lcp, scripts };
}

/**
 * What home's scripts are made of: each script's gzip bytes shared among the modules of its chunk in proportion to
 * the length of their code (.tmp/web-chunks.json, written by the build), summed by library (its package) or,
 * for the site's own code, by folder. In KB, the largest first.
 */
function composition(scripts: Map<string, number>): [string, number][] {
  const file = new URL('../.tmp/web-chunks.json', import.meta.url);
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, number>>;
  const groups = new Map<string, number>();
  const add = (group: string, bytes: number) => groups.set(group, (groups.get(group) ?? 0) + bytes);
  for (const [path, bytes] of scripts) {
    const modules = Object.entries(chunks[path.slice(1)] ?? {});
    const length = modules.reduce((sum, [, size]) => sum + size, 0);
    if (length === 0) add(path, bytes);
    for (const [id, size] of modules) {
      const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
      const own = /^(apps\/web\/src\/(?:features\/)?[^/]+|packages\/[^/]+)/.exec(id)?.[1];
      add(library ?? own ?? id.split('/')[0] ?? id, (bytes * size) / length);
    }
  }
  return [...groups]
    .map(([group, bytes]): [string, number] => [group, bytes / 1024])
    .sort((a, b) => b[1] - a[1]);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main() {
  const baseline = createServer((request, response) => {
    if (request.url === '/banner.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect width="1200" height="300" fill="#4b1d8f"/></svg>',
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      '<!doctype html><title>baseline</title><h1>Baseline</h1><img src="/banner.svg" width="1200" height="300" alt="">',
    );
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baselinePort = (baseline.address() as { port: number }).port;

  const provider = await startGameProvider({ extraSlots: EXTRA_SLOTS });
  // Some 60 page loads from one address in a few minutes, past a visitor's 300 calls a minute: the bench measures
  // loads, not that limit.
  const server = await startServer({
    GAME_PROVIDER_SANDBOX_URL: provider.url,
    VISITOR_REQUESTS_PER_MINUTE: '100000',
  });

  const browser = await launchBrowser();
  try {
    const home: Awaited<ReturnType<typeof measure>>[] = [];
    const floor: Awaited<ReturnType<typeof measure>>[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      floor.push(await measure(browser, `http://127.0.0.1:${baselinePort}/`));
      home.push(await measure(browser, `${server.baseUrl}/index`));
    }
    const row = (name: string, runs: typeof home) =>
      `${name.padEnd(22)} ${median(runs.map((r) => r.scriptKb))
        .toFixed(1)
        .padStart(8)} KB ${median(runs.map((r) => r.lcpMs))
        .toFixed(0)
        .padStart(7)} ms`;
    console.log(`median of ${RUNS} cold loads, 1366x900, localhost`);
    console.log(`${'page'.padEnd(22)} ${'JS (gzip)'.padStart(11)} ${'LCP'.padStart(10)}`);
    console.log(row('baseline static page', floor));
    console.log(row('home /index', home));
    console.log(`${'target'.padEnd(22)} ${'130.0'.padStart(8)} KB ${'1000'.padStart(7)} ms`);
    const last = home.at(-1);
    if (last) {
      console.log('');
      console.log(
        `home's scripts by library and folder (gzip, the last load: ${last.scriptKb.toFixed(1)} KB)`,
      );
      for (const [group, kb] of composition(last.scripts)) {
        if (kb >= 0.1) console.log(`${group.padEnd(40)} ${kb.toFixed(1).padStart(6)} KB`);
      }
    }

    const shift = async (viewport: { width: number; height: number }, throttle?: Throttle) => {
      const runs = [];
      for (let run = 0; run < (throttle ? THROTTLED_RUNS : RUNS); run += 1) {
        runs.push(await loadHome(browser, `${server.baseUrl}/index`, { viewport, throttle }));
      }
      return runs;
    };
    const desktop = await shift(DESKTOP);
    const phone = await shift(PHONE);
    const slowPhone = await shift(PHONE, PHONE_FAST_3G);
    const slowFloor: number[] = [];
    const slowLobby: number[] = [];
    for (let run = 0; run < THROTTLED_RUNS; run += 1) {
      slowFloor.push(await throttledFloor(browser, `http://127.0.0.1:${baselinePort}/`, PHONE_FAST_3G));
      slowLobby.push(await throttledFloor(browser, `${server.baseUrl}${LOBBY}`, PHONE_FAST_3G, LOBBY_READY));
    }
    const cls = (runs: { layoutShift: number }[]) =>
      `${median(runs.map((r) => r.layoutShift))
        .toFixed(3)
        .padStart(10)} (max ${Math.max(...runs.map((r) => r.layoutShift)).toFixed(3)})`;
    console.log('');
    console.log(
      `layout shift (CLS), median of ${RUNS} loads (${THROTTLED_RUNS} throttled), until home is whole`,
    );
    console.log(`${'home /index 1366x900'.padEnd(34)} ${cls(desktop)}`);
    console.log(`${'home /index 390x844'.padEnd(34)} ${cls(phone)}`);
    console.log(`${'home /index 390x844, 4x CPU, 3G'.padEnd(34)} ${cls(slowPhone)}`);
    console.log(`${'target'.padEnd(34)} ${'< 0.100'.padStart(10)}`);
    console.log('');
    console.log(
      `LCP on a throttled phone (390x844, 4x CPU, fast 3G), median of ${THROTTLED_RUNS} cold loads`,
    );
    console.log(`${'baseline static page'.padEnd(34)} ${median(slowFloor).toFixed(0).padStart(7)} ms`);
    console.log(
      `${'home /index'.padEnd(34)} ${median(slowPhone.map((r) => r.lcpMs))
        .toFixed(0)
        .padStart(7)} ms`,
    );
    console.log(
      `${`lobby ${LOBBY} (${lobbyTiles} tiles)`.padEnd(34)} ${median(slowLobby).toFixed(0).padStart(7)} ms`,
    );
    console.log(`${'target'.padEnd(34)} ${'2500'.padStart(7)} ms`);
    if (process.env.SHIFTS) {
      for (const run of [...desktop, ...phone, ...slowPhone]) console.log(JSON.stringify(run.shifts));
    }
  } finally {
    await browser.close();
    await server.stop();
    await provider.close();
    baseline.close();
  }
}

await main();
