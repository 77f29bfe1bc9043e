import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { openDueRounds } from './rain.ts';

const RAIN_JOB = 'rain.open';

/**
 * The red envelope rain's opener, every minute (schedules start on whole minutes of the merchant's clock): opens the
 * rounds whose time has come and that have not closed. Each round is written once by its unique key, whatever the
 * number of runners; a slot missed in a downtime is skipped (a round still within its duration opens on the next).
 */
export function defineRaffleJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(RAIN_JOB, { run: async () => void (await openDueRounds(deps, deps.clock.now())) });
  runner.schedule({ name: RAIN_JOB, kind: RAIN_JOB, cron: '* * * * *', timeZone: 'UTC', missed: 'skip' });
}
