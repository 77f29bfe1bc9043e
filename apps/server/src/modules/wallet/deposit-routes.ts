import { depositPlayerEndpoints as api, depositConsoleEndpoints as consoleApi } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { logMalformedCallback, receiveCallback } from './deposit-callbacks.ts';
import {
  callbackLog,
  confirmDeposit,
  consoleDeposits,
  exportDepositsCsv,
  rejectDeposit,
} from './deposit-review.ts';
import { createDeposit, memberDeposit, memberDeposits } from './deposits.ts';
import {
  consoleChannels,
  createChannel,
  playerChannels,
  removeChannel,
  updateChannel,
} from './payment-channels.ts';

/** The deposit endpoints: the player's (depositv2), the gateways' callback, and the console's cashier pages. */
export function depositRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.depositChannels, async ({ language }) => playerChannels(deps, language));
  route(app, deps, api.createDeposit, async ({ caller, body, idempotency, language, now }) =>
    createDeposit(deps, asMember(caller), body, { idempotency, language, now }),
  );
  route(app, deps, api.deposits, async ({ caller, query, language }) =>
    memberDeposits(deps, asMember(caller).memberId, query, language),
  );
  route(app, deps, api.deposit, async ({ caller, params, language }) =>
    memberDeposit(deps, asMember(caller).memberId, params.orderNo, language),
  );
  // The signature covers every field the gateway sent, so the service reads the body as it arrived.
  route(
    app,
    deps,
    api.gatewayCallback,
    async ({ params, request, ip, now }) => receiveCallback(deps, params.id, request.body, ip, now),
    {
      signedByCaller: true,
      // receiveCallback logs the refusals it makes; those made before it (the body, the contract) are logged here.
      onRefused: async (request, error) => {
        if (!(error instanceof AppError && error.code === 'callback_refused'))
          await logMalformedCallback(deps, request);
      },
    },
  );

  const channels = consoleApi.channels;
  route(app, deps, channels.list, async () => consoleChannels(deps));
  route(app, deps, channels.create, async ({ caller, ip, now, body }) =>
    createChannel(deps, { caller, ip, now }, body),
  );
  route(app, deps, channels.update, async ({ caller, ip, now, params, body }) =>
    updateChannel(deps, { caller, ip, now }, params.id, body),
  );
  route(app, deps, channels.remove, async ({ caller, ip, now, params }) =>
    removeChannel(deps, { caller, ip, now }, params.id),
  );
  route(app, deps, consoleApi.deposits, async ({ query }) => consoleDeposits(deps, query));
  route(app, deps, consoleApi.exportDeposits, async ({ query, reply, now }) => {
    const csv = await exportDepositsCsv(deps, query);
    const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    reply.header('content-disposition', `attachment; filename="deposits-${stamp}.csv"`);
    return csv;
  });
  route(app, deps, consoleApi.confirmDeposit, async ({ caller, ip, now, idempotency, params }) =>
    confirmDeposit(deps, { caller, ip, now, idempotency }, params.id),
  );
  route(app, deps, consoleApi.rejectDeposit, async ({ caller, ip, now, idempotency, params, body }) =>
    rejectDeposit(deps, { caller, ip, now, idempotency }, params.id, body.reason),
  );
  route(app, deps, consoleApi.callbacks, async ({ query }) => callbackLog(deps, query));
}
