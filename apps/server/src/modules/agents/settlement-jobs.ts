import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';

/** The agents' settlement jobs and schedules. */
export function defineSettlementJobs(_runner: JobRunner, _deps: AppDeps): void {}
