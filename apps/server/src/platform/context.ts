import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { LaggingReads } from '../db/replicas.ts';
import type { Clock } from './clock.ts';
import type { ProcessLocal } from './process-local.ts';
import type { RealtimeHub } from './realtime.ts';
import type { Rng } from './rng.ts';

/** What every area's routes and services are given: nothing reaches for a global. */
export interface AppDeps {
  db: Database;
  /**
   * The reads that tolerate a little lag (DATABASE_REPLICA_URL): a streaming replica within the bound, else the
   * primary. Reached through `onReplica`, only by the services docs/scaling.md lists.
   */
  laggingReads: LaggingReads;
  config: Config;
  clock: Clock;
  rng: Rng;
  realtime: RealtimeHub;
  /** What this process holds in memory (per-address counts, caches), kept true across processes by `realtime`. */
  local: ProcessLocal;
}

/**
 * What a service that only reads, and tolerates a little lag, is given (the console's reports and dashboard, the
 * agents' reports): its `db` sends each read to a replica that is up and within the bound, else to the primary.
 */
export function onReplica(deps: AppDeps): { db: Queryable; config: Config } {
  return { db: deps.laggingReads, config: deps.config };
}
