import { type Balances, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import * as games from '../games/service.ts';
import * as system from '../system/service.ts';
import * as ledger from './ledger.ts';
import { type Currency, currencyOf } from './settings.ts';

/** The wallets a member has: main, and one per vendor with its own wallet unless the merchant wallet is single. */
export async function walletList(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<{ code: string; name: string }[]> {
  const [{ isSingle }, vendors] = await Promise.all([
    system.merchantWallet(deps.db, deps.config.merchantCode),
    games.transferWalletVendors(deps.db),
  ]);
  return [{ code: 'main', name: 'Main wallet' }, ...(isSingle ? [] : vendors)];
}

/** The merchant's currency and the wallets members have: what every balance is shown with. */
export interface WalletSetup {
  currency: Currency;
  wallets: { code: string; name: string }[];
}

export async function walletSetup(deps: Pick<AppDeps, 'db' | 'config'>): Promise<WalletSetup> {
  const [currency, wallets] = await Promise.all([currencyOf(deps), walletList(deps)]);
  return { currency, wallets };
}

/** What the header, the wallet page and the original's balance calls show. */
export async function balances(deps: Pick<AppDeps, 'db' | 'config'>, memberId: number): Promise<Balances> {
  const [setup, accounts] = await Promise.all([walletSetup(deps), ledger.memberAccounts(deps.db, memberId)]);
  return shownBalances(setup, accounts);
}

/** The balances of a member, with the setup the caller already read (in the caller's transaction, if any). */
export async function balancesWith(db: Queryable, setup: WalletSetup, memberId: number): Promise<Balances> {
  return shownBalances(setup, await ledger.memberAccounts(db, memberId));
}

function shownBalances(
  { currency, wallets }: WalletSetup,
  accounts: Awaited<ReturnType<typeof ledger.memberAccounts>>,
): Balances {
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
