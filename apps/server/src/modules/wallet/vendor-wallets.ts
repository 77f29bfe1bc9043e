import type { Queryable, Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';

/**
 * The wallets members keep at game vendors, as the games area knows them. The wallet asks through this port and the
 * games area answers (`games/vendor-wallets.ts`; `app.ts` joins the two), so the wallet never imports the games
 * area, which posts its bets and wins through the wallet.
 */
export interface VendorWallets {
  /** The vendors that keep a wallet, by code and name; `playable` when they have an enabled game. */
  list(db: Queryable): Promise<{ code: string; name: string; playable: boolean }[]>;
  /** Whether the vendor keeps its wallet at a transfer-mode provider (money moves through the provider). */
  atProvider(db: Queryable, vendor: string): Promise<boolean>;
  /**
   * Starts a transfer between the member's main wallet and such a vendor's wallet, in the caller's transaction;
   * the money moves at the provider after the commit.
   */
  startTransfer(
    tx: Transaction,
    deps: Pick<AppDeps, 'rng'>,
    memberId: number,
    transfer: { vendor: string; direction: 'deposit' | 'withdraw'; amount: bigint },
    now: Date,
  ): Promise<unknown>;
}
