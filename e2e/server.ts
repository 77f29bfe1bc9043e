import type { TestProject } from 'vitest/node';
import { startServer } from './start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the real server (built front ends, embedded database, demo data) for the browser tests. */
export default async function setup(project: TestProject) {
  const server = await startServer({ DEMO_SEED: '1' });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
