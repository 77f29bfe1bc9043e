import { riskConsoleEndpoints as api } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { listFlags, resolveFlag } from './flags.ts';
import { addNote, memberRisk, setTags } from './notes.ts';
import { riskSettingsOf, saveRiskSettings } from './settings.ts';

/** Risk in the console: the rules, the flags and their resolution, a member's notes and tags. */
export function riskRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.settings, async () => riskSettingsOf(deps.db));
  route(app, deps, api.saveSettings, async ({ caller, ip, now, body }) =>
    saveRiskSettings(deps, { caller, ip, now }, body),
  );
  route(app, deps, api.flags, async ({ query }) => listFlags(deps.db, query));
  route(app, deps, api.resolveFlag, async ({ caller, ip, now, params, body }) =>
    resolveFlag(deps, { caller, ip, now }, params.id, body.note),
  );
  route(app, deps, api.memberRisk, async ({ params }) => memberRisk(deps.db, params.id));
  route(app, deps, api.addNote, async ({ caller, ip, now, params, body }) =>
    addNote(deps, { caller, ip, now }, params.id, body.body),
  );
  route(app, deps, api.setTags, async ({ caller, ip, now, params, body }) =>
    setTags(deps, { caller, ip, now }, params.id, body.tags),
  );
}
