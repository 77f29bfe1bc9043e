import { backofficeEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asOperator } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './service.ts';

export function backofficeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;

  route(app, deps, bo.setupStatus, async () => ({ needsSetup: await service.needsSetup(db) }));
  route(app, deps, bo.setup, async ({ body, now, ip }) => service.setup(db, config, deps.rng, body, now, ip));
  route(app, deps, bo.login, async ({ body, now, ip }) => service.login(db, config, deps.rng, body, now, ip));
  route(app, deps, bo.me, async ({ caller }) => service.currentOperator(db, asOperator(caller).operatorId));
  route(app, deps, bo.logout, async ({ caller, now }) =>
    service.logout(db, asOperator(caller).tokenHash, now),
  );
  route(app, deps, bo.dashboard, async ({ now }) => service.dashboard(db, now));

  route(app, deps, bo.operators.list, async () => service.operatorRows(db));
  route(app, deps, bo.operators.create, async (ctx) => service.addOperator(deps, ctx, ctx.body));
  route(app, deps, bo.jobs, async ({ query }) => service.jobsPage(db, query));
  route(app, deps, bo.retryJob, async (ctx) => service.retryJob(deps, ctx, ctx.params.id));
  route(app, deps, bo.operators.update, async (ctx) =>
    service.editOperator(deps, ctx, ctx.params.id, ctx.body),
  );

  route(app, deps, bo.audit, async ({ query }) => service.auditPage(db, query));
}
