import { houseConsoleEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../platform/context.ts';
import { route } from '../../../platform/route.ts';
import { houseGameSettings, updateHouseGame } from './settings.ts';
import { houseTableConsoleRoutes } from './tables/routes.ts';

/** The console's house games: each game's RTP and stake limits, and the shared tables' timing and limits. */
export function houseConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.games, async () => houseGameSettings(deps));
  route(app, deps, api.updateGame, async ({ params, body, ...call }) =>
    updateHouseGame(deps, call, params.id, body),
  );
  houseTableConsoleRoutes(app, deps);
}
