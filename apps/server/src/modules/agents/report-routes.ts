import { agentReportEndpoints as api, agentReportConsoleEndpoints as consoleApi } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  agentTeamOverview,
  downlineTransactions,
  myIncome,
  teamBets,
  teamOverview,
  userLoss,
} from './reports.ts';

/** The agents' report routes: the agent centre's (the caller's own team) and the console's (any agent's team). */
export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.teamOverview, ({ caller, query, now }) =>
    teamOverview(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, api.teamBets, ({ caller, query, language, now }) =>
    teamBets(deps, asMember(caller).memberId, query, language, now),
  );
  route(app, deps, api.userLoss, ({ caller, query, now }) =>
    userLoss(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, api.myIncome, ({ caller, query, now }) =>
    myIncome(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, api.downlineTransactions, ({ caller, query, now }) =>
    downlineTransactions(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, consoleApi.teamOverview, ({ params, query, now }) =>
    agentTeamOverview(deps, params.id, query, now),
  );
}
