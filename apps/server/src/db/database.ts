import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

type Row = Record<string, unknown>;

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** An open transaction: queries, and whole scripts (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
  /** The rows of each statement sent with BEGIN (`TransactionOptions.opening`), in their order; none without. */
  readonly opened: Row[][];
  /**
   * Sends a statement with COMMIT, in its round trip, once fn has resolved (its values written as literals, see
   * `sqlLiteral`): a failure rolls the whole transaction back, as if fn had thrown.
   */
  withCommit(sql: string): void;
}

interface TransactionOptions {
  /**
   * Statements sent with BEGIN, in its round trip (values as literals, see `sqlLiteral`): their rows are `opened`.
   * One that fails rolls the transaction back and rejects it (fn does not run).
   */
  opening?: readonly string[];
}

/** A value written into SQL text as a quoted literal (for the statements sent with BEGIN and COMMIT). */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

/** A parameter's value as SQL text (see `sqlLiteral`): null, a boolean, an integer, text, an instant or an array. */
export type SqlValue = string | number | bigint | boolean | Date | null | readonly SqlValue[];

export function sqlValue(value: SqlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return sqlLiteral(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer for SQL text: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return `${sqlLiteral(value.toISOString())}::timestamptz`;
  return `array[${value.map(sqlValue).join(', ')}]`;
}

/**
 * A read as one statement with its values written out (`sqlValue`) and what its rows answer: sent on its own
 * (`runRead`), or with others in a transaction's opening round trip (`TransactionOptions.opening`).
 */
export interface Read<T> {
  sql: string;
  of(rows: Record<string, unknown>[]): T;
}

/** The first row, or null: the `of` of a read of one row. */
export const firstOf = <T>(rows: Record<string, unknown>[]): T | null => (rows[0] as T | undefined) ?? null;

/** A read with nothing to find (no statement's work in an opening round trip): answers null. */
export const noRead = <T>(): Read<T | null> => ({ sql: 'select 1 where false', of: () => null });

/** A read sent on its own. */
export const runRead = async <T>(db: Queryable, read: Read<T>): Promise<T> =>
  read.of(await db.query(read.sql));

/**
 * READ COMMITTED with row locks (`for update`, atomic upserts, conditional updates) for writes whose rows are
 * named up front; SERIALIZABLE where a decision reads a set of rows that a concurrent write could change.
 */
export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction at the given isolation level; it commits when fn resolves and rolls back when it
   * throws. A serialization failure or a deadlock (40001, 40P01) rolls back and runs fn again, a bounded number of
   * times after a jittered pause, so fn must have no effect outside the transaction. Services normally reach this
   * through platform/write.ts, which adds idempotency keys.
   */
  transaction<T>(
    isolation: Isolation,
    fn: (tx: Transaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** int8 values (money, counts) arrive as bigint on both drivers. */
const parseInt8 = (value: string) => BigInt(value);

export interface DatabaseOptions {
  /** Throw when the pool is queried inside an open transaction of the same async context (default: not production). */
  guard?: boolean;
  /** Runs of a transaction in all, when serialization failures or deadlocks keep it from committing. */
  maxAttempts?: number;
  /** Spreads the waits between retries: a uniform number in [0, 1) (the platform's Rng, injected by the caller). */
  rng: { fraction(): number };
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of creating a new cluster. */
  pgliteDataDir?: Blob;
  /**
   * PostgreSQL only: where the LISTEN connection goes (default: the pool's address). It keeps one session for as
   * long as it listens, so behind PgBouncer in transaction mode it must reach PostgreSQL directly (docs/scaling.md).
   */
  listenUrl?: string;
}

/** The async context of an open transaction: the pool must not be used there. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

const RETRYABLE = new Set(['40001', '40P01']);

export class TransactionRetriesExhausted extends Error {
  constructor(
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`transaction failed ${attempts} times on serialization failures or deadlocks`, { cause });
  }
}

/**
 * The transaction engine both drivers share: isolation, the pool guard and retries with jittered backoff.
 * `run` opens, runs and closes one attempt on the driver.
 */
function transactions(
  options: DatabaseOptions,
  run: <T>(
    isolation: Isolation,
    fn: (tx: Transaction) => Promise<T>,
    transactionOptions: TransactionOptions,
  ) => Promise<T>,
) {
  const guard = options.guard ?? process.env.NODE_ENV !== 'production';
  const maxAttempts = options.maxAttempts ?? 10;
  const rng = options.rng;
  return {
    checkPool(sql: string) {
      if (guard && openTransaction.getStore()?.open) {
        throw new Error(
          `A query reached the pool inside an open transaction (use the transaction handle): ${sql.slice(0, 80)}`,
        );
      }
    },
    async transaction<T>(
      isolation: Isolation,
      fn: (tx: Transaction) => Promise<T>,
      transactionOptions: TransactionOptions = {},
    ): Promise<T> {
      if (guard && openTransaction.getStore()?.open) {
        throw new Error('A transaction was opened inside an open transaction (use the transaction handle)');
      }
      for (let attempt = 1; ; attempt += 1) {
        const scope = { open: true };
        try {
          // Only the guard reads the context: without it none is kept (keeping one costs every promise a hook).
          return await (guard
            ? openTransaction.run(scope, () => run(isolation, fn, transactionOptions))
            : run(isolation, fn, transactionOptions));
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
          if (attempt >= maxAttempts) throw new TransactionRetriesExhausted(attempt, error);
          await sleep(Math.round(rng.fraction() * Math.min(200, 2 * 2 ** attempt)));
        } finally {
          scope.open = false;
        }
      }
    },
  };
}

export async function openPglite(dataDir: string | null, options: DatabaseOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir ?? undefined, {
    parsers: { [pgliteTypes.INT8]: parseInt8 },
    loadDataDir: options.pgliteDataDir,
  });
  const engine = transactions(options, (isolation, fn, { opening }) =>
    lite.transaction(async (tx) => {
      await tx.query(`set transaction isolation level ${isolation}`);
      const opened: Row[][] = [];
      for (const sql of opening ?? []) opened.push((await tx.query<Row>(sql)).rows);
      const closing: string[] = [];
      const value = await fn({
        async query<R>(sql: string, params: readonly unknown[] = []) {
          const result = await tx.query<R>(sql, params as unknown[]);
          return result.rows;
        },
        async exec(sql: string) {
          await tx.exec(sql);
        },
        opened,
        withCommit(sql: string) {
          closing.push(sql);
        },
      });
      for (const sql of closing) await tx.exec(sql);
      return value;
    }),
  );
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      engine.checkPool(sql);
      const result = await lite.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    transaction: engine.transaction,
    async exec(sql: string) {
      engine.checkPool(sql);
      await lite.exec(sql);
    },
    async listen(channel, onPayload) {
      const unlisten = await lite.listen(channel, onPayload);
      return async () => unlisten();
    },
    async close() {
      await lite.close();
    },
  };
}

/** A pool of connections to a PostgreSQL server, its int8 values read as bigint (the primary's, a replica's). */
export function postgresPool(connectionString: string, poolSize: number, more: pg.PoolConfig = {}): pg.Pool {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return parseInt8;
      return pg.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ ...more, connectionString, max: poolSize, types: typeParsers });
  // An idle client that fails (the server restarted) must not bring the process down.
  pool.on('error', () => {});
  return pool;
}

