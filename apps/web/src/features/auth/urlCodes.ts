import { session } from '../../lib/storage.ts';

/**
 * The affiliate and referral codes a visitor arrives with (?affiliateCode=…, ?referralCode=…, §3 registration):
 * kept for the visit, so that the registration made a few pages later still carries them.
 */
const KEYS = { affiliateCode: 'regAffiliateCode', referralCode: 'regReferralCode' } as const;

export function keepUrlCodes(search: string): void {
  const params = new URLSearchParams(search);
  for (const [param, key] of Object.entries(KEYS)) {
    const value = params.get(param)?.trim();
    if (value) session.set(key, value.slice(0, 40));
  }
}

export function urlCodes(): { affiliateCode: string; referralCode: string } {
  keepUrlCodes(window.location.search);
  return {
    affiliateCode: session.get(KEYS.affiliateCode) ?? '',
    referralCode: session.get(KEYS.referralCode) ?? '',
  };
}
