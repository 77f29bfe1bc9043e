import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { drainRollupQueue } from './rollups.ts';

const ROLLUP_JOB = 'agents.rollup';

/**
 * The roll-up job: every minute by default (AGENT_ROLLUP_CRON; each run drains the whole queue, batch by batch), so
 * a settled round or a posting shows in the reports within about a minute, well before the real-time salary reads its window (5 minutes late).
 * A slot missed while no process ran is skipped: the next run applies whatever is queued.
 */
export function defineRollupJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(ROLLUP_JOB, {
    async run() {
      await drainRollupQueue(deps.db);
    },
  });
  runner.schedule({
    name: ROLLUP_JOB,
    kind: ROLLUP_JOB,
    cron: deps.config.agentRollupCron,
    timeZone: 'UTC',
    missed: 'skip',
  });
}
