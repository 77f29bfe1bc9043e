import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';

/** The agents' rollup jobs and schedules. */
export function defineRollupJobs(_runner: JobRunner, _deps: AppDeps): void {}
