import { formatMoney, type PayoutSettings, payoutSettings, toMajor } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { isBadText } from '../../platform/input-text.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { write } from '../../platform/write.ts';
import { sendMessage } from '../inbox/service.ts';
import { replaceSetting, settingDocument } from '../system/settings.ts';
import { post } from './ledger.ts';
import { findChannel, gatewayAccount } from './payment-channels.ts';
import * as gateway from './payment-gateway.ts';
import * as payoutStore from './payout-store.ts';
import { type Currency, currencyOf, walletSettingsOf } from './settings.ts';
import * as store from './withdrawal-store.ts';

/**
 * Payouts: how an approved withdrawal's money leaves. Paid by hand, finance transfers it and approves (the
 * withdrawal is approved at once). Through a provider (a gateway channel chosen in the payout settings, or asked
 * for at approval), the withdrawal stays pending with its money held while the provider pays:
 *
 * - the approval marks the payout sending and queues the send job in the same transaction (the outbox: the network
 *   call never runs inside a transaction);
 * - the job asks the provider to pay (the same order number every time, so a retry pays nothing twice); a provider
 *   that does not answer leaves the payout sending with `provider_unavailable` and the job runs again with backoff
 *   (the console's Jobs page shows it); once the job is dead, or when the provider refuses, the payout fails;
 * - the provider's signed callback (or the status query, for a callback that never came) says paid — the withdrawal
 *   is approved as a payment by hand is: the pending money goes to the merchant's cash, the member is told — or
 *   failed — back to finance, the money still held, to send again, pay by hand or reject (the money back to the
 *   member). A callback applied once changes nothing the second time.
 */

const PAYOUTS_KEY = 'payouts';
const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = { channelId: null };
const MINUTE_MS = 60_000;

export const PAYOUT_SEND_JOB = 'wallet.payout.send';
const PAYOUT_QUERY_JOB = 'wallet.payout.query';
/** Runs of the send job before the payout fails (10 s doubling to 10 minutes: about an hour in all). */
export const PAYOUT_SEND_ATTEMPTS = 10;
const sendDelay = (attempt: number) => Math.min(600_000, 10_000 * 2 ** (attempt - 1));
/** A payout the provider accepted and has not answered for this long is asked about. */
const QUERY_AFTER_MS = 10 * MINUTE_MS;

export async function payoutSettingsOf(db: Queryable): Promise<PayoutSettings> {
  const stored = await settingDocument<Partial<PayoutSettings>>(db, PAYOUTS_KEY);
  return { ...DEFAULT_PAYOUT_SETTINGS, ...stored };
}

/** The gateway channel of a payout, refused with `field` when it is not a gateway channel the server can sign for. */
async function payoutChannel(deps: AppDeps, channelId: number, field: string) {
  const channel = await findChannel(deps.db, channelId);
  if (channel?.kind !== 'gateway' || !gatewayAccount(deps.config, channel)) {
    throw new AppError('validation_failed', { [field]: 'invalid_value' });
  }
  return channel;
}

export async function savePayoutSettings(deps: AppDeps, call: OperatorCall, value: PayoutSettings) {
  if (value.channelId !== null) await payoutChannel(deps, value.channelId, 'channelId');
  return replaceSetting(deps, call, PAYOUTS_KEY, payoutSettingsOf, payoutSettings.parse(value));
}

/**
 * The provider channel an approval sends through: the settings' channel unless the operator asked to pay by hand;
 * asking for the provider without one set is payout_provider_missing. Null: paid by hand.
 */
export async function payoutChoice(
  deps: AppDeps,
  via: 'manual' | 'provider' | undefined,
): Promise<number | null> {
  if (via === 'manual') return null;
  const { channelId } = await payoutSettingsOf(deps.db);
  if (channelId === null) {
    if (via === 'provider') throw new AppError('payout_provider_missing');
    return null;
  }
  return channelId;
}

/**
 * Hands a pending withdrawal to the provider (in the approval's transaction): marked sending, its job queued. No
 * operator: the system approved it under the auto-approval amount (withdrawal-risk.ts).
 */
