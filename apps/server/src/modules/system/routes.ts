import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { systemEndpoints as api, systemConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { clientLocation } from '../../platform/client-location.ts';
import type { AppDeps } from '../../platform/context.ts';
import { crudRoutes, route } from '../../platform/route.ts';
import { brandLogo, merchantWallet, whitelabel } from './merchant.ts';
import { moduleFlagRows, moduleTree, setModuleFlag } from './module-flags.ts';
import {
  callerLocation,
  countries,
  createRegionRule,
  currentCountry,
  regionRules,
  removeRegionRule,
} from './regions.ts';
import { registerRules, registerSettings, setRegisterRule, setRegisterRules } from './registration-rules.ts';
import {
  domainEdits,
  domainRoute,
  domainRows,
  resourceEdits,
  resourceQrCode,
  resources,
  routers,
} from './resources.ts';
import {
  maintenanceSettings,
  messageTemplates,
  saveMaintenance,
  saveSite,
  siteSettings,
} from './settings.ts';
import { consolidatedSettings, health, readiness, systemStatus } from './status.ts';

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const location = (request: Parameters<typeof clientLocation>[0]) => clientLocation(request, config);

  route(app, deps, api.health, async () => health());
  route(app, deps, api.ready, async () => readiness(db, deps.local.lifecycle, deps.laggingReads));
  const statusDeps = { db, rng: deps.rng, siteUrl: config.siteUrl, cache: deps.local.content };
  route(app, deps, api.status, async ({ request, now }) => systemStatus(statusDeps, location(request), now));
  route(app, deps, api.permission, async ({ request, now }) =>
    systemStatus(statusDeps, location(request), now),
  );
  route(app, deps, api.whitelabel, async ({ language }) => whitelabel(db, config.merchantCode, language), {
    publicContent: true,
  });
  route(app, deps, api.modules, async () => moduleTree(db), { publicContent: true });
  route(app, deps, api.registerSettings, async () => registerSettings(db), { publicContent: true });
  route(app, deps, api.domainRoute, async () => domainRoute(db), { publicContent: true });
  route(app, deps, api.routers, async () => routers(db), { publicContent: true });
  route(app, deps, api.countries, async () => countries(db), { publicContent: true });
  route(app, deps, api.currentCountry, async ({ request }) => currentCountry(db, location(request)));
  route(app, deps, api.location, async ({ request }) => callerLocation(db, location(request)));
  route(app, deps, api.consolidatedSettings, async () => consolidatedSettings(db, config.merchantCode), {
    publicContent: true,
  });
  route(app, deps, api.templates, async ({ language, query }) =>
    messageTemplates(db, language, query.templateCode),
  );
  route(app, deps, api.merchantWallet, async () => merchantWallet(db, config.merchantCode));

  // Console: site configuration.
  route(app, deps, bo.getMaintenance, async () => maintenanceSettings(db));
  route(app, deps, bo.putMaintenance, async (ctx) => saveMaintenance(deps, ctx, ctx.body));
  route(app, deps, bo.getSite, async () => siteSettings(db));
  route(app, deps, bo.putSite, async (ctx) => saveSite(deps, ctx, ctx.body));

  route(app, deps, bo.regionRules, async () => regionRules(db));
  route(app, deps, bo.createRegionRule, async (ctx) => createRegionRule(deps, ctx, ctx.body));
  route(app, deps, bo.removeRegionRule, async (ctx) => removeRegionRule(deps, ctx, ctx.params.id));

  route(app, deps, bo.moduleFlags, async () => moduleFlagRows(db));
  route(app, deps, bo.setModuleFlag, async (ctx) =>
    setModuleFlag(deps, ctx, ctx.params.modId, ctx.body.enabled),
  );

  route(app, deps, bo.registerRules, async () => registerRules(db));
  route(app, deps, bo.setRegisterRules, async (ctx) => setRegisterRules(deps, ctx, ctx.body.rules));
  route(app, deps, bo.setRegisterRule, async (ctx) => setRegisterRule(deps, ctx, ctx.params.key, ctx.body));

  crudRoutes(app, deps, bo.resources, async () => resources(db), resourceEdits);
  crudRoutes(app, deps, bo.domains, async () => domainRows(db), domainEdits);
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
    const svg = await brandLogo(db, config.merchantCode);
    return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(svg);
  });
  app.get<{ Params: { file: string } }>('/images/qr/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    if (!match) throw new AppError('not_found');
    const svg = await resourceQrCode(db, Number(match[1]));
    return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(svg);
  });
}
