import type { LanguageCode } from '@tessera/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api } from '../app/api.ts';
import { accountEndpoints } from '../app/endpoints.ts';
import { getToken } from '../app/session.ts';
import {
  type BundleLanguage,
  getSiteLanguage,
  markLanguageRefresh,
  setSiteLanguage,
  toBundleLanguage,
} from './language.ts';
import en from './locales/en/common.json';

export type CommonBundle = typeof en;

/** English ships with the page; the other bundles load when they are first needed. */
const loaders: Record<Exclude<BundleLanguage, 'en'>, () => Promise<{ default: CommonBundle }>> = {
  vi: () => import('./locales/vi/common.json'),
  zh: () => import('./locales/zh/common.json'),
};

/** The value of <html lang> for each bundle. */
const HTML_LANG: Record<BundleLanguage, string> = { en: 'en', vi: 'vi', zh: 'zh-CN' };

async function loadBundle(language: BundleLanguage): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const bundle = await loaders[language]();
  i18n.addResourceBundle(language, 'common', bundle.default);
}

async function showBundle(language: BundleLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

/** Starts i18next in the language the visitor chose earlier (English when none or when its bundle fails). */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { common: en } },
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const language = toBundleLanguage(getSiteLanguage());
  try {
    await loadBundle(language);
    await showBundle(language);
  } catch {
    // The bundle could not be fetched: the site stays readable in English.
  }
}

/**
 * Tells the server the logged-in member's new language (§4 language change, PUT /wps/member/language); the
 * server writes the member's mails and SMS in it. A visitor has nothing to update: without a token this does
 * nothing.
 */
async function updateMemberLanguage(code: LanguageCode): Promise<void> {
  if (!getToken()) return;
  await api(accountEndpoints.setLanguage, { body: { language: code } });
}

/**
 * Switches the site language (§4 language change): the bundle is fetched first so that the texts and the
 * Language header sent to the server change together; then the locale is set (texts, <html lang>, dates,
 * which are written in the site language's locale), lang and hisLang are stored when `remember`, the server
 * is told for a logged-in member, and the refresh flag is set. The caller refetches what the server answers
 * in the current language.
 */
export async function changeSiteLanguage(
  code: LanguageCode,
  { remember }: { remember: boolean },
): Promise<void> {
  const language = toBundleLanguage(code);
  await loadBundle(language);
  setSiteLanguage(code, { remember });
  await showBundle(language);
  try {
    await updateMemberLanguage(code);
  } catch {
    // The member's stored language stays as it was; the site still shows the new one.
  }
  markLanguageRefresh();
}
