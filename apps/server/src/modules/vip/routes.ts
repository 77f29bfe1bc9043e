import { accountsEndpoints, vipEndpoints as api, vipConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { changeLabel, createLabel, labelsForConsole, playerVip, removeLabel } from './labels.ts';
import { levelsForConsole, removeLevel, saveLevel } from './levels.ts';
import { referralOverview } from './referral.ts';
import { claimReward, rankProgress, vipOverview } from './rewards.ts';
import { saveSettings, settingsForConsole } from './settings.ts';

/** The VIP page, its reward claims and the referral page; the console's levels, settings and labels. */
export function vipRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.vip, async ({ caller, now }) => vipOverview(deps, asMember(caller).memberId, now));
  route(app, deps, accountsEndpoints.rankProgress, async ({ caller, now }) =>
    rankProgress(deps, asMember(caller).memberId, now),
  );
  route(app, deps, api.claimVipReward, async ({ caller, params, now, idempotency }) =>
    claimReward(deps, asMember(caller).memberId, params.id, { now, idempotency }),
  );
  route(app, deps, api.referral, async ({ caller }) => referralOverview(deps, asMember(caller).memberId));

  route(app, deps, bo.levels, async () => levelsForConsole(deps));
  route(app, deps, bo.putLevel, async (ctx) => saveLevel(deps, ctx, ctx.params.rank, ctx.body));
  route(app, deps, bo.removeLevel, async (ctx) => removeLevel(deps, ctx, ctx.params.rank));
  route(app, deps, bo.settings, async () => settingsForConsole(deps));
  route(app, deps, bo.putSettings, async (ctx) => saveSettings(deps, ctx, ctx.body));
  route(app, deps, bo.labels, async () => labelsForConsole(deps.db));
  route(app, deps, bo.createLabel, async (ctx) => createLabel(deps, ctx, ctx.body));
  route(app, deps, bo.removeLabel, async (ctx) => removeLabel(deps, ctx, ctx.params.id));
  route(app, deps, bo.playerVip, async ({ params }) => playerVip(deps, params.id));
  route(app, deps, bo.assignLabel, async (ctx) =>
    changeLabel(deps, ctx, ctx.params.id, ctx.body.labelId, 'assign'),
  );
  route(app, deps, bo.unassignLabel, async (ctx) =>
    changeLabel(deps, ctx, ctx.params.id, ctx.params.labelId, 'unassign'),
  );
}
