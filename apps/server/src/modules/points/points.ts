import {
  GAME_TYPES,
  type PointBalance,
  type PointConfig,
  type PointConversion,
  type RedeemRecord,
  toMajor,
} from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { addDays, isoDate, type LocalDate } from '../../platform/zoned-time.ts';
import { verifyPaymentPassword } from '../accounts/payment-password.ts';
import { memberDay } from '../agents/member-days.ts';
import { drainRollupQueue } from '../agents/rollups.ts';
import * as ledger from '../wallet/ledger.ts';
import { orderNo } from '../wallet/orders.ts';
import { currencyOf, paymentPasswordPolicy, walletSettingsOf } from '../wallet/settings.ts';
import { openObligation } from '../wallet/turnover.ts';
import { cashFor, pointsFor, pointsSettings, ratesView } from './settings.ts';
import * as store from './store.ts';

/**
 * Points (issue 24 parts 1 and 2; design note §B9). Each merchant day's valid bets per member and product type (the
 * team roll-ups, agents/member-days.ts) earn floor(valid bet × the product's rate) points, up to the daily cap per
 * member (products in their fixed order). The daily job (jobs.ts) credits each (member, product, day) once,
 * whatever the number of runners: the day is claimed in points_runs in its transaction, the posting's key is
 * points-earned:<member>:<product>:<day>, and points_earnings' unique key stops a second row. Points never expire.
 *
 * Conversion: `ratio` points make one major unit of cash, from the minimum on, with the payment password. One
 * posting moves the points to house:points and the cash from house:bonuses (the house's money account that pays
 * every promotional credit: house:points holds points, not money, so it cannot fund cash and the two units each
 * balance on their own), and the cash opens a turnover obligation of source points at the configured multiple.
 */

/** Days done at most per run: a downtime of up to a week is caught up. */
const CATCH_UP_DAYS = 7;

/** Credits the points of the merchant days up to `through` not done yet. */
export async function runPointsDays(deps: AppDeps, through: LocalDate, now: Date): Promise<void> {
  await drainRollupQueue(deps.db);
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back -= 1) await earnDay(deps, addDays(through, -back), now);
}

async function earnDay(deps: AppDeps, date: LocalDate, now: Date): Promise<void> {
  const currency = await currencyOf(deps);
  const day = isoDate(date);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (!(await store.claimRun(tx, day, now))) return;
    const [settings, figures] = await Promise.all([pointsSettings(tx), memberDay(tx, day)]);
    for (const [memberId, { validBets }] of figures) {
      let left = settings.dailyCap;
      for (const product of GAME_TYPES) {
        const validBet = validBets.get(product) ?? 0n;
        const rateMicro = settings.rates.get(product) ?? 0n;
        if (validBet <= 0n || rateMicro <= 0n) continue;
        let points = pointsFor(validBet, rateMicro, currency.digits);
        if (left !== null && left < points) points = left;
        if (points <= 0n) continue;
        const key = `points-earned:${memberId}:${product}:${day}`;
        const posted = await ledger.post(
          tx,
          {
            key,
            kind: 'points',
            memberId,
            reference: key,
            legs: [
              { account: { member: memberId, wallet: 'points' }, amount: points },
              { account: { system: 'house:points' }, amount: -points },
            ],
          },
          now,
        );
        if (posted.replayed) continue;
        await store.insertEarning(
          tx,
          { memberId, day, product, validBet, rateMicro, points, transactionId: posted.transactionId },
          now,
        );
        if (left !== null) left -= points;
      }
    }
  });
}

/** MCS2_getPointBalance: the balance, every point ever received (returned ones not counted twice), its cash worth. */
export async function pointBalance(deps: AppDeps, memberId: number): Promise<PointBalance> {
  const [currency, settings, account, returned] = await Promise.all([
    currencyOf(deps),
    pointsSettings(deps.db),
    ledger.balanceAndCredits(deps.db, memberId, 'points'),
    store.returnedPoints(deps.db, memberId),
  ]);
  const worth = (account.balance * 10n ** BigInt(currency.digits)) / settings.ratio;
  return {
    ...currency,
    balance: Number(account.balance),
    accumulated: Number(account.credited - returned),
    ratio: Number(settings.ratio),
    cashValue: toMajor(worth, currency.digits),
  };
}

