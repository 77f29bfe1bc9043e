import { payoutEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { payoutSettingsOf, receivePayoutCallback, savePayoutSettings } from './payouts.ts';
import { approveBatch } from './withdrawal-batch.ts';

/** Payouts: the provider's callback, the payout settings, and finance's batch approval. */
export function payoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The signature covers every field the provider sent, so the service reads the body as it arrived.
  route(
    app,
    deps,
    api.callback,
    async ({ params, request, now }) => receivePayoutCallback(deps, params.id, request.body, now),
    { signedByCaller: true },
  );
  route(app, deps, api.settings, async () => payoutSettingsOf(deps.db));
  route(app, deps, api.saveSettings, async ({ caller, ip, now, body }) =>
    savePayoutSettings(deps, { caller, ip, now }, body),
  );
  route(app, deps, api.approveBatch, async ({ caller, ip, now, body }) =>
    approveBatch(deps, { caller, ip, now }, body.ids, body.via),
  );
}
