import type { Queryable } from '../../db/database.ts';

export interface GameTypeDb {
  code: string;
  names: Record<string, string>;
}

export interface GameVendorDb {
  game_type: string;
  vassalage: string;
  display_name: string;
  is_hot: boolean;
  icon_image_id: string | null;
  account_type_id: number;
}

export function listEnabledGameTypes(db: Queryable) {
  return db.query<GameTypeDb>('select code, names from game_types where enabled order by sort, code');
}

export function listEnabledVendors(db: Queryable) {
  return db.query<GameVendorDb>(
    `select v.game_type, v.vassalage, v.display_name, v.is_hot, v.icon_image_id, v.account_type_id
     from game_vendors v join game_types t on t.code = v.game_type
     where v.enabled and t.enabled order by v.sort, v.id`,
  );
}

/** Enabled vendors with a wallet of their own, once each (a vendor may serve several game types). */
export function listTransferWalletVendors(db: Queryable) {
  return db.query<{ vassalage: string; display_name: string }>(
    `select distinct on (v.vassalage) v.vassalage, v.display_name from game_vendors v
     join game_types t on t.code = v.game_type
     where v.enabled and t.enabled and v.transfer_wallet order by v.vassalage, v.sort`,
  );
}
