/**
 * Home page load in headless Chromium on localhost: initial JavaScript (gzip) and Largest Contentful Paint.
 * Baseline, measured in the same run and the same way: a static page with one image and no JavaScript, served
 * by a bare Node server, which is the floor this machine allows.
 * Targets (issue 3): at most 170 KB gzip of initial JavaScript and an LCP of at most 1.0 s.
 * Run: npx tsx bench/home-page.ts   (builds nothing: run `npm run build` first)
 */
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium.ts';
import { startServer } from '../e2e/start-server.ts';

const RUNS = 5;

async function measure(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  let scriptBytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const counted = response.body().then((body) => {
      scriptBytes += gzipSync(body).length;
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
  return { scriptKb: scriptBytes / 1024, lcpMs: lcp };
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

  const server = await startServer();

  const browser = await launchBrowser();
  try {
    const home: { scriptKb: number; lcpMs: number }[] = [];
    const floor: { scriptKb: number; lcpMs: number }[] = [];
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
    console.log(`${'target'.padEnd(22)} ${'170.0'.padStart(8)} KB ${'1000'.padStart(7)} ms`);
  } finally {
    await browser.close();
    await server.stop();
    baseline.close();
  }
}

await main();
