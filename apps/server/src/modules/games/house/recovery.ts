import type { AppDeps } from '../../../platform/context.ts';
import type { JobRunner } from '../../../platform/jobs.ts';
import { responsibleSettings } from '../../responsible/settings.ts';
import { purgeExpiredLaunches } from './frame.ts';
import { type Money, payOutcome, RoundClosed, resolveFault, SEAMLESS_MONEY } from './round-play.ts';
import * as store from './store.ts';
import { defineHouseTableJobs } from './tables/routes.ts';

/**
 * Rounds interrupted mid-way are never lost (GLI-19, AGCO; docs/architecture.md "Recovery"):
 * - A round that waits for no decision of the player resolves within its request, so one still started a minute
 *   after it began was broken by a fault (the server restarted, the database failed between the bet and the win):
 *   it is voided with the stake returned, or paid what it had won (the outcome its seeds and nonce fixed), whichever
 *   is more for the player (round-play.ts resolveFault). A stake that never reached the wallet is refunded if it was
 *   taken after all, and refused if it ever arrives.
 * - A round waiting for the player's decision (a slot's free spins) waits for them: the next launch of the game
 *   resumes it. Still waiting after the operator's number of days, it is completed by the game's default action
 *   (the free spins are played and the whole win paid).
 * Every step is idempotent: the round's transaction ids make a repeated call move nothing, and a round settled or
 * voided meanwhile (another runner, the player) is left as it is.
 */

export const HOUSE_RECOVERY_JOB = 'house-round-recovery';
/** A round still started after this long is taken as interrupted. */
export const STALE_ROUND_MS = 60_000;
/**
 * Days a round may wait for the player's decision before the game's default action completes it, until the operator
 * saves `responsible.interruptedRoundDays` (the job reads that setting on each run).
 */
export const INTERRUPTED_ROUND_DAYS = 30;
const DAY_MS = 86_400_000;
const BATCH = 200;

export interface RecoverySummary {
  /** Broken rounds paid what they had won (more than their stake). */
  completed: number;
  /** Broken rounds voided with their stake returned. */
  voided: number;
  /** Rounds that waited too long for the player, completed by the game's default action. */
  defaulted: number;
}

export async function recoverRounds(
  deps: AppDeps,
  now: Date,
  money: Money = SEAMLESS_MONEY,
  decisionDays: number = INTERRUPTED_ROUND_DAYS,
): Promise<RecoverySummary> {
  const summary: RecoverySummary = { completed: 0, voided: 0, defaulted: 0 };
  const failures: string[] = [];
  const each = async (
    ids: bigint[],
    recover: (round: store.RoundDb, game: store.HouseGameDb) => Promise<void>,
  ) => {
    for (const id of ids) {
      try {
        const round = await store.findRound(deps.db, id);
        if (round?.state !== 'started') continue;
        const game = await store.findGame(deps.db, round.game_id);
        if (!game) throw new Error(`house round ${id}: its game is no house game`);
        await recover(round, game);
      } catch (error) {
        if (error instanceof RoundClosed) continue;
        failures.push(`${id}: ${(error as Error).message}`);
      }
    }
  };
  await each(
    await store.startedRounds(deps.db, new Date(now.getTime() - STALE_ROUND_MS), BATCH),
    async (round, game) => {
      const state = await resolveFault(deps, round.id, game, money, now);
      if (state === 'settled') summary.completed += 1;
      if (state === 'voided') summary.voided += 1;
    },
  );
  await each(
    await store.awaitingRounds(deps.db, new Date(now.getTime() - decisionDays * DAY_MS), BATCH),
    async (round, game) => {
      const { result } = await payOutcome(deps, round, game, money, now, 'defaultAction');
      if (result.ok) summary.defaulted += 1;
    },
  );
  if (failures.length > 0) throw new Error(`house round recovery failed for ${failures.join('; ')}`);
  return summary;
}

/** The job's pass: the rounds broken or waiting longer than the operator's days (`responsible.interruptedRoundDays`). */
export async function recoverDueRounds(deps: AppDeps, now: Date): Promise<RecoverySummary> {
  const { interruptedRoundDays } = await responsibleSettings(deps.db);
  return recoverRounds(deps, now, SEAMLESS_MONEY, interruptedRoundDays);
}

/** The recovery, every minute on every process's runner (each slot runs once), and the launch ids' housekeeping. */
export function defineHouseJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(HOUSE_RECOVERY_JOB, {
    run: async () => {
      const now = deps.clock.now();
      await recoverDueRounds(deps, now);
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
