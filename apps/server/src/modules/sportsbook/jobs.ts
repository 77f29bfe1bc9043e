import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { ACCEPT_JOB, acceptDue } from './bets.ts';
import { syncFeed, tickSimulator } from './feed.ts';
import { SETTLE_JOB, settleDue, settleEvent } from './settlement.ts';

const SWEEP_JOB = 'sportsbook-sweep';
const FEED_JOB = 'sportsbook-feed';

/**
 * The book's work: a pending live bet has a job at the end of its delay, a confirmed result (or a void) a
 * settlement job; every minute a sweep decides pending bets whose job did not run, moves the simulator's events,
 * voids postponed events not played within 48 hours and settles what is left; every hour the configured feed is
 * read. Each step holds the rows it changes (skipping those another process holds), so several runners do each
 * thing once.
 */
export function defineSportsbookJobs(runner: JobRunner, deps: AppDeps): void {
  const { clock } = deps;
  runner.define(ACCEPT_JOB, { run: async () => void (await acceptDue(deps, clock.now())) });
  runner.define(SETTLE_JOB, {
    run: async (job) => void (await settleEvent(deps, Number(job.payload.eventId), clock.now())),
  });
  runner.define(SWEEP_JOB, { run: () => sweep(deps, clock.now()) });
  runner.define(FEED_JOB, { run: async () => void (await syncFeed(deps, clock.now())) });
  runner.schedule({ name: SWEEP_JOB, kind: SWEEP_JOB, cron: '* * * * *', timeZone: 'UTC', missed: 'skip' });
  runner.schedule({ name: FEED_JOB, kind: FEED_JOB, cron: '7 * * * *', timeZone: 'UTC', missed: 'skip' });
}

async function sweep(deps: AppDeps, now: Date): Promise<void> {
  await acceptDue(deps, now);
  await tickSimulator(deps, now);
  await settleDue(deps, now);
}
