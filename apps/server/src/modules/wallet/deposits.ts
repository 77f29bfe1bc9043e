import {
  type CallbackOutcome,
  DEPOSIT_EXPORT_MAX_ROWS,
  type DepositRow,
  type DepositStatus,
  type DepositView,
  fieldMessage,
  formatMoney,
  type GatewayCallbackRow,
  toMajor,
} from '@tessera/contract';
import type { Transaction } from '../../db/database.ts';
import { asOperator, type Caller, type MemberCaller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import { findBadText, isBadText } from '../../platform/input-text.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { type Localized, sendMessage } from '../inbox/service.ts';
import * as store from './deposit-store.ts';
import { post, publishBalance } from './ledger.ts';
import { orderNo as newOrderNo } from './orders.ts';
import {
  type Channel,
  depositsAvailable,
  findChannel,
  gatewayAccount,
  localizedChannel,
} from './payment-channels.ts';
import * as gateway from './payment-gateway.ts';
import { rejectReason } from './review-reasons.ts';
import { type Currency, currencyOf, minorAmount, moneyText, walletSettingsOf } from './settings.ts';

/**
 * Deposits. A bank transfer waits for a finance operator to confirm or reject it. An online order is created in
 * the database first (with a job in the same transaction); the job then asks the gateway for a payment page,
 * outside any transaction, and the player's page polls the order until the page's address is there. The result
 * arrives as a signed callback, or the status-query job asks the gateway about orders that got none. Every way a
 * deposit ends (callback, query, operator) goes through settle(): one transaction that moves the deposit from
 * pending, posts the ledger once per order, adds the turnover requirement and stores the inbox message.
 */

export const CREATE_PAYMENT_JOB = 'deposit.create-payment';
export const QUERY_GATEWAY_JOB = 'deposit.query-gateway';

/** Runs of the create-payment job before it gives up (5 s doubling to 5 minutes: about 40 minutes in all). */
const CREATE_PAYMENT_ATTEMPTS = 12;
const createPaymentDelay = (attempt: number) => Math.min(300_000, 5_000 * 2 ** (attempt - 1));
/** Orders the status-query job asks about in one run. */
const QUERY_BATCH = 100;
/** A callback's body larger than this is logged as its size only. */
const LOGGED_BODY_MAX = 4000;
/** A callback's body nesting deeper than this is logged as that fact only (a gateway's body is flat). */
const LOGGED_BODY_DEPTH = 16;

/** The reasons the site itself gives for a failed deposit (stored as these keys; operators write their own). */
const SYSTEM_REASONS = {
  gateway_failed: {
    EN: 'the payment was not completed at the payment gateway',
    VI: 'thanh toán chưa được hoàn tất tại cổng thanh toán',
    CN: '支付网关未完成付款',
  },
  gateway_refused: {
    EN: 'the payment gateway refused the order',
    VI: 'cổng thanh toán đã từ chối đơn',
    CN: '支付网关拒绝了该订单',
  },
  expired: {
    EN: 'the order expired before it was paid',
    VI: 'đơn đã hết hạn trước khi được thanh toán',
    CN: '订单在付款前已过期',
  },
} as const satisfies Record<string, Localized>;
type SystemReason = keyof typeof SYSTEM_REASONS;

type Deposit = store.DepositDb;

/** A deposit as its member sees it, the channel named in the member's language (the console's in its own). */
function view(row: Deposit, currency: Currency, language = 'EN'): DepositView {
  return {
    orderNo: row.order_no,
    channelId: row.channel_id,
    channelName: localizedChannel(
      { name: row.channel_name, instructions: '', translations: row.channel_translations },
      language,
    ).name,
    kind: row.kind,
    amount: toMajor(row.amount, currency.digits),
    status: row.status,
    payerReference: row.payer_reference,
    paymentUrl: row.status === 'pending' ? row.payment_url : null,
    gatewayMessage: row.gateway_message,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function consoleView(row: Deposit, currency: Currency): DepositRow {
  return {
    ...view(row, currency),
    paymentUrl: row.payment_url,
    id: Number(row.id),
    memberId: row.member_id,
    username: row.username,
    gatewayOrder: row.gateway_order,
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

// ------------------------------------------------------------------------------------------------- the member

/**
 * A member's deposit order: checked against the channel (enabled, its minimum and maximum, the currency's
 * decimals), stored pending; an online order also queues the job that creates its payment at the gateway.
 */
export async function createDeposit(
  deps: AppDeps,
  member: MemberCaller,
  input: { channelId: number; amount: number; payerReference: string; returnPath?: string | undefined },
  context: { idempotency: IdempotencyKey | null; language: string; now: Date },
): Promise<DepositView> {
  const earlier = await earlierAnswer<DepositView>(deps.db, context.idempotency);
  if (earlier) return earlier;
  if (!(await depositsAvailable(deps.db))) throw new AppError('feature_disabled');
  const channel = await findChannel(deps.db, input.channelId);
  if (!channel?.enabled || (channel.kind === 'gateway' && !channel.gateway_secret)) {
    throw new AppError('channel_unavailable', { channelId: 'invalid_value' });
  }
  const currency = await currencyOf(deps);
  const amount = minorAmount(input.amount, currency, context.language, {
    min: channel.min_amount,
    belowMin: 'deposit_amount_out_of_range',
  });
  if (amount > channel.max_amount) {
    throw new AppError('deposit_amount_out_of_range', {
      amount: fieldMessage('too_big', context.language, {
        max: moneyText(channel.max_amount, currency, context.language),
      }),
    });
  }
  if (channel.kind === 'bank' && input.payerReference === '') {
    throw new AppError('validation_failed', { payerReference: 'required' });
  }
  const order = newOrderNo('D', deps.rng, context.now);
  return write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
    const id = await store.insertDeposit(tx, {
      orderNo: order,
      memberId: member.memberId,
      channelId: channel.id,
      kind: channel.kind,
      amount,
      payerReference: channel.kind === 'bank' ? input.payerReference : '',
      returnPath: input.returnPath ?? '/',
      at: context.now,
    });
    if (channel.kind === 'gateway') {
      await enqueue(
        tx,
        {
          kind: CREATE_PAYMENT_JOB,
          payload: { depositId: Number(id) },
          runAt: context.now,
          maxAttempts: CREATE_PAYMENT_ATTEMPTS,
        },
        context.now,
      );
    }
    const created = await store.findDeposit(tx, id);
    if (!created) throw new Error('the new deposit vanished');
    return view(created, currency, context.language);
  });
}

export async function memberDeposits(
  deps: AppDeps,
  memberId: number,
  query: { status?: DepositStatus | undefined; pageNo: number; pageSize: number },
  language: string,
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.memberDeposits(
    deps.db,
    memberId,
    { status: query.status },
    { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    list: rows.map((row) => view(row, currency, language)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function memberDeposit(
  deps: AppDeps,
  memberId: number,
  orderNo: string,
  language: string,
): Promise<DepositView> {
  const row = await store.findDepositByOrder(deps.db, orderNo);
  if (!row || row.member_id !== memberId) throw new AppError('not_found');
  return view(row, await currencyOf(deps), language);
}

// --------------------------------------------------------------------------------------- settling an order

type Settlement =
  | { status: 'confirmed' }
  | { status: 'failed'; reason: SystemReason }
  | { status: 'rejected'; reason: string };

/**
 * Ends a deposit that is pending, in the caller's transaction: the status, and for a confirmation the ledger
 * posting (key deposit:<order>, so an order is credited once whatever happens), the turnover requirement and the
 * DEPOSIT_SUCCESS message; otherwise DEPOSIT_FAILED with the reason. False when the deposit was not pending.
 */
async function settle(
  tx: Transaction,
  deposit: Deposit,
  settlement: Settlement,
  context: { operatorId: number | null; currency: Currency; now: Date },
): Promise<boolean> {
  const { currency, now } = context;
  const moved = await store.settleDeposit(tx, deposit.id, {
    status: settlement.status,
    reason: settlement.status === 'confirmed' ? '' : settlement.reason,
    ...(settlement.status === 'failed' && settlement.reason === 'gateway_refused'
      ? { gatewayMessage: 'gateway_refused' as const }
      : {}),
    reviewedBy: context.operatorId,
    at: now,
  });
  if (!moved) return false;
  const message = {
    amount: formatMoney(toMajor(deposit.amount, currency.digits), currency.digits),
    currency: currency.currency,
    orderNo: deposit.order_no,
  };
  if (settlement.status !== 'confirmed') {
    const reason =
      settlement.status === 'failed' ? SYSTEM_REASONS[settlement.reason] : rejectReason(settlement.reason);
    await sendMessage(tx, deposit.member_id, 'DEPOSIT_FAILED', { ...message, reason }, now);
    await publishBalance(tx, deposit.member_id);
    return true;
  }
  const posted = await post(
    tx,
    {
      key: `deposit:${deposit.order_no}`,
      kind: 'deposit',
      memberId: deposit.member_id,
      reference: `deposit:${deposit.order_no}`,
      operatorId: context.operatorId,
      legs: [
        { account: { member: deposit.member_id, wallet: 'main' }, amount: deposit.amount },
        { account: { system: 'merchant:cash' }, amount: -deposit.amount },
      ],
    },
    now,
  );
  if (posted.replayed) return true;
  const turnover = requiredTurnover(deposit.amount, (await walletSettingsOf(tx)).turnoverMultiple);
  if (turnover > 0n) await store.addRequiredTurnover(tx, deposit.member_id, turnover, now);
  await sendMessage(tx, deposit.member_id, 'DEPOSIT_SUCCESS', message, now);
  return true;
}

/** amount × multiple, rounded up to a minor unit, without floating-point arithmetic on the money. */
export function requiredTurnover(amount: bigint, multiple: number): bigint {
  if (!(multiple > 0)) return 0n;
  const text = multiple.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  const [whole = '0', fraction = ''] = text.split('.');
  const numerator = BigInt(whole + fraction);
  const denominator = 10n ** BigInt(fraction.length);
  return (amount * numerator + denominator - 1n) / denominator;
}

type GatewayResult = 'success' | 'failed' | 'pending';

/**
 * What a gateway said about an order (a verified callback, or the answer to a status query), applied under the
 * deposit's row lock and logged with what it did: credited or failed once; a repeat is a duplicate; a result for
 * an order already ended otherwise is logged as not_pending for finance to look at.
 */
async function applyGatewayResult(
  deps: AppDeps,
  deposit: Deposit,
  result: GatewayResult,
  record: { source: 'callback' | 'query'; body: unknown; ip: string },
  now: Date,
): Promise<CallbackOutcome> {
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const locked = await store.lockDeposit(tx, deposit.id);
    if (!locked) throw new Error(`deposit ${deposit.id} vanished`);
    let outcome: CallbackOutcome;
    if (result === 'pending') {
      outcome = 'still_pending';
    } else if (locked.status !== 'pending') {
      const same =
        (result === 'success' && locked.status === 'confirmed') ||
        (result === 'failed' && locked.status === 'failed');
      outcome = same ? 'duplicate' : 'not_pending';
    } else {
      const settlement: Settlement =
        result === 'success' ? { status: 'confirmed' } : { status: 'failed', reason: 'gateway_failed' };
      await settle(tx, locked, settlement, { operatorId: null, currency, now });
      outcome = result === 'success' ? 'credited' : 'failed';
    }
    if (!(record.source === 'query' && outcome === 'still_pending')) {
      await store.insertCallback(tx, {
        channelId: locked.channel_id,
        depositId: locked.id,
        orderNo: locked.order_no,
        source: record.source,
        outcome,
        body: loggedBody(record.body),
        ip: record.ip,
        at: now,
      });
    }
    return outcome;
  });
}

/**
 * A callback's body as logged: as it came, or only its size when it is large, or only that it nests deeper than
 * LOGGED_BODY_DEPTH (JSON.stringify recurses: a body nested thousands of levels would overflow the stack), or only
 * where it holds text the database cannot store.
 */
function loggedBody(body: unknown): unknown {
  if (nestsDeeper(body, LOGGED_BODY_DEPTH)) return { truncated: true, deeperThan: LOGGED_BODY_DEPTH };
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is named by where it was, not stored.
  const badText = findBadText(body);
  if (badText !== null) return { truncated: true, badTextAt: badText };
  const text = JSON.stringify(body ?? {});
  return text.length > LOGGED_BODY_MAX ? { truncated: true, size: text.length } : (body ?? {});
}

/** Whether objects and arrays nest more than `limit` levels in the value (walked without recursion). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (!item || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Fails a pending order for a reason of the site's own (gateway refused it, it expired), once. */
async function failOrder(deps: AppDeps, deposit: Deposit, reason: SystemReason, now: Date): Promise<boolean> {
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const locked = await store.lockDeposit(tx, deposit.id);
    if (locked?.status !== 'pending') return false;
    return settle(tx, locked, { status: 'failed', reason }, { operatorId: null, currency, now });
  });
}

// ------------------------------------------------------------------------------------------ the gateway side

/** Checks the amount and currency a gateway reports against the order's. */
function sameAmount(fields: gateway.Fields, deposit: Deposit, currency: Currency): boolean {
  const reported = gateway.minorOfDecimal(fields.amount ?? '', currency.digits);
  return (
    reported === deposit.amount && (fields.currency ?? '').toUpperCase() === currency.currency.toUpperCase()
  );
}

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
    await logRefusedCallback(deps, { channel, deposit, outcome, body: raw, ip, now });
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

/** Logs a refused callback (it credits nothing): the channel and order it names, if any, and its body. */
async function logRefusedCallback(
  deps: AppDeps,
  refused: {
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
      source: 'callback',
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
): Promise<void> {
  const id = String((request.params as { id?: unknown } | undefined)?.id ?? '');
  const channel = /^[1-9]\d{0,8}$/.test(id) ? await findChannel(deps.db, Number(id)) : null;
  await logRefusedCallback(deps, {
    channel,
    outcome: 'refused_malformed',
    body: request.body ?? {},
    ip: request.ip,
    now: deps.clock.now(),
  });
}

/** Where the gateway sends the payer back to: the page they paid from, naming the order so it can say how it went. */
export function returnUrl(siteUrl: string, path: string, orderNo: string): string {
  const url = new URL(path, `${siteUrl}/`);
  url.searchParams.set('depositOrder', orderNo);
  return `${siteUrl}${url.pathname}${url.search}${url.hash}`;
}

/**
 * The create-payment job's work: asks the gateway for the order's payment page (outside any transaction) and
 * stores it. A gateway that does not answer leaves the order pending with gateway_unavailable and throws, so the
 * job runs again later; a gateway that refuses the order fails it.
 */
export async function createGatewayPayment(deps: AppDeps, depositId: number): Promise<void> {
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

// --------------------------------------------------------------------------------------------- the console

type OperatorCall = { caller: Caller; ip: string; now: Date; idempotency: IdempotencyKey | null };

/** A finance operator's decision on a pending deposit, audited in the transaction that applies it. */
async function review(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  decision: { status: 'confirmed' } | { status: 'rejected'; reason: string },
): Promise<DepositRow> {
  const who = asOperator(call.caller);
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed', idempotency: call.idempotency }, async (tx) => {
    const deposit = await store.lockDeposit(tx, id);
    if (!deposit) throw new AppError('not_found');
    if (deposit.status !== 'pending') throw new AppError('deposit_not_pending');
    if (decision.status === 'confirmed' && deposit.kind !== 'bank') {
      throw new AppError('deposit_gateway_managed');
    }
    await settle(tx, deposit, decision, { operatorId: who.operatorId, currency, now: call.now });
    const after = await store.findDeposit(tx, deposit.id);
    if (!after) throw new Error('the reviewed deposit vanished');
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'deposit',
        action: decision.status === 'confirmed' ? 'confirm' : 'reject',
        entityId: deposit.order_no,
        before: { status: deposit.status },
        after: {
          status: after.status,
          memberId: deposit.member_id,
          amount: toMajor(deposit.amount, currency.digits),
          ...(decision.status === 'rejected' ? { reason: decision.reason } : {}),
        },
      },
      call.now,
    );
    return consoleView(after, currency);
  });
}

export const confirmDeposit = (deps: AppDeps, call: OperatorCall, id: number) =>
  review(deps, call, id, { status: 'confirmed' });

export const rejectDeposit = (deps: AppDeps, call: OperatorCall, id: number, reason: string) =>
  review(deps, call, id, { status: 'rejected', reason });

export interface ConsoleQuery {
  status?: DepositStatus | undefined;
  kind?: 'bank' | 'gateway' | undefined;
  member?: string | undefined;
  orderNo?: string | undefined;
  channelId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: store.ConsoleFilter['sort'];
}

function consoleFilter(query: ConsoleQuery): store.ConsoleFilter {
  return {
    ...query,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

export async function consoleDeposits(
  deps: AppDeps,
  query: ConsoleQuery & { pageNo: number; pageSize: number },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.consoleDeposits(deps.db, consoleFilter(query), {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    list: rows.map((row) => consoleView(row, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: currency.currency,
    currencySymbol: currency.currencySymbol,
    digits: currency.digits,
  };
}

const CSV_COLUMNS = [
  'orderNo',
  'createdAt',
  'settledAt',
  'status',
  'kind',
  'channel',
  'username',
  'memberId',
  'amount',
  'currency',
  'payerReference',
  'gatewayOrder',
  'reason',
  'reviewedBy',
  'reviewedAt',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The deposits the filter finds as CSV (UTF-8 with a byte-order mark, CRLF lines), in the filter's order. */
export async function exportDepositsCsv(deps: AppDeps, query: ConsoleQuery): Promise<string> {
  const currency = await currencyOf(deps);
  const { rows, more } = await store.exportDeposits(deps.db, consoleFilter(query), DEPOSIT_EXPORT_MAX_ROWS);
  if (more) throw new AppError('export_too_large');
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values: Record<(typeof CSV_COLUMNS)[number], string> = {
      orderNo: row.order_no,
      createdAt: row.created_at.toISOString(),
      settledAt: row.settled_at?.toISOString() ?? '',
      status: row.status,
      kind: row.kind,
      channel: row.channel_name,
      username: row.username,
      memberId: String(row.member_id),
      amount: gateway.decimalText(row.amount, currency.digits),
      currency: currency.currency,
      payerReference: row.payer_reference,
      gatewayOrder: row.gateway_order ?? '',
      reason: row.reason,
      reviewedBy: row.reviewed_by ?? '',
      reviewedAt: row.reviewed_at?.toISOString() ?? '',
    };
    lines.push(CSV_COLUMNS.map((column) => csvField(values[column])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function callbackLog(
  deps: AppDeps,
  query: {
    orderNo?: string | undefined;
    outcome?: CallbackOutcome | undefined;
    channelId?: number | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const { rows, total } = await store.callbacksPage(deps.db, query, {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    list: rows.map(
      (row): GatewayCallbackRow => ({
        id: Number(row.id),
        channelId: row.channel_id,
        channelName: row.channel_name,
        orderNo: row.order_no,
        source: row.source,
        outcome: row.outcome,
        body: row.body,
        ip: row.ip,
        receivedAt: row.received_at.toISOString(),
      }),
    ),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
