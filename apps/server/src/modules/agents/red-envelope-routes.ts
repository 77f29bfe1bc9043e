import { redEnvelopeEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { redEnvelopeHistory, sendRedEnvelope } from './red-envelopes.ts';

/** The agent centre's red envelopes: send one to members of the team, and the history of those sent. */
export function redEnvelopeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.send, async ({ caller, body, now, language, idempotency }) =>
    sendRedEnvelope(deps, asMember(caller).memberId, body, { now, language, idempotency }),
  );
  route(app, deps, api.history, async ({ caller, query }) =>
    redEnvelopeHistory(deps, asMember(caller).memberId, query),
  );
}
