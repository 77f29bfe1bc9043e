import type { Queryable, Transaction } from '../../../db/database.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { enqueue } from '../../../platform/jobs.ts';
import { write } from '../../../platform/write.ts';
import { memberAccounts, post } from '../../wallet/ledger.ts';
import { orderNo } from '../../wallet/orders.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { hub88AmountFloor, hub88User, toHub88Amount } from './hub88.ts';
import { callProvider, PROVIDER_PATHS, ProviderRefused, ProviderUnavailable } from './provider-api.ts';
import * as store from './store.ts';

/**
 * Transfer mode: a vendor keeps the player's money in a wallet of its own. A deposit leaves the main wallet for the
 * vendor wallet at once and is sent to the provider by a job, with a unique reference; a withdrawal moves money back
 * only once the provider has paid it out. A call without an answer may have been applied: the job asks the
 * provider for the reference's status (after GAME_TRANSFER_CHECK_SECONDS) before it sends it again, and a deposit
 * is refunded only when the provider refused it.
 *
 * The transfers of one member with one vendor reach the provider one at a time, oldest first (a transfer's job is
 * queued when the one before it ends), so the balance the provider answers covers every transfer before it and none
 * after. Only when no other transfer of the member with the vendor is pending is that balance compared with the
 * vendor wallet: the difference is then the player's wins and losses there, booked against the house. A balance
 * that may leave out a transfer in flight is never booked.
 */

export const TRANSFER_JOB = 'game-provider-transfer';

export interface VendorTransfer {
  vendor: string;
  direction: 'deposit' | 'withdraw';
  /** Minor units. */
  amount: bigint;
}

/**
 * Starts a transfer between the member's main wallet and a transfer-mode vendor's wallet, in the caller's
 * transaction (the wallet's GCS_walletTransfer, with its idempotency key); answers its reference. A deposit leaves
 * the main wallet at once; the job sends it, or a withdrawal, to the provider after the commit.
 */
export async function startVendorTransfer(
  tx: Transaction,
  deps: Pick<AppDeps, 'rng'>,
  memberId: number,
  transfer: VendorTransfer,
  now: Date,
): Promise<{ reference: string }> {
  if (transfer.amount <= 0n) throw new AppError('amount_invalid');
  const vendor = await store.transferVendor(tx, transfer.vendor);
  if (!vendor) throw new AppError('wallet_unknown');
  const reference = orderNo('T', deps.rng, now);
  await store.lockMemberVendorTransfers(tx, memberId, transfer.vendor);
  const first = !(await store.hasQueuedTransfer(tx, memberId, transfer.vendor));
  await store.insertTransfer(
    tx,
    {
      reference,
      provider: vendor.provider,
      vendor: transfer.vendor,
      member_id: memberId,
      direction: transfer.direction,
      amount: transfer.amount,
    },
    first,
    now,
  );
  if (transfer.direction === 'deposit') {
    await post(
      tx,
      {
        key: `vendor-transfer:${reference}`,
        kind: 'wallet_transfer',
        memberId,
        reference: `vendor-transfer:${reference}`,
        legs: [
          { account: { member: memberId, wallet: 'main' }, amount: -transfer.amount },
          { account: { member: memberId, wallet: { vendor: transfer.vendor } }, amount: transfer.amount },
        ],
      },
      now,
    );
  }
  if (first) await queueTransferJob(tx, reference, now);
  return { reference };
}

function queueTransferJob(tx: Transaction, reference: string, now: Date) {
  return enqueue(tx, { kind: TRANSFER_JOB, payload: { reference }, runAt: now, maxAttempts: 6 }, now);
}

/**
 * The transfer ended (or its job died): the member's next transfer with the vendor, if one waits, is queued. Runs in
 * the transaction that ends it, under the member's transfer lock.
 */
async function queueNextTransfer(tx: Transaction, transfer: store.TransferDb, now: Date) {
  const next = await store.takeNextWaitingTransfer(tx, transfer.member_id, transfer.vendor, now);
  if (next) await queueTransferJob(tx, next, now);
}

/** The job of a transfer died without an answer: the transfer stays pending (for an operator), the next one goes. */
export async function transferJobDied(deps: AppDeps, reference: string): Promise<void> {
  const now = deps.clock.now();
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const transfer = await store.findTransfer(tx, reference);
    if (transfer?.status !== 'pending') return;
    await store.lockMemberVendorTransfers(tx, transfer.member_id, transfer.vendor);
    await store.markTransferStalled(tx, reference, now);
    await queueNextTransfer(tx, transfer, now);
  });
}

/** startVendorTransfer in a transaction of its own. */
export async function transferWithVendor(
  deps: AppDeps,
  memberId: number,
  transfer: VendorTransfer,
  now: Date,
): Promise<{ reference: string }> {
  return write(deps.db, { isolation: 'read committed' }, (tx) =>
    startVendorTransfer(tx, deps, memberId, transfer, now),
  );
}

/** Whether a vendor is served in transfer mode (its wallet is kept at the provider). */
export async function isTransferVendor(db: Queryable, vendor: string): Promise<boolean> {
  return (await store.transferVendor(db, vendor)) !== null;
}

interface ProviderTransferAnswer {
  status?: unknown;
  balance?: unknown;
}

/**
 * Sets the member's vendor wallet to the provider's balance (plus what is still to leave it), against the house:
 * the player's wins and losses at the provider. Only while no other transfer of the member with the vendor is
 * pending and none made later has ended (the balance could leave one out); the next transfer to end compares again.
 */
