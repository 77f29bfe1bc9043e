import { z } from 'zod';
import { httpUrl, idParams, isoDateTime, languageCode, nonEmpty, okValue, siteLink } from '../common.ts';
import { CONSOLE_API, crud } from '../console-api.ts';
import { REGISTER_FIELDS } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';
import { isSafePattern } from '../patterns.ts';

/**
 * System, as the console edits it: maintenance, site settings, region rules, module flags, registration rules,
 * download resources and domains.
 */

const operations = operator('operations');

const maintenanceSettings = z
  .object({
    enabled: z.boolean(),
    title: z.string().trim().max(120),
    message: z.string().trim().max(2000),
    startsAt: isoDateTime.nullable(),
    endsAt: isoDateTime.nullable(),
  })
  .refine((value) => !value.startsAt || !value.endsAt || value.startsAt < value.endsAt, {
    path: ['endsAt'],
    message: 'invalid_value',
  });
export type MaintenanceSettings = z.infer<typeof maintenanceSettings>;

const siteSettings = z.object({
  siteName: nonEmpty(80),
  redirectToLoginWithoutToken: z.boolean(),
  directRegistration: z.boolean(),
  messageCentre: z.boolean(),
  messagingAppUrl: z.union([z.literal(''), httpUrl]),
  licenceText: z.string().trim().max(500),
  /** The licence text in other languages; a language without one shows licenceText. */
  licenceTranslations: z.partialRecord(languageCode, z.string().trim().max(500)).default({}),
  responsibleGamingUrl: z.union([z.literal(''), siteLink]),
  liveChatUrl: z.union([z.literal(''), httpUrl]),
  vipChatUrl: z.union([z.literal(''), httpUrl]),
  supportEmail: z.union([z.literal(''), z.email()]),
  gtagId: z.string().trim().max(40),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const regionRuleInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('country'),
    value: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'invalid_format')
      .transform((v) => v.toUpperCase()),
    note: z.string().trim().max(200).default(''),
  }),
  z.object({
    kind: z.literal('ip_range'),
    /** An IPv4 or IPv6 address, or a CIDR range. */
    value: z.string().trim().min(2).max(50),
    note: z.string().trim().max(200).default(''),
  }),
]);
const regionRule = z.object({
  id: z.number().int(),
  kind: z.enum(['country', 'ip_range']),
  value: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type RegionRule = z.infer<typeof regionRule>;

const moduleFlagRow = z.object({
  modId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  enabled: z.boolean(),
});

export const registerRuleInput = z
  .object({
    acceptedPattern: z
      .string()
      .max(300)
      // Only patterns the linear-time engine runs (no backreferences or lookarounds).
      .refine(isSafePattern, 'invalid_format'),
    patternId: z.number().int().min(0).max(12),
    minLength: z.number().int().min(0).max(200),
    maxLength: z.number().int().min(0).max(200),
    enabled: z.boolean(),
    required: z.boolean(),
  })
  .refine((value) => value.minLength <= value.maxLength, { path: ['maxLength'], message: 'invalid_value' });
const registerRuleRow = registerRuleInput.safeExtend({ key: z.enum(REGISTER_FIELDS) });

export const resourceInput = z.object({
  resourceType: z.enum(['ios', 'android', 'h5', 'desktop']),
  title: nonEmpty(80),
  url: httpUrl,
  sort: z.number().int().min(0).max(9999).default(0),
});
const resourceRow = resourceInput.extend({ id: z.number().int(), qrCodeUrl: z.string() });

export const domainInput = z.object({ url: httpUrl, sort: z.number().int().min(0).max(9999).default(0) });
const domainRow = domainInput.extend({ id: z.number().int() });

export const systemConsoleEndpoints = {
  getMaintenance: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/settings/maintenance`,
    access: operations,
    response: maintenanceSettings,
  }),
  putMaintenance: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/settings/maintenance`,
    access: operations,
    body: maintenanceSettings,
    response: maintenanceSettings,
  }),
  getSite: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/settings/site`,
    access: operations,
    response: siteSettings,
  }),
  putSite: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/settings/site`,
    access: operations,
    body: siteSettings,
    response: siteSettings,
  }),
  regionRules: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/region-rules`,
    access: operations,
    response: z.array(regionRule),
  }),
  createRegionRule: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/region-rules`,
    access: operations,
    body: regionRuleInput,
    response: regionRule,
  }),
  removeRegionRule: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/region-rules/:id`,
    access: operations,
    params: idParams,
    response: okValue,
  }),
  moduleFlags: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/module-flags`,
    access: operations,
    response: z.array(moduleFlagRow),
  }),
  setModuleFlag: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/module-flags/:modId`,
    access: operations,
    params: z.object({ modId: z.string().trim().min(1).max(40) }),
    body: z.object({ enabled: z.boolean() }),
    response: moduleFlagRow,
  }),
  registerRules: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/register-rules`,
    access: operations,
    response: z.array(registerRuleRow),
  }),
  setRegisterRule: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/register-rules/:key`,
    access: operations,
    params: z.object({ key: z.enum(REGISTER_FIELDS) }),
    body: registerRuleInput,
    response: registerRuleRow,
  }),
  /** Saves the whole table at once (the rows sent; the others stay), in one transaction. */
  setRegisterRules: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/register-rules`,
    access: operations,
    body: z.object({
      rules: z
        .array(registerRuleRow)
        .min(1)
        .max(REGISTER_FIELDS.length)
        .refine((rules) => new Set(rules.map((rule) => rule.key)).size === rules.length, 'invalid_value'),
    }),
    response: z.array(registerRuleRow),
  }),
  resources: crud('resources', resourceInput, resourceRow, operations),
  domains: crud('domains', domainInput, domainRow, operations),
};
