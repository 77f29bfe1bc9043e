import { houseTableEndpoints as api, houseTableConsoleEndpoints } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asGameSession } from '../../../../platform/access.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import type { JobRunner } from '../../../../platform/jobs.ts';
import { route } from '../../../../platform/route.ts';
import { placeTableBet } from './bets.ts';
import { settleDue } from './rounds.ts';
import { houseTableSettings, updateHouseTable } from './settings.ts';
import { tableInfo, tableState } from './tables.ts';
import { memberTableBets, tableRound } from './views.ts';

/** The shared tables' frame API (/house/api/tables, the game session's token). */
export function houseTableRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.table, async ({ caller, language }) =>
    tableInfo(deps, asGameSession(caller), language),
  );
  route(app, deps, api.state, async ({ caller, now, request }) =>
    tableState(deps, asGameSession(caller), now, (error) =>
      request.log.error({ err: error }, 'house table settlement failed'),
    ),
  );
  route(app, deps, api.bet, async ({ caller, body, idempotency, language, now }) =>
    placeTableBet(deps, asGameSession(caller), body, idempotency, language, now),
  );
  route(app, deps, api.bets, async ({ caller, query, language }) =>
    memberTableBets(deps, asGameSession(caller).memberId, query, language),
  );
  route(app, deps, api.round, async ({ caller, params, query }) =>
    tableRound(deps, asGameSession(caller), params.round, query.table),
  );
}

/** The console's table settings (registered with the house games' console routes). */
export function houseTableConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, houseTableConsoleEndpoints.tables, async () => houseTableSettings(deps));
  route(app, deps, houseTableConsoleEndpoints.updateTable, async ({ params, body, ...call }) =>
    updateHouseTable(deps, call, params.id, body),
  );
}

export const HOUSE_TABLE_SETTLE_JOB = 'house-table-settle';

/**
 * Rounds nobody's page asked about after their close (every player left, or the server was down) are drawn and
 * paid by this job, every minute; a pass after downtime settles them all, late.
 */
export function defineHouseTableJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(HOUSE_TABLE_SETTLE_JOB, { run: async () => void (await settleDue(deps, deps.clock.now())) });
  runner.schedule({
    name: HOUSE_TABLE_SETTLE_JOB,
    kind: HOUSE_TABLE_SETTLE_JOB,
    cron: '* * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
