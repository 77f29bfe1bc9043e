import type {
  ContractRequestSettings,
  Country,
  Language,
  LanguageCode,
  MaintenanceSettings,
  MessageTemplate,
  ModuleFlagNode,
  RegisterRule,
  RegisterSettings,
  regionRuleInput,
  registerRuleInput,
  SiteSettings,
  SystemStatus,
  Whitelabel,
} from '@tessera/contract';
import {
  CUSTOMER_SERVICE_TYPES,
  DECRYPTION_KEY_LENGTH,
  type domainInput,
  type resourceInput,
  SYSTEM_STATUS,
} from '@tessera/contract';
import ipaddr from 'ipaddr.js';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import { logoSvg } from '../../platform/artwork.ts';
import type { ClientLocation } from '../../platform/client-location.ts';
import type { AppDeps } from '../../platform/context.ts';
import { desEcbEncrypt } from '../../platform/des.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { type Rng, text } from '../../platform/rng.ts';
import * as store from './store.ts';

type ResourceType = z.output<typeof resourceInput>['resourceType'];
/** The operator who writes, as operatorWrite needs it for the audit entry. */
type OperatorCall = Parameters<typeof operatorWrite>[1];

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

/** The health check: the database answers. */
export async function health(db: Queryable) {
  await store.ping(db);
  return { database: 'up' as const };
}

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

export async function siteSettings(db: Queryable): Promise<SiteSettings> {
  const settings = await store.readSetting<SiteSettings>(db, SITE_KEY);
  if (!settings) throw new Error('site settings are missing: the seed did not run');
  // Settings stored before the licence had translations have none.
  return { ...settings, licenceTranslations: settings.licenceTranslations ?? {} };
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

/**
 * The words of the site's own names (merchant codes, names and brands, the site name), whole, split into words and
 * their runs joined: the first words an attacker tries in a password of this site.
 */
export async function siteNameWords(db: Queryable): Promise<string[]> {
  const [merchants, site] = await Promise.all([
    store.merchantNames(db),
    store.readSetting<Partial<SiteSettings>>(db, SITE_KEY),
  ]);
  const names = [...merchants.flatMap((row) => [row.code, row.name, row.brand]), site?.siteName ?? ''];
  // Each run of a name's words, written apart and together: "Golden Lotus Casino" gives golden, lotus, goldenlotus …
  const words = names.flatMap((name) => {
    const parts = name
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8);
    return [
      name,
      ...parts.flatMap((_, from) =>
        parts.slice(from).map((__, to) => parts.slice(from, from + to + 1).join('')),
      ),
    ];
  });
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3))];
}

export async function merchantWallet(db: Queryable, merchantCode: string) {
  const found = await merchant(db, merchantCode);
  return { merchantCode: found.code, isSingle: found.wallet_single };
}

/** Sets the merchant's currency, its symbol and whether its wallet is single, inside the caller's transaction. */
export function setMerchantMoney(
  tx: Queryable,
  merchantCode: string,
  value: { currency: string; currencySymbol: string; walletSingle: boolean },
): Promise<void> {
  return store.updateMerchantMoney(tx, merchantCode, value);
}

/** The brand logo of the merchant, as SVG. */
export async function brandLogo(db: Queryable, merchantCode: string): Promise<string> {
  return logoSvg((await merchant(db, merchantCode)).brand);
}

