import {
  fieldMessage,
  toMajor,
  type Withdrawal,
  type WithdrawalInfo,
  type WithdrawalRow,
  type WithdrawalStatus,
} from '@tessera/contract';
import type { Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { uuid } from '../../platform/rng.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { hasPaymentPassword, verifyPaymentPassword } from '../accounts/payment-password.ts';
import { assertWithdrawalAllowed } from '../kyc/service.ts';
import { bankAccounts, maskAccountNumber, ownBankAccount } from './bank-accounts.ts';
import { memberAccounts, post } from './ledger.ts';
import { orderNo } from './orders.ts';
import {
  currencyOf,
  minorAmount,
  minorLimit,
  moneyText,
  paymentPasswordPolicy,
  walletSettingsOf,
} from './settings.ts';
import { openObligations, remainingTurnover } from './turnover.ts';
import type { CleanProof } from './withdrawal-proofs.ts';
import { checkRequest } from './withdrawal-risk.ts';
import * as store from './withdrawal-store.ts';

type Member = Extract<Caller, { kind: 'member' }>;

/** The UTC day of a moment (YYYY-MM-DD): the daily count's day. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** What the member sees of a withdrawal (the account number masked unless `fullNumber`). */
function withdrawalView(row: store.WithdrawalDb, digits: number, fullNumber = false): Withdrawal {
  const major = (minor: bigint) => toMajor(minor, digits);
  const claimed = row.confirmation === 'partly_received' || row.confirmation === 'not_received';
  return {
    orderNo: row.order_no,
    amount: major(row.amount),
    bankName: row.bank_name,
    accountNumber: fullNumber ? row.account_number : maskAccountNumber(row.account_number),
    payeeName: row.payee_name,
    status: row.status,
    reason: row.reason,
    confirmation: row.confirmation,
    receivedAmount: row.received_amount === null ? null : major(row.received_amount),
    remainingAmount:
      row.confirmation === null ? null : claimed ? major(row.amount - (row.received_amount ?? 0n)) : 0,
    confirmBy: row.confirm_by?.toISOString() ?? null,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    proofCount: row.proof_images.length,
    claimStatus: row.claim_status,
    claimNote: row.claim_note,
    refundedAmount: major(row.refunded_amount),
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/** The console's row: the member, the full account number, who acted, and the proofs' ids. */
export function withdrawalRowView(row: store.WithdrawalDb, digits: number): WithdrawalRow {
  return {
    ...withdrawalView(row, digits, true),
    id: Number(row.id),
    memberId: row.member_id,
    username: row.username,
    reviewedBy: row.reviewer,
    claimResolvedBy: row.claim_resolver,
    claimResolvedAt: row.claim_resolved_at?.toISOString() ?? null,
    proofIds: row.proof_images,
    firstApprovedBy: row.first_approver,
    firstApprovedAt: row.first_approved_at?.toISOString() ?? null,
    autoApproved: row.auto_approved,
    payoutStatus: row.payout_status,
    payoutReference: row.payout_reference,
    payoutError: row.payout_error,
  };
}

/**
 * The withdrawal page: the main wallet's balance, the limits (minimum, maximum, requests left today), the turnover
 * still to wager, whether a payment password is set, the bank accounts and how many withdrawals wait for the
 * member's confirmation.
 */
export async function withdrawalInfo(deps: AppDeps, memberId: number, now: Date): Promise<WithdrawalInfo> {
  const { db } = deps;
  const currency = await currencyOf(deps);
  const [settings, accounts, ledger, obligations, requests, passwordSet, awaiting] = await Promise.all([
    walletSettingsOf(db),
    bankAccounts(db, memberId),
    memberAccounts(db, memberId),
    openObligations(db, memberId, currency.digits, now),
    store.requestsOn(db, memberId, utcDay(now)),
    hasPaymentPassword(deps, memberId),
    store.awaitingConfirmation(db, memberId, now, 0, 1),
  ]);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    currency: currency.currency,
    currencySymbol: currency.currencySymbol,
    digits: currency.digits,
    balance: major(ledger.find((account) => account.kind === 'main')?.balance ?? 0n),
    min: settings.withdrawalMin,
    max: settings.withdrawalMax,
    dailyCount: settings.withdrawalDailyCount,
    countLeftToday: Math.max(0, settings.withdrawalDailyCount - requests),
    turnoverRequired: major(obligations.required),
    turnoverWagered: major(obligations.contributed),
    turnoverRemaining: major(obligations.remaining),
    turnoverTolerance: settings.turnoverTolerance,
    turnoverObligations: obligations.list,
    paymentPasswordSet: passwordSet,
    autoReceiptMinutes: settings.autoReceiptMinutes,
    bankAccounts: accounts,
    awaitingConfirmation: awaiting.total,
  };
}

/**
 * A withdrawal request (§4 issue 11): to one of the member's bank accounts, within the minimum and maximum, by a
 * verified member when the KYC settings need one for it (kyc_required), with no turnover left to wager, the
 * payment password right (wrong ones count toward its lock), and a request left today. The amount moves from the
 * main wallet to the member's pending account in the transaction that writes the withdrawal; not enough money
 * refuses it with insufficient_balance and writes nothing.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  member: Member,
  input: { bankAccountId: number; amount: number; paymentPassword: string },
  idempotency: IdempotencyKey | null,
  now: Date,
  language: string,
): Promise<Withdrawal> {
  const { db } = deps;
  const earlier = await earlierAnswer<Withdrawal>(db, idempotency);
  if (earlier) return earlier;
  const memberId = member.memberId;
  const [settings, currency] = await Promise.all([walletSettingsOf(db), currencyOf(deps)]);
  const amount = minorAmount(input.amount, currency, language, {
    min: minorLimit(settings.withdrawalMin, currency),
    belowMin: 'withdrawal_below_min',
  });
  const account = await ownBankAccount(db, memberId, input.bankAccountId);
  const max = minorLimit(settings.withdrawalMax, currency);
  if (amount > max) {
    throw new AppError('withdrawal_above_max', {
      amount: fieldMessage('too_big', language, { max: moneyText(max, currency, language) }),
    });
  }
  // The KYC settings may need a verified member for this withdrawal (always, or above an amount).
  await assertWithdrawalAllowed(db, memberId, amount, currency.digits);
  if ((await remainingTurnover(db, memberId, now)) > minorLimit(settings.turnoverTolerance, currency)) {
    throw new AppError('turnover_not_met');
  }
  const day = utcDay(now);
  if ((await store.requestsOn(db, memberId, day)) >= settings.withdrawalDailyCount) {
    throw new AppError('withdrawal_daily_limit');
  }
  await verifyPaymentPassword(deps, memberId, input.paymentPassword, paymentPasswordPolicy(settings), now);
  const order = orderNo('W', deps.rng, now);
  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    // Counted again in the transaction, atomically: concurrent requests cannot pass the daily count together.
    if (!(await store.countRequest(tx, memberId, day, settings.withdrawalDailyCount))) {
      throw new AppError('withdrawal_daily_limit');
    }
    const id = await store.insertWithdrawal(tx, {
      orderNo: order,
      memberId,
      bankAccount: account,
      amount,
      at: now,
    });
    await post(
      tx,
      {
        key: `withdrawal:${order}:request`,
        kind: 'withdrawal',
        memberId,
        reference: `withdrawal:${order}`,
        legs: [
          { account: { member: memberId, wallet: 'main' }, amount: -amount },
          { account: { member: memberId, wallet: 'pending' }, amount },
        ],
      },
      now,
    );
    const requested = await store.byId(tx, id);
    if (!requested) throw new Error(`withdrawal ${order} vanished`);
    // The risk rules see the request in its transaction; a small one of a member without flags is approved here.
    const approved = await checkRequest(tx, requested, {
      autoReceiptMinutes: settings.autoReceiptMinutes,
      currency,
      now,
    });
    const row = approved ? await store.byId(tx, id) : requested;
    if (!row) throw new Error(`withdrawal ${order} vanished`);
    return withdrawalView(row, currency.digits);
  });
}

export async function withdrawalHistory(
  deps: AppDeps,
  memberId: number,
  query: { pageNo: number; pageSize: number; status?: WithdrawalStatus | undefined },
) {
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.memberWithdrawals(
      deps.db,
      memberId,
      query.status,
      (query.pageNo - 1) * query.pageSize,
      query.pageSize,
    ),
  ]);
  return {
    list: rows.map((row) => withdrawalView(row, currency.digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** MCSFE_getPaymentConfirmationList: the approved withdrawals the member can still confirm, soonest due first. */
export async function paymentConfirmationList(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
  now: Date,
) {
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.awaitingConfirmation(
      deps.db,
      memberId,
      now,
      (paging.pageNo - 1) * paging.pageSize,
      paging.pageSize,
    ),
  ]);
  return {
    list: rows.map((row) => withdrawalView(row, currency.digits)),
    total,
    totalPages: Math.ceil(total / paging.pageSize),
  };
}

