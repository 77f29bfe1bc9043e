import {
  BANNER_GROUP_BY_PATH,
  HOME_BANNER_GROUP,
  HOME_PATHS,
  LOGIN_BANNER_GROUP,
  REGISTER_BANNER_GROUP,
} from '@tessera/contract';
import { normalisePath } from '../../app/routes.ts';

/** Home's paths, registration and login (their own groups, §2 banners) and /download, /down's alias. */
const ALIASES: [string, string][] = [
  ...HOME_PATHS.map((path): [string, string] => [path, HOME_BANNER_GROUP]),
  ['/register', REGISTER_BANNER_GROUP],
  ['/register.html', REGISTER_BANNER_GROUP],
  ['/login', LOGIN_BANNER_GROUP],
  ['/download', BANNER_GROUP_BY_PATH['/down'] ?? 'w_down'],
];

const groupByPath = new Map<string, string>([
  ...ALIASES,
  ...Object.entries(BANNER_GROUP_BY_PATH).map(([path, group]): [string, string] => [
    normalisePath(path),
    group,
  ]),
]);

/** The banner group shown on a path (§2 banners), or null when the page has none. */
export function bannerGroupForPath(pathname: string): string | null {
  return groupByPath.get(normalisePath(pathname)) ?? null;
}
