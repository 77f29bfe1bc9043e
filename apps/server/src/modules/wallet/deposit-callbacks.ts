import type { CallbackOutcome, CallbackSource } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { isBadText } from '../../platform/input-text.ts';
import { write } from '../../platform/write.ts';
import { applyGatewayResult, loggedBody, sameAmount } from './deposit-settlement.ts';
import * as store from './deposit-store.ts';
import { type Channel, findChannel, gatewayAccount } from './payment-channels.ts';
import * as gateway from './payment-gateway.ts';
import { currencyOf } from './settings.ts';

type Deposit = store.DepositDb;

/**
 * A gateway's callback. It is believed only when it is signed with the channel's secret, names one of that
 * channel's orders and reports that order's amount; anything else is logged and refused (callback_refused) and
 * credits nothing. A believed callback is applied once (a duplicate is acknowledged and changes nothing).
 */
export async function receiveCallback(
  deps: AppDeps,
  channelId: number,
  raw: unknown,
  ip: string,
  now: Date,
): Promise<{ ok: true; outcome: CallbackOutcome }> {
  const fields = gateway.textFields(raw);
  const orderNo = fields?.orderNo ?? '';
  const channel = await findChannel(deps.db, channelId);
  const refuse = async (outcome: CallbackOutcome, field: string, deposit?: Deposit): Promise<never> => {
    await logRefusedCallback(deps, { source: 'callback', channel, deposit, outcome, body: raw, ip, now });
    throw new AppError('callback_refused', { [field]: 'invalid_value' });
  };
  const account = channel ? gatewayAccount(deps.config, channel) : null;
  if (!channel || !account) return refuse('refused_channel', 'id');
  if (!fields) return refuse('refused_malformed', '_');
  if (!gateway.signatureValid(fields, account.secret)) return refuse('refused_signature', 'sign');
  if (fields.merchant !== account.merchant) return refuse('refused_channel', 'merchant');
  const status = fields.status;
  if (status !== 'success' && status !== 'failed' && status !== 'pending') {
    return refuse('refused_malformed', 'status');
  }
  const deposit = orderNo ? await store.findDepositByOrder(deps.db, orderNo) : null;
  if (!deposit || deposit.channel_id !== channel.id || deposit.kind !== 'gateway') {
    return refuse('refused_order', 'orderNo');
  }
  if (!sameAmount(fields, deposit, await currencyOf(deps)))
    return refuse('refused_amount', 'amount', deposit);
  const outcome = await applyGatewayResult(deps, deposit, status, { source: 'callback', body: raw, ip }, now);
  return { ok: true, outcome };
}

/**
 * Logs a refused callback (it changes nothing): a deposit gateway's or a payout provider's (source), the channel and
 * order it names, if any, and its body.
 */
export async function logRefusedCallback(
  deps: AppDeps,
  refused: {
    source: Exclude<CallbackSource, 'query'>;
    channel: Channel | null;
    deposit?: Deposit | undefined;
    outcome: CallbackOutcome;
    body: unknown;
    ip: string;
    now: Date;
  },
): Promise<void> {
  const orderNo = gateway.textFields(refused.body)?.orderNo ?? '';
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.insertCallback(tx, {
      channelId: refused.channel?.id ?? null,
      depositId: refused.deposit?.id ?? null,
      orderNo: isBadText(orderNo) ? '' : orderNo.slice(0, 64),
      source: refused.source,
      outcome: refused.outcome,
      body: loggedBody(refused.body),
      ip: refused.ip,
      at: refused.now,
    }),
  );
}

/**
 * Logs a callback refused before receiveCallback could judge it (a body that is not JSON, fields the contract
 * refuses, text no gateway sends) as malformed, under the channel of its path when there is one.
 */
export async function logMalformedCallback(
  deps: AppDeps,
  request: { params: unknown; body: unknown; ip: string },
  source: Exclude<CallbackSource, 'query'> = 'callback',
): Promise<void> {
  const id = String((request.params as { id?: unknown } | undefined)?.id ?? '');
  const channel = /^[1-9]\d{0,8}$/.test(id) ? await findChannel(deps.db, Number(id)) : null;
  await logRefusedCallback(deps, {
    source,
    channel,
    outcome: 'refused_malformed',
    body: request.body ?? {},
    ip: request.ip,
    now: deps.clock.now(),
  });
}
