import { BANNER_GROUP_BY_PATH, HOME_BANNER_GROUP } from '@tessera/contract';

/** Paths of the home page (§2 routes). */
export const HOME_PATHS = ['/', '/index', '/index.html'] as const;

/** Route paths match without regard to case or a trailing slash; banner groups do the same. */
function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

const groupByPath = new Map<string, string>([
  ...HOME_PATHS.map((path): [string, string] => [path, HOME_BANNER_GROUP]),
  ...Object.entries(BANNER_GROUP_BY_PATH).map(([path, group]): [string, string] => [normalise(path), group]),
]);

/** The banner group shown on a path (§2 banners), or null when the page has none. */
export function bannerGroupForPath(pathname: string): string | null {
  return groupByPath.get(normalise(pathname)) ?? null;
}

export function isHomePath(pathname: string): boolean {
  return (HOME_PATHS as readonly string[]).includes(normalise(pathname));
}
