import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { openTestDatabase, TEST_DATABASE } from './harness.ts';

/**
 * DATABASE_LISTEN_URL: the LISTEN connection keeps its own session, so behind PgBouncer in transaction mode it goes
 * to PostgreSQL directly while the pool goes through the pooler (docs/scaling.md). Told apart here by the
 * application_name each address carries.
 */
describe.runIf(TEST_DATABASE === 'postgres')('the listener has an address of its own', () => {
  it('listens on DATABASE_LISTEN_URL and queries on DATABASE_URL, and hears what the pool notifies', async () => {
    const { url, drop } = await openTestDatabase();
    const config = loadConfig({
      DATABASE_URL: `${url}?application_name=tessera_pool`,
      DATABASE_LISTEN_URL: `${url}?application_name=tessera_listener`,
    });
    const db = await openDatabase(config, { rng: cryptoRng });
    try {
      const heard: string[] = [];
      await db.listen('listener_address', (payload) => heard.push(payload));
      await db.query(`select pg_notify('listener_address', 'hello')`);
      const sessions = await db.query<{ application_name: string; query: string }>(
        `select application_name, query from pg_stat_activity
         where datname = current_database() and application_name like 'tessera_%' order by application_name`,
      );
      expect(sessions.find((row) => row.application_name === 'tessera_listener')?.query).toMatch(/^listen /);
      expect(sessions.filter((row) => /^listen /.test(row.query)).map((row) => row.application_name)).toEqual(
        ['tessera_listener'],
      );
      // Delivered on the listener's connection; the notify's own round trip is done, the delivery may trail it.
      for (let tries = 0; heard.length === 0 && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard).toEqual(['hello']);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('is the pool address unless set, and nothing without DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/tessera' }).databaseListenUrl).toBeNull();
    expect(loadConfig({ DATABASE_LISTEN_URL: 'postgres://db/tessera' }).databaseListenUrl).toBeNull();
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/t', DATABASE_LISTEN_URL: 'http://x' })).toThrow(
      /DATABASE_LISTEN_URL must start with postgres:\/\//,
    );
  });
});
