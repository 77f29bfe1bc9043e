import { gamesEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './service.ts';

export function gamesRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.gameMenus, async ({ language }) => service.gameMenus(deps.db, language));
}
