import type {
  Country,
  Language,
  MaintenanceSettings,
  ModuleFlagNode,
  Permission,
  RegisterRule,
  SiteSettings,
  SystemStatus,
  Whitelabel,
} from '@tessera/contract';
import { type resourceInput, SYSTEM_STATUS } from '@tessera/contract';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { ClientLocation } from '../../platform/client-location.ts';
import * as store from './store.ts';

type ResourceType = z.output<typeof resourceInput>['resourceType'];

export const MAINTENANCE_KEY = 'maintenance';
export const SITE_KEY = 'site';
export const CDN_KEY = 'cdn';

export const DEFAULT_MAINTENANCE: MaintenanceSettings = {
  enabled: false,
  title: '',
  message: '',
  startsAt: null,
  endsAt: null,
};

export const flagUrl = (countryCode: string) => `/images/COUNTRY_FLAG/${countryCode.toUpperCase()}.svg`;
export const qrCodeUrl = (resourceId: number) => `/images/qr/${resourceId}.svg`;

export async function maintenanceSettings(db: Queryable): Promise<MaintenanceSettings> {
  return (await store.readSetting<MaintenanceSettings>(db, MAINTENANCE_KEY)) ?? DEFAULT_MAINTENANCE;
}

export function maintenanceActive(settings: MaintenanceSettings, now: Date): boolean {
  if (!settings.enabled) return false;
  if (settings.startsAt && now < new Date(settings.startsAt)) return false;
  if (settings.endsAt && now >= new Date(settings.endsAt)) return false;
  return true;
}

/** Normalises an address (IPv4-mapped IPv6 becomes IPv4); null when it is not an address. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(value);
  } catch {
    return null;
  }
}

/** A region rule's IP value: one address or a CIDR range. Returns the canonical text, or null if invalid. */
export function canonicalIpRange(value: string): string | null {
  if (!value.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(value.split('/')[0] ?? '')) return null;
  if (value.includes('/')) {
    try {
      const [address, bits] = ipaddr.parseCIDR(value);
      return `${(address.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(value).toString()}/${bits}`;
    } catch {
      return null;
    }
  }
  return parseAddress(value)?.toString() ?? null;
}

export function ipInRange(ip: string, range: string): boolean {
  const address = parseAddress(ip);
  if (!address) return false;
  if (!range.includes('/')) return parseAddress(range)?.toString() === address.toString();
  try {
    const [base, bits] = ipaddr.parseCIDR(range);
    return address.kind() === base.kind() && address.match([base, bits] as never);
  } catch {
    return false;
  }
}

export async function regionBlocked(db: Queryable, location: ClientLocation): Promise<boolean> {
  const rules = await store.listRegionRules(db);
  return rules.some((rule) =>
    rule.kind === 'country'
      ? location.countryCode !== null && rule.value === location.countryCode
      : ipInRange(location.ip, rule.value),
  );
}

export async function systemStatus(
  db: Queryable,
  location: ClientLocation,
  now: Date,
): Promise<SystemStatus> {
  const maintenance = await maintenanceSettings(db);
  if (maintenanceActive(maintenance, now)) {
    return {
      status: SYSTEM_STATUS.maintenance,
      ip: location.ip,
      countryCode: location.countryCode,
      maintenance: { title: maintenance.title, message: maintenance.message, endsAt: maintenance.endsAt },
    };
  }
  const blocked = await regionBlocked(db, location);
  return {
    status: blocked ? SYSTEM_STATUS.regionBlocked : SYSTEM_STATUS.normal,
    ip: location.ip,
    countryCode: location.countryCode,
    maintenance: null,
  };
}

export async function siteSettings(db: Queryable): Promise<SiteSettings> {
  const settings = await store.readSetting<SiteSettings>(db, SITE_KEY);
  if (!settings) throw new Error('site settings are missing: the seed did not run');
  return settings;
}

export async function languages(db: Queryable): Promise<Language[]> {
  const rows = await store.listLanguages(db);
  return rows.map((row) => ({
    code: row.code as Language['code'],
    name: row.name,
    nativeName: row.native_name,
    flagUrl: flagUrl(row.flag_country),
    translated: row.translated,
  }));
}

