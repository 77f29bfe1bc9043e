import { reportConsoleEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, onReplica } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { dashboardFigures, gamesReport, moneyReport, playersReport, reportCsv } from './service.ts';

/** The console's business reports (money, games, players), their CSV, and the dashboard's money figures. */
export function reportsRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  // Every read of these reports tolerates a little lag: a replica answers them when one is up (docs/scaling.md).
  const deps = onReplica(appDeps);
  route(app, appDeps, api.money, ({ query, now }) => moneyReport(deps, query, now));
  route(app, appDeps, api.games, ({ query, language, now }) => gamesReport(deps, query, language, now));
  route(app, appDeps, api.players, ({ query, now }) => playersReport(deps, query, now));
  route(app, appDeps, api.dashboard, ({ now }) => dashboardFigures(deps, now));
  route(app, appDeps, api.export, async ({ params, query, language, now, reply }) => {
    const csv = await reportCsv(deps, params.report, query, language, now);
    reply.header('content-disposition', `attachment; filename="${params.report}-report-${query.period}.csv"`);
    return csv;
  });
}
