import { ALL_LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type LanguageCode } from '@tessera/contract';
import { useSyncExternalStore } from 'react';
import { local } from '../lib/storage.ts';
import { localeOf } from './locale.ts';

export { localeOf };

/** The languages that have a translation bundle, as i18next names them. */
export type BundleLanguage = 'en' | 'vi' | 'zh';

/** Local storage keys of §3. */
const LANG_KEY = 'lang';
const HISTORY_LANG_KEY = 'hisLang';
/** §4 language change: the time of the last change, read by whatever must refresh after one. */
const LANGUAGE_REFRESH_KEY = 'langRefreshAt';

/** Maps a site language code (EN, VI, CN …) to its bundle; languages without one fall back to English. */
export function toBundleLanguage(code: string): BundleLanguage {
  switch (code.toUpperCase()) {
    case 'VI':
      return 'vi';
    case 'CN':
    case 'ZH': // i18next's own name of the Chinese bundle (i18n.language)
      return 'zh';
    default:
      return 'en';
  }
}

function isLanguageCode(value: string | null): value is LanguageCode {
  return value !== null && (ALL_LANGUAGES as readonly string[]).includes(value);
}

/** The language the visitor chose earlier, if any. */
export function storedLanguage(): LanguageCode | null {
  const stored = local.get(LANG_KEY);
  return isLanguageCode(stored) ? stored : null;
}

/** For the server's loading page of home, drawn before the app runs: its first banner in this language. */
function rememberInCookie(code: LanguageCode): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
}

let current: LanguageCode = storedLanguage() ?? DEFAULT_LANGUAGE;
// A choice stored before the cookie existed reaches the server from the next load on.
if (storedLanguage()) rememberInCookie(current);
const listeners = new Set<() => void>();

/** The current site language code, sent to the server as the Language header. */
export function getSiteLanguage(): LanguageCode {
  return current;
}

/** Changes the current site language; `remember` stores it as the visitor's choice (lang and hisLang). */
export function setSiteLanguage(code: LanguageCode, { remember }: { remember: boolean }): void {
  if (remember) {
    local.set(LANG_KEY, code);
    local.set(HISTORY_LANG_KEY, code);
    rememberInCookie(code);
  }
  if (code === current) return;
  current = code;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteLanguage(): LanguageCode {
  return useSyncExternalStore(subscribe, getSiteLanguage);
}

/** The locale dates are written in: the site language's, so they follow a language change (§4). */
export function useDateLocale(): string {
  return localeOf(useSiteLanguage());
}

/** §4: marks the time of a language change. */
export function markLanguageRefresh(): void {
  local.set(LANGUAGE_REFRESH_KEY, String(Date.now()));
}