/** MCS2_getPointConfig: the conversion rules and the earning rates; points never expire. */
export async function pointConfig(deps: AppDeps): Promise<PointConfig> {
  const [currency, settings] = await Promise.all([currencyOf(deps), pointsSettings(deps.db)]);
  return {
    ...currency,
    ratio: Number(settings.ratio),
    minPoints: Number(settings.minPoints),
    turnoverMultiple: settings.turnoverMultiple,
    dailyCap: settings.dailyCap === null ? null : Number(settings.dailyCap),
    rates: ratesView(settings),
    expires: false,
  };
}

/** MCSFE_getPointRewardConversionType: the ways points leave the balance. */
export function conversionTypes() {
  return {
    list: [
      { type: 'CONVERT' as const },
      { type: 'BONUS' as const },
      { type: 'PHYSICAL' as const },
      { type: 'TICKET' as const },
    ],
  };
}

/**
 * Converts points to cash: from the minimum, a number that makes whole minor units, not more than the balance, the
 * payment password right (wrong ones count toward its lock, as a withdrawal's). One posting, its obligation.
 */
export async function convertPoints(
  deps: AppDeps,
  memberId: number,
  input: { points: number; paymentPassword: string },
  request: { now: Date; idempotency: IdempotencyKey | null },
): Promise<PointConversion> {
  const earlier = await earlierAnswer<PointConversion>(deps.db, request.idempotency);
  if (earlier) return earlier;
  const [currency, settings, walletSettings] = await Promise.all([
    currencyOf(deps),
    pointsSettings(deps.db),
    walletSettingsOf(deps.db),
  ]);
  const points = BigInt(input.points);
  if (points < settings.minPoints) {
    throw new AppError('points_below_minimum', { points: 'points_below_minimum' });
  }
  const amount = cashFor(points, settings.ratio, currency.digits);
  if (amount === null || amount <= 0n) {
    throw new AppError('points_not_convertible', { points: 'points_not_convertible' });
  }
  await verifyPaymentPassword(
    deps,
    memberId,
    input.paymentPassword,
    paymentPasswordPolicy(walletSettings),
    request.now,
  );
  const order = orderNo('P', deps.rng, request.now);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const balance = await ledger.lockedBalance(tx, memberId, 'points');
    if (balance < points) throw new AppError('points_insufficient');
    const key = `points-conversion:${order}`;
    const posted = await ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'points' }, amount: -points },
          { account: { system: 'house:points' }, amount: points },
          { account: { member: memberId, wallet: 'main' }, amount },
          { account: { system: 'house:bonuses' }, amount: -amount },
        ],
      },
      request.now,
    );
    await store.insertConversion(
      tx,
      {
        orderNo: order,
        memberId,
        points,
        amount,
        ratio: settings.ratio,
        turnoverMultiple: settings.turnoverMultiple,
        transactionId: posted.transactionId,
      },
      request.now,
    );
    await openObligation(
      tx,
      { memberId, source: 'points', sourceRef: key, amount, multiple: settings.turnoverMultiple },
      request.now,
    );
    return {
      ...currency,
      transactionNo: order,
      points: Number(points),
      amount: toMajor(amount, currency.digits),
      turnoverMultiple: settings.turnoverMultiple,
      balance: Number(balance - points),
    };
  });
}

function recordView(row: store.RecordDb, digits: number): RedeemRecord {
  return {
    transactionNo: row.order_no,
    exchangeType: row.exchange_type,
    productName: row.product_name,
    quantity: row.quantity,
    requiredPoints: Number(row.points),
    requiredAmount: toMajor(row.amount, digits),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    remark: row.remark,
  };
}

/** MCS2_getRedeemPointList: the member's conversions and redemptions, newest first. */
export async function redeemHistory(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.memberRecords(
    deps.db,
    memberId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  return { ...currency, list: rows.map((row) => recordView(row, currency.digits)), total, ...paging };
}
