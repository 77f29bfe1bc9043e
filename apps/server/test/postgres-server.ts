import type { TestProject } from 'vitest/node';
import { type Database, openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { startDatabasePool } from './database-pool.ts';
import { databaseUrl, startPostgres } from './postgres.ts';
import { type SeededKind, seedForTests } from './seeded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** The migrated database new test databases are copied from (CREATE DATABASE … TEMPLATE). */
export const MIGRATED_TEMPLATE = 'tessera_migrated';

/** The migrated and seeded databases startTestApp copies (test/seeded.ts). */
export const SEEDED_TEMPLATES: Record<SeededKind, string> = {
  plain: 'tessera_seeded_plain',
  demo: 'tessera_seeded_demo',
};

/**
 * vitest's global setup: one server for the whole run, its address provided to the tests, and the templates: a
 * migrated database, and copies of it seeded without and with the demo content. The server is a throwaway one:
 * nothing waits for the disk (fsync, synchronous_commit and full_page_writes off).
 */
export default async function setup(project: TestProject) {
  const server = await startPostgres(['synchronous_commit=off', 'full_page_writes=off']);
  const admin = await openPostgres(server.url, 1, { rng: cryptoRng });
  const template = async (name: string, from: string | null, fill: (db: Database) => Promise<unknown>) => {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
    const db = await openPostgres(databaseUrl(server.url, name), 1, { rng: cryptoRng });
    try {
      await fill(db);
    } finally {
      await db.close();
    }
  };
  await template(MIGRATED_TEMPLATE, null, migrate);
  await template(SEEDED_TEMPLATES.plain, MIGRATED_TEMPLATE, (db) => seedForTests(db, 'plain'));
  await template(SEEDED_TEMPLATES.demo, SEEDED_TEMPLATES.plain, (db) => seedForTests(db, 'demo'));
  await admin.close();
  // Copies of the templates made ahead of the files that take them (test/database-pool.ts).
  const pool = await startDatabasePool(server.url, [
    SEEDED_TEMPLATES.demo,
    SEEDED_TEMPLATES.plain,
    MIGRATED_TEMPLATE,
  ]);
  project.provide('postgresUrl', server.url);
  return async () => {
    const { ready, made } = await pool.stop();
    console.log(`test databases: ${ready} taken ready, ${made} made by the file that needed one`);
    server.stop();
  };
}