export async function merchant(db: Queryable, merchantCode: string): Promise<store.MerchantRow> {
  const found = await store.findMerchant(db, merchantCode);
  if (!found) throw new Error(`merchant ${merchantCode} is missing: the seed did not run`);
  return found;
}

export async function whitelabel(db: Queryable, merchantCode: string): Promise<Whitelabel> {
  const [found, site, languageList] = await Promise.all([
    merchant(db, merchantCode),
    siteSettings(db),
    languages(db),
  ]);
  return {
    merchantCode: found.code,
    brand: found.brand,
    siteName: site.siteName,
    logoUrl: '/images/brand/logo.svg',
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    defaultLanguage: found.default_language as Whitelabel['defaultLanguage'],
    languages: languageList,
    redirectToLoginWithoutToken: site.redirectToLoginWithoutToken,
    directRegistration: site.directRegistration,
    messageCentre: site.messageCentre,
    messagingAppUrl: site.messagingAppUrl,
    licenceText: site.licenceText,
    responsibleGamingUrl: site.responsibleGamingUrl,
  };
}

export const registerRuleView = (row: store.RegisterRuleDb): RegisterRule => ({
  key: row.key as RegisterRule['key'],
  acceptedPattern: row.accepted_pattern,
  patternId: row.pattern_id,
  minLength: row.min_length,
  maxLength: row.max_length,
  enabled: row.enabled,
  required: row.required,
});

export async function registerRules(db: Queryable): Promise<RegisterRule[]> {
  return (await store.listRegisterRules(db)).map(registerRuleView);
}

export const resourceView = (row: store.ResourceDb) => ({
  id: row.id,
  resourceType: row.resource_type as ResourceType,
  title: row.title,
  url: row.url,
  qrCodeUrl: qrCodeUrl(row.id),
  sort: row.sort,
});

export async function resources(db: Queryable) {
  return (await store.listResources(db)).map(resourceView);
}

export async function domainList(db: Queryable): Promise<string[]> {
  return (await store.listDomains(db)).map((row) => row.url);
}

export async function permission(
  db: Queryable,
  merchantCode: string,
  location: ClientLocation,
  now: Date,
): Promise<Permission> {
  const [label, rules, resourceList, site, cdn, maintenance, blocked] = await Promise.all([
    whitelabel(db, merchantCode),
    registerRules(db),
    resources(db),
    siteSettings(db),
    store.readSetting<{ imageCDNs: string[]; launchGameCDNs: string[] }>(db, CDN_KEY),
    maintenanceSettings(db),
    regionBlocked(db, location),
  ]);
  return {
    info: {
      whitelabel: label,
      registerRules: rules,
      resources: resourceList,
      customerService: {
        liveChatUrl: site.liveChatUrl,
        vipChatUrl: site.vipChatUrl,
        email: site.supportEmail,
      },
      analytics: { gtagId: site.gtagId },
      imageCDNs: cdn?.imageCDNs ?? [],
      launchGameCDNs: cdn?.launchGameCDNs ?? [],
    },
    location,
    maintenance: maintenanceActive(maintenance, now),
    regionRestriction: blocked,
  };
}

export async function moduleTree(db: Queryable): Promise<ModuleFlagNode[]> {
  const rows = await store.listModuleFlags(db);
  const nodes = new Map<string, ModuleFlagNode>();
  for (const row of rows) {
    nodes.set(row.mod_id, {
      modId: row.mod_id,
      name: row.name,
      enabled: row.enabled ? '1' : '0',
      childrenNodes: [],
    });
  }
  const roots: ModuleFlagNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.mod_id) as ModuleFlagNode;
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.childrenNodes.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function moduleEnabled(db: Queryable, modId: string): Promise<boolean> {
  return (await store.findModuleFlag(db, modId))?.enabled ?? false;
}

export async function countries(db: Queryable): Promise<Country[]> {
  const rows = await store.listCountries(db);
  return rows.map((row) => ({
    countryCode: row.code,
    countryDialingCode: row.dialing_code,
    name: row.name,
    flagUrl: flagUrl(row.code),
  }));
}

export async function currentCountry(db: Queryable, location: ClientLocation) {
  if (!location.countryCode) return { countryCode: null, countryDialingCode: null };
  const found = await store.findCountry(db, location.countryCode);
  return { countryCode: location.countryCode, countryDialingCode: found?.dialing_code ?? null };
}
