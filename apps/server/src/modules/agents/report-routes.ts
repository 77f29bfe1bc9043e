import { agentReportEndpoints as api, agentReportConsoleEndpoints as consoleApi } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import { type AppDeps, onReplica } from '../../platform/context.ts';
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
export function reportRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  // Every read of these reports tolerates a little lag: a replica answers them when one is up (docs/scaling.md).
  const deps = onReplica(appDeps);
  route(app, appDeps, api.teamOverview, ({ caller, query, now }) =>
    teamOverview(deps, asMember(caller).memberId, query, now),
  );
  route(app, appDeps, api.teamBets, ({ caller, query, language, now }) =>
    teamBets(deps, asMember(caller).memberId, query, language, now),
  );
  route(app, appDeps, api.userLoss, ({ caller, query, now }) =>
    userLoss(deps, asMember(caller).memberId, query, now),
  );
  route(app, appDeps, api.myIncome, ({ caller, query, now }) =>
    myIncome(deps, asMember(caller).memberId, query, now),
  );
  route(app, appDeps, api.downlineTransactions, ({ caller, query, now }) =>
    downlineTransactions(deps, asMember(caller).memberId, query, now),
  );
  route(app, appDeps, consoleApi.teamOverview, ({ params, query, now }) =>
    agentTeamOverview(deps, params.id, query, now),
  );
}
