import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { seededRng } from '../src/platform/rng.ts';
import { seed } from '../src/seed/index.ts';

/** The time every test clock starts at (harness.ts TestClock), and so the time the test databases are seeded at. */
export const TEST_CLOCK_START = new Date('2026-06-01T12:00:00Z');

/** The test config's merchant (harness.ts startTestApp), which the seeded copies were seeded for. */
export const TEST_MERCHANT_CODE = loadConfig({ LOG_LEVEL: 'silent' }).merchantCode;

/**
 * The seeded copies each global setup makes once (PostgreSQL templates, PGlite dumps): a migrated database seeded
 * as startTestApp seeds one, without the demo content (`plain`) and with it (`demo`), so an app's start copies the
 * seed instead of running it (about half of an app's start). `seed` on such a copy would find every section done
 * (seed_sections), as on a restart; startTestApp seeds only a database of another merchant.
 */
export type SeededKind = 'plain' | 'demo';

/** Seeds a migrated database as `kind` (`demo` on a `plain` one adds only the demo sections). */
export async function seedForTests(db: Database, kind: SeededKind): Promise<void> {
  await seed(db, {
    merchantCode: TEST_MERCHANT_CODE,
    demo: kind === 'demo',
    now: TEST_CLOCK_START,
    rng: seededRng(`tessera-test-${randomBytes(8).toString('hex')}`),
  });
}
