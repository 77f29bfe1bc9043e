import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBuild, startServer } from '../../../e2e/start-server.ts';
import { seedDemoProviders } from '../src/modules/games/providers/registry.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { openTestDatabase, TEST_SECRETS_KEY } from './harness.ts';

/**
 * The production server as an operator runs it: `npm run build:server` (apps/server/build.mjs) compiles it to
 * dist/main.js, started with node and NODE_ENV=production. What only a test or the demo may use is refused at start
 * with an error that names the setting.
 */
const production = { NODE_ENV: 'production', SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'), JOBS: '0' };

beforeAll(() => {
  serverBuild();
}, 120_000);

describe('the compiled server in production', () => {
  it.each([
    [{ TEST_CLOCK: '1' }, 'TEST_CLOCK is for tests only'],
    [{ CAPTCHA_PROVIDER: 'test', CAPTCHA_TEST_ANSWER: 'ABCD' }, 'CAPTCHA_PROVIDER=test is for tests only'],
    [{ CAPTCHA_TEST_ANSWER: 'ABCD' }, 'CAPTCHA_TEST_ANSWER is for tests only'],
    [{ PAYMENT_SANDBOX: '1' }, 'PAYMENT_SANDBOX: the sandbox payment gateway moves no money'],
    [{ GAME_PROVIDER_SANDBOX_URL: 'http://127.0.0.1:8091' }, 'GAME_PROVIDER_SANDBOX_URL'],
  ])(
    'refuses to start with %o',
    async (setting, message) => {
      const start = startServer({ ...production, ...setting }, { compiled: true });
      await expect(start).rejects.toThrow(/server exited with 1/);
      await expect(start).rejects.toThrow(message);
    },
    60_000,
  );

  it('refuses to start while an enabled game provider is the sandbox simulator', async () => {
    const { db, url, drop } = await openTestDatabase({ migrated: true });
    await seedDemoProviders(
      db,
      { sandboxUrl: 'http://127.0.0.1:8091', secretsKey: TEST_SECRETS_KEY },
      cryptoRng,
      new Date(),
    );
    try {
      const start = startServer({ ...production, DATABASE_URL: url, DEMO_SEED: '0' }, { compiled: true });
      await expect(start).rejects.toThrow(
        /Refusing to start in production: game provider SIM \(Game simulator\)/,
      );
    } finally {
      await drop();
    }
  }, 120_000);

  it('starts with node alone on a new database, with the demo data but nothing of the sandboxes, and answers /healthz', async () => {
    const { db, url, drop } = await openTestDatabase();
    const server = await startServer(
      {
        ...production,
        DATABASE_URL: url,
        OWNER_USERNAME: 'owner',
        OWNER_PASSWORD: 'a-long-owner-password-9',
      },
      { compiled: true },
    );
    try {
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      // The process is node on the build, without tsx loaded.
      const command = execFileSync('ps', ['-o', 'args=', '-p', String(server.pid)], { encoding: 'utf8' });
      expect(command.trim()).toMatch(/ apps\/server\/dist\/main\.js$/);
      expect(command).not.toContain('tsx');
      // Files read beside the code are found from the build (the flags of flag-icons in node_modules).
      const flag = await fetch(`${server.baseUrl}/images/COUNTRY_FLAG/VN.svg`);
      expect([flag.status, flag.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      // The simulator's pages are not framed; the demo seed made neither its providers nor the sandbox's channel.
      expect(health.headers.get('content-security-policy')).not.toContain('8091');
      expect(await server.stop()).toBe(0);
      const [providers] = await db.query<{ count: number }>(
        'select count(*)::int as count from game_providers where sandbox',
      );
      expect(providers?.count).toBe(0);
      const gateways = await db.query<{ gateway_url: string }>(
        `select gateway_url from payment_channels where gateway_url <> ''`,
      );
      expect(gateways).toEqual([]);
      const [banners] = await db.query<{ count: number }>('select count(*)::int as count from banners');
      expect(banners?.count).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  }, 200_000);
});
