import type { Database, Queryable, Transaction } from '../src/db/database.ts';
import { openPglite } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { cryptoRng } from '../src/platform/rng.ts';

/**
 * The queries' dialect on PGlite, checked from the PostgreSQL run. Every statement the product sends to a test
 * database on PostgreSQL (the server's own code: a store, the write helper, the job runner; not a test's own SQL)
 * is noted once per shape (its text with literals blanked), and at the end of each file the new ones are parsed,
 * analysed and planned on PGlite (`explain (generic_plan)`, PostgreSQL 16 and later: placeholders without values)
 * against a database with every migration applied. A statement PGlite would refuse (a function, a type, a collation
 * or a syntax that PostgreSQL 18's embedded build lacks) fails the file that sent it, on PostgreSQL, with the
 * statement and PGlite's error. Run whole, this covers every statement of every file, not only those of the files
 * that also run on PGlite (vitest.config.ts); the PGlite project keeps what a plan cannot show: start-up,
 * migrations, the driver, and the triggers' and SQL functions' bodies run.
 *
 * Off with PGLITE_DIALECT=0 (a quicker run while working).
 */
const ON = process.env.TEST_DATABASE === 'postgres' && process.env.PGLITE_DIALECT !== '0';

/** Texts already looked at; shapes already planned on PGlite by this worker; statements noted, not yet planned. */
const seen = new Set<string>();
const checked = new Set<string>();
const pending = new Map<string, string>();

/** What a plan is made of: the first keyword of a statement `explain` takes. Others (set, listen…) are left out. */
const PLANNABLE = /^\s*(?:select|insert|update|delete|with|values|merge|table)\b/i;
/** A string literal, or a number that stands alone. */
const LITERALS = /'(?:[^']|'')*'|\b\d+(?:\.\d+)?\b/g;

/** Frames that only pass a statement on: this file, the database layer, the write helper (its callers' reads). */
const PASSING = ['test/pglite-dialect.ts', '/apps/server/src/db/', '/apps/server/src/platform/write.ts'];

/** Whether the statement's author, the first frame that does not only pass it on, is the product, not a test. */
function callerIsProduct(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 16;
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  Error.stackTraceLimit = limit;
  const author = frames.find((frame) => !PASSING.some((passing) => frame.includes(passing))) ?? '';
  return author.includes('/apps/server/src/') && !author.includes('.test.ts');
}

function note(sql: string, fromProduct: boolean): void {
  if (!fromProduct || !PLANNABLE.test(sql)) return;
  const shape = sql.replace(LITERALS, '?');
  if (!checked.has(shape) && !pending.has(shape)) pending.set(shape, sql);
}

function noted<Q extends Queryable>(target: Q): Q['query'] {
  return ((sql: string, params?: readonly unknown[]) => {
    if (!seen.has(sql)) {
      seen.add(sql);
      note(sql, callerIsProduct());
    }
    return target.query(sql, params);
  }) as Q['query'];
}

/** The database as it is, or (on PostgreSQL) one that notes the product's statements for the PGlite check. */
export function recordStatements(db: Database): Database {
  if (!ON) return db;
  return {
    ...db,
    query: noted(db),
    transaction: (isolation, fn, options) => {
      // The statements sent with BEGIN (reads the write helper's callers declare).
      const fromProduct = callerIsProduct();
      for (const sql of options?.opening ?? []) note(sql, fromProduct);
      return db.transaction(
        isolation,
        (tx: Transaction) =>
          fn({
            ...tx,
            query: noted(tx),
            withCommit: (sql: string) => {
              note(sql, callerIsProduct());
              tx.withCommit(sql);
            },
          }),
        options,
      );
    },
  };
}

let lite: Promise<Database> | null = null;

/**
 * Plans on PGlite the statements noted since the last call; answers one line per statement PGlite refused. The
 * worker's PGlite (new, migrated) opens at the first call and stays for the worker's later files.
 */
export async function planPendingOnPglite(): Promise<string[]> {
  if (!ON || pending.size === 0) return [];
  lite ??= (async () => {
    const db = await openPglite(null, { rng: cryptoRng });
    await migrate(db);
    return db;
  })();
  const db = await lite;
  const refused: string[] = [];
  for (const [shape, sql] of pending) {
    pending.delete(shape);
    checked.add(shape);
    try {
      // The simple protocol: its $1… stay placeholders for the generic plan, not parameters of this call.
      await db.exec(`explain (generic_plan) ${sql}`);
    } catch (error) {
      refused.push(`${(error as Error).message}\n    ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
  }
  return refused;
}
