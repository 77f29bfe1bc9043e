import { rewardEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { claimFromCentre, rewardCentre, rewardCount } from './service.ts';

/** The rewards centre: what the member can claim and received, the badge's count, and a claim. */
export function rewardRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.centre, async ({ caller, now, language }) =>
    rewardCentre(deps, asMember(caller).memberId, now, language),
  );
  route(app, deps, api.count, async ({ caller, now, language }) =>
    rewardCount(deps, asMember(caller).memberId, now, language),
  );
  route(app, deps, api.claim, async ({ caller, params, now, idempotency, language }) =>
    claimFromCentre(deps, asMember(caller).memberId, params, { now, idempotency, language }),
  );
}
