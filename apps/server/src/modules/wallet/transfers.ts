import { AGENT_CENTRE_IS_AGENT_VALUES, MEMBER_TYPES, toMajor } from '@tessera/contract';
import type { Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { verifyPaymentPassword } from '../accounts/payment-password.ts';
import * as relations from '../accounts/relations.ts';
import { mayAct, mayActRead } from '../responsible/check.ts';
import { balancesWith, shownBalances, walletSetup } from './balances.ts';
import { openingPosting, post, sumBalance, type Wallet } from './ledger.ts';
import { orderNo } from './orders.ts';
import { currencyOf, minorAmount, paymentPasswordPolicy, walletSettingsOf } from './settings.ts';
import * as store from './store.ts';
import type { VendorWallets } from './vendor-wallets.ts';

type Member = Extract<Caller, { kind: 'member' }>;

const walletOf = (code: string): Wallet => (code === 'main' ? 'main' : { vendor: code });

/**
 * The vendor of a transfer whose wallet is kept at a transfer-mode provider, or null. Such a wallet only trades
 * with the main wallet.
 */
async function providerWallet(
  deps: Pick<AppDeps, 'db' | 'local'>,
  vendorWallets: VendorWallets,
  input: { fromWallet: string; toWallet: string },
  now: Date,
) {
  const sides = [input.fromWallet, input.toWallet].filter((wallet) => wallet !== 'main');
  for (const wallet of sides) {
    // Held with the public content (dropped on every process when a vendor or a provider changes).
    const atProvider = await deps.local.content.get(`vendor at provider ${wallet}`, now, () =>
      vendorWallets.atProvider(deps.db, wallet),
    );
    if (atProvider) {
      if (sides.length > 1) throw new AppError('wallet_unknown', { toWallet: 'invalid_value' });
      return wallet;
    }
  }
  return null;
}

/**
 * Moves money between the member's main wallet and a vendor's wallet (transferFund, GCS_walletTransfer). Refused
 * when the merchant wallet is single (there is nothing to move between) or the wallet is not one of the member's.
 */
export async function walletTransfer(
  deps: AppDeps,
  vendorWallets: VendorWallets,
  member: Member,
  input: { fromWallet: string; toWallet: string; amount: number },
  idempotency: IdempotencyKey | null,
  now: Date,
  language: string,
) {
  const setup = await walletSetup(deps, vendorWallets);
  const { wallets, currency } = setup;
  if (wallets.length === 1) throw new AppError('wallet_single');
  for (const field of ['fromWallet', 'toWallet'] as const) {
    // Money may leave a wallet whose vendor has no game left, never go into one.
    const known = wallets.find((wallet) => wallet.code === input[field]);
    if (!known || (field === 'toWallet' && !known.playable)) {
      throw new AppError('wallet_unknown', { [field]: 'invalid_value' });
    }
  }
  const amount = minorAmount(input.amount, currency, language);
  const key = idempotency ? `wallet-transfer:${member.memberId}:${idempotency.key}` : null;
  // Money into a vendor's wallet starts play: responsible gaming's check, in the transaction of the movement.
  const checked = input.toWallet !== 'main';
  // The answer (the balances right after) is stored with the key: a retry gets this very answer.
  const vendor = await providerWallet(deps, vendorWallets, input, now);
  if (vendor) {
    return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
      if (checked) await mayAct(tx, member.memberId, 'transfer_in', { now });
      // The vendor keeps the money at its provider: the transfer goes through it, after the commit.
      const direction = input.fromWallet === 'main' ? 'deposit' : 'withdraw';
      await vendorWallets.startTransfer(tx, deps, member.memberId, { vendor, direction, amount }, now);
      return balancesWith(tx, setup, member.memberId);
    });
  }
  // Two round trips: BEGIN with the key's claim, the check's read and the posting (which answers the member's
  // accounts right after it); then the answer with COMMIT. A refusal of the check rolls the posting back.
  const posting = openingPosting(
    {
      key: key ?? `wallet-transfer:${member.memberId}:${orderNo('T', deps.rng, now)}`,
      kind: 'wallet_transfer',
      memberId: member.memberId,
      reference: `${input.fromWallet}>${input.toWallet}`,
      legs: [
        { account: { member: member.memberId, wallet: walletOf(input.fromWallet) }, amount: -amount },
        { account: { member: member.memberId, wallet: walletOf(input.toWallet) }, amount },
      ],
    },
    now,
    { answerAccounts: true },
  );
  const reads = checked ? [mayActRead(member.memberId)] : [];
  try {
    return await write(
      deps.db,
      { isolation: 'read committed', idempotency, opening: [...reads, posting.sql] },
      async (tx) => {
        if (checked) await mayAct(tx, member.memberId, 'transfer_in', { now, read: tx.opened[0] });
        const { accounts } = posting.posted(tx.opened[reads.length] ?? []);
        return accounts ? shownBalances(setup, accounts) : balancesWith(tx, setup, member.memberId);
      },
    );
  } catch (error) {
    const refusal = posting.refusal(error);
    // A member whom responsible gaming refuses is told that, not that the balance is short.
    if (refusal !== error && checked) await mayAct(deps.db, member.memberId, 'transfer_in', { now });
    throw refusal;
  }
}

