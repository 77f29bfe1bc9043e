import type { AppDeps } from '../../../platform/context.ts';
import { enqueue, type JobRunner } from '../../../platform/jobs.ts';
import { write } from '../../../platform/write.ts';
import { syncAllCatalogues } from './catalogue.ts';
import { runTransfer, TRANSFER_JOB, transferJobDied } from './transfers.ts';

export const CATALOGUE_SYNC_JOB = 'game-catalogue-sync';

/** The providers' jobs: the catalogue sync (scheduled, and queued at start) and the transfers of transfer mode. */
export function defineProviderJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(CATALOGUE_SYNC_JOB, {
    run: () => syncAllCatalogues(deps, deps.clock.now()),
    retryDelayMs: (attempt) => Math.min(600_000, 15_000 * 2 ** (attempt - 1)),
  });
  runner.schedule({
    name: CATALOGUE_SYNC_JOB,
    kind: CATALOGUE_SYNC_JOB,
    cron: deps.config.gameProviders.catalogueCron,
    timeZone: 'UTC',
    missed: 'skip',
    maxAttempts: 3,
  });
  runner.define(TRANSFER_JOB, {
    run: (job) => runTransfer(deps, String(job.payload.reference), job.attempt),
    onDead: (job) => transferJobDied(deps, String(job.payload.reference)),
    // A call without an answer is asked about only once the provider has had time to finish it.
    retryDelayMs: () => deps.config.gameProviders.transferCheckSeconds * 1000,
  });
}

/** Queues a catalogue sync now (main.ts at start; the console's "sync now" may call syncCatalogue directly). */
export async function queueCatalogueSync(deps: AppDeps, now: Date): Promise<void> {
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    enqueue(tx, { kind: CATALOGUE_SYNC_JOB, runAt: now, maxAttempts: 5 }, now),
  );
}
