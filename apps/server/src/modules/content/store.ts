import type { AnnouncementAudience } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { idTable } from '../../db/id-table.ts';

export interface ImageDb {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  size: number;
  sha256: string;
}

export async function insertImage(db: Queryable, image: ImageDb, now: Date): Promise<void> {
  await db.query(
    'insert into images (id, content_type, bytes, size, sha256, created_at) values ($1, $2, $3, $4, $5, $6)',
    [image.id, image.content_type, image.bytes, image.size, image.sha256, now],
  );
}

export async function findImage(db: Queryable, id: string): Promise<ImageDb | null> {
  const rows = await db.query<ImageDb>(
    'select id, content_type, bytes, size, sha256 from images where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function imageExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from images where id = $1', [id])).length > 0;
}

/** Rows of the requested language, or of English when that language has none. */
const languageOrEnglish = (table: string, extra = '') =>
  `language = case when exists (select 1 from ${table} where language = $1 ${extra}) then $1 else 'EN' end`;

export interface BannerVersionDb {
  language: string;
  title: string;
  image_id: string;
  phone_image_id: string | null;
}

export interface BannerDb {
  id: number;
  group_name: string;
  title: string;
  image_id: string;
  phone_image_id: string | null;
  linkage_type: '' | 'INTERNAL' | 'EXTERNAL';
  link_url: string;
  sort: number;
  enabled: boolean;
  /** Its versions per language, by language. */
  versions: BannerVersionDb[];
}
const BANNER_COLUMNS = `id, group_name, title, image_id, phone_image_id, linkage_type, link_url, sort, enabled,
  coalesce((select jsonb_agg(jsonb_build_object('language', v.language, 'title', v.title, 'image_id', v.image_id,
    'phone_image_id', v.phone_image_id) order by v.language) from banner_versions v where v.banner_id = banners.id),
    '[]'::jsonb) as versions`;

export function listBanners(db: Queryable, filter: { groupName?: string; enabledOnly: boolean }) {
  return db.query<BannerDb>(
    `select ${BANNER_COLUMNS} from banners
     where ($1::text is null or group_name = $1) and (enabled or not $2)
     order by group_name, sort, id`,
    [filter.groupName ?? null, filter.enabledOnly],
  );
}

