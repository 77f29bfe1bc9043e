import { responsibleEndpoints as api, responsibleConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { excludedMembers, memberControls } from './console.ts';
import {
  acknowledgeRealityCheck,
  cancelPending,
  confirmLimit,
  overview,
  requestReopen,
  selfExclude,
  setLimit,
  setRealityCheck,
  timeOut,
} from './controls.ts';
import { responsibleSettings, saveResponsibleSettings } from './settings.ts';

/** The member centre's Responsible gaming page and the console's read-only views and defaults. */
export function responsibleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const member = (caller: Parameters<typeof asMember>[0]) => asMember(caller).memberId;
  route(app, deps, api.overview, async ({ caller, now }) => overview(deps, deps.db, member(caller), now));
  route(app, deps, api.setLimit, async ({ caller, params, body, now }) =>
    setLimit(deps, member(caller), params.kind, body.value, now),
  );
  route(app, deps, api.confirmLimit, async ({ caller, params, now }) =>
    confirmLimit(deps, member(caller), params.kind, now),
  );
  route(app, deps, api.cancelPending, async ({ caller, params, now }) =>
    cancelPending(deps, member(caller), params.kind, now),
  );
  route(app, deps, api.setRealityCheck, async ({ caller, body, now }) =>
    setRealityCheck(deps, member(caller), body.minutes, now),
  );
  route(app, deps, api.acknowledgeRealityCheck, async ({ caller, body, now }) =>
    acknowledgeRealityCheck(deps, member(caller), body.choice, now),
  );
  route(app, deps, api.timeOut, async ({ caller, body, now, idempotency }) =>
    timeOut(deps, member(caller), body.days, now, idempotency),
  );
  route(app, deps, api.selfExclude, async ({ caller, body, now, idempotency }) =>
    selfExclude(deps, member(caller), body.months, now, idempotency),
  );
  route(app, deps, api.reopen, async ({ caller, now }) => requestReopen(deps, member(caller), now));

  route(app, deps, bo.member, async ({ params, query, now }) =>
    memberControls(deps, params.memberId, query, now),
  );
  route(app, deps, bo.exclusions, async ({ query, now }) => excludedMembers(deps, query, now));
  route(app, deps, bo.settings, async () => responsibleSettings(deps.db));
  route(app, deps, bo.putSettings, async (ctx) => saveResponsibleSettings(deps, ctx, ctx.body));
}
