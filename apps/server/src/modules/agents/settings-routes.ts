import { agentSettingsConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { agentSettingsForConsole, saveAgentSettings } from './settings.ts';

/** The console's agents settings: read and replace (audited). */
export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, bo.getSettings, async () => agentSettingsForConsole(deps));
  route(app, deps, bo.putSettings, async (ctx) => saveAgentSettings(deps, ctx, ctx.body));
}
