/** Business constants and limits of spec §9. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BANNER_AUTOPLAY_MS = 5000;
export const SMS_SEND_THROTTLE_MS = 1000;
export const REGISTRATION_SMS_COUNTDOWN_S = 60;
export const TOO_MANY_REQUESTS_WAIT_MINUTES = 5;
export const REMEMBER_ME_COOKIE_DAYS = 1;
export const DEFAULT_PASSWORD_FORCING_CHANGE = '123456';
export const CAPTCHA_REFRESH_MIN_INTERVAL_MS = 1000;
export const AGENT_CENTRE_IS_AGENT_VALUES = [1, 2, 41, 42] as const;
export const TRIAL_ACCOUNT_IS_AGENT = 4;
export const DECRYPTION_KEY_LENGTH = 8;
export const CUSTOMER_SERVICE_POPUP = { width: 440, height: 500, tallHeight: 750 } as const;
export const LOADING_COVER_MS = 3000;
export const NAV_DROPDOWN_VENDORS = 6;
export const POPULAR_GAMES_COUNT = 20;
export const NUMEROS_COUNT = 100;
export const RECENT_LOTTERY_COUNT = 100;
export const GAME_LIST_PAGE_SIZE = 24;
export const NOTICES_PER_PAGE = 8;
const LOTTERY_MENU_REFRESH = { capMs: 30_000, whenDueMs: 7000 } as const;

/** The lobby's refresh (spec §9): the shortest remaining time, capped, or a short pause when it is zero or less. */
export function lotteryRefreshMs(remainingSeconds: readonly number[]): number {
  const shortest = Math.min(...remainingSeconds);
  if (!Number.isFinite(shortest) || shortest <= 0) return LOTTERY_MENU_REFRESH.whenDueMs;
  return Math.min(shortest * 1000, LOTTERY_MENU_REFRESH.capMs);
}

/** The order of the hot-games groups (spec §2). */
export const HOT_GROUPS = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'] as const;
export const FB_POPUP_AUTO_CLOSE_MS = 1200;
export const MODAL_DEFAULTS = { width: 600, height: 300, escapeKey: 27, fadeMs: 100 } as const;
export const PAGINATION_DEFAULTS = { pageRange: 3, marginPages: 1 } as const;
export const IMAGE_LAZY_LOADING = {
  preLoad: 1.3,
  attempts: 3,
  configuredAttempts: 1,
  throttleMs: 200,
  cacheSize: 200,
} as const;
export const VENDOR_CAROUSEL_SLIDES = 7;
export const LOTTERY_MENU_ARROWS_ABOVE = 7;

/** Banner groups by path (§2). Home, registration and login have their own groups. */
export const BANNER_GROUP_BY_PATH: Record<string, string> = {
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_lott',
  '/down': 'w_down',
  '/promotions': 'w_promotion',
  '/pointMall': 'w_shop',
  '/help': 'w_help',
};
/** The home page's paths (§2 routes): the balance is hidden there and the language selector too. */
export const HOME_PATHS = ['/', '/index', '/index.html'] as const;
export const HOME_BANNER_GROUP = 'w_home';
export const REGISTER_BANNER_GROUP = 'w_register';
export const LOGIN_BANNER_GROUP = 'w_login';
export const BANNER_GROUPS = [
  HOME_BANNER_GROUP,
  REGISTER_BANNER_GROUP,
  LOGIN_BANNER_GROUP,
  ...Object.values(BANNER_GROUP_BY_PATH),
] as const;

/** Languages (§1). The first three are configured and fully translated. */
export const SUPPORTED_LANGUAGES = ['EN', 'VI', 'CN'] as const;
export const ALL_LANGUAGES = [
  'EN',
  'VI',
  'CN',
  'JA',
  'TH',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'TW',
  'TY',
  'UR',
] as const;
export type LanguageCode = (typeof ALL_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';
/**
 * The cookie that carries the language a visitor chose (the site also keeps it in local storage, §3), so the server
 * can draw the first banner of home's loading page in that language. A preference, not a secret.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * Up to this width the player site takes its phone layout (the compact header, the tab bar, banners' phone
 * images). The style sheets use the same number in their `@media (max-width: 760px)` rules.
 */
export const PHONE_MAX_WIDTH = 760;

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/** Whom an announcement is for: everyone, members with no mobile number bound, members with no confirmed deposit. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'noMobile', 'noDeposit'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** The group of the announcements answer each type goes to (§3); the original's name for H is not shown. */
export const ANNOUNCEMENT_GROUPS = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'H',
} as const;
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;

/** System status (§2, §4). */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionBlocked: 2 } as const;

/** csType of the customer-service entries: '3' is the live chat the original opens (§4), '4' the VIP chat. */
export const CUSTOMER_SERVICE_TYPES = { liveChat: '3', vipChat: '4' } as const;

/** Registration fields of §5. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'mobileNum',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;

/** Image uploads accepted by the console. */
export const IMAGE_UPLOAD = {
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  maxBytes: 2 * 1024 * 1024,
} as const;

/** The sportsbook slip's price-change choices (accept none, better or any), kept here so that the site's first
 * screen reads them without the contract's schemas. */
export const SPORTSBOOK_ACCEPT_CHANGES = ['none', 'better', 'any'] as const;
