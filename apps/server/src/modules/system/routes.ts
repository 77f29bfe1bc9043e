import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { systemEndpoints as api, systemConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { clientLocation } from '../../platform/client-location.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './service.ts';

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const location = (request: Parameters<typeof clientLocation>[0]) => clientLocation(request, config);

  route(app, deps, api.health, async () => service.health(db));
  const statusDeps = { db, rng: deps.rng, siteUrl: config.siteUrl };
  route(app, deps, api.status, async ({ request, now }) =>
    service.systemStatus(statusDeps, location(request), now),
  );
  route(app, deps, api.permission, async ({ request, now }) =>
    service.systemStatus(statusDeps, location(request), now),
  );
  route(app, deps, api.whitelabel, async ({ language }) =>
    service.whitelabel(db, config.merchantCode, language),
  );
  route(app, deps, api.modules, async () => service.moduleTree(db));
  route(app, deps, api.registerSettings, async () => service.registerSettings(db));
  route(app, deps, api.domainRoute, async () => service.domainRoute(db));
  route(app, deps, api.routers, async () => service.routers(db));
  route(app, deps, api.countries, async () => service.countries(db));
  route(app, deps, api.currentCountry, async ({ request }) => service.currentCountry(db, location(request)));
  route(app, deps, api.location, async ({ request }) => service.callerLocation(db, location(request)));
  route(app, deps, api.consolidatedSettings, async () =>
    service.consolidatedSettings(db, config.merchantCode),
  );
  route(app, deps, api.templates, async ({ language, query }) =>
    service.messageTemplates(db, language, query.templateCode),
  );
  route(app, deps, api.merchantWallet, async () => service.merchantWallet(db, config.merchantCode));

  // Console: site configuration.
  route(app, deps, bo.getMaintenance, async () => service.maintenanceSettings(db));
  route(app, deps, bo.putMaintenance, async (ctx) => service.saveMaintenance(deps, ctx, ctx.body));
  route(app, deps, bo.getSite, async () => service.siteSettings(db));
  route(app, deps, bo.putSite, async (ctx) => service.saveSite(deps, ctx, ctx.body));

  route(app, deps, bo.regionRules, async () => service.regionRules(db));
  route(app, deps, bo.createRegionRule, async (ctx) => service.createRegionRule(deps, ctx, ctx.body));
  route(app, deps, bo.removeRegionRule, async (ctx) => service.removeRegionRule(deps, ctx, ctx.params.id));

  route(app, deps, bo.moduleFlags, async () => service.moduleFlagRows(db));
  route(app, deps, bo.setModuleFlag, async (ctx) =>
    service.setModuleFlag(deps, ctx, ctx.params.modId, ctx.body.enabled),
  );

  route(app, deps, bo.registerRules, async () => service.registerRules(db));
  route(app, deps, bo.setRegisterRules, async (ctx) => service.setRegisterRules(deps, ctx, ctx.body.rules));
  route(app, deps, bo.setRegisterRule, async (ctx) =>
    service.setRegisterRule(deps, ctx, ctx.params.key, ctx.body),
  );

  const resources = bo.resources;
  route(app, deps, resources.list, async () => service.resources(db));
  route(app, deps, resources.create, async (ctx) => service.createResource(deps, ctx, ctx.body));
  route(app, deps, resources.update, async (ctx) =>
    service.updateResource(deps, ctx, ctx.params.id, ctx.body),
  );
  route(app, deps, resources.remove, async (ctx) => service.removeResource(deps, ctx, ctx.params.id));

  const domains = bo.domains;
  route(app, deps, domains.list, async () => service.domainRows(db));
  route(app, deps, domains.create, async (ctx) => service.createDomain(deps, ctx, ctx.body));
  route(app, deps, domains.update, async (ctx) => service.updateDomain(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, domains.remove, async (ctx) => service.removeDomain(deps, ctx, ctx.params.id));
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
    const svg = await service.brandLogo(db, config.merchantCode);
    return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(svg);
  });
  app.get<{ Params: { file: string } }>('/images/qr/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    if (!match) throw new AppError('not_found');
    const svg = await service.resourceQrCode(db, Number(match[1]));
    return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(svg);
  });
}
