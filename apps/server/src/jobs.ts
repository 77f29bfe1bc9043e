import { defineDeliveryJobs } from './modules/accounts/delivery.ts';
import { defineAgentJobs } from './modules/agents/jobs.ts';
import { defineHouseJobs } from './modules/games/house/recovery.ts';
import { defineProviderJobs } from './modules/games/providers/jobs.ts';
import { ENDED_GAME_SESSION_DAYS, purgeEndedGameSessions } from './modules/games/providers/launch.ts';
import { defineLotteryJobs } from './modules/lottery/jobs.ts';
import { defineMissionJobs } from './modules/missions/jobs.ts';
import { definePointsJobs } from './modules/points/jobs.ts';
import { defineRaffleJobs } from './modules/raffle/jobs.ts';
import { defineRebateJobs } from './modules/rebates/jobs.ts';
import { defineResponsibleJobs } from './modules/responsible/jobs.ts';
import { defineSportsbookJobs } from './modules/sportsbook/jobs.ts';
import { defineVipJobs } from './modules/vip/jobs.ts';
import { defineDepositJobs } from './modules/wallet/deposit-jobs.ts';
import { definePayoutJobs } from './modules/wallet/payouts.ts';
import { defineReconciliationJobs } from './modules/wallet/reconciliation.ts';
import { defineTurnoverJobs } from './modules/wallet/turnover.ts';
import { defineWithdrawalJobs } from './modules/wallet/withdrawal-review.ts';
import type { AppDeps } from './platform/context.ts';
import { JobRunner, type JobRunnerOptions } from './platform/jobs.ts';
import { purgeEndedSessions } from './platform/sessions.ts';
import { purgeIdempotencyKeys } from './platform/write.ts';

const DAY_MS = 86_400_000;
/** Ended sessions stay this long for the console's records, then go. */
const ENDED_SESSION_DAYS = 30;

/** Every kind of job and every schedule of the server, on one runner (as app.ts holds every route). */
export function buildJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): JobRunner {
  const { db, clock, config } = deps;
  const runner = new JobRunner(deps, options);
  defineDeliveryJobs(runner, deps);
  defineReconciliationJobs(runner, deps);
  defineDepositJobs(runner, deps);
  defineWithdrawalJobs(runner, deps);
  definePayoutJobs(runner, deps);
  defineProviderJobs(runner, deps);
  defineHouseJobs(runner, deps);
  defineLotteryJobs(runner, deps);
  defineSportsbookJobs(runner, deps);
  defineAgentJobs(runner, deps);
  defineVipJobs(runner, deps);
  defineRebateJobs(runner, deps);
  defineTurnoverJobs(runner, deps);
  defineRaffleJobs(runner, deps);
  definePointsJobs(runner, deps);
  defineMissionJobs(runner, deps);
  defineResponsibleJobs(runner, deps);
  runner.define('housekeeping', {
    run: async () => {
      const now = clock.now().getTime();
      await purgeIdempotencyKeys(db, new Date(now - config.idempotencyKeyDays * DAY_MS));
      await purgeEndedSessions(db, new Date(now - ENDED_SESSION_DAYS * DAY_MS));
      await purgeEndedGameSessions(db, new Date(now - ENDED_GAME_SESSION_DAYS * DAY_MS));
    },
  });
  runner.schedule({
    name: 'housekeeping',
    kind: 'housekeeping',
    cron: config.housekeepingCron,
    timeZone: 'UTC',
    missed: 'skip',
  });
  return runner;
}
