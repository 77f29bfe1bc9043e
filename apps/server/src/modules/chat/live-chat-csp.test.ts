import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The player site's pages may load Chatwoot's widget (issue 26 item 3): its script, frames and socket come from the
 * origin the console configured, which the fixed Content-Security-Policy cannot name; without it the browser blocks
 * the widget's script. Only the site's pages get it, and only while Chatwoot is the live chat.
 */
describe("the site's pages allow the configured Chatwoot origin", () => {
  let t: TestApp;
  let operations: string;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
    t = await startTestApp({ runJobs: false, config: { webDist } });
    operations = await t.operatorToken('operations');
  });
  afterAll(() => t.close());

  const csp = async (url: string) => String((await t.app.inject({ url })).headers['content-security-policy']);
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));
  const save = async (liveProvider: 'builtin' | 'chatwoot', baseUrl: string) => {
    const saved = await t.send(
      'PUT',
      bo.saveSettings.path,
      { liveProvider, chatwoot: { baseUrl, websiteToken: 'site-token', hmacToken: 'hmac-token' } },
      operations,
    );
    expect(saved.status).toBe(200);
  };

  it("adds Chatwoot's origin to a site page's script, frame and connect sources while Chatwoot is chosen", async () => {
    expect(directive(await csp('/chat/live'), 'script-src')).toBe("script-src 'self'");

    await save('chatwoot', 'https://chat.example.com/some/path');
    const page = await csp('/chat/live');
    expect(directive(page, 'script-src')).toBe("script-src 'self' https://chat.example.com");
    expect(directive(page, 'frame-src')).toContain('https://chat.example.com');
    expect(directive(page, 'connect-src')).toContain('wss://chat.example.com');
    expect(directive(page, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    // The API's answers and the console keep the fixed policy.
    expect(directive(await csp('/healthz'), 'script-src')).toBe("script-src 'self'");

    await save('builtin', 'https://chat.example.com');
    expect(directive(await csp('/chat/live'), 'script-src')).toBe("script-src 'self'");
  });
});