/** Whether the member may send money to the upline (§2 transferUpline rules). */
function mayTransferUp(member: relations.Relative, enabled: boolean): boolean {
  return enabled && member.toUpline && member.type !== MEMBER_TYPES.subAgent && member.uplineId !== null;
}

const isAgentType = (type: number) => (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);

export async function transferTargets(deps: AppDeps, member: Member) {
  const [me, settings] = await Promise.all([
    relations.relativeById(deps.db, member.memberId),
    walletSettingsOf(deps.db),
  ]);
  if (!me) throw new AppError('unauthorized');
  const upline = me.uplineId === null ? null : await relations.relativeById(deps.db, me.uplineId);
  const downlines = isAgentType(me.type) ? await relations.directDownlines(deps.db, me.id) : [];
  return {
    upline: { allowed: mayTransferUp(me, settings.transferUpEnabled), username: upline?.username ?? null },
    downlines: downlines.map((downline) => ({ username: downline.username, nickname: downline.nickname })),
  };
}

/**
 * Sends money to the member's upline (transferUpline, when toUpline is 1, the member is not a type-2 agent and the
 * feature is on), or from an agent to one of their direct downlines. The payment password is asked first.
 */
export async function memberTransfer(
  deps: AppDeps,
  member: Member,
  input: {
    direction: 'upline' | 'downline';
    toUsername?: string | undefined;
    amount: number;
    paymentPassword: string;
    remark?: string | undefined;
  },
  idempotency: IdempotencyKey | null,
  now: Date,
  language: string,
) {
  const [me, settings, currency] = await Promise.all([
    relations.relativeById(deps.db, member.memberId),
    walletSettingsOf(deps.db),
    currencyOf(deps),
  ]);
  if (!me) throw new AppError('unauthorized');
  const amount = minorAmount(input.amount, currency, language);
  let target: relations.Relative | null;
  if (input.direction === 'upline') {
    if (!mayTransferUp(me, settings.transferUpEnabled)) throw new AppError('transfer_not_allowed');
    target = await relations.relativeById(deps.db, me.uplineId as number);
  } else {
    if (!isAgentType(me.type)) throw new AppError('transfer_not_allowed');
    if (!input.toUsername) throw new AppError('validation_failed', { toUsername: 'required' });
    target = await relations.directDownlineByUsername(deps.db, me.id, input.toUsername);
    if (!target) throw new AppError('validation_failed', { toUsername: 'invalid_value' });
  }
  if (!target) throw new AppError('transfer_not_allowed');
  const to = target;
  await verifyPaymentPassword(deps, me.id, input.paymentPassword, paymentPasswordPolicy(settings), now);
  const order = orderNo('T', deps.rng, now);
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    await store.insertMemberTransfer(tx, {
      orderNo: order,
      from: me.id,
      to: to.id,
      direction: input.direction,
      amount,
      remark: input.remark ?? '',
      at: now,
    });
    await post(
      tx,
      {
        key: `member-transfer:${order}`,
        kind: 'member_transfer',
        memberId: me.id,
        reference: `transfer:${order}`,
        remark: input.remark ?? '',
        legs: [
          { account: { member: me.id, wallet: 'main' }, amount: -amount },
          { account: { member: to.id, wallet: 'main' }, amount },
        ],
      },
      now,
    );
    const spendable = await sumBalance(tx, me.id);
    return {
      orderNo: order,
      direction: input.direction,
      toUsername: to.username,
      amount: toMajor(amount, currency.digits),
      sumBalance: toMajor(spendable, currency.digits),
      createdAt: now.toISOString(),
    };
  });
}
