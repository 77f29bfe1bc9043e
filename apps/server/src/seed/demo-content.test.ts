import { isSiteLink } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS, BANNER_TRANSLATIONS, BANNERS, HELP, NOTICES } from './data.ts';

/**
 * Issue 32 items 6 and 9: the demo content promises only what the site does, and every banner (whose picture shows
 * a PLAY NOW button) opens a page the site has built.
 */

/** Offers the site does not make until promotions, VIP benefits, the points mall and the inbox exist. */
const PROMISES =
  /bonus|rebate|\bVIP\b|gift|reward|points? mall|tournament|boosted|jackpot|inbox|cash ?out|thưởng chào mừng|hoàn trả|quà|hộp thư|奖金|返水|礼|积分|站内信|优惠/i;

const texts = [
  ...BANNERS.map(([group, art]) => [`banner ${group}`, `${art.title} ${art.subtitle}`] as const),
  ...Object.entries(BANNER_TRANSLATIONS).flatMap(([title, versions]) =>
    Object.entries(versions).map(
      ([language, words]) => [`banner ${title} ${language}`, words.join(' ')] as const,
    ),
  ),
  ...NOTICES.map(([language, title, content]) => [`notice ${language}`, `${title} ${content}`] as const),
  ...ANNOUNCEMENTS.flatMap(([type, , versions]) =>
    Object.entries(versions).map(
      ([language, words]) => [`announcement ${type} ${language}`, words.join(' ')] as const,
    ),
  ),
  ...HELP.flatMap(([language, category, articles]) =>
    articles.map(([title, content]) => [`help ${language} ${category}`, `${title} ${content}`] as const),
  ),
];

/**
 * The player site's routes (apps/web/src/app/routes.ts), loaded by a path the server's type check does not follow:
 * their types reach into the site's browser code.
 */
const siteRoutes: {
  PAGE_ROUTES: { path: string; screen: unknown }[];
  normalisePath: (path: string) => string;
} = await import(new URL('../../../web/src/app/routes.ts', import.meta.url).pathname);

describe('the demo content', () => {
  it('promises no bonus, rebate, VIP benefit, gift, points mall, tournament or inbox message', () => {
    const promising = texts.filter(([, text]) => PROMISES.test(text));
    expect(promising).toEqual([]);
  });

  it('gives every banner a link to a page the site has built (not "coming soon")', () => {
    const { PAGE_ROUTES, normalisePath } = siteRoutes;
    const built = new Set(
      PAGE_ROUTES.filter(
        (route) =>
          typeof route.screen !== 'object' || route.screen === null || !('comingSoon' in route.screen),
      ).map((route) => normalisePath(route.path)),
    );
    const links = BANNERS.map(([group, art, type, link]) => ({
      banner: `${group} ${art.title}`,
      type,
      link,
    }));
    for (const { banner, type, link } of links) {
      expect({ banner, type }).toEqual({ banner, type: 'INTERNAL' });
      expect({ banner, link, site: isSiteLink(link) }).toEqual({ banner, link, site: true });
      const path = normalisePath(new URL(link, 'https://site.example').pathname);
      expect({ banner, path, built: built.has(path) }).toEqual({ banner, path, built: true });
    }
  });

  it('has a Vietnamese and a Chinese version of every banner', () => {
    expect(Object.keys(BANNER_TRANSLATIONS).sort()).toEqual(BANNERS.map(([, art]) => art.title).sort());
  });
});
