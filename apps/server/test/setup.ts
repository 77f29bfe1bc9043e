import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { closeLeftOpen, rewindClocks, TEST_DATABASE } from './harness.ts';
import { planPendingOnPglite } from './pglite-dialect.ts';

// Files share a worker's modules (isolate: false), never a project's: a worker of the other database would show here.
beforeAll(() => {
  const project = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  if (project !== TEST_DATABASE)
    throw new Error(`a ${project} file found the harness loaded for ${TEST_DATABASE}`);
});

// No test depends on the time another test moved its clock to.
beforeEach(() => {
  rewindClocks();
});

afterAll(async () => {
  await closeLeftOpen();
  // On PostgreSQL: the product's statements this file sent first, planned on PGlite (pglite-dialect.ts).
  const refused = await planPendingOnPglite();
  expect(refused, 'statements PGlite cannot plan').toEqual([]);
});
