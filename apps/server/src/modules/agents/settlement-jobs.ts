import type { AppDeps } from '../../platform/context.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import type { Period } from './periods.ts';
import { merchantTimeZone, type RunResult, retryOutstanding } from './settlement.ts';
import {
  catchUp,
  dailySequence,
  dividendSequence,
  hourlySequence,
  realtimeSequence,
  type WindowSequence,
} from './settlement-catch-up.ts';

const REALTIME_SALARY_JOB = 'agents.settle.realtime_salary';
const HOURLY_SALARY_JOB = 'agents.settle.hourly_salary';
const DAILY_SALARY_JOB = 'agents.settle.daily_salary';
const DIVIDEND_JOB = 'agents.settle.dividend';
const DIVIDEND_PERIODS: readonly Period[] = ['daily', 'weekly', 'semimonthly', 'monthly'];

/** A run that could not bill every contract fails its slot: the retry bills the ones left (made bills are kept). */
function failOnFailures(results: RunResult[]): void {
  const failures = results.flatMap((result) => result.failures);
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} contract(s) not settled: ${failures
        .slice(0, 3)
        .map((failure) => `${failure.agentId}/${failure.product}: ${failure.error}`)
        .join('; ')}`,
    );
  }
}

/**
 * The agents' settlement jobs (design note §A6). Each job settles every closed window of its kind since the kind's
 * cursor (settlement-catch-up.ts), a bounded batch per run, so a downtime of any length is caught up on the next
 * runs and each bill is made once by its unique key:
 * - real-time salary every 5 minutes, up to the window that ended 5 minutes before;
 * - hourly salary at 5, 20, 35 and 50 past, up to the merchant's last whole hour (a zone with a :30 or :45 offset
 *   ends its hours at those minutes in UTC);
 * - daily salary every hour at half past, up to the merchant's previous day (the first slot after its midnight
 *   settles it, whatever its time zone), then the rest of bills an upline could not pay in full;
 * - dividends every hour at 20 to, every period of each kind (semimonthly by default) that has ended.
 * Only the last missed slot of each schedule runs after a downtime (its run catches up the windows).
 */
export function defineSettlementJobs(runner: JobRunner, deps: AppDeps): void {
  const slotOf = (job: ClaimedJob) => job.slot ?? deps.clock.now();
  const run = async (sequence: WindowSequence, job: ClaimedJob) =>
    (await catchUp(deps, sequence, slotOf(job), deps.clock.now())) ?? [];
  runner.define(REALTIME_SALARY_JOB, {
    run: async (job) => failOnFailures(await run(realtimeSequence, job)),
  });
  runner.define(HOURLY_SALARY_JOB, {
    run: async (job) => failOnFailures(await run(hourlySequence(await merchantTimeZone(deps)), job)),
  });
  runner.define(DAILY_SALARY_JOB, {
    run: async (job) => {
      const results = await run(dailySequence(await merchantTimeZone(deps)), job);
      await retryOutstanding(deps, deps.clock.now());
      failOnFailures(results);
    },
  });
  runner.define(DIVIDEND_JOB, {
    run: async (job) => {
      const timeZone = await merchantTimeZone(deps);
      const results: RunResult[] = [];
      for (const period of DIVIDEND_PERIODS)
        results.push(...(await run(dividendSequence(period, timeZone), job)));
      failOnFailures(results);
    },
  });
  const every = (name: string, kind: string, cron: string, intervalMs: number) =>
    runner.schedule({ name, kind, cron, timeZone: 'UTC', missed: 'skip', graceMs: intervalMs });
  every('agents.settle.realtime', REALTIME_SALARY_JOB, '*/5 * * * *', 5 * 60_000);
  every('agents.settle.hourly', HOURLY_SALARY_JOB, '5,20,35,50 * * * *', 15 * 60_000);
  every('agents.settle.daily', DAILY_SALARY_JOB, '30 * * * *', 3_600_000);
  every('agents.settle.dividend', DIVIDEND_JOB, '40 * * * *', 3_600_000);
}
