import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startPostgres } from '../apps/server/test/postgres.ts';
import { E2E_CAPTCHA_ANSWER, E2E_OWNER } from './e2e-config.ts';
import { type RunningServer, startServer } from './start-server.ts';

export interface OwnSite {
  server: RunningServer;
  /** A connection to the site's database, for arranging what no endpoint makes (yesterday's play, a job's output). */
  db: Client;
}

/**
 * A site of the file's own on a PostgreSQL server the test writes to (demo data, the test captcha, the E2E owner),
 * started before the file's tests and stopped after them; answers a getter of it for the tests.
 */
export function useOwnPostgresSite(env: Record<string, string> = {}): () => OwnSite {
  let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let site: OwnSite | undefined;
  let db: Client | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServer({
      DATABASE_URL: postgres.url,
      DEMO_SEED: '1',
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      CAPTCHA_PROVIDER: 'test',
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA_ANSWER,
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      ...env,
    });
    db = new Client({ connectionString: postgres.url });
    await db.connect();
    // The demo's promotions off, as on the shared sites (server.ts closeDemoPromotions): a new member would
    // otherwise have the daily check-in and the welcome bonus to claim in every badge.
    await db.query('update promotions set enabled = false');
    site = { server, db };
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await server?.stop();
    postgres?.stop();
  });
  return () => {
    if (!site) throw new Error('the site has not started');
    return site;
  };
}