/** The site's whitelabel, its licence text in the request's language where the operator has given one. */
export async function whitelabel(db: Queryable, merchantCode: string, language: string): Promise<Whitelabel> {
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
    licenceText: site.licenceTranslations[language as LanguageCode] || site.licenceText,
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

/** The registration rules keyed by field name (/wps/system/setting/register, as the original reads it). */
export async function registerSettings(db: Queryable): Promise<RegisterSettings> {
  return Object.fromEntries((await registerRules(db)).map((rule) => [rule.key, rule]));
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

export async function domainRoute(db: Queryable) {
  return { domainList: await domainList(db) };
}

export async function routers(db: Queryable) {
  return { domainList: await domainList(db), resources: await resources(db) };
}

/** The download QR code of a resource, as SVG; not_found for an unknown resource. */
export async function resourceQrCode(db: Queryable, id: number): Promise<string> {
  const found = orNotFound(await store.findResource(db, id));
  return QRCode.toString(found.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** What the status answer needs besides the database: the site's address and the source of the link keys. */
export interface StatusDeps {
  db: Queryable;
  rng: Rng;
  siteUrl: string;
}

/**
 * The status answer: the permission object of §3 as the original reads it (customer-service links DES-encrypted
 * with their key appended, the module flags as the modId tree, the registration rules by field …), with Tessera's
 * 0/1/2 status, maintenance text and plain links beside it.
 */
export async function systemStatus(
  { db, rng, siteUrl }: StatusDeps,
  location: ClientLocation,
  now: Date,
): Promise<SystemStatus> {
  const [rules, resourceList, site, cdn, maintenance, blocked, flagRows, domains] = await Promise.all([
    registerSettings(db),
    resources(db),
    siteSettings(db),
    store.readSetting<{ imageCDNs: string[]; launchGameCDNs: string[] }>(db, CDN_KEY),
    maintenanceSettings(db),
    regionBlocked(db, location),
    store.listModuleFlags(db),
    domainList(db),
  ]);
  const inMaintenance = maintenanceActive(maintenance, now);
  const links: [string, string][] = [
    [CUSTOMER_SERVICE_TYPES.liveChat, site.liveChatUrl],
    [CUSTOMER_SERVICE_TYPES.vipChat, site.vipChatUrl],
  ];
  return {
    info: {
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
    },
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
  };
}

const LINK_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A customer-service link as the original decrypts it (§3): single DES (ECB, PKCS7) under a fresh 8-character key,
 * base64, followed by that key. The original's client reads the key from the last 8 characters.
 */
export function encryptedLink(url: string, rng: Rng): string {
  const key = text(rng, DECRYPTION_KEY_LENGTH, LINK_KEY_ALPHABET);
  return `${desEcbEncrypt(Buffer.from(key), Buffer.from(url, 'utf8')).toString('base64')}${key}`;
}

/**
 * The modIds the original's client checks before it makes the calls Tessera serves, derived from Tessera's own
 * configuration rather than stored a second time. The area that serves more of the original's calls adds their
 * modIds here. A flag Tessera stores under the same modId wins.
 */
const ORIGINAL_FLAGS: [
  modId: string,
  name: string,
  enabled: (context: { site: SiteSettings; rules: RegisterSettings; flags: Set<string> }) => boolean,
][] = [
  ['COMM3', 'Common calls', () => true],
  ['REG3', 'Registration', ({ site }) => site.directRegistration],
  ['CAPTCHA3', 'Captcha', ({ rules }) => rules.captcha?.enabled ?? false],
  ['VERIFICATION3', 'SMS code without a session', ({ flags }) => flags.has('MOBILEVERCODELOGIN3')],
  ['PWRESETSMS3', 'SMS code for the reset by phone', ({ flags }) => flags.has('CHNGPASSVERIF3')],
  ['PASS3', 'Change password', () => true],
  ['PROFPIC3', 'Profile picture', () => true],
  ['AFFMAN3', 'Affiliate code', ({ rules }) => rules.affiliateCode?.enabled ?? false],
  // Not built yet: the second-factor work and the captcha-provider work switch these on.
  ['LOGINIPVERF3', 'Second factor for a login from a new address', () => false],
  ['GEETEST3', 'Geetest captcha', () => false],
];

/** The module flags as the original reads them: Tessera's tree, then the original's modIds (ORIGINAL_FLAGS). */
function originalModuleTree(
  rows: store.ModuleFlagRowDb[],
  site: SiteSettings,
  rules: RegisterSettings,
): ModuleFlagNode[] {
  const stored = new Set(rows.map((row) => row.mod_id));
  const flags = new Set(rows.filter((row) => row.enabled).map((row) => row.mod_id));
  const derived = ORIGINAL_FLAGS.filter(([modId]) => !stored.has(modId)).map(
    ([modId, name, enabled]): ModuleFlagNode => ({
      modId,
      name,
      enabled: enabled({ site, rules, flags }) ? '1' : '0',
      childrenNodes: [],
    }),
  );
  return [...treeOf(rows), ...derived];
}

export async function moduleTree(db: Queryable): Promise<ModuleFlagNode[]> {
  return treeOf(await store.listModuleFlags(db));
}

/** The stored module flags as the modId tree. */
function treeOf(rows: store.ModuleFlagRowDb[]): ModuleFlagNode[] {
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

/** A settings document by its key, or null when there is none. */
export function settingDocument<T>(db: Queryable, key: string): Promise<T | null> {
  return store.readSetting<T>(db, key);
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

/** Where the caller is: address, country and dialing code, and whether a region rule blocks it. */
export async function callerLocation(db: Queryable, location: ClientLocation) {
  const [country, blocked] = await Promise.all([currentCountry(db, location), regionBlocked(db, location)]);
  return { ...location, countryDialingCode: country.countryDialingCode, regionRestriction: blocked };
}

export const CONTRACT_REQUESTS_KEY = 'contract_requests';

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

// The console's writes: each one in a transaction with its audit entry (platform/operator-write).

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

const regionRuleView = (row: store.RegionRuleRow) => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  note: row.note,
  createdAt: row.created_at.toISOString(),
});

export async function regionRules(db: Queryable) {
  return (await store.listRegionRules(db)).map(regionRuleView);
}

/** Adds a region rule; an IP rule is stored in its canonical form, and a rule that exists is a conflict. */
export async function createRegionRule(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof regionRuleInput>,
) {
  const value = input.kind === 'ip_range' ? canonicalIpRange(input.value) : input.value;
  if (!value) throw new AppError('validation_failed', { value: 'invalid_format' });
  return operatorWrite(deps, call, { entity: 'region_rule', action: 'create' }, async (tx) => {
    const row = await store.insertRegionRule(tx, { ...input, value }, call.now);
    if (!row) throw new AppError('conflict');
    const after = regionRuleView(row);
    return { entityId: row.id, before: null, after, result: after };
  });
}

export async function removeRegionRule(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'region_rule', action: 'delete' }, async (tx) => {
    const before = regionRuleView(orNotFound(await store.deleteRegionRule(tx, id)));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}

const flagView = (row: store.ModuleFlagRowDb) => ({
  modId: row.mod_id,
  name: row.name,
  parentId: row.parent_id,
  enabled: row.enabled,
});

export async function moduleFlagRows(db: Queryable) {
  return (await store.listModuleFlags(db)).map(flagView);
}

export async function setModuleFlag(deps: AppDeps, call: OperatorCall, modId: string, enabled: boolean) {
  return operatorWrite(deps, call, { entity: 'module_flag', action: 'update' }, async (tx) => {
    const before = flagView(orNotFound(await store.findModuleFlag(tx, modId)));
    const after = flagView(orNotFound(await store.updateModuleFlag(tx, modId, enabled)));
    return { entityId: modId, before, after, result: after };
  });
}

async function writeRegisterRule(
  tx: Queryable,
  key: RegisterRule['key'],
  input: z.output<typeof registerRuleInput>,
) {
  const row = await store.updateRegisterRule(tx, {
    key,
    accepted_pattern: input.acceptedPattern,
    pattern_id: input.patternId,
    min_length: input.minLength,
    max_length: input.maxLength,
    enabled: input.enabled,
    required: input.required,
  });
  return registerRuleView(orNotFound(row));
}

export async function setRegisterRule(
  deps: AppDeps,
  call: OperatorCall,
  key: RegisterRule['key'],
  input: z.output<typeof registerRuleInput>,
) {
  return operatorWrite(deps, call, { entity: 'register_rule', action: 'update' }, async (tx) => {
    const before = registerRuleView(orNotFound(await store.findRegisterRule(tx, key)));
    const after = await writeRegisterRule(tx, key, input);
    return { entityId: key, before, after, result: after };
  });
}

/** The console's table, saved at once: every rule sent, in one transaction and one audit entry. */
export async function setRegisterRules(
  deps: AppDeps,
  call: OperatorCall,
  rules: (z.output<typeof registerRuleInput> & { key: RegisterRule['key'] })[],
) {
  return operatorWrite(deps, call, { entity: 'register_rules', action: 'update' }, async (tx) => {
    const before = (await store.listRegisterRules(tx)).map(registerRuleView);
    for (const { key, ...input } of rules) await writeRegisterRule(tx, key, input);
    const after = (await store.listRegisterRules(tx)).map(registerRuleView);
    return { entityId: 'all', before, after, result: after };
  });
}

const resourceFields = (input: z.output<typeof resourceInput>) => ({
  resource_type: input.resourceType,
  title: input.title,
  url: input.url,
  sort: input.sort,
});

export async function createResource(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof resourceInput>,
) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'create' }, async (tx) => {
    const after = resourceView(await store.insertResource(tx, resourceFields(input)));
    return { entityId: after.id, before: null, after, result: after };
  });
}

export async function updateResource(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: z.output<typeof resourceInput>,
) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'update' }, async (tx) => {
    const before = resourceView(orNotFound(await store.findResource(tx, id)));
    const row = await store.updateResource(tx, { id, ...resourceFields(input) });
    const after = resourceView(orNotFound(row));
    return { entityId: id, before, after, result: after };
  });
}

export async function removeResource(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'resource', action: 'delete' }, async (tx) => {
    const before = resourceView(orNotFound(await store.deleteResource(tx, id)));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}

export async function domainRows(db: Queryable) {
  return store.listDomains(db);
}

/** Adds a domain; a URL that is already listed is a conflict. */
export async function createDomain(deps: AppDeps, call: OperatorCall, input: z.output<typeof domainInput>) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'create' }, async (tx) => {
    const after = await store.insertDomain(tx, input);
    if (!after) throw new AppError('conflict');
    return { entityId: after.id, before: null, after, result: after };
  });
}

export async function updateDomain(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: z.output<typeof domainInput>,
) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'update' }, async (tx) => {
    const before = orNotFound(await store.findDomain(tx, id));
    if (await store.domainUrlTaken(tx, input.url, id)) throw new AppError('conflict');
    const after = orNotFound(await store.updateDomain(tx, { id, ...input }));
    return { entityId: id, before, after, result: after };
  });
}

export async function removeDomain(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'domain', action: 'delete' }, async (tx) => {
    const before = orNotFound(await store.deleteDomain(tx, id));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}
