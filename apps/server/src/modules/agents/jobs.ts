import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { defineContractJobs } from './contract-jobs.ts';
import { defineRollupJobs } from './rollup-jobs.ts';
import { defineSettlementJobs } from './settlement-jobs.ts';

/** Every job of the agents area: the roll-ups, the expiry of offers, and the settlement of contracts. */
export function defineAgentJobs(runner: JobRunner, deps: AppDeps): void {
  defineRollupJobs(runner, deps);
  defineContractJobs(runner, deps);
  defineSettlementJobs(runner, deps);
}
