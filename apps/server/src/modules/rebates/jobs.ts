import type { AppDeps } from '../../platform/context.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import { dayBefore, vipTimeZone } from '../vip/growth.ts';
import { runRebateDays } from './rebates.ts';

const REBATE_JOB = 'rebates.daily';
/** Slots missed in the last day of a downtime still run; the job catches up a week of days by itself. */
const CATCH_UP_MS = 24 * 3_600_000;

/**
 * The rebate job, every hour at 40 past (UTC): the first slot after the merchant's midnight issues the previous
 * day's rebates (later slots find the day done, rebate_runs) and expires unclaimed ones. Every slot is one job row,
 * and each day claims itself in its transaction, so two runs of one slot still issue it once.
 */
export function defineRebateJobs(runner: JobRunner, deps: AppDeps): void {
  const slotOf = (job: ClaimedJob) => job.slot ?? deps.clock.now();
  runner.define(REBATE_JOB, {
    run: async (job) =>
      runRebateDays(deps, dayBefore(slotOf(job), await vipTimeZone(deps)), deps.clock.now()),
  });
  runner.schedule({
    name: REBATE_JOB,
    kind: REBATE_JOB,
    cron: '40 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
    graceMs: CATCH_UP_MS,
  });
}
