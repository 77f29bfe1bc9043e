import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';

/** The agents' settlement routes (filled by the settlement work). */
export function settlementRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
