import { backofficeEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asOperator } from '../../platform/access.ts';
import { orNotFound } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { route } from '../../platform/route.ts';
import { countActiveSessions, revokeSession } from '../../platform/sessions.ts';
import * as systemService from '../system/service.ts';
import * as service from './service.ts';
import * as store from './store.ts';

export function backofficeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;

  route(app, deps, bo.setupStatus, async () => ({ needsSetup: await service.needsSetup(db) }));
  route(app, deps, bo.setup, async ({ body, now, ip }) =>
    db.transaction(async (tx) => {
      const { operator, session } = await service.setupFirstOwner(tx, config, body, now, ip);
      await recordAudit(
        tx,
        { operatorId: operator.id, username: operator.username },
        ip,
        {
          action: 'create',
          entity: 'operator',
          entityId: operator.id,
          before: null,
          after: session.operator,
        },
        now,
      );
      return session;
    }),
  );
  route(app, deps, bo.login, async ({ body, now, ip }) => service.login(db, config, body, now, ip));
  route(app, deps, bo.me, async ({ caller }) =>
    service.operatorView(orNotFound(await store.findOperator(db, asOperator(caller).operatorId))),
  );
  route(app, deps, bo.logout, async ({ caller, now }) => {
    await revokeSession(db, asOperator(caller).tokenHash, now);
    return { ok: true as const };
  });
  route(app, deps, bo.dashboard, async ({ now }) => {
    const counts = await store.counts(db);
    const maintenance = await systemService.maintenanceSettings(db);
    return {
      counts: {
        members: counts.members ?? 0,
        operators: counts.operators ?? 0,
        banners: counts.banners ?? 0,
        notices: counts.notices ?? 0,
        announcements: counts.announcements ?? 0,
        helpArticles: counts.help_articles ?? 0,
        resources: counts.resources ?? 0,
        domains: counts.domains ?? 0,
        regionRules: counts.region_rules ?? 0,
        auditEntries: counts.audit_entries ?? 0,
      },
      maintenance: systemService.maintenanceActive(maintenance, now),
      activeOperatorSessions: await countActiveSessions(db, 'operator', now),
    };
  });

  route(app, deps, bo.operators.list, async () => (await store.listOperators(db)).map(service.operatorView));
  route(app, deps, bo.operators.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'operator', action: 'create' }, async (tx) => {
      const after = service.operatorView(await service.createOperator(tx, ctx.body, ctx.now));
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.operators.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'operator', action: 'update' }, async (tx) => {
      const change = await service.updateOperator(tx, ctx.params.id, ctx.body, ctx.now);
      const after = service.operatorView(change.after);
      const before = service.operatorView(change.before);
      return {
        entityId: ctx.params.id,
        before,
        after: { ...after, passwordChanged: ctx.body.password !== '' },
        result: after,
      };
    }),
  );

  route(app, deps, bo.audit, async ({ query }) => {
    const { rows, total } = await store.searchAudit(db, {
      ...query,
      q: query.q ? service.likeText(query.q) : undefined,
    });
    return {
      list: rows.map((row) => ({
        id: row.id,
        operatorId: row.operator_id,
        operatorUsername: row.operator_username,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        before: row.before,
        after: row.after,
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
      })),
      total,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  });
}
