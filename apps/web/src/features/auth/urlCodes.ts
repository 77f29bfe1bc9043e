import { api } from '../../app/api.ts';
import { agentCentreAEndpoints } from '../../app/endpoints.ts';
import { session } from '../../lib/storage.ts';

/**
 * The affiliate and referral codes a visitor arrives with (?affiliateCode=…, ?referralCode=…, §3 registration):
 * kept for the visit, so that the registration made a few pages later still carries them.
 */
const KEYS = { affiliateCode: 'regAffiliateCode', referralCode: 'regReferralCode' } as const;
/** The affiliate code whose click this visit has counted: a reload or a later read does not count it again. */
const COUNTED_CLICK = 'regAffiliateClick';

export function keepUrlCodes(search: string): void {
  const params = new URLSearchParams(search);
  for (const [param, key] of Object.entries(KEYS)) {
    const value = params.get(param)?.trim();
    if (value) session.set(key, value.slice(0, 40));
  }
  countAffiliateClick(params.get('affiliateCode')?.trim().slice(0, 40) ?? '');
}

/** A visit through an agent's affiliate link counts one click on that link (POST /wps/agent/affiliate/click). */
function countAffiliateClick(code: string): void {
  if (!code || session.get(COUNTED_CLICK) === code) return;
  session.set(COUNTED_CLICK, code);
  api(agentCentreAEndpoints.linkClick, { body: { code } }).catch(() => {
    // A click that could not be counted changes nothing for the visitor.
  });
}

export function urlCodes(): { affiliateCode: string; referralCode: string } {
  keepUrlCodes(window.location.search);
  return {
    affiliateCode: session.get(KEYS.affiliateCode) ?? '',
    referralCode: session.get(KEYS.referralCode) ?? '',
  };
}
