/**
 * The strings of the first screen (the header, home, the footer, the right bar and the tab bar, the status screens
 * and the dialogs they open): sections of the common bundle, or a single key by its path. The site ships these
 * with its first download (vite.config.ts builds `virtual:shell-strings/<language>` from each bundle); a page or
 * dialog that loads on demand brings the whole bundle first (i18n/index.ts `loadPageStrings`).
 * A component of the first screen that uses another section shows its key: add the section here.
 */
export const SHELL_STRINGS = [
  'banners',
  'brand',
  'categories',
  'comingSoon',
  'common',
  'customerService',
  'error',
  'errors',
  'footer',
  'game.comingSoon',
  'game.fbBusy',
  'gameBar',
  'gameTypes',
  'header',
  'home',
  'in_increase_submit',
  'in_need_true_account',
  'inbox.unreadCount',
  'lobby',
  'lottery.countdown',
  'lottery.lobby.betNow',
  'memberCentre.pages',
  'memberCentre.title',
  'notFound',
  'notices',
  'pages',
  'pagination',
  'rain.launcher',
  'rewards.newCount',
  'rewards.toClaimCount',
  'rightBar',
  'status',
  'tabBar',
] as const;

type Strings = { [key: string]: string | Strings };

/** The part of a bundle at the given paths, with their plural forms (a missing path is left out). */
export function pickStrings(bundle: Strings, paths: readonly string[]): Strings {
  const picked: Strings = {};
  for (const path of paths) {
    const steps = path.split('.');
    const leaf = steps.pop() as string;
    let from: Strings | string | undefined = bundle;
    for (const step of steps) from = typeof from === 'object' ? from[step] : undefined;
    if (typeof from !== 'object') continue;
    const source = from;
    // The key with its plural and context forms (key_one, key_other, …).
    const keys = Object.keys(source).filter((key) => key === leaf || key.startsWith(`${leaf}_`));
    if (keys.length === 0) continue;
    let into = picked;
    for (const step of steps) {
      into[step] ??= {};
      const next = into[step];
      if (typeof next === 'string') break;
      into = next;
    }
    for (const key of keys) into[key] = source[key] as Strings | string;
  }
  return picked;
}
