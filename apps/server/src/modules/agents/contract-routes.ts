import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';

/** The agents' contract routes (filled by the contract work). */
export function contractRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
