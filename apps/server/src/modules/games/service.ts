import type { GameMenu, GameType } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { vendorName } from './catalogue.ts';
import * as store from './store.ts';

/**
 * The header's game menus: each enabled game type, titled in the caller's language, with its vendors, keyed by game
 * type in header order. Each is also a menu group as the original reads /lgw answers (gameGroupCode, gameMenus);
 * the lottery area puts the lottery games of its groups into gameMenus.
 */
export async function gameMenus(db: Queryable, language: string): Promise<Record<string, GameMenu>> {
  const [types, vendors] = await Promise.all([store.listEnabledGameTypes(db), store.listEnabledVendors(db)]);
  const menus: Record<string, GameMenu> = {};
  for (const [sort, type] of types.entries()) {
    menus[type.code] = {
      gameGroupCode: type.code,
      gameMenus: [],
      gameType: type.code as GameType,
      title: type.names[language] ?? type.names.EN ?? type.code,
      sort,
      vendors: vendors
        .filter((vendor) => vendor.game_type === type.code)
        .map((vendor) => ({
          vassalage: vendor.vassalage,
          displayName: vendorName(vendor.names, vendor.display_name, language),
          isHot: vendor.is_hot ? 1 : 0,
          smallIcon: vendor.icon_image_id ? `/images/${vendor.icon_image_id}` : '',
          gameType: vendor.game_type as GameType,
          accountTypeId: vendor.account_type_id,
        })),
    };
  }
  return menus;
}

/**
 * The vendors that keep a wallet of their own, by code (vassalage) and name; `playable` when they have an enabled
 * game (a wallet money may be moved into).
 */
export async function transferWalletVendors(
  db: Queryable,
): Promise<{ code: string; name: string; playable: boolean }[]> {
  const rows = await store.listTransferWalletVendors(db);
  return rows.map((row) => ({ code: row.vassalage, name: row.display_name, playable: row.has_games }));
}
