import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { ProcessLocal } from './process-local.ts';
import type { RealtimeHub } from './realtime.ts';
import type { Rng } from './rng.ts';

/** What every area's routes and services are given: nothing reaches for a global. */
export interface AppDeps {
  db: Database;
  config: Config;
  clock: Clock;
  rng: Rng;
  realtime: RealtimeHub;
  /** What this process holds in memory (per-address counts, caches), kept true across processes by `realtime`. */
  local: ProcessLocal;
}
