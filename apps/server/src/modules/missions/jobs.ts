import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { settleEvents } from './missions.ts';

const SETTLE_JOB = 'missions.settle';

/**
 * Every ten minutes: pays the leaderboard prizes of the events that ended an hour ago or more. Each event is marked
 * settled in the transaction that pays it, so two runners (or two slots) pay it once.
 */
export function defineMissionJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(SETTLE_JOB, { run: async () => void (await settleEvents(deps, deps.clock.now())) });
  runner.schedule({
    name: SETTLE_JOB,
    kind: SETTLE_JOB,
    cron: '*/10 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
    graceMs: 3_600_000,
  });
}
