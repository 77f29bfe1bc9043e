import type {
  AnnouncementAudience,
  AnnouncementGroups,
  announcementInput,
  Banner,
  BannerRow,
  bannerInput,
  HelpCategory,
  helpArticleInput,
  helpCategoryInput,
  Notice,
  noticeInput,
} from '@tessera/contract';
import {
  ANNOUNCEMENT_GROUPS,
  type ANNOUNCEMENT_TYPES,
  IMAGE_UPLOAD,
  type LanguageCode,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { reencodeImage, sniffImageType } from '../../platform/images.ts';
import { operatorEdits, operatorWrite } from '../../platform/operator-write.ts';
import { type Rng, uuid } from '../../platform/rng.ts';
import { sanitizeRichHtml } from '../../platform/sanitize.ts';
import * as store from './store.ts';

/** The operator who writes, as operatorWrite needs it for the audit entry. */
type OperatorCall = Parameters<typeof operatorWrite>[1];

const imageUrl = (imageId: string) => `/images/${imageId}`;

/** A stored image by its id; not_found for an unknown id or one that is not a uuid. */
export async function storedImage(db: Queryable, id: string) {
  const image = /^[0-9a-f-]{36}$/.test(id) ? await store.findImage(db, id) : null;
  if (!image) throw new AppError('not_found');
  return image;
}

/** An uploaded raster image after checking its real type and size, re-encoded so only its pixels are kept. */
async function cleanUploadedImage(bytes: Uint8Array) {
  if (bytes.length > IMAGE_UPLOAD.maxBytes) throw new AppError('payload_too_large');
  const contentType = sniffImageType(bytes);
  if (!contentType || !(IMAGE_UPLOAD.types as readonly string[]).includes(contentType)) {
    throw new AppError('unsupported_media_type');
  }
  return reencodeImage(bytes, contentType);
}

/** The console's upload: the image is checked and stored, audited with its name. */
export async function uploadImage(
  deps: AppDeps,
  call: OperatorCall,
  file: { bytes: Uint8Array; filename: string },
) {
  // Re-encoding takes CPU time: it happens before the transaction opens.
  const clean = await cleanUploadedImage(file.bytes);
  return operatorWrite(deps, call, { entity: 'image', action: 'create' }, async (tx) => {
    const image = await storeImage(tx, deps.rng, clean.bytes, clean.contentType, call.now);
    const after = {
      imageId: image.imageId,
      contentType: image.contentType,
      bytes: image.bytes,
      name: file.filename,
    };
    return { entityId: image.imageId, before: null, after, result: image };
  });
}

/** Stores an image of a known type (uploads after their check, and the seed's own artwork). */
export async function storeImage(db: Queryable, rng: Rng, bytes: Uint8Array, contentType: string, now: Date) {
  const id = uuid(rng);
  await store.insertImage(
    db,
    { id, content_type: contentType, bytes, size: bytes.length, sha256: sha256Hex(bytes) },
    now,
  );
  return { imageId: id, url: imageUrl(id), contentType, bytes: bytes.length };
}

const pictures = (version: Pick<store.BannerVersionDb, 'title' | 'image_id' | 'phone_image_id'>) => ({
  title: version.title,
  imageId: version.image_id,
  url: imageUrl(version.image_id),
  phoneImageId: version.phone_image_id,
  phoneUrl: version.phone_image_id ? imageUrl(version.phone_image_id) : null,
});

const bannerRowView = (row: store.BannerDb): BannerRow => ({
  id: row.id,
  groupName: row.group_name,
  ...pictures(row),
  linkageType: row.linkage_type,
  linkUrl: row.link_url,
  sort: row.sort,
  enabled: row.enabled,
  versions: row.versions.map((version) => ({
    language: version.language as LanguageCode,
    ...pictures(version),
  })),
});

/** The group's banners as a reader of `language` sees them: its version of each, or the banner's own. */
export async function bannersOf(db: Queryable, groupName: string, language: string): Promise<Banner[]> {
  const rows = await store.listBanners(db, { groupName, enabledOnly: true });
  return rows.map((row) => {
    const shown = row.versions.find((version) => version.language === language) ?? row;
    const { title, url, phoneUrl } = pictures(shown);
    return {
      bannerId: row.id,
      groupName: row.group_name,
      title,
      url,
      phoneUrl,
      linkageType: row.linkage_type,
      linkUrl: row.link_url,
    };
  });
}

const noticeRowView = (row: store.NoticeDb) => ({
  id: row.id,
  language: row.language as LanguageCode,
  title: row.title,
  content: row.content,
  sort: row.sort,
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
});

export async function publishedNotices(db: Queryable, language: string): Promise<Notice[]> {
  const rows = await store.listPublishedNotices(db, language);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.created_at.toISOString(),
  }));
}

