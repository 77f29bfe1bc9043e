import type { GameMenu, GameType } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import * as store from './store.ts';

/** The header's game menus: each enabled game type, titled in the caller's language, with its vendors. */
export async function gameMenus(db: Queryable, language: string): Promise<GameMenu[]> {
  const [types, vendors] = await Promise.all([store.listEnabledGameTypes(db), store.listEnabledVendors(db)]);
  return types.map((type) => ({
    gameType: type.code as GameType,
    title: type.names[language] ?? type.names.EN ?? type.code,
    vendors: vendors
      .filter((vendor) => vendor.game_type === type.code)
      .map((vendor) => ({
        vassalage: vendor.vassalage,
        displayName: vendor.display_name,
        isHot: vendor.is_hot ? 1 : 0,
        smallIcon: vendor.icon_image_id ? `/images/${vendor.icon_image_id}` : '',
        gameType: vendor.game_type as GameType,
        accountTypeId: vendor.account_type_id,
      })),
  }));
}
