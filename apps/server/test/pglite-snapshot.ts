import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a new, empty PGlite cluster: opening from it skips initdb, which is most of an open's time. */
    pgliteSnapshot: string;
  }
}

/** vitest's global setup of the PGlite project: one new cluster, dumped once for every test database. */
export default async function setup(project: TestProject) {
  const lite = await PGlite.create();
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  const folder = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
  const file = join(folder, 'empty-cluster.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
