import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;
/** Serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 726_001;

/** The numbers of this build's migrations, read once. */
let knownVersions: number[] | null = null;

/** How many of this build's migrations the database has not applied (0: the schema is this code's). */
export async function pendingMigrations(db: Queryable): Promise<number> {
  knownVersions ??= readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .map((file) => Number(file.slice(0, 4)));
  const [row] = await db.query<{ applied: number }>(
    'select count(*)::int as applied from schema_migrations where version = any($1::int[])',
    [knownVersions],
  );
  return knownVersions.length - Number(row?.applied ?? 0);
}

/**
 * Runs each migration file not yet applied, whole (so a file may hold PL/pgSQL bodies between `$$`), in its own
 * transaction with its schema_migrations row.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction('read committed', async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version int primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const files = readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort();
  const versions = files.map((file) => file.slice(0, 4));
  const twice = versions.find((version, index) => versions.indexOf(version) !== index);
  if (twice) throw new Error(`Two migrations are numbered ${twice}: give one of them the next free number`);
  const applied: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    const sql = readFileSync(join(dir, file), 'utf8');
    const ran = await db.transaction('read committed', async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('select 1 from schema_migrations where version = $1', [version]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [version, file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
