import {
  ALL_LANGUAGES,
  type Banner,
  DEFAULT_LANGUAGE,
  HOME_BANNER_GROUP,
  type LanguageCode,
  PHONE_MAX_WIDTH,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { bannersOf } from './service.ts';

/** The empty banner box of the player site's loading page (apps/web/index.html), drawn before the app runs. */
export const BOOT_BANNER_BOX = '<div class="boot-block boot-banner"></div>';

/** The language a visitor chose (the value of the site's LANGUAGE_COOKIE), or the default one. */
export function bootLanguage(chosen: string | undefined): LanguageCode {
  return (ALL_LANGUAGES as readonly string[]).includes(chosen ?? '')
    ? (chosen as LanguageCode)
    : DEFAULT_LANGUAGE;
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The loading page's banner box holding the banner the app will show first, as the app draws it (its phone image
 * on a phone-sized screen): the browser fetches it with the page, before any JavaScript, so it is on screen seconds
 * earlier on a slow phone. Decorative here (the box is aria-hidden with the rest of the loading page); the app's
 * carousel, which replaces it, names it.
 */
export function bootBannerBox(banner: Banner | undefined): string {
  if (!banner) return BOOT_BANNER_BOX;
  const phone = banner.phoneUrl
    ? `<source media="(max-width: ${PHONE_MAX_WIDTH}px)" srcset="${attribute(banner.phoneUrl)}">`
    : '';
  return `<div class="boot-block boot-banner"><picture>${phone}<img class="boot-banner__image" src="${attribute(banner.url)}" alt="" fetchpriority="high"></picture></div>`;
}

/** Home's page: the built index.html with the first home banner, in the visitor's language, in its loading page. */
export async function homePage(
  db: Queryable,
  indexHtml: string,
  languageCookie: string | undefined,
): Promise<string> {
  const [first] = await bannersOf(db, HOME_BANNER_GROUP, bootLanguage(languageCookie));
  return indexHtml.replace(BOOT_BANNER_BOX, bootBannerBox(first));
}