const announcementRowView = (row: store.AnnouncementDb) => ({
  id: row.id,
  type: row.type,
  audience: row.audience,
  language: row.language as LanguageCode,
  title: row.title,
  content: row.content,
  startsAt: row.starts_at?.toISOString() ?? null,
  endsAt: row.ends_at?.toISOString() ?? null,
  sort: row.sort,
  enabled: row.enabled,
});

/**
 * Live announcements grouped as the original reads them (§3): banners, player, popup, promotion, and H. Only the
 * asked types are filled; the other groups are empty.
 */
type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export async function liveAnnouncements(
  db: Queryable,
  caller: Caller,
  filter: { language: string; types: AnnouncementType[]; platform: string; executionType: string; now: Date },
): Promise<AnnouncementGroups> {
  const audiences: AnnouncementAudience[] = [
    'all',
    ...(caller.kind === 'member' ? await store.memberAudiences(db, caller.memberId) : []),
  ];
  const rows = await store.listLiveAnnouncements(db, { ...filter, audiences });
  const groups: AnnouncementGroups = { banners: [], player: [], popup: [], promotion: [], H: [] };
  for (const row of rows) {
    groups[ANNOUNCEMENT_GROUPS[row.type]].push({
      id: row.id,
      type: row.type,
      platform: row.platform,
      executionType: row.execution_type,
      title: row.title,
      content: row.content,
      startsAt: row.starts_at?.toISOString() ?? null,
      endsAt: row.ends_at?.toISOString() ?? null,
    });
  }
  return groups;
}

const helpCategoryView = (row: store.HelpCategoryDb) => ({
  id: row.id,
  language: row.language as LanguageCode,
  title: row.title,
  sort: row.sort,
});

const helpArticleView = (row: store.HelpArticleDb) => ({
  id: row.id,
  categoryId: row.category_id,
  title: row.title,
  content: row.content,
  sort: row.sort,
});

export async function helpCentre(db: Queryable, language: string): Promise<HelpCategory[]> {
  const categories = await store.listHelpCategoriesIn(db, language);
  const articles = await store.listHelpArticles(
    db,
    categories.map((category) => category.id),
  );
  return categories.map((category) => ({
    id: category.id,
    title: category.title,
    articles: articles
      .filter((article) => article.category_id === category.id)
      .map((article) => ({ id: article.id, title: article.title, content: article.content })),
  }));
}

// The console's writes: each one in a transaction with its audit entry (platform/operator-write).

/** Refuses, on the form's field, an image id that names no stored image. */
export async function requireImage(tx: Queryable, imageId: string, field = 'imageId') {
  if (!(await store.imageExists(tx, imageId)))
    throw new AppError('validation_failed', { [field]: 'invalid_value' });
}

const bannerFields = (body: z.output<typeof bannerInput>) => ({
  group_name: body.groupName,
  title: body.title,
  image_id: body.imageId,
  phone_image_id: body.phoneImageId,
  linkage_type: body.linkageType,
  link_url: body.linkageType === '' ? '' : body.linkUrl,
  sort: body.sort,
  enabled: body.enabled,
});

export async function bannerRows(db: Queryable, groupName: string | undefined) {
  return (await store.listBanners(db, { groupName, enabledOnly: false })).map(bannerRowView);
}

