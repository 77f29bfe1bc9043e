import { z } from 'zod';
import { languageCode } from '../common.ts';
import { REGISTER_FIELDS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';

/**
 * System, as the player site and the original platform's clients see it: status (the permission object of §3),
 * whitelabel, module flags, countries, location, settings, message templates, routes (§7). Where the original's
 * shape and Tessera's differ, the original's names and types are on the wire and Tessera's own fields sit beside.
 */

const language = z.object({
  code: languageCode,
  name: z.string(),
  nativeName: z.string(),
  flagUrl: z.string(),
  /** False when the interface falls back to English for this language. */
  translated: z.boolean(),
});
export type Language = z.infer<typeof language>;

const whitelabel = z.object({
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

const registerRule = z.object({
  key: z.enum(REGISTER_FIELDS),
  acceptedPattern: z.string(),
  patternId: z.number().int().min(0).max(12),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type RegisterRule = z.infer<typeof registerRule>;

/** The registration rules keyed by field name, as the original reads /wps/system/setting/register (§5). */
const registerSettings = z.partialRecord(z.enum(REGISTER_FIELDS), registerRule);
export type RegisterSettings = z.infer<typeof registerSettings>;

const resource = z.object({
  id: z.number().int(),
  resourceType: z.string(),
  title: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
});
export type Resource = z.infer<typeof resource>;

export interface ModuleFlagNode {
  modId: string;
  name: string;
  enabled: '1' | '0';
  childrenNodes: ModuleFlagNode[];
}
const moduleFlag: z.ZodType<ModuleFlagNode> = z.object({
  modId: z.string(),
  name: z.string(),
  enabled: z.enum(['1', '0']),
  get childrenNodes() {
    return z.array(moduleFlag);
  },
});

/**
 * A customer-service entry as the original reads it (§3): the link DES-encrypted (base64) followed by its
 * 8-character key. It hides nothing, since the key travels with it; the original's client expects it.
 */
const customerServicePath = z.object({ csType: z.string(), path: z.string() });

/** Tessera's plain customer-service links, which the player site opens. */
const supportLinks = z.object({
  liveChatUrl: z.string(),
  vipChatUrl: z.string(),
  email: z.string(),
});

const domainRoute = z.object({ domainList: z.array(z.string()) });
const clientLocation = z.object({ ip: z.string(), countryCode: z.string().nullable() });

/**
 * The permission object of §3, which the original reads from /wps/system/status, with Tessera's status beside it.
 * The original derives 0/1/2 from maintenance and regionRestriction (§4); `status` is that number.
 */
const systemStatus = z.object({
  info: z.object({
    customerService: z.array(customerServicePath),
    domainRoute,
    resources: z.array(resource),
    /** The module flags as the modId tree (enabled '1' or '0'), with the original's modIds among them. */
    whitelabel: z.array(moduleFlag),
    register: registerSettings,
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    support: supportLinks,
  }),
  location: clientLocation,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** 0 normal, 1 maintenance, 2 region blocked (§2); maintenance wins over a region block. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The maintenance screen's text while maintenance is on. */
  maintenanceInfo: z
    .object({ title: z.string(), message: z.string(), endsAt: z.string().nullable() })
    .nullable(),
});
export type SystemStatus = z.infer<typeof systemStatus>;

const country = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  flagUrl: z.string(),
});
export type Country = z.infer<typeof country>;

const routers = z.object({ domainList: z.array(z.string()), resources: z.array(resource) });

/**
 * How each kind of agent contract is requested (the §3 "consolidated settings": daily salary, dividend, hourly
 * salary, real-time salary). Stored configuration; 0 means the kind cannot be requested, which is every kind until
 * the agent area, which defines the other values, is built.
 */
const requestType = z.number().int().min(0);
const contractRequestSettings = z.object({
  dailysalreqtype: requestType,
  divtypereq: requestType,
  contracthoursalreq: requestType,
  realtimesalreqtype: requestType,
});
export type ContractRequestSettings = z.infer<typeof contractRequestSettings>;

/** A message the site sends a member (deposit arrived, withdrawal approved …), with {placeholders}. */
const messageTemplate = z.object({
  templateCode: z.string(),
  language: z.string(),
  title: z.string(),
  content: z.string(),
  /** The placeholders the content may use, e.g. ["amount", "currency"]. */
  placeholders: z.array(z.string()),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const systemEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/wps/system/status',
    access: 'visitor',
    /** §7: the permission call carries the current host as url. */
    query: z.object({ url: z.string().max(500).optional() }),
    response: systemStatus,
  }),
  whitelabel: endpoint({
    method: 'GET',
    path: '/wps/system/whitelabel',
    access: 'visitor',
    response: whitelabel,
  }),
  /** Tessera's earlier name for the status call; the same answer. */
  permission: endpoint({
    method: 'GET',
    path: '/wps/system/permission',
    access: 'visitor',
    query: z.object({ url: z.string().max(500).optional() }),
    response: systemStatus,
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
    response: registerSettings,
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
  /** §4 startup: the visitor's country and its dialing code. */
  currentCountry: endpoint({
    method: 'GET',
    path: '/wps/system/country',
    access: 'visitor',
    response: z.object({ countryCode: z.string().nullable(), countryDialingCode: z.string().nullable() }),
  }),
  /** Where the caller is: address, country and its dialing code, and whether a region rule blocks it. */
  location: endpoint({
    method: 'GET',
    path: '/wps/system/location',
    access: 'visitor',
    response: clientLocation.extend({
      countryDialingCode: z.string().nullable(),
      regionRestriction: z.boolean(),
    }),
  }),
  /** The settings a client reads at start, in one call: contract requests, module flags, registration, money. */
  consolidatedSettings: endpoint({
    method: 'GET',
    path: '/wps/system/settings/consolidated',
    access: 'visitor',
    response: contractRequestSettings.extend({
      whitelabel: z.array(moduleFlag),
      register: registerSettings,
      currency: z.string(),
      currencySymbol: z.string(),
      defaultLanguage: languageCode,
      languages: z.array(languageCode),
    }),
  }),
  /** Message templates (deposit and withdrawal notices …) in the Language header's language, English otherwise. */
  templates: endpoint({
    method: 'GET',
    path: '/wps/system/templates',
    access: 'visitor',
    query: z.object({ templateCode: z.string().trim().max(60).optional() }),
    response: z.array(messageTemplate),
  }),
  merchantWallet: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    access: 'visitor',
    response: z.object({ merchantCode: z.string(), isSingle: z.boolean() }),
  }),
  /** Liveness: the process answers (a load balancer or supervisor restarts it when it does not). */
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'visitor',
    response: z.object({ alive: z.literal(true) }),
  }),
  /**
   * Readiness: the process takes traffic (its database answers, every migration of its build is applied, it is
   * not shutting down); otherwise 503 service_unavailable.
   */
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    access: 'visitor',
    response: z.object({
      database: z.literal('up'),
      migrations: z.literal('done'),
      /**
       * With DATABASE_REPLICA_URL: where the reads that tolerate lag go now (the primary when no replica is up within
       * DATABASE_REPLICA_MAX_LAG_SECONDS), and each replica's state at its last check.
       */
      replicas: z
        .object({
          reads: z.enum(['replica', 'primary']),
          standbys: z.array(
            z.object({
              state: z.enum(['up', 'down', 'lagging', 'not_standby']),
              lagSeconds: z.number().nullable(),
            }),
          ),
        })
        .optional(),
    }),
  }),
};
