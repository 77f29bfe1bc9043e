import type { OperatorRole } from '@tessera/contract';
import type { IconName } from '../ui/Icon.tsx';

export type PageId =
  | 'dashboard'
  | 'settings'
  | 'modules'
  | 'registerRules'
  | 'banners'
  | 'notices'
  | 'announcements'
  | 'help'
  | 'resources'
  | 'domains'
  | 'operators'
  | 'audit';

export type NavSection = 'overview' | 'configuration' | 'content' | 'administration';

export interface PageDefinition {
  id: PageId;
  path: string;
  icon: IconName;
  section: NavSection;
  /** Roles besides the owner that may open the page; the owner may open every page. */
  roles: readonly OperatorRole[];
}

const OPERATIONS: readonly OperatorRole[] = ['operations'];
const CONTENT: readonly OperatorRole[] = ['operations', 'support'];

/** The console's pages, in navigation order. The server enforces access; this only mirrors it. */
export const PAGES: readonly PageDefinition[] = [
  {
    id: 'dashboard',
    path: '/',
    icon: 'dashboard',
    section: 'overview',
    roles: ['operations', 'finance', 'support'],
  },
  { id: 'settings', path: '/settings', icon: 'settings', section: 'configuration', roles: OPERATIONS },
  { id: 'modules', path: '/modules', icon: 'modules', section: 'configuration', roles: OPERATIONS },
  {
    id: 'registerRules',
    path: '/register-rules',
    icon: 'rules',
    section: 'configuration',
    roles: OPERATIONS,
  },
  { id: 'domains', path: '/domains', icon: 'domains', section: 'configuration', roles: OPERATIONS },
  { id: 'banners', path: '/banners', icon: 'banners', section: 'content', roles: OPERATIONS },
  { id: 'notices', path: '/notices', icon: 'notices', section: 'content', roles: CONTENT },
  { id: 'announcements', path: '/announcements', icon: 'announcements', section: 'content', roles: CONTENT },
  { id: 'help', path: '/help', icon: 'help', section: 'content', roles: CONTENT },
  { id: 'resources', path: '/resources', icon: 'downloads', section: 'content', roles: OPERATIONS },
  { id: 'operators', path: '/operators', icon: 'operators', section: 'administration', roles: [] },
  { id: 'audit', path: '/audit', icon: 'audit', section: 'administration', roles: [] },
];

export const NAV_SECTIONS: readonly NavSection[] = ['overview', 'configuration', 'content', 'administration'];

export function canUse(role: OperatorRole | undefined, page: PageId): boolean {
  if (!role) return false;
  if (role === 'owner') return true;
  return PAGES.find((definition) => definition.id === page)?.roles.includes(role) ?? false;
}
