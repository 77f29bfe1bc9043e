import { z } from 'zod';
import { languageCode } from '../common.ts';
import { MODULE_FLAGS, REGISTER_FIELDS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';

/** System, as the player site sees it: status, whitelabel, permission, module flags, countries, routes (§7). */

export const systemStatus = z.object({
  /** 0 normal, 1 maintenance, 2 region blocked (§2). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string(),
  countryCode: z.string().nullable(),
  maintenance: z.object({ title: z.string(), message: z.string(), endsAt: z.string().nullable() }).nullable(),
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const language = z.object({
  code: languageCode,
  name: z.string(),
  nativeName: z.string(),
  flagUrl: z.string(),
  /** False when the interface falls back to English for this language. */
  translated: z.boolean(),
});
export type Language = z.infer<typeof language>;

export const whitelabel = z.object({
  merchantCode: z.string(),
  brand: z.string(),
  siteName: z.string(),
  logoUrl: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  defaultLanguage: languageCode,
  languages: z.array(language),
  /** Guard option of §2: without a token only a few paths are reachable. */
  redirectToLoginWithoutToken: z.boolean(),
  directRegistration: z.boolean(),
  messageCentre: z.boolean(),
  messagingAppUrl: z.string(),
  licenceText: z.string(),
  responsibleGamingUrl: z.string(),
});
export type Whitelabel = z.infer<typeof whitelabel>;

export const registerRule = z.object({
  key: z.enum(REGISTER_FIELDS),
  acceptedPattern: z.string(),
  patternId: z.number().int().min(0).max(12),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type RegisterRule = z.infer<typeof registerRule>;

export const resource = z.object({
  id: z.number().int(),
  resourceType: z.string(),
  title: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
});
export type Resource = z.infer<typeof resource>;

export const customerService = z.object({
  liveChatUrl: z.string(),
  vipChatUrl: z.string(),
  email: z.string(),
});

export const permission = z.object({
  info: z.object({
    whitelabel,
    registerRules: z.array(registerRule),
    resources: z.array(resource),
    customerService,
    analytics: z.object({ gtagId: z.string() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof permission>;

export interface ModuleFlagNode {
  modId: string;
  name: string;
  enabled: '1' | '0';
  childrenNodes: ModuleFlagNode[];
}
export const moduleFlag: z.ZodType<ModuleFlagNode> = z.object({
  modId: z.string(),
  name: z.string(),
  enabled: z.enum(['1', '0']),
  get childrenNodes() {
    return z.array(moduleFlag);
  },
});
export const knownModuleFlag = z.enum(MODULE_FLAGS);

export const country = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  flagUrl: z.string(),
});
export type Country = z.infer<typeof country>;

export const domainRoute = z.object({ domainList: z.array(z.string()) });
export const routers = z.object({ domainList: z.array(z.string()), resources: z.array(resource) });

export const systemEndpoints = {
  status: endpoint({ method: 'GET', path: '/wps/system/status', access: 'visitor', response: systemStatus }),
  whitelabel: endpoint({
    method: 'GET',
    path: '/wps/system/whitelabel',
    access: 'visitor',
    response: whitelabel,
  }),
  permission: endpoint({
    method: 'GET',
    path: '/wps/system/permission',
    access: 'visitor',
    query: z.object({ url: z.string().max(500).optional() }),
    response: permission,
  }),
  modules: endpoint({
    method: 'GET',
    path: '/wps/system/module',
    access: 'visitor',
    response: z.array(moduleFlag),
  }),
  registerSettings: endpoint({
    method: 'GET',
    path: '/wps/system/setting/register',
    access: 'visitor',
    response: z.array(registerRule),
  }),
  domainRoute: endpoint({
    method: 'GET',
    path: '/wps/system/domainRoute',
    access: 'visitor',
    response: domainRoute,
  }),
  routers: endpoint({ method: 'GET', path: '/wps/system/routers', access: 'visitor', response: routers }),
  countries: endpoint({
    method: 'GET',
    path: '/wps/system/countries',
    access: 'visitor',
    response: z.array(country),
  }),
  currentCountry: endpoint({
    method: 'GET',
    path: '/wps/system/country',
    access: 'visitor',
    response: z.object({ countryCode: z.string().nullable(), countryDialingCode: z.string().nullable() }),
  }),
  merchantWallet: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    access: 'visitor',
    response: z.object({ merchantCode: z.string(), isSingle: z.boolean() }),
  }),
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'visitor',
    response: z.object({ database: z.literal('up') }),
  }),
};
