import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { DRAW_JOB, drawIfDue, ensureDraws, SETTLE_JOB } from './draws.ts';
import { settleDraw } from './settlement.ts';
import * as store from './store.ts';

const SWEEP_JOB = 'lottery-sweep';
const SWEEP_BATCH = 200;

const drawIdOf = (payload: Record<string, unknown>) => BigInt(String(payload.drawId));

/**
 * The lottery's work: each rng draw has a job at its time (written with its row), each drawn or voided draw a
 * settlement job; and every minute a sweep writes the coming draws of every game (their seed hashes published
 * before they go on sale), takes up draws whose job did not run (after downtime: drawn late or voided, as the game
 * says), and settles what is left. Every step holds the row it changes, so several processes do each thing once.
 */
export function defineLotteryJobs(runner: JobRunner, deps: AppDeps): void {
  const { clock } = deps;
  runner.define(DRAW_JOB, {
    run: async (job) => {
      await drawIfDue(deps, drawIdOf(job.payload), clock.now());
    },
  });
  runner.define(SETTLE_JOB, {
    run: async (job) => {
      await settleDraw(deps, drawIdOf(job.payload), clock.now());
    },
  });
  runner.define(SWEEP_JOB, { run: () => sweep(deps, clock.now()) });
  runner.schedule({ name: SWEEP_JOB, kind: SWEEP_JOB, cron: '* * * * *', timeZone: 'UTC', missed: 'skip' });
}

export async function sweep(deps: AppDeps, now: Date): Promise<void> {
  for (const game of await store.listGames(deps.db, { enabledOnly: true }))
    await ensureDraws(deps, game, now);
  for (const draw of await store.dueDraws(deps.db, now, SWEEP_BATCH)) await drawIfDue(deps, draw.id, now);
  for (const draw of await store.drawsToSettle(deps.db, SWEEP_BATCH)) await settleDraw(deps, draw.id, now);
}