export async function sendThroughProvider(
  tx: Transaction,
  row: Pick<store.WithdrawalDb, 'id'>,
  payout: { channelId: number; operatorId: number | null },
  now: Date,
) {
  if (!(await payoutStore.startSending(tx, Number(row.id), { ...payout, at: now }))) {
    throw new AppError('withdrawal_not_pending');
  }
  await enqueue(
    tx,
    { kind: PAYOUT_SEND_JOB, payload: { id: Number(row.id) }, runAt: now, maxAttempts: PAYOUT_SEND_ATTEMPTS },
    now,
  );
  return { payout: 'provider', channelId: payout.channelId };
}

const money = (minor: bigint, currency: Currency) =>
  formatMoney(toMajor(minor, currency.digits), currency.digits);

/**
 * A withdrawal's money paid out (by hand or by the provider), in the caller's transaction: it leaves the member's
 * pending account for the merchant's cash, and the member is told.
 */
export async function recordPaid(
  tx: Transaction,
  row: Pick<store.WithdrawalDb, 'order_no' | 'member_id' | 'amount'>,
  operatorId: number | null,
  currency: Currency,
  now: Date,
) {
  const posted = await post(
    tx,
    {
      key: `withdrawal:${row.order_no}:paid`,
      kind: 'withdrawal_paid',
      memberId: row.member_id,
      reference: `withdrawal:${row.order_no}`,
      operatorId,
      legs: [
        { account: { member: row.member_id, wallet: 'pending' }, amount: -row.amount },
        { account: { system: 'merchant:cash' }, amount: row.amount },
      ],
    },
    now,
  );
  await sendMessage(
    tx,
    row.member_id,
    'WITHDRAWAL_APPROVED',
    { amount: money(row.amount, currency), currency: currency.currency, orderNo: row.order_no },
    now,
  );
  return posted;
}

/** The provider's answer applied once: 'duplicate' when the payout was no longer on its way. */
async function applyPayoutResult(
  deps: AppDeps,
  id: number,
  result: { status: 'paid' | 'failed'; reason: string },
  now: Date,
): Promise<'applied' | 'duplicate'> {
  const [settings, currency] = await Promise.all([walletSettingsOf(deps.db), currencyOf(deps)]);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const row = await store.byId(tx, id);
    if (!row) return 'duplicate';
    if (result.status === 'failed') {
      return (await payoutStore.markFailed(tx, id, result.reason || 'provider_failed', now))
        ? 'applied'
        : 'duplicate';
    }
    const confirmBy = new Date(now.getTime() + settings.autoReceiptMinutes * MINUTE_MS);
    if (!(await payoutStore.markPaid(tx, id, confirmBy, now))) return 'duplicate';
    await recordPaid(tx, row, row.reviewed_by, currency, now);
    return 'applied';
  });
}

/** The provider's own words on a failure, as plain short text (nothing a gateway sends is trusted). */
const providerReason = (text: string | undefined) => {
  const reason = (text ?? '').trim().slice(0, 200);
  return reason && !isBadText(reason) ? reason : 'provider_failed';
};

/**
 * A provider's payout callback. Believed only when signed with the channel's secret, from its merchant, naming a
 * withdrawal sent through that channel, for its amount and currency; anything else is refused (callback_refused)
 * and changes nothing. A believed callback is applied once (a duplicate is acknowledged as such).
 */
export async function receivePayoutCallback(deps: AppDeps, channelId: number, raw: unknown, now: Date) {
  const refuse = (field: string): never => {
    throw new AppError('callback_refused', { [field]: 'invalid_value' });
  };
  const fields = gateway.textFields(raw);
  const channel = await findChannel(deps.db, channelId);
  const account = channel ? gatewayAccount(deps.config, channel) : null;
  if (!channel || !account) return refuse('id');
  if (!fields) return refuse('_');
  if (!gateway.signatureValid(fields, account.secret)) return refuse('sign');
  if (fields.merchant !== account.merchant) return refuse('merchant');
  const status = fields.status;
  if (status !== 'paid' && status !== 'failed') return refuse('status');
  const id = await payoutStore.idByOrderNo(deps.db, fields.orderNo ?? '');
  const row = id === null ? null : await store.byId(deps.db, id);
  if (!row || row.payout_channel_id !== channel.id) return refuse('orderNo');
  const currency = await currencyOf(deps);
  if (
    gateway.minorOfDecimal(fields.amount ?? '', currency.digits) !== row.amount ||
    (fields.currency ?? '').toUpperCase() !== currency.currency.toUpperCase()
  ) {
    return refuse('amount');
  }
  const outcome = await applyPayoutResult(
    deps,
    Number(row.id),
    { status, reason: status === 'failed' ? providerReason(fields.reason) : '' },
    now,
  );
  return { ok: true as const, outcome };
}

