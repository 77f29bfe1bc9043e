import { z } from 'zod';
import {
  httpUrl,
  id,
  idParams,
  isoDateTime,
  languageCode,
  nonEmpty,
  okValue,
  page,
  paging,
  siteLink,
} from './common.ts';
import { ANNOUNCEMENT_TYPES, REGISTER_FIELDS } from './constants.ts';
import { endpoint, OPERATOR_ROLES, operator } from './endpoint.ts';

const API = '/backoffice/api';
const anyOperator = operator(...OPERATOR_ROLES);
const operations = operator('operations');
const content = operator('operations', 'support');
const ownerOnly = operator('owner');

export const operatorRole = z.enum(OPERATOR_ROLES);
export const operatorView = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: operatorRole,
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OperatorView = z.infer<typeof operatorView>;

/** Console passwords: 10 to 128 characters. */
export const operatorPassword = z.string().min(10).max(128);
export const operatorUsername = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'invalid_format');

const sessionValue = z.object({ token: z.string(), expiresAt: z.string(), operator: operatorView });

export const maintenanceSettings = z
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

export const siteSettings = z.object({
  siteName: nonEmpty(80),
  redirectToLoginWithoutToken: z.boolean(),
  directRegistration: z.boolean(),
  messageCentre: z.boolean(),
  messagingAppUrl: z.union([z.literal(''), httpUrl]),
  licenceText: z.string().trim().max(500),
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
export const regionRule = z.object({
  id: z.number().int(),
  kind: z.enum(['country', 'ip_range']),
  value: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type RegionRule = z.infer<typeof regionRule>;

export const moduleFlagRow = z.object({
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
      .refine((value) => {
        try {
          new RegExp(value);
          return true;
        } catch {
          return false;
        }
      }, 'invalid_format'),
    patternId: z.number().int().min(0).max(12),
    minLength: z.number().int().min(0).max(200),
    maxLength: z.number().int().min(0).max(200),
    enabled: z.boolean(),
    required: z.boolean(),
  })
  .refine((value) => value.minLength <= value.maxLength, { path: ['maxLength'], message: 'invalid_value' });
export const registerRuleRow = registerRuleInput.safeExtend({ key: z.enum(REGISTER_FIELDS) });

export const imageView = z.object({
  imageId: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});

export const linkageType = z.enum(['', 'INTERNAL', 'EXTERNAL']);
export const bannerInput = z
  .object({
    groupName: z
      .string()
      .trim()
      .regex(/^w_[a-z]+$/, 'invalid_format'),
    title: z.string().trim().max(120).default(''),
    imageId: z.string().uuid(),
    linkageType: linkageType.default(''),
    linkUrl: z.union([z.literal(''), siteLink]).default(''),
    sort: z.number().int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
  })
  .refine((value) => value.linkageType === '' || value.linkUrl !== '', {
    path: ['linkUrl'],
    message: 'required',
  });
export const bannerRow = z.object({
  id: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  imageId: z.string(),
  url: z.string(),
  linkageType,
  linkUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type BannerRow = z.infer<typeof bannerRow>;

export const noticeInput = z.object({
  language: languageCode.default('EN'),
  title: nonEmpty(200),
  content: z.string().max(50_000),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
export const noticeRow = z.object({
  id: z.number().int(),
  language: languageCode,
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
});

export const announcementInput = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES),
    language: languageCode.default('EN'),
    title: nonEmpty(200),
    content: z.string().max(50_000),
    startsAt: isoDateTime.nullable().default(null),
    endsAt: isoDateTime.nullable().default(null),
    sort: z.number().int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
  })
  .refine((value) => !value.startsAt || !value.endsAt || value.startsAt < value.endsAt, {
    path: ['endsAt'],
    message: 'invalid_value',
  });
export const announcementRow = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  language: languageCode,
  title: z.string(),
  content: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const helpCategoryInput = z.object({
  language: languageCode.default('EN'),
  title: nonEmpty(120),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const helpCategoryRow = helpCategoryInput.extend({ id: z.number().int() });
export const helpArticleInput = z.object({
  categoryId: id,
  title: nonEmpty(200),
  content: z.string().max(100_000),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const helpArticleRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
});

export const resourceInput = z.object({
  resourceType: z.enum(['ios', 'android', 'h5', 'desktop']),
  title: nonEmpty(80),
  url: httpUrl,
  sort: z.number().int().min(0).max(9999).default(0),
});
export const resourceRow = resourceInput.extend({ id: z.number().int(), qrCodeUrl: z.string() });

export const domainInput = z.object({ url: httpUrl, sort: z.number().int().min(0).max(9999).default(0) });
export const domainRow = domainInput.extend({ id: z.number().int() });

export const operatorCreate = z.object({
  username: operatorUsername,
  displayName: nonEmpty(80),
  role: operatorRole,
  password: operatorPassword,
});
export const operatorUpdate = z.object({
  displayName: nonEmpty(80),
  role: operatorRole,
  disabled: z.boolean(),
  password: z.union([z.literal(''), operatorPassword]).default(''),
});

export const auditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const dashboard = z.object({
  counts: z.object({
    members: z.number().int(),
    operators: z.number().int(),
    banners: z.number().int(),
    notices: z.number().int(),
    announcements: z.number().int(),
    helpArticles: z.number().int(),
    resources: z.number().int(),
    domains: z.number().int(),
    regionRules: z.number().int(),
    auditEntries: z.number().int(),
  }),
  maintenance: z.boolean(),
  activeOperatorSessions: z.number().int(),
});

const crud = <I extends z.ZodType, R extends z.ZodType, L extends z.ZodType = z.ZodObject>(
  path: string,
  input: I,
  row: R,
  access: ReturnType<typeof operator>,
  listQuery: L = z.object({}) as unknown as L,
) => ({
  list: endpoint({ method: 'GET', path: `${API}/${path}`, access, query: listQuery, response: z.array(row) }),
  create: endpoint({ method: 'POST', path: `${API}/${path}`, access, body: input, response: row }),
  update: endpoint({
    method: 'PUT',
    path: `${API}/${path}/:id`,
    access,
    params: idParams,
    body: input,
    response: row,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${API}/${path}/:id`,
    access,
    params: idParams,
    response: okValue,
  }),
});

export const backofficeEndpoints = {
  setupStatus: endpoint({
    method: 'GET',
    path: `${API}/setup`,
    access: 'visitor',
    response: z.object({ needsSetup: z.boolean() }),
  }),
  setup: endpoint({
    method: 'POST',
    path: `${API}/setup`,
    access: 'visitor',
    body: z.object({ username: operatorUsername, displayName: nonEmpty(80), password: operatorPassword }),
    response: sessionValue,
  }),
  login: endpoint({
    method: 'POST',
    path: `${API}/session`,
    access: 'visitor',
    body: z.object({ username: z.string().trim().min(1).max(40), password: z.string().min(1).max(128) }),
    response: sessionValue,
  }),
  me: endpoint({ method: 'GET', path: `${API}/session`, access: anyOperator, response: operatorView }),
  logout: endpoint({ method: 'DELETE', path: `${API}/session`, access: anyOperator, response: okValue }),
  dashboard: endpoint({ method: 'GET', path: `${API}/dashboard`, access: anyOperator, response: dashboard }),
  getMaintenance: endpoint({
    method: 'GET',
    path: `${API}/settings/maintenance`,
    access: operations,
    response: maintenanceSettings,
  }),
  putMaintenance: endpoint({
    method: 'PUT',
    path: `${API}/settings/maintenance`,
    access: operations,
    body: maintenanceSettings,
    response: maintenanceSettings,
  }),
  getSite: endpoint({
    method: 'GET',
    path: `${API}/settings/site`,
    access: operations,
    response: siteSettings,
  }),
  putSite: endpoint({
    method: 'PUT',
    path: `${API}/settings/site`,
    access: operations,
    body: siteSettings,
    response: siteSettings,
  }),
  regionRules: endpoint({
    method: 'GET',
    path: `${API}/region-rules`,
    access: operations,
    response: z.array(regionRule),
  }),
  createRegionRule: endpoint({
    method: 'POST',
    path: `${API}/region-rules`,
    access: operations,
    body: regionRuleInput,
    response: regionRule,
  }),
  removeRegionRule: endpoint({
    method: 'DELETE',
    path: `${API}/region-rules/:id`,
    access: operations,
    params: idParams,
    response: okValue,
  }),
  moduleFlags: endpoint({
    method: 'GET',
    path: `${API}/module-flags`,
    access: operations,
    response: z.array(moduleFlagRow),
  }),
  setModuleFlag: endpoint({
    method: 'PUT',
    path: `${API}/module-flags/:modId`,
    access: operations,
    params: z.object({ modId: z.string().trim().min(1).max(40) }),
    body: z.object({ enabled: z.boolean() }),
    response: moduleFlagRow,
  }),
  registerRules: endpoint({
    method: 'GET',
    path: `${API}/register-rules`,
    access: operations,
    response: z.array(registerRuleRow),
  }),
  setRegisterRule: endpoint({
    method: 'PUT',
    path: `${API}/register-rules/:key`,
    access: operations,
    params: z.object({ key: z.enum(REGISTER_FIELDS) }),
    body: registerRuleInput,
    response: registerRuleRow,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${API}/images`,
    access: content,
    bodyType: 'multipart',
    response: imageView,
  }),
  banners: crud(
    'banners',
    bannerInput,
    bannerRow,
    operations,
    z.object({ groupName: z.string().max(40).optional() }),
  ),
  notices: crud('notices', noticeInput, noticeRow, content),
  announcements: crud('announcements', announcementInput, announcementRow, content),
  helpCategories: crud('help/categories', helpCategoryInput, helpCategoryRow, content),
  helpArticles: crud('help/articles', helpArticleInput, helpArticleRow, content),
  resources: crud('resources', resourceInput, resourceRow, operations),
  domains: crud('domains', domainInput, domainRow, operations),
  operators: {
    list: endpoint({
      method: 'GET',
      path: `${API}/operators`,
      access: ownerOnly,
      response: z.array(operatorView),
    }),
    create: endpoint({
      method: 'POST',
      path: `${API}/operators`,
      access: ownerOnly,
      body: operatorCreate,
      response: operatorView,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${API}/operators/:id`,
      access: ownerOnly,
      params: idParams,
      body: operatorUpdate,
      response: operatorView,
    }),
  },
  audit: endpoint({
    method: 'GET',
    path: `${API}/audit`,
    access: ownerOnly,
    query: paging.extend({
      operator: z.string().trim().max(40).optional(),
      entity: z.string().trim().max(40).optional(),
      action: z.string().trim().max(40).optional(),
      q: z.string().trim().max(100).optional(),
      from: isoDateTime.optional(),
      to: isoDateTime.optional(),
    }),
    response: page(auditEntry),
  }),
};
