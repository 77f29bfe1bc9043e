import { DEFAULT_LANGUAGE, type LanguageCode } from '@tessera/contract';

/**
 * The locale of each site language, for numbers, money and dates (TY is Tagalog, TW traditional Chinese). Kept apart
 * from language.ts (React) so that the house game frames format with the same locales without loading React.
 */
const LOCALES: Record<LanguageCode, string> = {
  EN: 'en-GB',
  VI: 'vi-VN',
  CN: 'zh-CN',
  JA: 'ja-JP',
  TH: 'th-TH',
  MY: 'my-MM',
  ES: 'es-ES',
  HI: 'hi-IN',
  ID: 'id-ID',
  KM: 'km-KH',
  KO: 'ko-KR',
  MS: 'ms-MY',
  PT: 'pt-PT',
  TA: 'ta-IN',
  TW: 'zh-TW',
  TY: 'fil-PH',
  UR: 'ur-PK',
};

export function localeOf(code: LanguageCode): string {
  return LOCALES[code];
}

/** The locale of a site language code as stored (EN, VI, CN …); an unknown code reads as the default language. */
export function localeOfCode(code: string): string {
  return LOCALES[code.toUpperCase() as LanguageCode] ?? LOCALES[DEFAULT_LANGUAGE];
}
