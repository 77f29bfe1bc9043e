import { houseEndpoints as api, type SlotOutcome } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asGameSession } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { route } from '../../../platform/route.ts';
import { fairnessState, rotateSeed } from './fairness.ts';
import { fishInfo } from './fish/game.ts';
import { shootFish } from './fish/shoot.ts';
import { openFrameSession } from './frame.ts';
import { lastRounds, memberRound, memberRounds } from './history.ts';
import { playDecision } from './play.ts';
import { slotInfo } from './slots.ts';
import { spinSlot } from './spin.ts';
import { houseTableRoutes } from './tables/routes.ts';

/** The house game provider's frame API (/house/api): what its game pages call with their game session's token. */
export function houseRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.openSession, async ({ body, now }) => openFrameSession(deps, body.launch, now));
  route(app, deps, api.slot, async ({ caller, language, now }) =>
    slotInfo(deps, asGameSession(caller), language, now),
  );
  route(app, deps, api.spin, async ({ caller, body, idempotency, language, now, request }) => {
    try {
      return await spinSlot(
        deps,
        asGameSession(caller),
        { bet: BigInt(body.bet), idempotency },
        language,
        now,
      );
    } catch (error) {
      // A round voided after an error answers 409; what went wrong is logged here.
      if (error instanceof AppError && error.cause)
        request.log.warn({ err: error.cause }, 'house round voided');
      throw error;
    }
  });
  route(app, deps, api.freeSpins, async ({ caller, body, language, now }) => {
    const played = await playDecision(
      deps,
      asGameSession(caller),
      'slots',
      BigInt(body.round),
      language,
      now,
    );
    return { ...played, outcome: played.outcome as SlotOutcome };
  });
  route(app, deps, api.fish, async ({ caller, language }) => fishInfo(deps, asGameSession(caller), language));
  route(app, deps, api.shoot, async ({ caller, body, idempotency, language, now, request }) => {
    try {
      return await shootFish(
        deps,
        asGameSession(caller),
        { bet: BigInt(body.bet), fish: body.fish, idempotency },
        language,
        now,
      );
    } catch (error) {
      if (error instanceof AppError && error.cause)
        request.log.warn({ err: error.cause }, 'house round voided');
      throw error;
    }
  });
  route(app, deps, api.fairness, async ({ caller, now }) =>
    fairnessState(deps, asGameSession(caller).memberId, now),
  );
  route(app, deps, api.setClientSeed, async ({ caller, body, idempotency, now }) =>
    rotateSeed(deps, asGameSession(caller).memberId, body.clientSeed, idempotency, now),
  );
  route(app, deps, api.rotateSeed, async ({ caller, idempotency, now }) =>
    rotateSeed(deps, asGameSession(caller).memberId, null, idempotency, now),
  );
  route(app, deps, api.rounds, async ({ caller, query, language }) =>
    memberRounds(deps, asGameSession(caller).memberId, query, language),
  );
  route(app, deps, api.lastRounds, async ({ caller, query, language }) => {
    const player = asGameSession(caller);
    return lastRounds(deps, player.memberId, player.gameId, query.game, language);
  });
  route(app, deps, api.round, async ({ caller, params, language }) =>
    memberRound(deps, asGameSession(caller).memberId, params.id, language),
  );
  houseTableRoutes(app, deps);
}
