import { reportConsoleEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { dashboardFigures, gamesReport, moneyReport, playersReport, reportCsv } from './service.ts';

/** The console's business reports (money, games, players), their CSV, and the dashboard's money figures. */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.money, ({ query, now }) => moneyReport(deps, query, now));
  route(app, deps, api.games, ({ query, language, now }) => gamesReport(deps, query, language, now));
  route(app, deps, api.players, ({ query, now }) => playersReport(deps, query, now));
  route(app, deps, api.dashboard, ({ now }) => dashboardFigures(deps, now));
  route(app, deps, api.export, async ({ params, query, language, now, reply }) => {
    const csv = await reportCsv(deps, params.report, query, language, now);
    reply.header('content-disposition', `attachment; filename="${params.report}-report-${query.period}.csv"`);
    return csv;
  });
}
