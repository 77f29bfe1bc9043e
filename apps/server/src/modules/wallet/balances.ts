import { type Balances, toMajor } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import * as games from '../games/service.ts';
import * as system from '../system/service.ts';
import * as ledger from './ledger.ts';
import { currencyOf } from './settings.ts';

/** The wallets a member has: main, and one per vendor with its own wallet unless the merchant wallet is single. */
export async function walletList(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<{ code: string; name: string }[]> {
  const { isSingle } = await system.merchantWallet(deps.db, deps.config.merchantCode);
  const vendors = isSingle ? [] : await games.transferWalletVendors(deps.db);
  return [{ code: 'main', name: 'Main wallet' }, ...vendors];
}

/** What the header, the wallet page and the original's balance calls show. */
export async function balances(deps: Pick<AppDeps, 'db' | 'config'>, memberId: number): Promise<Balances> {
  const [currency, wallets, accounts] = await Promise.all([
    currencyOf(deps),
    walletList(deps),
    ledger.memberAccounts(deps.db, memberId),
  ]);
  const balanceOf = (code: string) =>
    accounts.find((account) =>
      code === 'main' ? account.kind === 'main' : account.kind === 'vendor' && account.vendor === code,
    )?.balance ?? 0n;
  const spendable = accounts
    .filter((account) => account.kind === 'main' || account.kind === 'vendor')
    .reduce((sum, account) => sum + account.balance, 0n);
  return {
    sumBalance: toMajor(spendable, currency.digits),
    ...currency,
    wallets: wallets.map((wallet) => ({
      wallet: wallet.code,
      name: wallet.name,
      balance: toMajor(balanceOf(wallet.code), currency.digits),
    })),
  };
}
