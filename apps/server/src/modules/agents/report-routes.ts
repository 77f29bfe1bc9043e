import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';

/** The agents' report routes (filled by the report work). */
export function reportRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
