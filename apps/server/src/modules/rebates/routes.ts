import { rebateEndpoints as api, rebateConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  claimRebate,
  originalRebateSetting,
  rebateHistory,
  rebateOverview,
  rebatesForConsole,
} from './rebates.ts';
import { saveSettings, settingsForConsole } from './settings.ts';

/** The bonusDetails page (accrual, history, claim), the original's rebate settings call, and the console's side. */
export function rebateRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.originalSetting, async ({ caller, query }) =>
    originalRebateSetting(deps, asMember(caller).memberId, query.productType),
  );
  route(app, deps, api.overview, async ({ caller, now }) =>
    rebateOverview(deps, asMember(caller).memberId, now),
  );
  route(app, deps, api.history, async ({ caller, query }) =>
    rebateHistory(deps, asMember(caller).memberId, query),
  );
  route(app, deps, api.claim, async ({ caller, params, now, idempotency }) =>
    claimRebate(deps, asMember(caller).memberId, params.id, { now, idempotency }),
  );

  route(app, deps, bo.settings, async () => settingsForConsole(deps));
  route(app, deps, bo.putSettings, async (ctx) => saveSettings(deps, ctx, ctx.body));
  route(app, deps, bo.list, async ({ query }) => rebatesForConsole(deps, query));
}
