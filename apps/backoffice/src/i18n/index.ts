import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en/console.json';
import vi from './locales/vi/console.json';
import zh from './locales/zh/console.json';

const LANGUAGE_KEY = 'bo.lang';

/** Console languages, with the code the server expects in the Language header. */
export const LANGUAGES = [
  { code: 'en', label: 'English', api: 'EN' },
  { code: 'vi', label: 'Tiếng Việt', api: 'VI' },
  { code: 'zh', label: '中文', api: 'CN' },
] as const;
export type ConsoleLanguage = (typeof LANGUAGES)[number]['code'];

function initialLanguage(): ConsoleLanguage {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  const known = LANGUAGES.find((language) => language.code === stored);
  // English unless the operator chose another language: the console's names stay predictable.
  return known ? known.code : 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, vi: { translation: vi }, zh: { translation: zh } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export function setLanguage(code: ConsoleLanguage) {
  localStorage.setItem(LANGUAGE_KEY, code);
  void i18n.changeLanguage(code);
}

/** The Language header value for the server (EN, VI, CN). */
export function apiLanguage(): string {
  return LANGUAGES.find((language) => language.code === i18n.language)?.api ?? 'EN';
}
