import type { Database, Queryable } from '../../db/database.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import * as store from './rollups-store.ts';

/**
 * The roll-ups of the team reports and contracts (0025's agent_play_days, agent_play_windows, agent_money_days),
 * filled from the queue that 0026's triggers write in the transaction of each change of a round or a posting.
 * Each batch is claimed, applied and deleted in one transaction, so every queued change is applied exactly once,
 * whatever the number of runners (see rollups-store.applyQueued).
 */
const ROLLUP_BATCH = 5_000;

/** Applies queued changes in batches until none is left (or `maxBatches` ran); answers how many were applied. */
export async function drainRollupQueue(
  db: Database,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = options.batch ?? ROLLUP_BATCH;
  let total = 0;
  for (let run = 0; run < (options.maxBatches ?? Number.POSITIVE_INFINITY); run += 1) {
    const applied = await write(db, { isolation: 'read committed' }, async (tx) => {
      const count = await store.applyQueued(tx, batch);
      // The console's dashboard reads its figures again (sent at commit).
      if (count > 0) await publish(tx, { type: 'console.changed', areas: ['figures'] }, 'operators');
      return count;
    });
    total += applied;
    if (applied < batch) break;
  }
  return total;
}

export const queuedChanges = (db: Queryable) => store.queuedCount(db);
