import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { cryptoRng } from '../src/platform/rng.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dumps of a new PGlite cluster: opening from one skips initdb, which is most of an open's time. */
    pgliteSnapshots: { empty: string; migrated: string };
  }
}

/** vitest's global setup of the PGlite project: a new cluster, dumped once as it is and once migrated. */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
  const lite = await PGlite.create();
  const empty = join(folder, 'empty-cluster.tar');
  writeFileSync(empty, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();
  // Migrated in a data folder on disk, which a second PGlite opens to dump it.
  const dataDir = join(folder, 'migrated');
  const db = await openPglite(dataDir, { rng: cryptoRng });
  await migrate(db);
  await db.close();
  const reopened = await PGlite.create(dataDir);
  const migrated = join(folder, 'migrated-cluster.tar');
  writeFileSync(migrated, Buffer.from(await (await reopened.dumpDataDir('none')).arrayBuffer()));
  await reopened.close();
  project.provide('pgliteSnapshots', { empty, migrated });
  return () => rmSync(folder, { recursive: true, force: true });
}
