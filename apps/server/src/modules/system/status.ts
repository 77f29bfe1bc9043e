import {
  type ContractRequestSettings,
  CUSTOMER_SERVICE_TYPES,
  DECRYPTION_KEY_LENGTH,
  type LanguageCode,
  SYSTEM_STATUS,
  systemEndpoints,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import type { LaggingReads } from '../../db/replicas.ts';
import { AppError } from '../../platform/app-error.ts';
import type { ClientLocation } from '../../platform/client-location.ts';
import type { ContentCache } from '../../platform/content-cache.ts';
import { desEcbEncrypt } from '../../platform/des.ts';
import { type Rng, text } from '../../platform/rng.ts';
import { SerializedAnswer } from '../../platform/route.ts';
import { SUPPORT_PAGE } from '../support/service.ts';
import { languages, merchant } from './merchant.ts';
import { originalModuleTree } from './module-flags.ts';
import { blockedBy } from './regions.ts';
import { registerSettings } from './registration-rules.ts';
import { domainList, resources } from './resources.ts';
import {
  CDN_KEY,
  CONTRACT_REQUESTS_KEY,
  maintenanceActive,
  maintenanceSettings,
  siteSettings,
} from './settings.ts';
import * as store from './store.ts';

/** What a client reads at start: the health check, the status answer (§3) and the consolidated settings. */

/** Liveness: the process answers; nothing else is checked (a busy or unready process is still alive). */
export function health() {
  return { alive: true as const };
}

/**
 * Readiness: the database answers with this build's schema and the process is not shutting down; with replicas,
 * where the reads that tolerate lag go now.
 */
export async function readiness(
  db: Queryable,
  lifecycle: { shuttingDown: boolean },
  laggingReads: Pick<LaggingReads, 'status'>,
) {
  if (lifecycle.shuttingDown) throw new AppError('service_unavailable');
  const pending = await pendingMigrations(db).catch(() => null);
  if (pending !== 0) throw new AppError('service_unavailable');
  // Replicas down or behind do not stop the process taking traffic (the primary takes their reads): said, not failed.
  const replicas = laggingReads.status();
  return {
    database: 'up' as const,
    migrations: 'done' as const,
    ...(replicas ? { replicas: { reads: replicas.reads, standbys: replicas.replicas } } : {}),
  };
}

/**
 * What the status answer needs besides the database: the site's address, the source of the link keys, and the
 * process's hold of public content (what it reads is the same for every caller; the answer is not, by location).
 */
export interface StatusDeps {
  db: Queryable;
  rng: Rng;
  siteUrl: string;
  cache: ContentCache;
}

/** The status answer's parts: what every caller gets (held by the process), and what depends on the caller. */
const statusSchema = systemEndpoints.status.response;
const sharedPart = statusSchema.shape.info;
const callerPart = statusSchema.omit({ info: true });

/**
 * The status answer: the permission object of §3 as the original reads it (customer-service links DES-encrypted
 * with their key appended, the module flags as the modId tree, the registration rules by field …), with Tessera's
 * 0/1/2 status, maintenance text and plain links beside it. What is the same for every caller (`info`, its links'
 * keys included) is shaped and serialised once for as long as the process holds the content it is read from; each
 * call adds the caller's location, its region block and the maintenance state at `now`.
 */
export async function systemStatus(
  { db, rng, siteUrl, cache }: StatusDeps,
  location: ClientLocation,
  now: Date,
): Promise<SerializedAnswer> {
  const held = await cache.get('system status', now, async () => {
    const [rules, resourceList, site, cdn, maintenance, regionRules, flagRows, domains] = await Promise.all([
      registerSettings(db),
      resources(db),
      siteSettings(db),
      store.readSetting<{ imageCDNs: string[]; launchGameCDNs: string[] }>(db, CDN_KEY),
      maintenanceSettings(db),
      store.listRegionRules(db),
      store.listModuleFlags(db),
      domainList(db),
    ]);
    // Live chat is the configured link, else the site's built-in customer service (its /support page).
    const links: [string, string][] = [
      [CUSTOMER_SERVICE_TYPES.liveChat, site.liveChatUrl || new URL(SUPPORT_PAGE, siteUrl).toString()],
      [CUSTOMER_SERVICE_TYPES.vipChat, site.vipChatUrl],
    ];
    const info = sharedPart.parse({
      customerService: links
        .filter(([, url]) => url !== '')
        .map(([csType, url]) => ({ csType, path: encryptedLink(url, rng) })),
      domainRoute: { domainList: domains },
      resources: resourceList,
      whitelabel: originalModuleTree(flagRows, site, rules),
      register: rules,
      mainDomain: new URL(siteUrl).host,
      analytics: { gtagId: site.gtagId },
      imageCDNs: cdn?.imageCDNs ?? [],
      launchGameCDNs: cdn?.launchGameCDNs ?? [],
      support: { liveChatUrl: site.liveChatUrl, vipChatUrl: site.vipChatUrl, email: site.supportEmail },
    });
    // Held as bytes: each answer copies them, not encodes them again.
    return {
      info: Buffer.from(JSON.stringify(info)),
      maintenance,
      regionRules,
      answers: new Map<string, SerializedAnswer>(),
    };
  });
  const { maintenance } = held;
  const inMaintenance = maintenanceActive(maintenance, now);
  // A caller's whole answer is held with the shared part (a visitor's pages ask again and again), by what it
  // depends on besides it: the caller's location and whether maintenance is on now.
  const key = `${location.ip} ${location.countryCode} ${inMaintenance}`;
  const answered = held.answers.get(key);
  if (answered) return answered;
  const blocked = blockedBy(held.regionRules, location);
  const caller = callerPart.parse({
    location,
    maintenance: inMaintenance,
    regionRestriction: blocked,
    status: inMaintenance
      ? SYSTEM_STATUS.maintenance
      : blocked
        ? SYSTEM_STATUS.regionBlocked
        : SYSTEM_STATUS.normal,
    maintenanceInfo: inMaintenance
      ? { title: maintenance.title, message: maintenance.message, endsAt: maintenance.endsAt }
      : null,
  });
  const answer = new SerializedAnswer(['{"info":', held.info, `,${JSON.stringify(caller).slice(1)}`]);
  if (held.answers.size >= HELD_CALLERS) held.answers.clear();
  held.answers.set(key, answer);
  return answer;
}

/** The callers whose status answer is held with the shared part (then the count starts again): about 8 MB at most. */
const HELD_CALLERS = 1_000;

const LINK_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A customer-service link as the original decrypts it (§3): single DES (ECB, PKCS7) under a fresh 8-character key,
 * base64, followed by that key. The original's client reads the key from the last 8 characters.
 */
function encryptedLink(url: string, rng: Rng): string {
  const key = text(rng, DECRYPTION_KEY_LENGTH, LINK_KEY_ALPHABET);
  return `${desEcbEncrypt(Buffer.from(key), Buffer.from(url, 'utf8')).toString('base64')}${key}`;
}

/** The settings a client reads at start, in one answer (/wps/system/settings/consolidated). */
export async function consolidatedSettings(db: Queryable, merchantCode: string) {
  const [requests, flagRows, site, rules, found, languageList] = await Promise.all([
    store.readSetting<ContractRequestSettings>(db, CONTRACT_REQUESTS_KEY),
    store.listModuleFlags(db),
    siteSettings(db),
    registerSettings(db),
    merchant(db, merchantCode),
    languages(db),
  ]);
  if (!requests) throw new Error('contract request settings are missing: the seed did not run');
  return {
    ...requests,
    whitelabel: originalModuleTree(flagRows, site, rules),
    register: rules,
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    defaultLanguage: found.default_language as LanguageCode,
    languages: languageList.map((language) => language.code),
  };
}
