import type { MaintenanceSettings, MessageTemplate, SiteSettings } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** The site's settings documents: the site, maintenance, the contract requests and the message templates, read and replaced (audited). */

const MAINTENANCE_KEY = 'maintenance';
export const SITE_KEY = 'site';
export const CDN_KEY = 'cdn';

const DEFAULT_MAINTENANCE: MaintenanceSettings = {
  enabled: false,
  title: '',
  message: '',
  startsAt: null,
  endsAt: null,
};

export async function maintenanceSettings(db: Queryable): Promise<MaintenanceSettings> {
  return (await store.readSetting<MaintenanceSettings>(db, MAINTENANCE_KEY)) ?? DEFAULT_MAINTENANCE;
}

export function maintenanceActive(settings: MaintenanceSettings, now: Date): boolean {
  if (!settings.enabled) return false;
  if (settings.startsAt && now < new Date(settings.startsAt)) return false;
  if (settings.endsAt && now >= new Date(settings.endsAt)) return false;
  return true;
}

export async function siteSettings(db: Queryable): Promise<SiteSettings> {
  const settings = await store.readSetting<SiteSettings>(db, SITE_KEY);
  if (!settings) throw new Error('site settings are missing: the seed did not run');
  // Settings stored before the licence had translations have none.
  return { ...settings, licenceTranslations: settings.licenceTranslations ?? {} };
}

/** A settings document by its key, or null when there is none. */
export function settingDocument<T>(db: Queryable, key: string): Promise<T | null> {
  return store.readSetting<T>(db, key);
}

export const CONTRACT_REQUESTS_KEY = 'contract_requests';

/** Message templates in the language asked for, English where a template has none in it. */
export async function messageTemplates(
  db: Queryable,
  language: string,
  templateCode: string | undefined,
): Promise<MessageTemplate[]> {
  const rows = await store.listMessageTemplates(db, language, templateCode ?? null);
  return rows.map((row) => ({
    templateCode: row.code,
    language: row.language,
    title: row.title,
    content: row.content,
    placeholders: row.placeholders,
  }));
}

/**
 * Writes a settings document in the caller's transaction: for a service that replaces several documents in one
 * audited operator write (replaceSetting does one).
 */
export function writeSettingDocument(tx: Queryable, key: string, value: unknown, now: Date): Promise<void> {
  return store.writeSetting(tx, key, value, now);
}

/** Replaces a settings document (maintenance, site, wallet …), audited under its key with the document before. */
export async function replaceSetting<T>(
  deps: AppDeps,
  call: OperatorCall,
  key: string,
  read: (db: Queryable) => Promise<T>,
  value: T,
) {
  return operatorWrite(deps, call, { entity: key, action: 'update' }, async (tx) => {
    const before = await read(tx);
    await store.writeSetting(tx, key, value, call.now);
    return { entityId: key, before, after: value, result: value };
  });
}

export async function saveMaintenance(deps: AppDeps, call: OperatorCall, value: MaintenanceSettings) {
  return replaceSetting(deps, call, MAINTENANCE_KEY, maintenanceSettings, value);
}

export async function saveSite(deps: AppDeps, call: OperatorCall, value: SiteSettings) {
  return replaceSetting(deps, call, SITE_KEY, siteSettings, value);
}
