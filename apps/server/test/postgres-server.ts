import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { databaseUrl, startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** The migrated database new test databases are copied from (CREATE DATABASE … TEMPLATE). */
export const MIGRATED_TEMPLATE = 'tessera_migrated';

/** vitest's global setup: one server for the whole run, its address provided to the tests, and a migrated template. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = await openPostgres(server.url, 1, { rng: cryptoRng });
  await admin.query(`create database ${MIGRATED_TEMPLATE}`);
  await admin.close();
  const template = await openPostgres(databaseUrl(server.url, MIGRATED_TEMPLATE), 1, { rng: cryptoRng });
  await migrate(template);
  await template.close();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
