import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { postBigWins } from './rooms.ts';

const BIG_WINS_JOB = 'chat.big_wins';

/**
 * Big wins to the chat rooms, every minute: the wins of the last ten minutes from the operator's threshold, each
 * posted once per room (a unique key per win and room, whatever the number of runners); a missed slot is skipped.
 */
export function defineChatJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(BIG_WINS_JOB, { run: async () => void (await postBigWins(deps, deps.clock.now())) });
  runner.schedule({
    name: BIG_WINS_JOB,
    kind: BIG_WINS_JOB,
    cron: '* * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