const timeoutOf = (deps: AppDeps) => deps.config.payments.gatewayTimeoutSeconds * 1000;

/** The send job's work: asks the provider to pay (outside any transaction) and notes its answer. */
async function sendPayout(deps: AppDeps, id: number): Promise<void> {
  const { db, clock, config } = deps;
  const row = await store.byId(db, id);
  if (row?.status !== 'pending' || row.payout_status !== 'sending' || row.payout_reference) return;
  const channel = row.payout_channel_id === null ? null : await findChannel(db, row.payout_channel_id);
  const account = channel ? gatewayAccount(config, channel) : null;
  if (!channel || !account) {
    await applyPayoutResult(deps, id, { status: 'failed', reason: 'provider_missing' }, clock.now());
    return;
  }
  const currency = await currencyOf(deps);
  let answer: gateway.PayoutAnswer;
  try {
    answer = await gateway.requestPayout(
      account,
      {
        orderNo: row.order_no,
        amount: gateway.decimalText(row.amount, currency.digits),
        currency: currency.currency,
        bankName: row.bank_name,
        accountNumber: row.account_number,
        payeeName: row.payee_name,
        notifyUrl: `${config.siteUrl}/wps/payment/payout-callback/${channel.id}`,
      },
      clock.now(),
      timeoutOf(deps),
    );
  } catch (error) {
    if (error instanceof gateway.GatewayRefused) {
      await applyPayoutResult(deps, id, { status: 'failed', reason: 'provider_refused' }, clock.now());
      return;
    }
    // Still on its way: the job runs again later, and the console shows why it waits.
    await write(db, { isolation: 'read committed' }, (tx) =>
      payoutStore.noteSending(tx, id, { error: 'provider_unavailable', at: clock.now() }),
    );
    throw error;
  }
  await write(db, { isolation: 'read committed' }, (tx) =>
    payoutStore.noteSending(tx, id, { reference: answer.payoutId, error: '', at: clock.now() }),
  );
  if (answer.status !== 'pending') {
    await applyPayoutResult(
      deps,
      id,
      { status: answer.status, reason: answer.status === 'failed' ? providerReason(answer.reason) : '' },
      clock.now(),
    );
  }
}

/** Asks the provider about payouts it accepted and has not called back about; applies a final answer. */
export async function queryPendingPayouts(deps: AppDeps, now: Date): Promise<void> {
  const ids = await payoutStore.sendingSince(deps.db, new Date(now.getTime() - QUERY_AFTER_MS), 100);
  for (const id of ids) {
    const row = await store.byId(deps.db, id);
    const channel = row?.payout_channel_id ? await findChannel(deps.db, row.payout_channel_id) : null;
    const account = channel ? gatewayAccount(deps.config, channel) : null;
    if (!row || !account) continue;
    const answer = await gateway.queryPayout(account, row.order_no, now, timeoutOf(deps)).catch(() => null);
    if (answer && answer.status !== 'pending') {
      await applyPayoutResult(
        deps,
        id,
        { status: answer.status, reason: answer.status === 'failed' ? providerReason(answer.reason) : '' },
        now,
      );
    }
  }
}

/** The send job (queued by each approval through the provider) and the status query, every 5 minutes. */
export function definePayoutJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(PAYOUT_SEND_JOB, {
    run: (job) => sendPayout(deps, Number(job.payload.id)),
    retryDelayMs: sendDelay,
    // The provider never answered: the payout goes back to finance (sent again, paid by hand or rejected).
    onDead: async (job) => {
      await applyPayoutResult(
        deps,
        Number(job.payload.id),
        { status: 'failed', reason: 'provider_unavailable' },
        deps.clock.now(),
      );
    },
  });
  runner.define(PAYOUT_QUERY_JOB, { run: () => queryPendingPayouts(deps, deps.clock.now()) });
  runner.schedule({
    name: PAYOUT_QUERY_JOB,
    kind: PAYOUT_QUERY_JOB,
    cron: '*/5 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
