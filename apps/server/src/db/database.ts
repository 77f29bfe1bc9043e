import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** int8 values (money, counts) arrive as bigint on both drivers. */
const parseInt8 = (value: string) => BigInt(value);

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir ?? undefined, { parsers: { [pgliteTypes.INT8]: parseInt8 } });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await lite.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<R>(sql, params as unknown[]);
            return result.rows;
          },
        }),
      );
    },
    async exec(sql: string) {
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

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return parseInt8;
      return pg.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ connectionString, max: poolSize, types: typeParsers });
  // An idle client that fails (the server restarted) must not bring the process down.
  pool.on('error', () => {});
  await pool.query('select 1');
  let listener: pg.Client | null = null;
  const channels = new Map<string, Set<(payload: string) => void>>();
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const result = await client.query(sql, params as unknown[]);
            return result.rows as R[];
          },
        });
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString });
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

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
