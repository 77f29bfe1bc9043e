import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { contractRoutes } from './contract-routes.ts';
import { redEnvelopeRoutes } from './red-envelope-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { settlementRoutes } from './settlement-routes.ts';
import { treeRoutes } from './tree-routes.ts';

/** Every route of the agents area: the agent centre's and the console's. */
export function agentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  treeRoutes(app, deps);
  reportRoutes(app, deps);
  contractRoutes(app, deps);
  settlementRoutes(app, deps);
  redEnvelopeRoutes(app, deps);
}
