import { gamesConsoleEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { consoleGames, consoleVendors, requestCatalogueSync, updateGame, updateVendor } from './console.ts';

export function gamesConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.vendors, async ({ query }) => consoleVendors(deps, query.gameType));
  route(app, deps, api.updateVendor, async ({ params, body, ...call }) =>
    updateVendor(deps, call, params.id, body),
  );
  route(app, deps, api.syncCatalogue, async (call) => requestCatalogueSync(deps, call));
  route(app, deps, api.games, async ({ query }) => consoleGames(deps, query));
  route(app, deps, api.updateGame, async ({ params, body, ...call }) =>
    updateGame(deps, call, params.id, body),
  );
}
