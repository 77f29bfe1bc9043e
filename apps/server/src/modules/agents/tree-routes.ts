import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';

/** The agents' tree routes (filled by the tree work). */
export function treeRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