/**
 * The member's confirmation (§4 "Withdrawal confirmation"): received in full; partly received, with the amount
 * that arrived (more than 0, less than the amount; the remainder is shown and a claim opens for finance); or not
 * received, with 1 to 3 proof images (checked and re-encoded by withdrawal-proofs.ts), which opens a claim too.
 * Only an approved withdrawal not yet confirmed, before its confirm-by time.
 */
export async function confirmWithdrawal(
  deps: AppDeps,
  memberId: number,
  orderNumber: string,
  input: {
    confirmation: 'received' | 'partly_received' | 'not_received';
    receivedAmount?: number | undefined;
  },
  proofs: readonly CleanProof[],
  now: Date,
  language: string,
): Promise<Withdrawal> {
  const { db } = deps;
  const currency = await currencyOf(deps);
  const found = await store.byOrderNo(db, memberId, orderNumber);
  if (!found) throw new AppError('not_found');
  assertAwaiting(found, now);
  let received: bigint;
  if (input.confirmation === 'received') {
    if (proofs.length > 0) throw new AppError('validation_failed', { proof: 'invalid_value' });
    received = found.amount;
  } else if (input.confirmation === 'partly_received') {
    if (input.receivedAmount === undefined) {
      throw new AppError('validation_failed', { receivedAmount: 'required' });
    }
    // Nothing received is not_received (with its proofs).
    received = minorAmount(input.receivedAmount, currency, language, {
      field: 'receivedAmount',
      belowMin: 'validation_failed',
    });
    if (received >= found.amount)
      throw new AppError('validation_failed', { receivedAmount: 'invalid_value' });
  } else {
    if (proofs.length === 0) throw new AppError('proof_required', { proof: 'required' });
    received = 0n;
  }
  return write(db, { isolation: 'read committed' }, async (tx) => {
    const id = await store.confirm(tx, {
      memberId,
      orderNo: orderNumber,
      confirmation: input.confirmation,
      received,
      claim: input.confirmation === 'received' ? null : 'open',
      at: now,
    });
    if (id === null) {
      const current = await store.byOrderNo(tx, memberId, orderNumber);
      if (current) assertAwaiting(current, now);
      throw new AppError('withdrawal_not_awaiting_confirmation');
    }
    const ids: string[] = [];
    for (const proof of proofs) {
      const proofId = uuid(deps.rng);
      await store.insertProof(tx, {
        id: proofId,
        withdrawalId: id,
        contentType: proof.contentType,
        bytes: proof.bytes,
        sha256: sha256Hex(proof.bytes),
        at: now,
      });
      ids.push(proofId);
    }
    if (ids.length > 0) await store.setProofIds(tx, id, ids);
    const row = await store.byId(tx, id);
    if (!row) throw new Error(`withdrawal ${orderNumber} vanished`);
    return withdrawalView(row, currency.digits);
  });
}

/** Refuses a confirmation of a withdrawal that is not approved and unconfirmed, or whose time has passed. */
function assertAwaiting(row: store.WithdrawalDb, now: Date) {
  if (row.status !== 'approved' || row.confirmation !== null) {
    throw new AppError('withdrawal_not_awaiting_confirmation');
  }
  if (row.confirm_by && row.confirm_by.getTime() <= now.getTime()) {
    throw new AppError('withdrawal_confirmation_closed');
  }
}
