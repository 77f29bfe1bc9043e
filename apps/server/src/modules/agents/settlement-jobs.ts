import type { AppDeps } from '../../platform/context.ts';
import type { ClaimedJob, JobRunner } from '../../platform/jobs.ts';
import {
  hourlySpan,
  merchantTimeZone,
  previousDay,
  type RunResult,
  realtimeWindow,
  retryOutstanding,
  settleDividends,
  settleSpan,
} from './settlement.ts';

const REALTIME_SALARY_JOB = 'agents.settle.realtime_salary';
const HOURLY_SALARY_JOB = 'agents.settle.hourly_salary';
const DAILY_SALARY_JOB = 'agents.settle.daily_salary';
const DIVIDEND_JOB = 'agents.settle.dividend';
/** How far back missed slots still run after downtime: six hours. */
const CATCH_UP_MS = 6 * 3_600_000;

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
 * The agents' settlement jobs (design note §A6). Every slot is one job row, so it runs once whatever the number of
 * processes, and slots missed in the last six hours of a downtime run when it ends (older ones are not settled by the
 * jobs); each bill is made once by its unique key anyway.
 * - real-time salary every 5 minutes, for the window that ended 5 minutes before the slot;
 * - hourly salary at 5 past each hour, for the hour that just ended;
 * - daily salary every hour at half past, for the merchant's previous day (the first slot after the merchant's
 *   midnight settles it, whatever its time zone; later slots find it billed), then the rest of bills an upline
 *   could not pay in full;
 * - dividends every hour at 20 to, for each contract's period that has ended (semimonthly by default).
 */
export function defineSettlementJobs(runner: JobRunner, deps: AppDeps): void {
  const slotOf = (job: ClaimedJob) => job.slot ?? deps.clock.now();
  runner.define(REALTIME_SALARY_JOB, {
    run: async (job) =>
      failOnFailures([
        await settleSpan(deps, 'realtime_salary', realtimeWindow(slotOf(job)), deps.clock.now()),
      ]),
  });
  runner.define(HOURLY_SALARY_JOB, {
    run: async (job) =>
      failOnFailures([await settleSpan(deps, 'hourly_salary', hourlySpan(slotOf(job)), deps.clock.now())]),
  });
  runner.define(DAILY_SALARY_JOB, {
    run: async (job) => {
      const span = previousDay(slotOf(job), await merchantTimeZone(deps));
      const result = await settleSpan(deps, 'daily_salary', span, deps.clock.now());
      await retryOutstanding(deps, deps.clock.now());
      failOnFailures([result]);
    },
  });
  runner.define(DIVIDEND_JOB, {
    run: async (job) => failOnFailures(await settleDividends(deps, slotOf(job), deps.clock.now())),
  });
  // Slots missed while no process ran are caught up for the last CATCH_UP_MS only: a clock that jumps months (or a
  // server down that long) must not queue tens of thousands of empty windows at once.
  const every = (name: string, kind: string, cron: string) =>
    runner.schedule({ name, kind, cron, timeZone: 'UTC', missed: 'skip', graceMs: CATCH_UP_MS });
  every('agents.settle.realtime', REALTIME_SALARY_JOB, '*/5 * * * *');
  every('agents.settle.hourly', HOURLY_SALARY_JOB, '5 * * * *');
  every('agents.settle.daily', DAILY_SALARY_JOB, '30 * * * *');
  every('agents.settle.dividend', DIVIDEND_JOB, '40 * * * *');
}
