import { sportsbookEndpoints as api, sportsbookConsoleEndpoints as console } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { myBet, myBets, placeBet } from './bets.ts';
import * as trading from './console.ts';
import { syncFeed } from './feed.ts';
import { eventDetail, eventsOnSale, memberPreferences, saveMemberPreferences, sportsOnSale } from './site.ts';

export function sportsbookRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.sports, async ({ query, language }) => sportsOnSale(deps, query.kind, language));
  route(app, deps, api.events, async ({ query }) => eventsOnSale(deps, query));
  route(app, deps, api.event, async ({ params }) => eventDetail(deps, params.id));
  route(app, deps, api.placeBet, async ({ caller, body, idempotency, language, now }) =>
    placeBet(deps, asMember(caller).memberId, body, idempotency, language, now),
  );
  route(app, deps, api.myBets, async ({ caller, query, now }) =>
    myBets(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, api.myBet, async ({ caller, params, now }) =>
    myBet(deps, asMember(caller).memberId, params.ticketNo, now),
  );
  route(app, deps, api.preferences, async ({ caller }) => memberPreferences(deps, asMember(caller).memberId));
  route(app, deps, api.savePreferences, async ({ caller, body, now }) =>
    saveMemberPreferences(deps, asMember(caller).memberId, body, now),
  );
}

export function sportsbookConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, console.sports, async () => trading.consoleSports(deps));
  route(app, deps, console.createSport, async ({ body, ...call }) =>
    trading.saveSport(deps, call, null, body),
  );
  route(app, deps, console.updateSport, async ({ params, body, ...call }) =>
    trading.saveSport(deps, call, params.id, body),
  );
  route(app, deps, console.competitions, async ({ query }) =>
    trading.consoleCompetitions(deps, query.sportId),
  );
  route(app, deps, console.createCompetition, async ({ body, ...call }) =>
    trading.saveCompetition(deps, call, null, body),
  );
  route(app, deps, console.updateCompetition, async ({ params, body, ...call }) =>
    trading.saveCompetition(deps, call, params.id, body),
  );
  route(app, deps, console.events, async ({ query }) => trading.consoleEvents(deps, query));
  route(app, deps, console.event, async ({ params }) => trading.consoleEvent(deps, params.id));
  route(app, deps, console.createEvent, async ({ body, ...call }) => trading.createEvent(deps, call, body));
  route(app, deps, console.updateEvent, async ({ params, body, ...call }) =>
    trading.updateEvent(deps, call, params.id, body),
  );
  route(app, deps, console.setEventStatus, async ({ params, body, ...call }) =>
    trading.setEventStatus(deps, call, params.id, body.status),
  );
  route(app, deps, console.suspendEvent, async ({ params, ...call }) =>
    trading.setEventSuspended(deps, call, params.id, true),
  );
  route(app, deps, console.resumeEvent, async ({ params, ...call }) =>
    trading.setEventSuspended(deps, call, params.id, false),
  );
  route(app, deps, console.createMarket, async ({ params, body, ...call }) =>
    trading.createMarket(deps, call, params.id, body),
  );
  route(app, deps, console.priceMarket, async ({ params, body, ...call }) =>
    trading.priceMarket(deps, call, params.id, body),
  );
  route(app, deps, console.suspendMarket, async ({ params, ...call }) =>
    trading.setMarketSuspended(deps, call, params.id, true),
  );
  route(app, deps, console.resumeMarket, async ({ params, ...call }) =>
    trading.setMarketSuspended(deps, call, params.id, false),
  );
  route(app, deps, console.enterResult, async ({ params, body, ...call }) =>
    trading.enterResult(deps, call, params.id, body.result),
  );
  route(app, deps, console.confirmResult, async ({ params, body, ...call }) =>
    trading.confirmResult(deps, call, params.id, body.result),
  );
  route(app, deps, console.settings, async () => trading.settingsView(deps));
  route(app, deps, console.saveSettings, async ({ body, ...call }) => trading.saveSettings(deps, call, body));
  route(app, deps, console.syncFeed, async ({ now }) => syncFeed(deps, now));
  route(app, deps, console.tickets, async ({ query }) => trading.consoleTickets(deps, query));
}