export async function findBanner(db: Queryable, id: number) {
  const rows = await db.query<BannerDb>(`select ${BANNER_COLUMNS} from banners where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function insertBanner(db: Queryable, b: Omit<BannerDb, 'id' | 'versions'>): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into banners (group_name, title, image_id, phone_image_id, linkage_type, link_url, sort, enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [b.group_name, b.title, b.image_id, b.phone_image_id, b.linkage_type, b.link_url, b.sort, b.enabled],
  );
  return (rows[0] as { id: number }).id;
}

/** Replaces a banner's versions per language with these. */
export async function setBannerVersions(db: Queryable, bannerId: number, versions: BannerVersionDb[]) {
  await db.query('delete from banner_versions where banner_id = $1', [bannerId]);
  for (const version of versions) {
    await db.query(
      `insert into banner_versions (banner_id, language, title, image_id, phone_image_id)
       values ($1, $2, $3, $4, $5)`,
      [bannerId, version.language, version.title, version.image_id, version.phone_image_id],
    );
  }
}

export async function updateBanner(db: Queryable, b: Omit<BannerDb, 'versions'>) {
  const rows = await db.query<{ id: number }>(
    `update banners set group_name = $2, title = $3, image_id = $4, phone_image_id = $5, linkage_type = $6,
       link_url = $7, sort = $8, enabled = $9 where id = $1 returning id`,
    [
      b.id,
      b.group_name,
      b.title,
      b.image_id,
      b.phone_image_id,
      b.linkage_type,
      b.link_url,
      b.sort,
      b.enabled,
    ],
  );
  return rows[0] ?? null;
}

export async function deleteBanner(db: Queryable, id: number) {
  const rows = await db.query<{ id: number }>('delete from banners where id = $1 returning id', [id]);
  return rows[0] ?? null;
}

export interface NoticeDb {
  id: number;
  language: string;
  title: string;
  content: string;
  sort: number;
  enabled: boolean;
  created_at: Date;
}
const NOTICE_COLUMNS = 'id, language, title, content, sort, enabled, created_at';

export function listNotices(db: Queryable) {
  return db.query<NoticeDb>(`select ${NOTICE_COLUMNS} from notices order by language, sort, id desc`);
}

export function listPublishedNotices(db: Queryable, language: string) {
  return db.query<NoticeDb>(
    `select ${NOTICE_COLUMNS} from notices where enabled and ${languageOrEnglish('notices', 'and enabled')}
     order by sort, id desc`,
    [language],
  );
}

export const notices = idTable<NoticeDb, Omit<NoticeDb, 'id'>>({
  table: 'notices',
  columns: NOTICE_COLUMNS,
  writable: ['language', 'title', 'content', 'sort', 'enabled', 'created_at'],
  insertOnly: ['created_at'],
});

export interface AnnouncementDb {
  id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  audience: AnnouncementAudience;
  platform: string;
  execution_type: string;
  language: string;
  title: string;
  content: string;
  starts_at: Date | null;
  ends_at: Date | null;
  sort: number;
  enabled: boolean;
}
const ANNOUNCEMENT_COLUMNS =
  'id, type, audience, platform, execution_type, language, title, content, starts_at, ends_at, sort, enabled';

export function listAnnouncements(db: Queryable) {
  return db.query<AnnouncementDb>(
    `select ${ANNOUNCEMENT_COLUMNS} from announcements order by type, sort, id desc`,
  );
}

/**
 * Live announcements of the given types for the given audiences, each type in the language asked for when it has
 * live ones in it, in English otherwise.
 */
export function listLiveAnnouncements(
  db: Queryable,
  filter: {
    language: string;
    types: string[];
    platform: string;
    executionType: string;
    now: Date;
    audiences: AnnouncementAudience[];
  },
) {
  const live = `enabled and type = any($2::text[]) and platform = $3 and execution_type = $4
    and (starts_at is null or starts_at <= $5) and (ends_at is null or ends_at > $5)
    and audience = any($6::text[])`;
  return db.query<AnnouncementDb>(
    `select ${ANNOUNCEMENT_COLUMNS} from announcements a
     where ${live}
       and language = case when exists (
         select 1 from announcements where language = $1 and type = a.type and ${live}
       ) then $1 else 'EN' end
     order by sort, id desc`,
    [filter.language, filter.types, filter.platform, filter.executionType, filter.now, filter.audiences],
  );
}

/** The audiences a member belongs to besides everyone's: no mobile number bound, no confirmed deposit. */
export async function memberAudiences(db: Queryable, memberId: number): Promise<AnnouncementAudience[]> {
  const rows = await db.query<{ no_mobile: boolean; no_deposit: boolean }>(
    `select m.mobile is null as no_mobile,
       not exists (select 1 from deposits d where d.member_id = m.id and d.status = 'confirmed') as no_deposit
     from members m where m.id = $1`,
    [memberId],
  );
  const row = rows[0];
  if (!row) return [];
  return [
    ...(row.no_mobile ? (['noMobile'] as const) : []),
    ...(row.no_deposit ? (['noDeposit'] as const) : []),
  ];
}

export const announcements = idTable<
  AnnouncementDb,
  Omit<AnnouncementDb, 'id' | 'platform' | 'execution_type'>
>({
  table: 'announcements',
  columns: ANNOUNCEMENT_COLUMNS,
  writable: ['type', 'audience', 'language', 'title', 'content', 'starts_at', 'ends_at', 'sort', 'enabled'],
});

export interface HelpCategoryDb {
  id: number;
  language: string;
  title: string;
  sort: number;
}
export interface HelpArticleDb {
  id: number;
  category_id: number;
  title: string;
  content: string;
  sort: number;
}

export function listHelpCategories(db: Queryable) {
  return db.query<HelpCategoryDb>(
    'select id, language, title, sort from help_categories order by language, sort, id',
  );
}

export function listHelpCategoriesIn(db: Queryable, language: string) {
  return db.query<HelpCategoryDb>(
    `select id, language, title, sort from help_categories where ${languageOrEnglish('help_categories')}
     order by sort, id`,
    [language],
  );
}

export const helpCategories = idTable<HelpCategoryDb, Omit<HelpCategoryDb, 'id'>>({
  table: 'help_categories',
  columns: 'id, language, title, sort',
  writable: ['language', 'title', 'sort'],
});

export function listHelpArticles(db: Queryable, categoryIds: number[] | null) {
  return db.query<HelpArticleDb>(
    `select id, category_id, title, content, sort from help_articles
     where $1::int[] is null or category_id = any($1::int[]) order by category_id, sort, id`,
    [categoryIds],
  );
}

export const helpArticles = idTable<HelpArticleDb, Omit<HelpArticleDb, 'id'>>({
  table: 'help_articles',
  columns: 'id, category_id, title, content, sort',
  writable: ['category_id', 'title', 'content', 'sort'],
});
