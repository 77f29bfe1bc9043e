import type { AppDeps } from '../../platform/context.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import { dayBefore, vipTimeZone } from '../vip/growth.ts';
import { runPointsDays } from './points.ts';

const POINTS_JOB = 'points.daily';
/** Slots missed in the last day of a downtime still run; the job catches up a week of days by itself. */
const CATCH_UP_MS = 24 * 3_600_000;

/**
 * The points job, every hour at 45 past (UTC): the first slot after the merchant's midnight credits the previous
 * day's points (later slots find the day done, points_runs). Every slot is one job row, and each day claims itself
 * in its transaction, so two runs of one slot still credit it once.
 */
export function definePointsJobs(runner: JobRunner, deps: AppDeps): void {
  const slotOf = (job: ClaimedJob) => job.slot ?? deps.clock.now();
  runner.define(POINTS_JOB, {
    run: async (job) =>
      runPointsDays(deps, dayBefore(slotOf(job), await vipTimeZone(deps)), deps.clock.now()),
  });
  runner.schedule({
    name: POINTS_JOB,
    kind: POINTS_JOB,
    cron: '45 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
    graceMs: CATCH_UP_MS,
  });
}
