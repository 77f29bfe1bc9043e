import type { Browser, Page } from 'playwright-core';

/**
 * Loading home as a person sees it: its cumulative layout shift (PerformanceObserver 'layout-shift', the shifts
 * without recent input, summed as Chromium reports them) and its Largest Contentful Paint, optionally on a
 * throttled connection and CPU (Chrome DevTools Protocol). Shared by bench/home-page.ts and e2e/first-load.test.ts.
 */

export interface Throttle {
  /** CPU slowdown factor (Emulation.setCPUThrottlingRate). */
  cpu: number;
  /** Round-trip latency added to every request, in ms. */
  latencyMs: number;
  /** Bytes per second. */
  downBps: number;
  upBps: number;
}

/** Lighthouse's mobile profile: 4× CPU slowdown on "fast 3G" (1.6 Mbps down, 750 kbps up, 150 ms RTT). */
export const PHONE_FAST_3G: Throttle = {
  cpu: 4,
  latencyMs: 150,
  downBps: (1.6 * 1024 * 1024) / 8,
  upBps: (750 * 1024) / 8,
};

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

declare global {
  interface Window {
    __layoutShift?: { total: number; shifts: { value: number; sources: string[] }[] };
  }
}

/**
 * Starts counting layout shifts before the page's first byte. A string, not a function: what tsx compiles a
 * function into may call its own helpers, which the page does not have.
 */
const RECORD_LAYOUT_SHIFTS = `(() => {
  const record = { total: 0, shifts: [] };
  window.__layoutShift = record;
  const name = (node) => {
    if (!(node instanceof Element)) return String((node && node.nodeName) || '?');
    const first = typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '';
    return node.tagName.toLowerCase() + first;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      record.total += entry.value;
      record.shifts.push({ value: entry.value, sources: (entry.sources || []).map((source) => name(source.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

export interface FirstLoad {
  layoutShift: number;
  shifts: { value: number; sources: string[] }[];
  lcpMs: number;
}

/**
 * Opens `url` in a fresh context of the given size (and throttling), waits until home has arrived whole — the
 * banner's first image decoded, the notice bar showing its titles, the category tiles — and answers its layout
 * shift and LCP.
 */
export async function loadHome(
  browser: Browser,
  url: string,
  options: {
    viewport: { width: number; height: number };
    throttle?: Throttle;
    theme?: 'light' | 'dark';
    /** Called once everything has arrived, before the context closes (screenshots). */
    loaded?: (page: Page) => Promise<void>;
  },
): Promise<FirstLoad> {
  const context = await browser.newContext({
    viewport: options.viewport,
    isMobile: options.viewport.width < 760,
    hasTouch: options.viewport.width < 760,
    deviceScaleFactor: options.viewport.width < 760 ? 3 : 1,
  });
  const page = await context.newPage();
  if (options.theme) {
    await page.addInitScript((theme) => {
      if (location.protocol !== 'about:') localStorage.setItem('theme', theme);
    }, options.theme);
  }
  await page.addInitScript(RECORD_LAYOUT_SHIFTS);
  if (options.throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle.cpu });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: options.throttle.latencyMs,
      downloadThroughput: options.throttle.downBps,
      uploadThroughput: options.throttle.upBps,
    });
  }
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await settled(page);
  const result = await page.evaluate(
    () =>
      new Promise<FirstLoad>((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Two frames: the observers deliver what is buffered.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const record = window.__layoutShift ?? { total: 0, shifts: [] };
            resolve({ layoutShift: record.total, shifts: record.shifts, lcpMs: lcp });
          }),
        );
      }),
  );
  await options.loaded?.(page);
  await context.close();
  return result;
}

/** Home has arrived whole: the first banner's image decoded, the notice titles and the category tiles shown. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('.banners__slide.is-active img');
      const notice = document.querySelector('.notice-bar__item');
      const tiles = document.querySelectorAll('.category-tile').length;
      return Boolean(image?.complete && image.naturalWidth > 0 && notice && tiles > 0);
    },
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  // Fonts and the last images settle in the following frames.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