/**
 * Whether the caller runs inside an open transaction (of either driver): a query sent elsewhere from there (the
 * pool, a replica) would not see the transaction's own writes.
 */
export function inOpenTransaction(): boolean {
  return openTransaction.getStore()?.open === true;
}

export async function openPostgres(
  connectionString: string,
  poolSize: number,
  options: DatabaseOptions,
): Promise<Database> {
  const pool = postgresPool(connectionString, poolSize);
  await pool.query('select 1');
  let listener: pg.Client | null = null;
  const channels = new Map<string, Set<(payload: string) => void>>();
  const engine = transactions(options, async (isolation, fn, { opening }) => {
    const client = await pool.connect();
    try {
      // The opening statements travel with BEGIN and the closing ones with COMMIT, each in one round trip (a
      // query without parameters may hold several statements; it answers one result per statement).
      const begun = await client.query(
        [`begin isolation level ${isolation}`, ...(opening ?? [])].join(';\n'),
      );
      const opened = opening?.length
        ? (begun as unknown as pg.QueryResult[]).slice(1).map((result) => result.rows as Row[])
        : [];
      const closing: string[] = [];
      const value = await fn({
        async query<R>(sql: string, params: readonly unknown[] = []) {
          const result = await client.query(sql, params as unknown[]);
          return result.rows as R[];
        },
        async exec(sql: string) {
          await client.query(sql);
        },
        opened,
        withCommit(sql: string) {
          closing.push(sql);
        },
      });
      await client.query([...closing, 'commit'].join(';\n'));
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      engine.checkPool(sql);
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    transaction: engine.transaction,
    async exec(sql: string) {
      engine.checkPool(sql);
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: options.listenUrl ?? connectionString });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (message) => {
          for (const handler of channels.get(message.channel) ?? []) handler(message.payload ?? '');
        });
      }
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      handlers.add(onPayload);
      return async () => {
        handlers.delete(onPayload);
      };
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(
  where: {
    databaseUrl: string | null;
    databaseListenUrl: string | null;
    dataDir: string | null;
    databasePoolSize: number;
  },
  options: DatabaseOptions,
): Promise<Database> {
  return where.databaseUrl
    ? openPostgres(where.databaseUrl, where.databasePoolSize, {
        ...options,
        ...(where.databaseListenUrl ? { listenUrl: where.databaseListenUrl } : {}),
      })
    : openPglite(where.dataDir, options);
}
