import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { type SeededKind, seedForTests } from './seeded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dumps of a new PGlite cluster: opening from one skips initdb, which is most of an open's time. */
    pgliteSnapshots: { empty: string; migrated: string } & Record<SeededKind, string>;
  }
}

/**
 * vitest's global setup of the PGlite project: a new cluster, dumped once as it is, once migrated, and once more
 * after each seed of test/seeded.ts (the demo's on top of the plain one).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
  const lite = await PGlite.create();
  const empty = join(folder, 'empty-cluster.tar');
  writeFileSync(empty, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();
  // Changed in a data folder on disk, which a second PGlite opens to dump it.
  const dataDir = join(folder, 'cluster');
  const dumpAfter = async (name: string, change: (db: Database) => Promise<unknown>) => {
    const db = await openPglite(dataDir, { rng: cryptoRng });
    try {
      await change(db);
    } finally {
      await db.close();
    }
    const reopened = await PGlite.create(dataDir);
    const file = join(folder, `${name}-cluster.tar`);
    writeFileSync(file, Buffer.from(await (await reopened.dumpDataDir('none')).arrayBuffer()));
    await reopened.close();
    return file;
  };
  const migrated = await dumpAfter('migrated', migrate);
  const plain = await dumpAfter('plain', (db) => seedForTests(db, 'plain'));
  const demo = await dumpAfter('demo', (db) => seedForTests(db, 'demo'));
  project.provide('pgliteSnapshots', { empty, migrated, plain, demo });
  return () => rmSync(folder, { recursive: true, force: true });
}
