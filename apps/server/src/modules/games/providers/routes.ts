import {
  providerPlayerEndpoints as api,
  gamesConsoleEndpoints as consoleApi,
  hub88WalletEndpoints as hub88,
} from '@tessera/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../platform/context.ts';
import { route } from '../../../platform/route.ts';
import { type Hub88Call, handleHub88 } from './hub88.ts';
import { SIGNATURE_HEADER } from './keys.ts';
import { hotMatches } from './matches.ts';
import { consoleOpenRounds, settleOpenRound } from './open-rounds.ts';

/**
 * The game providers' surface: the seamless wallet API each Hub88-style provider calls (signed server-to-server
 * calls, answered in Hub88's JSON), and the player site's sports matches.
 */
export function providerRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.gameMatches, async ({ query, now }) => hotMatches(deps.db, query, now));
  route(app, deps, consoleApi.openRounds, async ({ query, now }) => consoleOpenRounds(deps, query, now));
  route(app, deps, consoleApi.settleRound, async ({ params, body, caller, ip, now }) =>
    settleOpenRound(deps, { caller, ip, now }, params.id, body),
  );
  // The signature covers the body as it was sent: this scope keeps the raw text of JSON bodies.
  app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      done(null, {});
    });
    for (const call of ['userInfo', 'userBalance', 'bet', 'win', 'rollback'] as const satisfies Hub88Call[]) {
      route(
        scope,
        deps,
        hub88[call],
        async ({ params, request, now }) => {
          try {
            return await handleHub88(
              deps,
              params.provider,
              call,
              rawBodies.get(request),
              request.headers[SIGNATURE_HEADER],
              now,
            );
          } catch (error) {
            request.log.error({ err: error, provider: params.provider, call }, 'seamless wallet call failed');
            return { status: 'RS_ERROR_UNKNOWN' as const };
          }
        },
        { signedByCaller: true },
      );
    }
  });
}
