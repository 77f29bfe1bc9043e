import type { Endpoint, gamesEndpoints, systemEndpoints } from '@tessera/contract';

type ContractEndpoints = typeof systemEndpoints & typeof gamesEndpoints;

/**
 * An endpoint as the client needs it: its method and path. The contract's own endpoint objects carry their
 * zod schemas, and importing them would put the whole validation library into the first download; so the
 * site names the method and path here and takes the types (query, answer) from the contract.
 * e2e/site.test.ts checks every entry against the contract.
 */
function endpoint<K extends keyof ContractEndpoints>(
  method: ContractEndpoints[K]['method'],
  path: string,
): ContractEndpoints[K] {
  const light: Pick<Endpoint, 'method' | 'path' | 'access'> = { method, path, access: 'visitor' };
  return light as ContractEndpoints[K];
}

/** The endpoints of the platform the player site calls (§7), by their name in the contract. */
export const endpoints = {
  status: endpoint<'status'>('GET', '/wps/system/status'),
  whitelabel: endpoint<'whitelabel'>('GET', '/wps/system/whitelabel'),
  permission: endpoint<'permission'>('GET', '/wps/system/permission'),
  domainRoute: endpoint<'domainRoute'>('GET', '/wps/system/domainRoute'),
  routers: endpoint<'routers'>('GET', '/wps/system/routers'),
  helpCenter: endpoint<'helpCenter'>('GET', '/wps/system/helpCenter'),
  announcements: endpoint<'announcements'>('GET', '/wps/relay/MCSFE_getListAnnouncements'),
  banners: endpoint<'banners'>('GET', '/wps/system/banners'),
  notices: endpoint<'notices'>('GET', '/wps/system/notices'),
  gameMenus: endpoint<'gameMenus'>('GET', '/lgw/games/game_menus'),
};
