import {
  raffleEndpoints as api,
  raffleConsoleEndpoints as raffleBo,
  redEnvelopeRainEndpoints as rainApi,
  rainConsoleEndpoints as rainBo,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  claimOriginal,
  decideHandover,
  drawRaffle,
  drawsForConsole,
  grantTicketsByOperator,
  handoversForConsole,
  handoversOfMember,
  originalStatus,
  rafflesForConsole,
  rafflesForMember,
  saveRaffle,
} from './raffles.ts';
import {
  endRoundNow,
  envelopesForConsole,
  grab,
  rainState,
  roundState,
  roundsForConsole,
  saveSchedule,
  schedulesForConsole,
  startRoundNow,
} from './rain.ts';

/** The prize wheel (raffles and tickets) and the red envelope rain: the site's, the original client's and the console's. */
export function raffleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.list, async ({ caller, now, language }) =>
    rafflesForMember(deps, asMember(caller).memberId, { now, language }),
  );
  route(app, deps, api.prizes, async ({ caller, language }) =>
    handoversOfMember(deps, asMember(caller).memberId, language),
  );
  route(app, deps, api.draw, async ({ caller, params, now, language, idempotency }) =>
    drawRaffle(deps, asMember(caller).memberId, params.id, { now, language, idempotency }),
  );
  for (const endpoint of [api.originalClaim, api.originalClaimFe]) {
    route(app, deps, endpoint, async ({ caller, body, now, language, idempotency }) =>
      claimOriginal(deps, asMember(caller).memberId, body, { now, language, idempotency }),
    );
  }
  route(app, deps, api.originalStatus, async ({ caller, query, now, language }) =>
    originalStatus(deps, asMember(caller).memberId, query.promotionId, { now, language }),
  );

  route(app, deps, rainApi.state, async ({ caller, now }) =>
    rainState(deps, caller.kind === 'member' ? caller.memberId : null, now),
  );
  route(app, deps, rainApi.round, async ({ caller, params, now }) =>
    roundState(deps, asMember(caller).memberId, params.id, now),
  );
  route(app, deps, rainApi.grab, async ({ caller, params, now, idempotency }) =>
    grab(deps, asMember(caller).memberId, params.id, { now, idempotency }),
  );

  route(app, deps, raffleBo.list, async () => rafflesForConsole(deps));
  route(app, deps, raffleBo.create, async (ctx) => saveRaffle(deps, ctx, null, ctx.body));
  route(app, deps, raffleBo.update, async (ctx) => saveRaffle(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, raffleBo.draws, async ({ query }) => drawsForConsole(deps, query));
  route(app, deps, raffleBo.handovers, async ({ query }) => handoversForConsole(deps, query));
  route(app, deps, raffleBo.handOver, async (ctx) =>
    decideHandover(deps, ctx, ctx.params.id, 'handed_over', ctx.body.note),
  );
  route(app, deps, raffleBo.cancelHandover, async (ctx) =>
    decideHandover(deps, ctx, ctx.params.id, 'cancelled', ctx.body.note),
  );
  route(app, deps, raffleBo.grantTickets, async (ctx) => grantTicketsByOperator(deps, ctx, ctx.body));

  route(app, deps, rainBo.schedules, async () => schedulesForConsole(deps));
  route(app, deps, rainBo.createSchedule, async (ctx) => saveSchedule(deps, ctx, null, ctx.body));
  route(app, deps, rainBo.updateSchedule, async (ctx) => saveSchedule(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, rainBo.startNow, async (ctx) => startRoundNow(deps, ctx, ctx.params.id));
  route(app, deps, rainBo.endNow, async (ctx) => endRoundNow(deps, ctx, ctx.params.id));
  route(app, deps, rainBo.rounds, async ({ query }) => roundsForConsole(deps, query));
  route(app, deps, rainBo.envelopes, async ({ params }) => envelopesForConsole(deps, params.id));
}
