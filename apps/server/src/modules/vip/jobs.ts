import type { AppDeps } from '../../platform/context.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import { dayBefore, runVipPeriods, vipTimeZone } from './growth.ts';
import { payReferralRewards } from './referral.ts';

const VIP_JOB = 'vip.periods';
const REFERRAL_JOB = 'vip.referral';
/** Slots missed in the last day of a downtime still run; the VIP job catches up a week of days by itself. */
const CATCH_UP_MS = 24 * 3_600_000;

/**
 * The VIP jobs. Every slot is one job row (it runs once whatever the number of processes), and each period's work
 * claims its period in vip_runs in its own transaction, so two runs of one slot still do it once.
 * - VIP periods every hour at 50 past (UTC): the merchant's previous day's growth and promotions (the first slot
 *   after the merchant's midnight does it, whatever its time zone; later slots find it done), then the rewards of
 *   the last whole week and month and the month's keep-or-drop review;
 * - referral rewards every 10 minutes, for friends whose deposits qualified.
 */
export function defineVipJobs(runner: JobRunner, deps: AppDeps): void {
  const slotOf = (job: ClaimedJob) => job.slot ?? deps.clock.now();
  runner.define(VIP_JOB, {
    run: async (job) =>
      runVipPeriods(deps, dayBefore(slotOf(job), await vipTimeZone(deps)), deps.clock.now()),
  });
  runner.define(REFERRAL_JOB, {
    run: async () => {
      await payReferralRewards(deps, deps.clock.now());
    },
  });
  runner.schedule({
    name: VIP_JOB,
    kind: VIP_JOB,
    cron: '50 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
    graceMs: CATCH_UP_MS,
  });
  runner.schedule({
    name: REFERRAL_JOB,
    kind: REFERRAL_JOB,
    cron: '*/10 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
