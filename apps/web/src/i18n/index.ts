/// <reference path="./shell-strings.d.ts" />
import enShell from 'virtual:shell-strings/en';
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
import type en from './locales/en/common.json';

export type CommonBundle = typeof en;

/**
 * English's first-screen strings ship with the page (the fallback); the reader's language, when another, loads its
 * first-screen part before the app shows. Each language's whole bundle loads when a page or dialog beyond the first
 * screen first needs it (`loadPageStrings`), and from then on with each language change.
 */
const shellLoaders: Record<Exclude<BundleLanguage, 'en'>, () => Promise<{ default: object }>> = {
  vi: () => import('virtual:shell-strings/vi'),
  zh: () => import('virtual:shell-strings/zh'),
};
const wholeLoaders: Record<BundleLanguage, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en/common.json'),
  vi: () => import('./locales/vi/common.json'),
  zh: () => import('./locales/zh/common.json'),
};

/** The languages whose whole bundle is in; whether anything has needed a whole bundle yet. */
const whole = new Set<BundleLanguage>();
let wholeWanted = false;

/** The value of <html lang> for each bundle. */
const HTML_LANG: Record<BundleLanguage, string> = { en: 'en', vi: 'vi', zh: 'zh-CN' };

async function loadWhole(language: BundleLanguage): Promise<void> {
  if (whole.has(language)) return;
  const bundle = await wholeLoaders[language]();
  i18n.addResourceBundle(language, 'common', bundle.default, true, true);
  whole.add(language);
}

async function loadBundle(language: BundleLanguage): Promise<void> {
  if (wholeWanted) return loadWhole(language);
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const bundle = await shellLoaders[language]();
  i18n.addResourceBundle(language, 'common', bundle.default);
}

/** The whole bundle of the language shown: awaited by each page and dialog that loads on demand. */
export function loadPageStrings(): Promise<void> {
  wholeWanted = true;
  return loadWhole(toBundleLanguage(i18n.language || 'en'));
}

async function showBundle(language: BundleLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

/** Starts i18next in the language the visitor chose earlier (English when none or when its bundle fails). */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { common: enShell } },
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
