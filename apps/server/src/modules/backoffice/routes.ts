import { backofficeEndpoints as bo, consoleSecurityEndpoints as security } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asOperator } from '../../platform/access.ts';
import { isMovable } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './service.ts';

export function backofficeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;

  route(app, deps, bo.setupStatus, async () => ({ needsSetup: await service.needsSetup(db) }));
  route(app, deps, bo.setup, async ({ body, now, ip }) => service.setup(db, config, deps.rng, body, now, ip));
  route(app, deps, bo.login, async ({ body, now, ip }) => service.login(db, config, deps.rng, body, now, ip));
  route(app, deps, security.secondFactor, async ({ body, now, ip }) =>
    service.completeSecondFactor(db, config, deps.rng, body, now, ip),
  );
  // An operator who must first change the password or enrol a second factor may call only these.
  const duringSetup = { duringOperatorSetup: true };
  route(
    app,
    deps,
    bo.me,
    async ({ caller }) => service.currentOperator(db, asOperator(caller).operatorId),
    duringSetup,
  );
  route(
    app,
    deps,
    bo.logout,
    async ({ caller, now }) => service.logout(db, asOperator(caller).tokenHash, now),
    duringSetup,
  );
  route(
    app,
    deps,
    security.changePassword,
    async (ctx) => service.changeOwnPassword(deps, ctx, ctx.body),
    duringSetup,
  );
  route(app, deps, security.startTotp, async ({ caller }) => service.startTotp(deps, caller), duringSetup);
  route(
    app,
    deps,
    security.confirmTotp,
    async (ctx) => service.confirmTotp(deps, ctx, ctx.body.code),
    duringSetup,
  );
  route(app, deps, security.getSettings, async () => service.consoleSecurity(db));
  route(app, deps, security.putSettings, async (ctx) => service.setConsoleSecurity(deps, ctx, ctx.body));
  route(app, deps, security.resetOperatorTotp, async (ctx) =>
    service.resetOperatorTotp(deps, ctx, ctx.params.id),
  );
  route(app, deps, bo.dashboard, async ({ now }) => service.dashboard(db, now));

  route(app, deps, bo.operators.list, async () => service.operatorRows(db));
  route(app, deps, bo.operators.create, async (ctx) => service.addOperator(deps, ctx, ctx.body));
  route(app, deps, bo.jobs, async ({ query }) => service.jobsPage(db, query));
  route(app, deps, bo.retryJob, async (ctx) => service.retryJob(deps, ctx, ctx.params.id));
  // TEST_CLOCK only: without it the path does not exist (404).
  if (config.testClock) {
    if (!isMovable(deps.clock)) throw new Error('TEST_CLOCK is on but the clock cannot be moved');
    route(app, deps, bo.advanceTestClock, async (ctx) =>
      service.advanceTestClock(deps, ctx, ctx.body.minutes),
    );
  }
  route(app, deps, bo.operators.update, async (ctx) =>
    service.editOperator(deps, ctx, ctx.params.id, ctx.body),
  );

  route(app, deps, bo.audit, async ({ query }) => service.auditPage(db, query));
}
