import { missionEndpoints as api, missionConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  claimableMilestones,
  claimMilestone,
  createMission,
  leaderboard,
  memberMissions,
  missionResults,
  missionsForConsole,
  originalLeaderboard,
  originalSummary,
  updateMission,
} from './missions.ts';

/** The missionLeaderboard page (missions, claims, leaderboards, the badge), the original's calls, the console's. */
export function missionRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.list, async ({ caller, language, now }) =>
    memberMissions(deps, asMember(caller).memberId, language, now),
  );
  route(app, deps, api.claimable, async ({ caller, now }) => ({
    count: (await claimableMilestones(deps, asMember(caller).memberId, now)).length,
  }));
  route(app, deps, api.claim, async ({ caller, params, now, idempotency }) =>
    claimMilestone(
      deps,
      asMember(caller).memberId,
      { missionId: params.id, index: params.index },
      { now, idempotency },
    ),
  );
  route(app, deps, api.leaderboard, async ({ caller, params, now }) =>
    leaderboard(deps, asMember(caller).memberId, params.id, now),
  );
  route(app, deps, api.originalSummary, async ({ caller, query, language, now }) =>
    originalSummary(deps, asMember(caller).memberId, query, language, now),
  );
  route(app, deps, api.originalLeaderboard, async ({ caller, query, now }) =>
    originalLeaderboard(deps, asMember(caller).memberId, query.missionId, now),
  );

  route(app, deps, bo.list, async ({ query, now }) => missionsForConsole(deps, query, now));
  route(app, deps, bo.create, async (ctx) => createMission(deps, ctx, ctx.body));
  route(app, deps, bo.update, async (ctx) => updateMission(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.results, async ({ params, now }) => missionResults(deps, params.id, now));
}
