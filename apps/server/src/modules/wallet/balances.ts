import { type Balances, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { merchant } from '../system/merchant.ts';
import * as ledger from './ledger.ts';
import { type Currency, currencyOfMerchant } from './settings.ts';
import type { VendorWallets } from './vendor-wallets.ts';

/**
 * The merchant's currency and the wallets members have: what every balance is shown with. A vendor wallet is
 * `playable` while its vendor has an enabled game: only then is it offered, and may money move into it; one that is
 * not is shown only to a member who still holds money in it, who may move it out.
 */
export interface WalletSetup {
  currency: Currency;
  wallets: { code: string; name: string; playable: boolean }[];
}

/**
 * Read with one look at the merchant (currency and single wallet) beside the vendors, held by the process as public
 * content (dropped on every process when the merchant, a vendor, a game type or a game changes).
 */
export async function walletSetup(
  deps: Pick<AppDeps, 'db' | 'config' | 'local' | 'clock'>,
  vendorWallets: VendorWallets,
): Promise<WalletSetup> {
  return deps.local.content.get('wallet setup', deps.clock.now(), async () => {
    const [found, vendors] = await Promise.all([
      merchant(deps.db, deps.config.merchantCode),
      vendorWallets.list(deps.db),
    ]);
    return {
      currency: currencyOfMerchant(found),
      wallets: [
        { code: 'main', name: 'Main wallet', playable: true },
        ...(found.wallet_single ? [] : vendors),
      ],
    };
  });
}

/** The balances shown of a held read of a member's accounts with the setup they were shown with, while it is held. */
const shownOf = new WeakMap<object, { setup: WalletSetup; shown: Balances }>();

/**
 * What the header, the wallet page and the original's balance calls show: the same object for as long as the
 * member's accounts and the setup are held (so the balance route shapes and serialises it once, `heldAnswers`).
 */
export async function balances(
  deps: Pick<AppDeps, 'db' | 'config' | 'local' | 'clock'>,
  vendorWallets: VendorWallets,
  memberId: number,
): Promise<Balances> {
  const [setup, accounts] = await Promise.all([
    walletSetup(deps, vendorWallets),
    // Held for a few seconds, dropped on every process by the posting's balance push.
    deps.local.members.get(memberId, 'balance', deps.clock.now(), () =>
      ledger.memberAccounts(deps.db, memberId),
    ),
  ]);
  const held = shownOf.get(accounts);
  if (held?.setup === setup) return held.shown;
  const shown = shownBalances(setup, accounts);
  shownOf.set(accounts, { setup, shown });
  return shown;
}

/** The balances of a member, with the setup the caller already read (in the caller's transaction, if any). */
export async function balancesWith(db: Queryable, setup: WalletSetup, memberId: number): Promise<Balances> {
  return shownBalances(setup, await ledger.memberAccounts(db, memberId));
}

/** The balances shown of a member's accounts already read (e.g. answered by the posting that moved them). */
export function shownBalances(
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
    wallets: wallets
      .filter((wallet) => wallet.playable || balanceOf(wallet.code) !== 0n)
      .map((wallet) => ({
        wallet: wallet.code,
        name: wallet.name,
        balance: toMajor(balanceOf(wallet.code), currency.digits),
        playable: wallet.playable,
      })),
  };
}
