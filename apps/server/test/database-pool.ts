import { randomBytes } from 'node:crypto';
import { type Database, openPostgres } from '../src/db/database.ts';
import { cryptoRng } from '../src/platform/rng.ts';

/**
 * Test databases made ahead of the files that need them. A file's own `CREATE DATABASE … TEMPLATE` took 1.3–1.6 s
 * while the other worker ran its tests (80 ms on an idle server), and its file waited for it; about 190 files and
 * apps a run make one. Here the global setup (test/postgres-server.ts) keeps a few copies of each template ready,
 * made in the vitest main process while the workers run their files, and drops the databases files are done with;
 * a file takes a ready copy in one statement, or makes its own when none is ready (the pool's count says how often).
 *
 * The pool lives in the server's `postgres` database: a row per ready copy (claimed with SKIP LOCKED, so two
 * workers never take the same) and per database waiting to be dropped, and a NOTIFY that wakes the filler.
 */

const CHANNEL = 'test_database_pool';

/** Ready copies kept of each template. */
const AHEAD = 3;

/**
 * A database for a test file: a ready copy of `template`, else one made now (an empty one when `template` is null).
 * Answers its name.
 */
export async function claimTestDatabase(admin: Database, template: string | null): Promise<string> {
  if (template === null) {
    const name = newName();
    await admin.query(`create database ${name}`);
    return name;
  }
  const [ready] = await admin.query<{ name: string }>(
    `with taken as (
       delete from test_database_pool where name = (
         select name from test_database_pool where template = $1 and state = 'ready'
          order by made limit 1 for update skip locked)
       returning name)
     select name, pg_notify($2, '') from taken`,
    [template, CHANNEL],
  );
  if (ready) return ready.name;
  const name = newName();
  await admin.query(`select nextval('test_database_pool_misses')`);
  await admin.query(`create database ${name} template ${template} strategy file_copy`);
  return name;
}

/** Hands a test file's database to the filler, which drops it (nothing may be connected to it any more). */
export async function releaseTestDatabase(admin: Database, name: string): Promise<void> {
  await admin.query(
    `with queued as (insert into test_database_pool (name, template, state) values ($1, '', 'drop') returning name)
     select pg_notify($2, '') from queued`,
    [name, CHANNEL],
  );
}

function newName(): string {
  return `tessera_${randomBytes(6).toString('hex')}`;
}

/**
 * Starts the filler on the server at `serverUrl` for these templates, with AHEAD copies of each made before it
 * answers. `stop` ends it and answers how many copies files took ready and how many they had to make.
 */
export async function startDatabasePool(
  serverUrl: string,
  templates: string[],
): Promise<{ stop: () => Promise<{ ready: number; made: number }> }> {
  const db = await openPostgres(serverUrl, 1, { rng: cryptoRng });
  await db.query(
    `create table test_database_pool (
       name text primary key,
       template text not null,
       state text not null check (state in ('ready', 'drop')),
       made timestamptz not null default clock_timestamp())`,
  );
  await db.query('create sequence test_database_pool_misses');
  let created = 0;
  let stopped = false;
  let wake: () => void = () => {};
  let pass: Promise<void> = Promise.resolve();

  /** Drops what files are done with, then tops each template's ready copies up to AHEAD. */
  const fill = async () => {
    while (!stopped) {
      const [dropping] = await db.query<{ name: string }>(
        `select name from test_database_pool where state = 'drop' order by made limit 1`,
      );
      if (dropping) {
        await db.query(`drop database if exists ${dropping.name} with (force)`);
        await db.query(`delete from test_database_pool where name = $1`, [dropping.name]);
        continue;
      }
      const counts = await db.query<{ template: string; n: number }>(
        `select template, count(*)::int as n from test_database_pool where state = 'ready' group by template`,
      );
      const short = templates.find(
        (template) => (counts.find((row) => row.template === template)?.n ?? 0) < AHEAD,
      );
      if (!short) return;
      const name = newName();
      await db.query(`create database ${name} template ${short} strategy file_copy`);
      await db.query(`insert into test_database_pool (name, template, state) values ($1, $2, 'ready')`, [
        name,
        short,
      ]);
      created += 1;
    }
  };
  await fill();
  const unlisten = await db.listen(CHANNEL, () => wake());
  // One pass at a time; a notice during a pass runs one more after it.
  let again = false;
  wake = () => {
    if (again) return;
    again = true;
    pass = pass.then(async () => {
      again = false;
      // A failed pass is told and the next notice tries again; files find no copy meanwhile and make their own.
      await fill().catch((error: unknown) => console.error('test database pool:', error));
    });
  };
  return {
    stop: async () => {
      stopped = true;
      await pass.catch(() => undefined);
      await unlisten();
      const [left] = await db.query<{ n: number }>(
        `select count(*)::int as n from test_database_pool where state = 'ready'`,
      );
      const [misses] = await db.query<{ n: number }>(
        `select case when is_called then last_value else 0 end::int as n from test_database_pool_misses`,
      );
      await db.close();
      return { ready: created - (left?.n ?? 0), made: misses?.n ?? 0 };
    },
  };
}
