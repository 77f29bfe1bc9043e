/**
 * The launch rules the player site applies before it calls the server (§4). This module builds no schema, so a page
 * can import it without zod.
 */

/** The sports vendor with a launch call of its own (GCS_gameLaunchFB), a page of its own (/fbsports), and a book a
 * player can have open only once (§4). */
export const FB_VENDOR = 'FB';

/** Vendors whose LIVE and FISH games run on the flash platform. */
const FLASH_VENDORS = ['PT', 'PTSS', 'DG', 'GPI'] as const;
/** Vendors that have no Indonesian: a game of theirs opens in English when the site is in Indonesian. */
const NO_INDONESIAN_VENDORS = ['JDB', 'AE', 'DG'] as const;

/** The platform a game is launched on (§4): flash for the flash vendors' live and fish games. */
export function launchPlatform(vendor: string, gameType: string, fallback: string): string {
  return (FLASH_VENDORS as readonly string[]).includes(vendor) && (gameType === 'LIVE' || gameType === 'FISH')
    ? 'flash'
    : fallback;
}

/** The language a game is launched in (§4): ID becomes EN for the vendors without it. */
export function launchLanguage(vendor: string, language: string): string {
  return language === 'ID' && (NO_INDONESIAN_VENDORS as readonly string[]).includes(vendor) ? 'EN' : language;
}
