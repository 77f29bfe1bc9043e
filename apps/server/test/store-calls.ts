import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Database, Queryable } from '../src/db/database.ts';

/**
 * With STORE_CALLS=<folder>: every test database notes which store function sent each query (the first frame of a
 * `src/modules/**\/*store*.ts` file on the stack), one line `test file <tab> store file#function` per new pair, in
 * a file per process.
 * scripts/pglite-coverage.mjs runs the full suite and the PGlite set this way and compares them: the set must call
 * every store function the full suite calls. Off (and free) otherwise.
 */
const folder = process.env.STORE_CALLS;
const seen = new Set<string>();
const FRAME = /at (?:async )?([\w$.<>]+) \(.*?(src\/modules\/[^:]*store[^/:]*\.ts):\d+/;

function note(): void {
  if (!folder) return;
  const stack = new Error().stack ?? '';
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const key = `${expect.getState().testPath ?? ''}\t${match[2]}#${(match[1] ?? '').replace(/^Module\./, '')}`;
    if (seen.has(key)) return;
    seen.add(key);
    mkdirSync(folder, { recursive: true });
    appendFileSync(join(folder, `${process.pid}.log`), `${key}\n`);
    return;
  }
}

function watched<Q extends Queryable>(target: Q): Q['query'] {
  return ((sql: string, params?: readonly unknown[]) => {
    note();
    return target.query(sql, params);
  }) as Q['query'];
}

/** The database as it is, or (with STORE_CALLS set) one that notes the store functions that query it. */
export function recordStoreCalls(db: Database): Database {
  if (!folder) return db;
  return {
    ...db,
    query: watched(db),
    transaction: (isolation, fn, options) =>
      db.transaction(
        isolation,
        (tx) =>
          fn({
            query: watched(tx),
            exec: (sql) => tx.exec(sql),
            opened: tx.opened,
            withCommit: (sql) => tx.withCommit(sql),
          }),
        options,
      ),
  };
}
