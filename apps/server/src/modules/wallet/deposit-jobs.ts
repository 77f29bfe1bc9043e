import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { write } from '../../platform/write.ts';
import { applyGatewayResult, failOrder, loggedBody, sameAmount } from './deposit-settlement.ts';
import * as store from './deposit-store.ts';
import { type Channel, findChannel, gatewayAccount } from './payment-channels.ts';
import * as gateway from './payment-gateway.ts';
import { currencyOf } from './settings.ts';

/**
 * The deposit jobs: an online order's create-payment job (queued with the order) asks the gateway for its payment
 * page outside any transaction; the status-query job asks the gateway about orders whose callback never came.
 */

export const CREATE_PAYMENT_JOB = 'deposit.create-payment';
const QUERY_GATEWAY_JOB = 'deposit.query-gateway';

/** Runs of the create-payment job before it gives up (5 s doubling to 5 minutes: about 40 minutes in all). */
export const CREATE_PAYMENT_ATTEMPTS = 12;
const createPaymentDelay = (attempt: number) => Math.min(300_000, 5_000 * 2 ** (attempt - 1));
/** Orders the status-query job asks about in one run. */
const QUERY_BATCH = 100;

type Deposit = store.DepositDb;

/** Where the gateway sends the payer back to: the page they paid from, naming the order so it can say how it went. */
function returnUrl(siteUrl: string, path: string, orderNo: string): string {
  const url = new URL(path, `${siteUrl}/`);
  url.searchParams.set('depositOrder', orderNo);
  return `${siteUrl}${url.pathname}${url.search}${url.hash}`;
}

/**
 * The create-payment job's work: asks the gateway for the order's payment page (outside any transaction) and
 * stores it. A gateway that does not answer leaves the order pending with gateway_unavailable and throws, so the
 * job runs again later; a gateway that refuses the order fails it.
 */
async function createGatewayPayment(deps: AppDeps, depositId: number): Promise<void> {
  const { db, clock, config } = deps;
  const deposit = await store.findDeposit(db, depositId);
  if (deposit?.status !== 'pending' || deposit.payment_url) return;
  const channel = await findChannel(db, deposit.channel_id);
  const account = channel ? gatewayAccount(config, channel) : null;
  if (!channel || !account) {
    await failOrder(deps, deposit, 'gateway_refused', clock.now());
    return;
  }
  const currency = await currencyOf(deps);
  try {
    const payment = await gateway.createPayment(
      account,
      {
        orderNo: deposit.order_no,
        amount: gateway.decimalText(deposit.amount, currency.digits),
        currency: currency.currency,
        notifyUrl: `${config.siteUrl}/wps/payment/callback/${channel.id}`,
        returnUrl: returnUrl(config.siteUrl, deposit.return_path, deposit.order_no),
      },
      clock.now(),
      config.payments.gatewayTimeoutSeconds * 1000,
    );
    await write(db, { isolation: 'read committed' }, (tx) =>
      store.setPayment(tx, deposit.id, {
        gatewayOrder: payment.paymentId,
        paymentUrl: payment.paymentUrl,
        at: clock.now(),
      }),
    );
  } catch (error) {
    if (error instanceof gateway.GatewayRefused) {
      await failOrder(deps, deposit, 'gateway_refused', clock.now());
      return;
    }
    await write(db, { isolation: 'read committed' }, (tx) =>
      store.setGatewayMessage(tx, deposit.id, 'gateway_unavailable', clock.now()),
    );
    throw error;
  }
}

/** Asks the gateway about one pending online order and applies a final answer, as a callback would be. */
async function queryOne(deps: AppDeps, deposit: Deposit, channel: Channel | null): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const account = channel ? gatewayAccount(config, channel) : null;
  let answer: gateway.GatewayStatus | null = null;
  if (account) {
    try {
      answer = await gateway.queryPayment(
        account,
        deposit.order_no,
        now,
        config.payments.gatewayTimeoutSeconds * 1000,
      );
    } catch {
      answer = null;
    }
  }
  if (answer?.fields && (answer.status === 'success' || answer.status === 'failed')) {
    if (!sameAmount(answer.fields, deposit, await currencyOf(deps))) {
      await write(db, { isolation: 'read committed' }, (tx) =>
        store.insertCallback(tx, {
          channelId: deposit.channel_id,
          depositId: deposit.id,
          orderNo: deposit.order_no,
          source: 'query',
          outcome: 'refused_amount',
          body: loggedBody(answer.fields),
          ip: '',
          at: now,
        }),
      );
      return;
    }
    await applyGatewayResult(
      deps,
      deposit,
      answer.status,
      { source: 'query', body: answer.fields, ip: '' },
      now,
    );
    return;
  }
  const expired =
    now.getTime() - deposit.created_at.getTime() >= config.payments.orderExpiryHours * 3_600_000;
  // Only a gateway that answered can say the order was not paid: an unreachable one leaves it pending.
  if (!expired || answer === null) return;
  const failed = await failOrder(deps, deposit, 'expired', now);
  if (!failed) return;
  await write(db, { isolation: 'read committed' }, (tx) =>
    store.insertCallback(tx, {
      channelId: deposit.channel_id,
      depositId: deposit.id,
      orderNo: deposit.order_no,
      source: 'query',
      outcome: 'failed',
      body: loggedBody(answer.fields ?? { status: answer.status, expired: true }),
      ip: '',
      at: now,
    }),
  );
}

/**
 * The status-query job: the online orders pending for longer than the configured minutes, and not asked about for
 * as long, are asked about at their gateway, as real cashiers reconcile orders whose callback never came.
 * Answers how many it asked about.
 */
export async function queryPendingDeposits(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const wait = deps.config.payments.queryAfterMinutes * 60_000;
  const claimed = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.claimPendingGatewayDeposits(tx, {
      createdBefore: new Date(now.getTime() - wait),
      checkedBefore: new Date(now.getTime() - wait),
      limit: QUERY_BATCH,
      at: now,
    }),
  );
  const channels = new Map<number, Channel | null>();
  for (const id of claimed) {
    const deposit = await store.findDeposit(deps.db, id);
    if (deposit?.status !== 'pending') continue;
    if (!channels.has(deposit.channel_id)) {
      channels.set(deposit.channel_id, await findChannel(deps.db, deposit.channel_id));
    }
    await queryOne(deps, deposit, channels.get(deposit.channel_id) ?? null);
  }
  return claimed.length;
}

export function defineDepositJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(CREATE_PAYMENT_JOB, {
    run: (job) => createGatewayPayment(deps, Number(job.payload.depositId)),
    retryDelayMs: createPaymentDelay,
  });
  runner.define(QUERY_GATEWAY_JOB, {
    run: async () => {
      await queryPendingDeposits(deps);
    },
  });
  runner.schedule({
    name: 'deposit-query-gateway',
    kind: QUERY_GATEWAY_JOB,
    cron: deps.config.payments.queryCron,
    timeZone: 'UTC',
    missed: 'skip',
    maxAttempts: 1,
  });
}
