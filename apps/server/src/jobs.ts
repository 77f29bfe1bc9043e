import type { AppDeps } from './platform/context.ts';
import { JobRunner, type JobRunnerOptions } from './platform/jobs.ts';
import { purgeIdempotencyKeys } from './platform/write.ts';

const DAY_MS = 86_400_000;

/** Every kind of job and every schedule of the server, on one runner (as app.ts holds every route). */
export function buildJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): JobRunner {
  const runner = new JobRunner(deps, options);
  runner.define('idempotency.purge', {
    run: async () => {
      await purgeIdempotencyKeys(
        deps.db,
        new Date(deps.clock.now().getTime() - deps.config.idempotencyKeyDays * DAY_MS),
      );
    },
  });
  runner.schedule({
    name: 'idempotency.purge',
    kind: 'idempotency.purge',
    cron: '30 3 * * *',
    timeZone: 'UTC',
    missed: 'skip',
    graceMs: DAY_MS,
  });
  return runner;
}
