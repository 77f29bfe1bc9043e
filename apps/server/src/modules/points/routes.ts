import { pointsEndpoints as api, pointsConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  catalogue,
  createItem,
  decideRedemption,
  itemsForConsole,
  redeem,
  redemptionsForConsole,
  updateItem,
} from './mall.ts';
import { conversionTypes, convertPoints, pointBalance, pointConfig, redeemHistory } from './points.ts';
import { saveSettings, settingsForConsole } from './settings.ts';

/** The /pointMall page's calls (the original's MCS2_ and MCSFE_ twins alike) and the console's side. */
export function pointsRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const prefix of ['MCS2', 'MCSFE'] as const) {
    route(app, deps, api.balance[prefix], async ({ caller }) =>
      pointBalance(deps, asMember(caller).memberId),
    );
    route(app, deps, api.config[prefix], async () => pointConfig(deps));
    route(app, deps, api.catalogue[prefix], async ({ caller, language }) =>
      catalogue(deps, asMember(caller).memberId, language),
    );
    route(app, deps, api.history[prefix], async ({ caller, query }) =>
      redeemHistory(deps, asMember(caller).memberId, query),
    );
    route(app, deps, api.convert[prefix], async ({ caller, body, now, idempotency }) =>
      convertPoints(deps, asMember(caller).memberId, body, { now, idempotency }),
    );
    route(app, deps, api.redeem[prefix], async ({ caller, body, now, idempotency, language }) =>
      redeem(deps, asMember(caller).memberId, body, { now, idempotency, language }),
    );
  }
  route(app, deps, api.conversionTypes, async () => conversionTypes());

  route(app, deps, bo.settings, async () => settingsForConsole(deps));
  route(app, deps, bo.putSettings, async (ctx) => saveSettings(deps, ctx, ctx.body));
  route(app, deps, bo.items, async () => itemsForConsole(deps));
  route(app, deps, bo.createItem, async (ctx) => createItem(deps, ctx, ctx.body));
  route(app, deps, bo.updateItem, async (ctx) => updateItem(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.redemptions, async ({ query }) => redemptionsForConsole(deps, query));
  route(app, deps, bo.completeRedemption, async (ctx) =>
    decideRedemption(deps, ctx, ctx.params.id, 'completed', ctx.body.remark),
  );
  route(app, deps, bo.rejectRedemption, async (ctx) =>
    decideRedemption(deps, ctx, ctx.params.id, 'rejected', ctx.body.remark),
  );
}
