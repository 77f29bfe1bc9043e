import type { Announcement, Banner, BannerRow, HelpCategory, Notice } from '@tessera/contract';
import { IMAGE_UPLOAD, type LanguageCode } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { newUuid, sha256Hex } from '../../platform/crypto.ts';
import * as store from './store.ts';

export const imageUrl = (imageId: string) => `/images/${imageId}`;

/** The image type its first bytes show; the declared type of an upload is not trusted. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP')
    return 'image/webp';
  return null;
}

/** Stores an uploaded raster image after checking its real type and size. */
export async function storeUploadedImage(db: Queryable, bytes: Uint8Array, now: Date) {
  if (bytes.length > IMAGE_UPLOAD.maxBytes) throw new AppError('payload_too_large');
  const contentType = sniffImageType(bytes);
  if (!contentType || !(IMAGE_UPLOAD.types as readonly string[]).includes(contentType)) {
    throw new AppError('unsupported_media_type');
  }
  return storeImage(db, bytes, contentType, now);
}

/** Stores an image of a known type (uploads after their check, and the seed's own artwork). */
export async function storeImage(db: Queryable, bytes: Uint8Array, contentType: string, now: Date) {
  const id = newUuid();
  await store.insertImage(
    db,
    { id, content_type: contentType, bytes, size: bytes.length, sha256: sha256Hex(bytes) },
    now,
  );
  return { imageId: id, url: imageUrl(id), contentType, bytes: bytes.length };
}

export const bannerRowView = (row: store.BannerDb): BannerRow => ({
  id: row.id,
  groupName: row.group_name,
  title: row.title,
  imageId: row.image_id,
  url: imageUrl(row.image_id),
  linkageType: row.linkage_type,
  linkUrl: row.link_url,
  sort: row.sort,
  enabled: row.enabled,
});

export async function bannersOf(db: Queryable, groupName: string): Promise<Banner[]> {
  const rows = await store.listBanners(db, { groupName, enabledOnly: true });
  return rows.map((row) => ({
    bannerId: row.id,
    groupName: row.group_name,
    title: row.title,
    url: imageUrl(row.image_id),
    linkageType: row.linkage_type,
    linkUrl: row.link_url,
  }));
}

export const noticeRowView = (row: store.NoticeDb) => ({
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

export const announcementRowView = (row: store.AnnouncementDb) => ({
  id: row.id,
  type: row.type,
  language: row.language as LanguageCode,
  title: row.title,
  content: row.content,
  startsAt: row.starts_at?.toISOString() ?? null,
  endsAt: row.ends_at?.toISOString() ?? null,
  sort: row.sort,
  enabled: row.enabled,
});

export async function liveAnnouncements(
  db: Queryable,
  filter: { language: string; type: string | null; platform: string; executionType: string; now: Date },
): Promise<Announcement[]> {
  const rows = await store.listLiveAnnouncements(db, filter);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    platform: row.platform,
    executionType: row.execution_type,
    title: row.title,
    content: row.content,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
  }));
}

export const helpCategoryView = (row: store.HelpCategoryDb) => ({
  id: row.id,
  language: row.language as LanguageCode,
  title: row.title,
  sort: row.sort,
});

export const helpArticleView = (row: store.HelpArticleDb) => ({
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
