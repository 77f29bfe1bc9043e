import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** vitest's global setup: one server for the whole run, its address provided to the tests. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
