import { createInstance } from 'i18next';
import { localeOfCode } from '../i18n/locale.ts';
import en from '../i18n/locales/en/house.json';
import { local } from '../lib/storage.ts';

/**
 * The frame's texts: the house bundle of the site's i18n folder, in the language the player chose on the site
 * (the frame shares its origin, so it reads the same stored choice). English ships with the page.
 */

type Bundle = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A text of the house bundle, e.g. 'fair.commitment'. */
export type HouseKey = Leaves<Bundle>;
/** The frame's translate function: keys of the house bundle, with interpolation values. */
export type HouseT = (key: HouseKey, values?: Record<string, unknown>) => string;
const loaders: Record<'vi' | 'zh', () => Promise<{ default: Bundle }>> = {
  vi: () => import('../i18n/locales/vi/house.json'),
  zh: () => import('../i18n/locales/zh/house.json'),
};
const HTML_LANG = { en: 'en', vi: 'vi', zh: 'zh-CN' } as const;

/** The site's language code (EN, VI, CN …) stored by the site, for the API's Language header. */
export const siteLanguage = (): string => local.get('lang') ?? 'EN';

/** The locale the frame writes numbers, money and dates in: the site language's, as the site writes them. */
export const frameLocale = (): string => localeOfCode(siteLanguage());

function bundleOf(code: string): keyof typeof HTML_LANG {
  const upper = code.toUpperCase();
  return upper === 'VI' ? 'vi' : upper === 'CN' ? 'zh' : 'en';
}

export async function initHouseI18n(): Promise<HouseT> {
  const language = bundleOf(siteLanguage());
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { house: en } },
    lng: 'en',
    fallbackLng: 'en',
    ns: ['house'],
    defaultNS: 'house',
    interpolation: { escapeValue: false },
  });
  if (language !== 'en') {
    try {
      i18n.addResourceBundle(language, 'house', (await loaders[language]()).default);
      await i18n.changeLanguage(language);
    } catch {
      // The bundle could not be fetched: the game stays playable in English.
    }
  }
  document.documentElement.lang = HTML_LANG[bundleOf(i18n.language)];
  return (key, values) => i18n.t(key as never, values as never) as unknown as string;
}
