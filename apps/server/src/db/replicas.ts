import type pg from 'pg';
import { inOpenTransaction, postgresPool, type Queryable } from './database.ts';

/** A replica at its last check: taking reads (up), unreachable, behind the bound, or not a standby at all. */
type ReplicaState = 'up' | 'down' | 'lagging' | 'not_standby';

interface ReplicaHealth {
  state: ReplicaState;
  /** How far its replay is behind the primary, in seconds (0: it has replayed all it received); null: unknown. */
  lagSeconds: number | null;
}

interface ReadsStatus {
  /** Where the reads that tolerate lag go now: a replica, or the primary (no replica is up within the bound). */
  reads: 'replica' | 'primary';
  /** Each replica of DATABASE_REPLICA_URL, in its order. */
  replicas: ReplicaHealth[];
}

/**
 * Where the reads that tolerate a little lag go (docs/scaling.md, "Read replicas"): a streaming replica that is up
 * and within the bound, or the primary. Only for reads outside any transaction: never the money path, a read of a
 * write's transaction, or a read of what the caller has just written.
 */
export interface LaggingReads extends Queryable {
  /** null when no replica is configured (every read goes to the primary). */
  status(): ReadsStatus | null;
  close(): Promise<void>;
}

/** Without replicas: the reads go to the primary. */
export function primaryReads(primary: Queryable): LaggingReads {
  return {
    query: (sql, params) => primary.query(sql, params),
    status: () => null,
    close: async () => {},
  };
}

export interface ReplicaOptions {
  poolSize: number;
  /** A replica whose replay is further behind than this takes no reads until it catches up. */
  maxLagSeconds: number;
  /** How often each replica's state is checked (default 2 s); `check()` checks at once. */
  checkMs?: number;
  /** Throw when a read is sent here inside an open transaction (default: not production). */
  guard?: boolean;
}

/**
 * A standby's state: in recovery, and how far behind. Streaming and having replayed all it received counts as
 * caught up (an idle primary sends nothing to replay); otherwise the lag is the age of the last replayed commit.
 * pg_stat_wal_receiver's status needs pg_monitor (or a superuser): without it a quiet replica counts as lagging.
 */
async function healthOf(pool: pg.Pool, maxLagSeconds: number): Promise<ReplicaHealth> {
  try {
    const { rows } = await pool.query<{
      standby: boolean;
      streaming: boolean;
      caught_up: boolean;
      since_replay: number | null;
    }>(
      `select pg_is_in_recovery() as standby,
              coalesce((select status = 'streaming' from pg_stat_wal_receiver), false) as streaming,
              coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as caught_up,
              extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as since_replay`,
    );
    const row = rows[0];
    if (!row?.standby) return { state: 'not_standby', lagSeconds: null };
    const lag = row.streaming && row.caught_up ? 0 : row.since_replay;
    if (lag === null || lag > maxLagSeconds) return { state: 'lagging', lagSeconds: lag };
    return { state: 'up', lagSeconds: lag };
  } catch {
    return { state: 'down', lagSeconds: null };
  }
}

/**
 * The replica failed rather than the statement: no connection (class 08), shut down or starting (57), out of
 * resources (53), or a query cancelled by a conflict with recovery (40001): the primary answers the read instead.
 * A statement's own error (a mistake, or a write sent here: 25006) is thrown as it is.
 */
function replicaFailed(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return ['08', '57', '53'].includes(code.slice(0, 2)) || code === '40001';
}

/** Opens the replicas' pools and checks them now and every `checkMs`. */
export async function openReplicas(
  urls: readonly string[],
  options: ReplicaOptions,
  primary: Queryable,
): Promise<LaggingReads & { check(): Promise<void> }> {
  const replicas = urls.map((url) => ({
    pool: postgresPool(url, options.poolSize, { connectionTimeoutMillis: 2_000 }),
    health: { state: 'down', lagSeconds: null } as ReplicaHealth,
  }));
  const guard = options.guard ?? process.env.NODE_ENV !== 'production';
  const check = async () => {
    await Promise.all(
      replicas.map(async (replica) => {
        replica.health = await healthOf(replica.pool, options.maxLagSeconds);
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), options.checkMs ?? 2_000);
  timer.unref();
  let turn = 0;
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      if (guard && inOpenTransaction()) {
        throw new Error(
          `A lagging read inside an open transaction (use the transaction handle): ${sql.slice(0, 80)}`,
        );
      }
      const up = replicas.filter((replica) => replica.health.state === 'up');
      const replica = up[turn++ % Math.max(up.length, 1)];
      if (!replica) return primary.query<T>(sql, params);
      try {
        return (await replica.pool.query(sql, params as unknown[])).rows as T[];
      } catch (error) {
        if (!replicaFailed(error)) throw error;
        // Out until a check finds it up again; a read has no effect, so the primary answers it.
        replica.health = { state: 'down', lagSeconds: null };
        return primary.query<T>(sql, params);
      }
    },
    status() {
      return {
        reads: replicas.some((replica) => replica.health.state === 'up') ? 'replica' : 'primary',
        replicas: replicas.map((replica) => ({ ...replica.health })),
      };
    },
    check,
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}
