import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { publish } from '../../platform/realtime.ts';
import { REALITY_CHECK_JOB, realityCheckDue } from './check.ts';
import * as store from './store.ts';

/**
 * A reality check falls due: the member's pages are told over /ws (responsible.reality_check) and show the dialog at
 * once. A job whose time was replaced (the member continued, changed the interval, or a new session began) or whose
 * session ended says nothing.
 */
export function defineResponsibleJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(REALITY_CHECK_JOB, {
    run: async (job) => {
      const memberId = Number(job.payload.memberId);
      const due = String(job.payload.due);
      const row = await store.controls(deps.db, memberId);
      if (row?.reality_due_at?.toISOString() !== due || !realityCheckDue(row, deps.clock.now())) return;
      await publish(deps.db, { type: 'responsible.reality_check' }, { member: memberId });
    },
  });
}
