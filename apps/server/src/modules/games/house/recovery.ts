import type { AppDeps } from '../../../platform/context.ts';
import type { JobRunner } from '../../../platform/jobs.ts';
import { purgeExpiredLaunches } from './frame.ts';
import { type Money, payOutcome, RoundClosed, SEAMLESS_MONEY, voidRound } from './round-play.ts';
import * as store from './store.ts';
import { defineHouseTableJobs } from './tables/routes.ts';

/**
 * Rounds interrupted mid-way (the browser closed, the server restarted, the database failed between the bet and the
 * win) are never lost: a round still started a minute after it began is completed when its bet was placed (the
 * outcome follows from the seeds and the nonce, so the win is paid exactly as it would have been), and voided with a
 * rollback otherwise (the bet is refunded if it was taken after all, and refused if it ever arrives). Every step is
 * idempotent: the round's transaction ids make a repeated call move nothing, and a round settled or voided meanwhile
 * is left as it is.
 */

export const HOUSE_RECOVERY_JOB = 'house-round-recovery';
/** A round still started after this long is taken as interrupted. */
export const STALE_ROUND_MS = 60_000;
const BATCH = 200;

export interface RecoverySummary {
  completed: number;
  voided: number;
}

export async function recoverRounds(
  deps: AppDeps,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<RecoverySummary> {
  const summary: RecoverySummary = { completed: 0, voided: 0 };
  const failures: string[] = [];
  for (const id of await store.startedRounds(deps.db, new Date(now.getTime() - STALE_ROUND_MS), BATCH)) {
    try {
      const round = await store.findRound(deps.db, id);
      if (round?.state !== 'started') continue;
      const game = await store.findGame(deps.db, round.game_id);
      if (!game) throw new Error(`house round ${id}: its game is no house game`);
      if (round.bet_placed) {
        const { result } = await payOutcome(deps, round, game, money, now);
        if (result.ok) summary.completed += 1;
        // Refused: the bet was rolled back meanwhile, and the rollback voided the round.
      } else if ((await voidRound(deps, round, game.provider, 'interrupted', money, now)) === 'voided') {
        summary.voided += 1;
      }
    } catch (error) {
      if (error instanceof RoundClosed) continue;
      failures.push(`${id}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`house round recovery failed for ${failures.join('; ')}`);
  return summary;
}

/** The recovery, every minute on every process's runner (each slot runs once), and the launch ids' housekeeping. */
export function defineHouseJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(HOUSE_RECOVERY_JOB, {
    run: async () => {
      const now = deps.clock.now();
      await recoverRounds(deps, now);
      await purgeExpiredLaunches(deps, now);
    },
  });
  runner.schedule({
    name: HOUSE_RECOVERY_JOB,
    kind: HOUSE_RECOVERY_JOB,
    cron: '* * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
  defineHouseTableJobs(runner, deps);
}
