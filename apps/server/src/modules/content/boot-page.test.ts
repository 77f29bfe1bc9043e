import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { BOOT_BANNER_BOX, bootBannerBox, bootLanguage } from './boot-page.ts';

let t: TestApp;
let dist: string;
const SCRIPT = `console.log(${JSON.stringify('tessera '.repeat(200))});`;

beforeAll(async () => {
  // A built player site as vite writes it: the loading page's empty banner box, and an asset compressed beside it.
  dist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>site</title><div id="root">${BOOT_BANNER_BOX}</div>`,
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync(SCRIPT));
  t = await startTestApp({ runJobs: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const imageOf = (html: string) => /<img class="boot-banner__image" src="([^"]+)"/.exec(html)?.[1];
const phoneImageOf = (html: string) =>
  /<source media="\(max-width: 760px\)" srcset="([^"]+)">/.exec(html)?.[1];

describe("home's loading page", () => {
  it('carries the first home banner as the app will show it, its phone image for phone-sized screens', async () => {
    const [first] = (await t.get('/wps/system/banners?groupName=w_home')).body.value;
    expect(first.phoneUrl).toBeTruthy();
    for (const url of ['/', '/index', '/index.html']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(imageOf(page.body), url).toBe(first.url);
      expect(phoneImageOf(page.body), url).toBe(first.phoneUrl);
      // Decorative in the loading page, fetched first.
      expect(page.body, url).toContain('alt="" fetchpriority="high"');
    }
  });

  it("is drawn in the language the visitor chose (the site's cookie), and in the default one otherwise", async () => {
    const [vi] = (await t.get('/wps/system/banners?groupName=w_home', undefined, { Language: 'VI' })).body
      .value;
    const [en] = (await t.get('/wps/system/banners?groupName=w_home')).body.value;
    expect(vi.url).not.toBe(en.url);
    const chosen = await t.app.inject({ url: '/index', headers: { cookie: 'theme=dark; lang=VI' } });
    expect(imageOf(chosen.body)).toBe(vi.url);
    for (const cookie of ['lang=XX', 'lang=vi', 'language=VI', '']) {
      const page = await t.app.inject({ url: '/index', headers: { cookie } });
      expect(imageOf(page.body), cookie).toBe(en.url);
    }
  });

  it('leaves the box empty on pages other than home', async () => {
    const page = await t.app.inject({ url: '/help' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(BOOT_BANNER_BOX);
  });

  it('leaves the box empty when home has no banner, and writes addresses as attribute text', () => {
    expect(bootBannerBox(undefined)).toBe(BOOT_BANNER_BOX);
    const box = bootBannerBox({
      bannerId: 1,
      groupName: 'w_home',
      title: 'x',
      url: '/images/a"><script>b</script>',
      phoneUrl: null,
      linkageType: '',
      linkUrl: '',
    });
    expect(box).toContain('src="/images/a&quot;&gt;&lt;script&gt;b&lt;/script&gt;"');
    expect(box).not.toContain('<source');
    expect(bootLanguage('CN')).toBe('CN');
    expect(bootLanguage('cn')).toBe('EN');
    expect(bootLanguage(undefined)).toBe('EN');
  });
});

describe('built files', () => {
  it('are sent brotli or gzip compressed to a browser that takes it, as they are otherwise', async () => {
    const brotli = await t.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.equals(readFileSync(join(dist, 'assets', 'app.js.br')))).toBe(true);
    const gzip = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
