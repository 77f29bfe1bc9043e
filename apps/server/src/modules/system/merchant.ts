import type { Language, LanguageCode, SiteSettings, Whitelabel } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { logoSvg } from '../../platform/artwork.ts';
import { flagUrl } from './regions.ts';
import { SITE_KEY, siteSettings } from './settings.ts';
import * as store from './store.ts';

/** The merchant and its brand: the merchant row, its money settings, the languages, the whitelabel and the logo. */

export async function languages(db: Queryable): Promise<Language[]> {
  const rows = await store.listLanguages(db);
  return rows.map((row) => ({
    code: row.code as Language['code'],
    name: row.name,
    nativeName: row.native_name,
    flagUrl: flagUrl(row.flag_country),
    translated: row.translated,
  }));
}

export async function merchant(db: Queryable, merchantCode: string): Promise<store.MerchantRow> {
  const found = await store.findMerchant(db, merchantCode);
  if (!found) throw new Error(`merchant ${merchantCode} is missing: the seed did not run`);
  return found;
}

/**
 * The words of the site's own names (merchant codes, names and brands, the site name), whole, split into words and
 * their runs joined: the first words an attacker tries in a password of this site.
 */
export async function siteNameWords(db: Queryable): Promise<string[]> {
  const [merchants, site] = await Promise.all([
    store.merchantNames(db),
    store.readSetting<Partial<SiteSettings>>(db, SITE_KEY),
  ]);
  const names = [...merchants.flatMap((row) => [row.code, row.name, row.brand]), site?.siteName ?? ''];
  // Each run of a name's words, written apart and together: "Golden Lotus Casino" gives golden, lotus, goldenlotus …
  const words = names.flatMap((name) => {
    const parts = name
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8);
    return [
      name,
      ...parts.flatMap((_, from) =>
        parts.slice(from).map((__, to) => parts.slice(from, from + to + 1).join('')),
      ),
    ];
  });
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3))];
}

export async function merchantWallet(db: Queryable, merchantCode: string) {
  const found = await merchant(db, merchantCode);
  return { merchantCode: found.code, isSingle: found.wallet_single };
}

/** Sets the merchant's currency, its symbol and whether its wallet is single, inside the caller's transaction. */
export function setMerchantMoney(
  tx: Queryable,
  merchantCode: string,
  value: { currency: string; currencySymbol: string; walletSingle: boolean },
): Promise<void> {
  return store.updateMerchantMoney(tx, merchantCode, value);
}

/** The brand logo of the merchant, as SVG. */
export async function brandLogo(db: Queryable, merchantCode: string): Promise<string> {
  return logoSvg((await merchant(db, merchantCode)).brand);
}

/** The site's whitelabel, its licence text in the request's language where the operator has given one. */
export async function whitelabel(db: Queryable, merchantCode: string, language: string): Promise<Whitelabel> {
  const [found, site, languageList] = await Promise.all([
    merchant(db, merchantCode),
    siteSettings(db),
    languages(db),
  ]);
  return {
    merchantCode: found.code,
    brand: found.brand,
    siteName: site.siteName,
    logoUrl: '/images/brand/logo.svg',
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    defaultLanguage: found.default_language as Whitelabel['defaultLanguage'],
    languages: languageList,
    redirectToLoginWithoutToken: site.redirectToLoginWithoutToken,
    directRegistration: site.directRegistration,
    messageCentre: site.messageCentre,
    messagingAppUrl: site.messagingAppUrl,
    licenceText: site.licenceTranslations[language as LanguageCode] || site.licenceText,
    responsibleGamingUrl: site.responsibleGamingUrl,
  };
}