async function alignVendorWallet(tx: Transaction, transfer: store.TransferDb, target: bigint, now: Date) {
  if (await store.transferBalanceMayBeStale(tx, transfer)) return;
  const accounts = await memberAccounts(tx, transfer.member_id);
  const held =
    accounts.find((account) => account.kind === 'vendor' && account.vendor === transfer.vendor)?.balance ??
    0n;
  const difference = target - held;
  if (difference === 0n) return;
  await post(
    tx,
    {
      key: `vendor-transfer-sync:${transfer.reference}`,
      kind: difference > 0n ? 'payout' : 'bet',
      memberId: transfer.member_id,
      reference: `vendor-transfer:${transfer.reference}`,
      remark: `${transfer.vendor} balance at the provider`,
      legs: [
        { account: { member: transfer.member_id, wallet: { vendor: transfer.vendor } }, amount: difference },
        { account: { system: 'house:games' }, amount: -difference },
      ],
    },
    now,
  );
}

/** The provider applied the transfer: settle it on our side. */
async function applied(deps: AppDeps, reference: string, providerBalance: bigint | null, now: Date) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const transfer = await lockedPendingTransfer(tx, reference);
    if (!transfer) return;
    if (transfer.direction === 'withdraw') {
      if (providerBalance !== null)
        await alignVendorWallet(tx, transfer, providerBalance + transfer.amount, now);
      await post(
        tx,
        {
          key: `vendor-transfer:${reference}`,
          kind: 'wallet_transfer',
          memberId: transfer.member_id,
          reference: `vendor-transfer:${reference}`,
          legs: [
            {
              account: { member: transfer.member_id, wallet: { vendor: transfer.vendor } },
              amount: -transfer.amount,
            },
            { account: { member: transfer.member_id, wallet: 'main' }, amount: transfer.amount },
          ],
        },
        now,
      );
    } else if (providerBalance !== null) {
      await alignVendorWallet(tx, transfer, providerBalance, now);
    }
    await store.finishTransfer(tx, reference, { status: 'done', providerBalance, error: '' }, now);
    await queueNextTransfer(tx, transfer, now);
  });
}

/** A pending transfer, locked with the member's transfers with its vendor; null once it has ended. */
async function lockedPendingTransfer(tx: Transaction, reference: string) {
  const found = await store.findTransfer(tx, reference);
  if (found?.status !== 'pending') return null;
  await store.lockMemberVendorTransfers(tx, found.member_id, found.vendor);
  const transfer = await store.findTransfer(tx, reference, true);
  return transfer?.status === 'pending' ? transfer : null;
}

/** The provider refused the transfer: a deposit goes back to the main wallet, a withdrawal ends failed. */
async function refused(deps: AppDeps, reference: string, reason: string, now: Date) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const transfer = await lockedPendingTransfer(tx, reference);
    if (!transfer) return;
    if (transfer.direction === 'deposit') {
      await post(
        tx,
        {
          key: `vendor-transfer-refund:${reference}`,
          kind: 'refund',
          memberId: transfer.member_id,
          reference: `vendor-transfer:${reference}`,
          remark: reason.slice(0, 200),
          legs: [
            {
              account: { member: transfer.member_id, wallet: { vendor: transfer.vendor } },
              amount: -transfer.amount,
            },
            { account: { member: transfer.member_id, wallet: 'main' }, amount: transfer.amount },
          ],
        },
        now,
      );
    }
    await store.finishTransfer(
      tx,
      reference,
      {
        status: transfer.direction === 'deposit' ? 'refunded' : 'failed',
        providerBalance: null,
        error: reason,
      },
      now,
    );
    await queueNextTransfer(tx, transfer, now);
  });
}

/**
 * The job of one transfer. A first attempt sends it. A later attempt follows a call that got no answer: it asks
 * the provider about the reference first, and settles it if it was applied; otherwise it sends it again (the
 * provider recognises the reference, so it can never apply twice).
 */
export async function runTransfer(deps: AppDeps, reference: string, attempt: number): Promise<void> {
  const transfer = await store.findTransfer(deps.db, reference);
  if (transfer?.status !== 'pending') return;
  const provider = await store.findProvider(deps.db, transfer.provider);
  if (!provider) throw new Error(`transfer ${reference}: provider ${transfer.provider} is gone`);
  const digits = (await currencyOf(deps)).digits;
  const balanceOf = (answer: ProviderTransferAnswer) =>
    typeof answer.balance === 'number' && Number.isSafeInteger(answer.balance)
      ? hub88AmountFloor(answer.balance, digits)
      : null;
  const now = () => deps.clock.now();
  try {
    if (attempt > 1) {
      try {
        const status = await callProvider<ProviderTransferAnswer>(
          deps.config,
          provider,
          PROVIDER_PATHS.transferStatus,
          {
            transaction_uuid: reference,
            user: hub88User(transfer.member_id),
          },
        );
        if (status.status === 'RS_OK') return await applied(deps, reference, balanceOf(status), now());
      } catch (error) {
        // Not found: it never arrived, and is sent again below.
        if (!(error instanceof ProviderRefused)) throw error;
      }
    }
    const path =
      transfer.direction === 'deposit' ? PROVIDER_PATHS.transferDeposit : PROVIDER_PATHS.transferWithdraw;
    const answer = await callProvider<ProviderTransferAnswer>(deps.config, provider, path, {
      user: hub88User(transfer.member_id),
      transaction_uuid: reference,
      request_uuid: `${reference}-${attempt}`,
      currency: (await currencyOf(deps)).currency,
      amount: toHub88Amount(transfer.amount, digits),
    });
    if (answer.status !== 'RS_OK')
      throw new ProviderRefused(`the provider answered ${String(answer.status)}`);
    await applied(deps, reference, balanceOf(answer), now());
  } catch (error) {
    if (error instanceof ProviderRefused) return refused(deps, reference, error.message, now());
    if (error instanceof ProviderUnavailable)
      await store.noteTransferError(deps.db, reference, error.message, now());
    throw error;
  }
}
