import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { systemEndpoints as api, backofficeEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import { logoSvg } from '../../platform/artwork.ts';
import { clientLocation } from '../../platform/client-location.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { route } from '../../platform/route.ts';
import * as service from './service.ts';
import * as store from './store.ts';

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const location = (request: Parameters<typeof clientLocation>[0]) => clientLocation(request, config);

  route(app, deps, api.health, async () => {
    await db.query('select 1');
    return { database: 'up' as const };
  });
  route(app, deps, api.status, async ({ request, now }) => service.systemStatus(db, location(request), now));
  route(app, deps, api.whitelabel, async () => service.whitelabel(db, config.merchantCode));
  route(app, deps, api.permission, async ({ request, now }) =>
    service.permission(db, config.merchantCode, location(request), now),
  );
  route(app, deps, api.modules, async () => service.moduleTree(db));
  route(app, deps, api.registerSettings, async () => service.registerRules(db));
  route(app, deps, api.domainRoute, async () => ({ domainList: await service.domainList(db) }));
  route(app, deps, api.routers, async () => ({
    domainList: await service.domainList(db),
    resources: await service.resources(db),
  }));
  route(app, deps, api.countries, async () => service.countries(db));
  route(app, deps, api.currentCountry, async ({ request }) => service.currentCountry(db, location(request)));
  route(app, deps, api.merchantWallet, async () => {
    const found = await service.merchant(db, config.merchantCode);
    return { merchantCode: found.code, isSingle: found.wallet_single };
  });

  // Console: site configuration.
  route(app, deps, bo.getMaintenance, async () => service.maintenanceSettings(db));
  route(app, deps, bo.putMaintenance, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'maintenance', action: 'update' }, async (tx) => {
      const before = await service.maintenanceSettings(tx);
      await store.writeSetting(tx, service.MAINTENANCE_KEY, ctx.body, ctx.now);
      return { entityId: service.MAINTENANCE_KEY, before, after: ctx.body, result: ctx.body };
    }),
  );
  route(app, deps, bo.getSite, async () => service.siteSettings(db));
  route(app, deps, bo.putSite, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'site', action: 'update' }, async (tx) => {
      const before = await service.siteSettings(tx);
      await store.writeSetting(tx, service.SITE_KEY, ctx.body, ctx.now);
      return { entityId: service.SITE_KEY, before, after: ctx.body, result: ctx.body };
    }),
  );

  const regionRuleView = (row: store.RegionRuleRow) => ({
    id: row.id,
    kind: row.kind,
    value: row.value,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  });
  route(app, deps, bo.regionRules, async () => (await store.listRegionRules(db)).map(regionRuleView));
  route(app, deps, bo.createRegionRule, async (ctx) => {
    const value = ctx.body.kind === 'ip_range' ? service.canonicalIpRange(ctx.body.value) : ctx.body.value;
    if (!value) throw new AppError('validation_failed', { value: 'invalid_format' });
    return operatorWrite(deps, ctx, { entity: 'region_rule', action: 'create' }, async (tx) => {
      const row = await store.insertRegionRule(tx, { ...ctx.body, value }, ctx.now);
      if (!row) throw new AppError('conflict');
      const after = regionRuleView(row);
      return { entityId: row.id, before: null, after, result: after };
    });
  });
  route(app, deps, bo.removeRegionRule, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'region_rule', action: 'delete' }, async (tx) => {
      const before = regionRuleView(orNotFound(await store.deleteRegionRule(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  const flagView = (row: store.ModuleFlagRowDb) => ({
    modId: row.mod_id,
    name: row.name,
    parentId: row.parent_id,
    enabled: row.enabled,
  });
  route(app, deps, bo.moduleFlags, async () => (await store.listModuleFlags(db)).map(flagView));
  route(app, deps, bo.setModuleFlag, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'module_flag', action: 'update' }, async (tx) => {
      const before = flagView(orNotFound(await store.findModuleFlag(tx, ctx.params.modId)));
      const after = flagView(
        orNotFound(await store.updateModuleFlag(tx, ctx.params.modId, ctx.body.enabled)),
      );
      return { entityId: ctx.params.modId, before, after, result: after };
    }),
  );

  const ruleView = service.registerRuleView;
  route(app, deps, bo.registerRules, async () => (await store.listRegisterRules(db)).map(ruleView));
  route(app, deps, bo.setRegisterRule, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'register_rule', action: 'update' }, async (tx) => {
      const before = ruleView(orNotFound(await store.findRegisterRule(tx, ctx.params.key)));
      const row = await store.updateRegisterRule(tx, {
        key: ctx.params.key,
        accepted_pattern: ctx.body.acceptedPattern,
        pattern_id: ctx.body.patternId,
        min_length: ctx.body.minLength,
        max_length: ctx.body.maxLength,
        enabled: ctx.body.enabled,
        required: ctx.body.required,
      });
      const after = ruleView(orNotFound(row));
      return { entityId: ctx.params.key, before, after, result: after };
    }),
  );

  const resources = bo.resources;
  route(app, deps, resources.list, async () => service.resources(db));
  route(app, deps, resources.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'resource', action: 'create' }, async (tx) => {
      const after = service.resourceView(
        await store.insertResource(tx, {
          resource_type: ctx.body.resourceType,
          title: ctx.body.title,
          url: ctx.body.url,
          sort: ctx.body.sort,
        }),
      );
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, resources.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'resource', action: 'update' }, async (tx) => {
      const before = service.resourceView(orNotFound(await store.findResource(tx, ctx.params.id)));
      const row = await store.updateResource(tx, {
        id: ctx.params.id,
        resource_type: ctx.body.resourceType,
        title: ctx.body.title,
        url: ctx.body.url,
        sort: ctx.body.sort,
      });
      const after = service.resourceView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, resources.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'resource', action: 'delete' }, async (tx) => {
      const before = service.resourceView(orNotFound(await store.deleteResource(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  const domains = bo.domains;
  route(app, deps, domains.list, async () => store.listDomains(db));
  route(app, deps, domains.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'domain', action: 'create' }, async (tx) => {
      const after = await store.insertDomain(tx, ctx.body);
      if (!after) throw new AppError('conflict');
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, domains.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'domain', action: 'update' }, async (tx) => {
      const before = orNotFound(await store.findDomain(tx, ctx.params.id));
      if (await store.domainUrlTaken(tx, ctx.body.url, ctx.params.id)) throw new AppError('conflict');
      const after = orNotFound(await store.updateDomain(tx, { id: ctx.params.id, ...ctx.body }));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, domains.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'domain', action: 'delete' }, async (tx) => {
      const before = orNotFound(await store.deleteDomain(tx, ctx.params.id));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );
}

const FLAGS_DIR = fileURLToPath(
  new URL('../../../../../node_modules/flag-icons/flags/4x3/', import.meta.url),
);

/** Images of the system area: country flags, the brand logo and download QR codes. */
export function systemImageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  app.get<{ Params: { file: string } }>('/images/COUNTRY_FLAG/:file', async (request, reply) => {
    const match = /^([A-Za-z]{2})\.svg$/.exec(request.params.file);
    const svg = match ? await readFile(`${FLAGS_DIR}${match[1]?.toLowerCase()}.svg`).catch(() => null) : null;
    if (!svg) throw new AppError('not_found');
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
  app.get('/images/brand/logo.svg', async (_request, reply) => {
    const found = await service.merchant(db, config.merchantCode);
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('image/svg+xml')
      .send(logoSvg(found.brand));
  });
  app.get<{ Params: { file: string } }>('/images/qr/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    const found = match ? await store.findResource(db, Number(match[1])) : null;
    if (!found) throw new AppError('not_found');
    const svg = await QRCode.toString(found.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(svg);
  });
}
