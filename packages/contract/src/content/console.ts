import { z } from 'zod';
import { id, isoDateTime, languageCode, nonEmpty, siteLink } from '../common.ts';
import { CONSOLE_API, crud } from '../console-api.ts';
import { ALL_LANGUAGES, ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_TYPES } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';

/** Content, as the console edits it: images, banners, notices, announcements and the help centre. */

const operations = operator('operations');
const content = operator('operations', 'support');

const imageView = z.object({
  imageId: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});

const linkageType = z.enum(['', 'INTERNAL', 'EXTERNAL']);
export const bannerInput = z
  .object({
    groupName: z
      .string()
      .trim()
      .regex(/^w_[a-z]+$/, 'invalid_format'),
    title: z.string().trim().max(120).default(''),
    imageId: z.string().uuid(),
    /** Shown instead of the image on a phone-sized screen (up to 760 px wide); null: the image everywhere. */
    phoneImageId: z.string().uuid().nullable().default(null),
    linkageType: linkageType.default(''),
    linkUrl: z.union([z.literal(''), siteLink]).default(''),
    sort: z.number().int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
    /** Its version per language (its own title and pictures); a language without one shows the banner's own. */
    versions: z
      .array(
        z.object({
          language: languageCode,
          title: z.string().trim().max(120).default(''),
          imageId: z.string().uuid(),
          phoneImageId: z.string().uuid().nullable().default(null),
        }),
      )
      .max(ALL_LANGUAGES.length)
      .default([])
      .refine(
        (versions) => new Set(versions.map((version) => version.language)).size === versions.length,
        'invalid_value',
      ),
  })
  .refine((value) => value.linkageType === '' || value.linkUrl !== '', {
    path: ['linkUrl'],
    message: 'required',
  });
const bannerPictures = {
  title: z.string(),
  imageId: z.string(),
  url: z.string(),
  phoneImageId: z.string().nullable(),
  phoneUrl: z.string().nullable(),
};
const bannerRow = z.object({
  id: z.number().int(),
  groupName: z.string(),
  ...bannerPictures,
  linkageType,
  linkUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  versions: z.array(z.object({ language: languageCode, ...bannerPictures })),
});
export type BannerRow = z.infer<typeof bannerRow>;

export const noticeInput = z.object({
  language: languageCode.default('EN'),
  title: nonEmpty(200),
  content: z.string().max(50_000),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
const noticeRow = z.object({
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
    audience: z.enum(ANNOUNCEMENT_AUDIENCES).default('all'),
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
const announcementRow = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
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
const helpCategoryRow = helpCategoryInput.extend({ id: z.number().int() });
export const helpArticleInput = z.object({
  categoryId: id,
  title: nonEmpty(200),
  content: z.string().max(100_000),
  sort: z.number().int().min(0).max(9999).default(0),
});
const helpArticleRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
});

export const contentConsoleEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/images`,
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
};
