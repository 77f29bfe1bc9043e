import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { expireOffers } from './contracts.ts';

const EXPIRE_OFFERS_JOB = 'agent-contract-offers-expire';

/** The agents' contract jobs: offers whose time ran out expire, every 10 minutes. */
export function defineContractJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(EXPIRE_OFFERS_JOB, {
    run: async () => {
      await expireOffers(deps, deps.clock.now());
    },
  });
  runner.schedule({
    name: EXPIRE_OFFERS_JOB,
    kind: EXPIRE_OFFERS_JOB,
    cron: '*/10 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
    maxAttempts: 1,
  });
}
