import type { MerchantMoney } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { merchant, setMerchantMoney } from '../system/merchant.ts';
import * as store from './ledger-store.ts';

export async function merchantMoney(db: Queryable, merchantCode: string): Promise<MerchantMoney> {
  const found = await merchant(db, merchantCode);
  return {
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    walletSingle: found.wallet_single,
  };
}

/**
 * Changes the merchant's money settings (owner only, audited). The currency is fixed once money has moved (amounts
 * are kept in its minor units); the wallet becomes single only when no player holds money in a vendor's wallet.
 */
export function saveMerchantMoney(
  deps: AppDeps,
  call: Parameters<typeof operatorWrite>[1],
  value: MerchantMoney,
): Promise<MerchantMoney> {
  return operatorWrite(deps, call, { entity: 'merchant', action: 'update' }, async (tx) => {
    const before = await merchantMoney(tx, deps.config.merchantCode);
    if (value.currency !== before.currency && (await store.anyEntries(tx))) {
      throw new AppError('currency_locked', { currency: 'invalid_value' });
    }
    if (value.walletSingle && !before.walletSingle && (await store.vendorMoneyHeld(tx))) {
      throw new AppError('vendor_wallets_not_empty', { walletSingle: 'invalid_value' });
    }
    await setMerchantMoney(tx, deps.config.merchantCode, value);
    return { entityId: deps.config.merchantCode, before, after: value, result: value };
  });
}
