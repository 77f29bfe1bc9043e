import { agentTreeEndpoints as api, agentTreeConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { registrationLimit } from '../accounts/accounts.ts';
import { registerDownline } from '../accounts/registration.ts';
import { agentLinks, countClick, createLink, removeLink } from './links.ts';
import { teamMemberDetail, teamPage } from './team.ts';
import { moveMember, setMemberType, treeNode, treePage } from './tree.ts';

/** The agents' tree: the agent centre's team, downline registration and affiliate links; the console's tree. */
export function treeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const agentOf = (caller: Parameters<typeof asMember>[0]) => asMember(caller).memberId;

  route(app, deps, api.team, async ({ caller, query }) => teamPage(deps, agentOf(caller), query));
  route(app, deps, api.teamMember, async ({ caller, params }) =>
    teamMemberDetail(deps, agentOf(caller), params.id),
  );
  route(
    app,
    deps,
    api.registerDownline,
    async (ctx) =>
      registerDownline(
        deps,
        agentOf(ctx.caller),
        ctx.body,
        {
          ip: ctx.ip,
          // The agent's browser, not the new member's: no device of the member to record.
          device: '',
          deviceId: '',
          userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 300),
          language: ctx.language,
          now: ctx.now,
        },
        ctx.idempotency,
      ),
    { perAddress: registrationLimit },
  );
  route(app, deps, api.links, async ({ caller }) => agentLinks(db, agentOf(caller)));
  route(app, deps, api.createLink, async ({ caller, body, now, idempotency }) =>
    createLink(deps, agentOf(caller), body, now, idempotency),
  );
  route(app, deps, api.removeLink, async ({ caller, params, now }) =>
    removeLink(db, agentOf(caller), params.id, now),
  );
  route(app, deps, api.linkClick, async ({ body }) => countClick(db, body.code));

  route(app, deps, bo.tree, async ({ query }) => treePage(db, query));
  route(app, deps, bo.node, async ({ params }) => treeNode(db, params.id));
  route(app, deps, bo.setType, async (ctx) => setMemberType(deps, ctx, ctx.params.id, ctx.body.type));
  route(app, deps, bo.move, async (ctx) => moveMember(deps, ctx, ctx.params.id, ctx.body.uplineId));
}
