import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

/** The frame URL a launch answers opens the player site's house page, which only our own pages may frame. */

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(dist, 'house.html'), '<!doctype html><title>house</title>');
  t = await startTestApp({ runJobs: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('house page', () => {
  it('serves the house page at /house/…, framable by our own pages only', async () => {
    const res = await t.app.inject({ url: '/house/slots/lucky-sevens' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>house</title>');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The fish game's page and the verification page are the same entry (it routes by path).
    for (const url of [
      '/house/fish/deep-sea-hunt',
      '/house/verify',
      '/house/verify?from=/house/fish/deep-sea-hunt',
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>house</title>');
      expect(String(page.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
    }
    const site = await t.app.inject({ url: '/rng' });
    expect(site.body).toContain('<title>site</title>');
    expect(String(site.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers unknown frame API paths with the 404 envelope, not a page', async () => {
    const res = await t.app.inject({ url: '/house/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});