/** Refuses, each on its field, an image the banner or one of its versions names that is not stored. */
async function requireBannerImages(tx: Queryable, body: z.output<typeof bannerInput>) {
  await requireImage(tx, body.imageId);
  if (body.phoneImageId) await requireImage(tx, body.phoneImageId, 'phoneImageId');
  for (const [index, version] of body.versions.entries()) {
    await requireImage(tx, version.imageId, `versions.${index}.imageId`);
    if (version.phoneImageId) await requireImage(tx, version.phoneImageId, `versions.${index}.phoneImageId`);
  }
}

function writeVersions(tx: Queryable, bannerId: number, body: z.output<typeof bannerInput>) {
  return store.setBannerVersions(
    tx,
    bannerId,
    body.versions.map((version) => ({
      language: version.language,
      title: version.title,
      image_id: version.imageId,
      phone_image_id: version.phoneImageId,
    })),
  );
}

export async function createBanner(deps: AppDeps, call: OperatorCall, body: z.output<typeof bannerInput>) {
  return operatorWrite(deps, call, { entity: 'banner', action: 'create' }, async (tx) => {
    await requireBannerImages(tx, body);
    const id = await store.insertBanner(tx, bannerFields(body));
    await writeVersions(tx, id, body);
    const after = bannerRowView(orNotFound(await store.findBanner(tx, id)));
    return { entityId: after.id, before: null, after, result: after };
  });
}

export async function updateBanner(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof bannerInput>,
) {
  return operatorWrite(deps, call, { entity: 'banner', action: 'update' }, async (tx) => {
    const before = bannerRowView(orNotFound(await store.findBanner(tx, id)));
    await requireBannerImages(tx, body);
    await store.updateBanner(tx, { id, ...bannerFields(body) });
    await writeVersions(tx, id, body);
    const after = bannerRowView(orNotFound(await store.findBanner(tx, id)));
    return { entityId: id, before, after, result: after };
  });
}

export async function removeBanner(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'banner', action: 'delete' }, async (tx) => {
    const before = bannerRowView(orNotFound(await store.findBanner(tx, id)));
    await store.deleteBanner(tx, id);
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}

export async function noticeRows(db: Queryable) {
  return (await store.listNotices(db)).map(noticeRowView);
}

export const notices = operatorEdits({
  entity: 'notice',
  table: store.notices,
  view: noticeRowView,
  fields: (body: z.output<typeof noticeInput>, call) => ({
    ...body,
    content: sanitizeRichHtml(body.content),
    created_at: call.now,
  }),
});

const announcementFields = (body: z.output<typeof announcementInput>) => ({
  type: body.type,
  audience: body.audience,
  language: body.language,
  title: body.title,
  content: sanitizeRichHtml(body.content),
  starts_at: body.startsAt ? new Date(body.startsAt) : null,
  ends_at: body.endsAt ? new Date(body.endsAt) : null,
  sort: body.sort,
  enabled: body.enabled,
});

export async function announcementRows(db: Queryable) {
  return (await store.listAnnouncements(db)).map(announcementRowView);
}

export const announcements = operatorEdits({
  entity: 'announcement',
  table: store.announcements,
  view: announcementRowView,
  fields: announcementFields,
});

export async function helpCategoryRows(db: Queryable) {
  return (await store.listHelpCategories(db)).map(helpCategoryView);
}

export const helpCategories = operatorEdits({
  entity: 'help_category',
  table: store.helpCategories,
  view: helpCategoryView,
  fields: (body: z.output<typeof helpCategoryInput>) => body,
});

async function requireCategory(tx: Queryable, body: z.output<typeof helpArticleInput>) {
  if (!(await store.helpCategories.find(tx, body.categoryId)))
    throw new AppError('validation_failed', { categoryId: 'invalid_value' });
}

const helpArticleFields = (body: z.output<typeof helpArticleInput>) => ({
  category_id: body.categoryId,
  title: body.title,
  content: sanitizeRichHtml(body.content),
  sort: body.sort,
});

export async function helpArticleRows(db: Queryable) {
  return (await store.listHelpArticles(db, null)).map(helpArticleView);
}

export const helpArticles = operatorEdits({
  entity: 'help_article',
  table: store.helpArticles,
  view: helpArticleView,
  fields: helpArticleFields,
  check: requireCategory,
});
