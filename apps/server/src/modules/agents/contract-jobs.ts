import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';

/** The agents' contract jobs and schedules. */
export function defineContractJobs(_runner: JobRunner, _deps: AppDeps): void {}
