import {
  GAME_TYPES,
  type GameType,
  REBATE_CLAIM_DAYS,
  type Rebate,
  type RebateOverview,
  toMajor,
} from '@tessera/contract';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { addDays, DAY_MS, isoDate, type LocalDate, localDate } from '../../platform/zoned-time.ts';
import { memberDay, validBetsOfMemberDay } from '../agents/member-days.ts';
import { drainRollupQueue } from '../agents/rollups.ts';
import { vipTimeZone as merchantTimeZone } from '../vip/growth.ts';
import { memberRanks } from '../vip/levels.ts';
import * as ledger from '../wallet/ledger.ts';
import { currencyOf } from '../wallet/settings.ts';
import { openObligation } from '../wallet/turnover.ts';
import {
  manualRebate,
  type RebateSettings,
  rateOf,
  rebateAmount,
  rebateSettings,
  rebatesOn,
  tierOf,
  tiersFor,
} from './settings.ts';
import * as store from './store.ts';

/**
 * Player rebates 返水 (design note §B1). Each merchant day's valid bets per member and product type (the team
 * roll-ups, agents/member-days.ts) earn the rate of the tier they reach in the member's VIP level's rates:
 * rebate = valid bet × rate, rounded down; a rebate below the minimum payout is not issued. The daily job
 * (jobs.ts) issues each (member, product, day) once, whatever the number of runners: the day is claimed in
 * rebate_runs in its transaction, and rebates' unique key stops any second insert. In auto mode a rebate is paid at
 * once (one posting of kind rebate from house:bonuses, key rebate:<id>, and its turnover obligation of source
 * rebate); with manual rebate (MANUALREBATE3) it is issued to claim for 7 days, then expires.
 */

/** Days done at most per run: a downtime of up to a week is caught up. */
const CATCH_UP_DAYS = 7;

/** The member's rebate pages and calls answer feature_disabled while player rebate is off. */
async function assertRebatesOn(deps: Pick<AppDeps, 'db'>): Promise<void> {
  if (!(await rebatesOn(deps.db))) throw new AppError('feature_disabled');
}

/** Valid bet → the rebate of the member's level's tier for the product; null below the first tier. */
function figure(settings: RebateSettings, product: string, rank: number, validBet: bigint) {
  const tier = validBet > 0n ? tierOf(tiersFor(settings, product, rank), validBet) : null;
  if (!tier) return null;
  return { rateBp: tier.rateBp, amount: rebateAmount(validBet, tier.rateBp) };
}

/** Issues the rebates of the merchant days up to `through` not done yet, then expires unclaimed ones. */
export async function runRebateDays(deps: AppDeps, through: LocalDate, now: Date): Promise<void> {
  await drainRollupQueue(deps.db);
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back -= 1) await issueDay(deps, addDays(through, -back), now);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    for (const memberId of await store.expire(tx, now)) await rewardsChanged(tx, memberId);
  });
}

/** What the member can claim changed (issued, claimed, expired): its rewards centre and badge hear it on commit. */
function rewardsChanged(tx: Transaction, memberId: number): Promise<void> {
  return publish(tx, { type: 'rewards.changed' }, { member: memberId });
}

async function issueDay(deps: AppDeps, day: LocalDate, now: Date): Promise<void> {
  const currency = await currencyOf(deps);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    // A day ended while player rebate was off is done with nothing issued.
    if (!(await store.claimRun(tx, isoDate(day), now)) || !(await rebatesOn(tx))) return;
    const [settings, manual, figures] = await Promise.all([
      rebateSettings(tx, currency),
      manualRebate(tx),
      memberDay(tx, isoDate(day)),
    ]);
    const ranks = await memberRanks(tx, [...figures.keys()]);
    for (const [memberId, { validBets }] of figures) {
      for (const [product, validBet] of validBets) {
        const earned = figure(settings, product, ranks.get(memberId) ?? 0, validBet);
        if (!earned || earned.amount <= 0n || earned.amount < settings.minPayout) continue;
        const rebate = await store.insertRebate(
          tx,
          {
            memberId,
            day: isoDate(day),
            product,
            validBet,
            rateBp: earned.rateBp,
            amount: earned.amount,
            turnoverMultiple: settings.turnoverMultiple,
            status: manual ? 'available' : 'paid',
            expiresAt: manual ? new Date(now.getTime() + REBATE_CLAIM_DAYS * DAY_MS) : null,
          },
          now,
        );
        if (rebate && !manual) await pay(tx, rebate, 'paid', now);
        if (rebate && manual) await rewardsChanged(tx, memberId);
      }
    }
  });
}

/** The rebate's credit: one posting from house:bonuses (idempotent by rebate:<id>) and its obligation. */
async function pay(tx: Transaction, rebate: store.RebateDb, status: 'paid' | 'claimed', now: Date) {
  const key = `rebate:${rebate.id}`;
  const posted = await ledger.post(
    tx,
    {
      key,
      kind: 'rebate',
      memberId: rebate.member_id,
      reference: key,
      legs: [
        { account: { member: rebate.member_id, wallet: 'main' }, amount: rebate.amount },
        { account: { system: 'house:bonuses' }, amount: -rebate.amount },
      ],
    },
    now,
  );
  if (!posted.replayed) {
    await openObligation(
      tx,
      {
        memberId: rebate.member_id,
        source: 'rebate',
        sourceRef: key,
        amount: rebate.amount,
        multiple: rebate.turnover_multiple,
      },
      now,
    );
  }
  return store.markPaid(tx, rebate.id, status, posted.transactionId, now);
}

function rebateView(row: store.RebateDb, digits: number): Rebate {
  return {
    id: Number(row.id),
    day: row.day,
    product: row.product as GameType,
    validBet: toMajor(row.valid_bet, digits),
    rate: rateOf(row.rate_bp),
    amount: toMajor(row.amount, digits),
    turnoverMultiple: row.turnover_multiple,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    paidAt: row.paid_at?.toISOString() ?? null,
  };
}

/** The rates a member of the rank gets, per product type that has any. */
function ratesFor(settings: RebateSettings, rank: number, digits: number) {
  return GAME_TYPES.map((product) => ({
    product,
    tiers: tiersFor(settings, product, rank).map((tier) => ({
      minValidBet: toMajor(tier.minValidBet, digits),
      rate: rateOf(tier.rateBp),
    })),
  })).filter((row) => row.tiers.length > 0);
}

/** bonusDetails: today's accrual so far per product (computed from the roll-ups, not paid) and the level's rates. */
export async function rebateOverview(deps: AppDeps, memberId: number, now: Date): Promise<RebateOverview> {
  await assertRebatesOn(deps);
  const currency = await currencyOf(deps);
  const [settings, manual, timeZone, ranks] = await Promise.all([
    rebateSettings(deps.db, currency),
    manualRebate(deps.db),
    merchantTimeZone(deps),
    memberRanks(deps.db, [memberId]),
  ]);
  const rank = ranks.get(memberId) ?? 0;
  const today = isoDate(localDate(now, timeZone));
  const bets = await validBetsOfMemberDay(deps.db, memberId, today);
  const accrual = GAME_TYPES.filter((product) => bets.has(product)).map((product) => {
    const validBet = bets.get(product) ?? 0n;
    const earned = figure(settings, product, rank, validBet);
    return {
      product,
      validBet: toMajor(validBet, currency.digits),
      rate: earned ? rateOf(earned.rateBp) : 0,
      amount: toMajor(earned?.amount ?? 0n, currency.digits),
    };
  });
  return {
    ...currency,
    day: today,
    rank,
    manual,
    claimDays: REBATE_CLAIM_DAYS,
    minPayout: toMajor(settings.minPayout, currency.digits),
    accrual,
    total: accrual.reduce((sum, row) => sum + row.amount, 0),
    rates: ratesFor(settings, rank, currency.digits),
  };
}

export async function rebateHistory(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
) {
  await assertRebatesOn(deps);
  const currency = await currencyOf(deps);
  const { rows, total } = await store.rebatesOf(
    deps.db,
    memberId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  return { list: rows.map((row) => rebateView(row, currency.digits)), total, ...paging };
}

/**
 * Claims an available rebate (manual rebate) before it expires: its credit, once. Another member's rebate answers
 * rebate_not_found; a paid, claimed or expired one (or one past its claim period) rebate_not_claimable.
 */
export async function claimRebate(
  deps: AppDeps,
  memberId: number,
  id: number,
  request: { now: Date; idempotency: IdempotencyKey | null },
): Promise<Rebate> {
  await assertRebatesOn(deps);
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const rebate = await store.rebateForUpdate(tx, memberId, id);
    if (!rebate) throw new AppError('rebate_not_found');
    const open =
      rebate.status === 'available' && rebate.expires_at !== null && rebate.expires_at > request.now;
    if (!open) throw new AppError('rebate_not_claimable');
    await rewardsChanged(tx, memberId);
    return rebateView(await pay(tx, rebate, 'claimed', request.now), currency.digits);
  });
}

/** The member's rebates to claim now (manual rebate; none while player rebate is off), soonest expiry first. */
export async function claimableRebates(deps: Pick<AppDeps, 'db' | 'config'>, memberId: number, now: Date) {
  if (!(await rebatesOn(deps.db))) return [];
  const [rows, currency] = await Promise.all([store.claimableOf(deps.db, memberId, now), currencyOf(deps)]);
  return rows.map((row) => rebateView(row, currency.digits));
}

/** The member's rebates paid or claimed since the instant, newest first. */
export async function receivedRebates(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  since: Date,
  limit: number,
) {
  const [rows, currency] = await Promise.all([
    store.receivedSince(deps.db, memberId, since, limit),
    currencyOf(deps),
  ]);
  return rows.map((row) => rebateView(row, currency.digits));
}

/**
 * MCSFE_getCustomerRebateSettingByProductType: the tiers of the member's level per product type (one with
 * productType), thresholds in major units and rates in percent. The original's answer is not documented beyond its
 * name; this shape is Tessera's reading of it.
 */
export async function originalRebateSetting(
  deps: AppDeps,
  memberId: number,
  productType: string | undefined,
) {
  await assertRebatesOn(deps);
  const currency = await currencyOf(deps);
  const [settings, ranks] = await Promise.all([
    rebateSettings(deps.db, currency),
    memberRanks(deps.db, [memberId]),
  ]);
  const rank = ranks.get(memberId) ?? 0;
  return {
    playerRank: rank,
    list: ratesFor(settings, rank, currency.digits)
      .filter((row) => !productType || row.product === productType)
      .map((row) => ({
        productType: row.product,
        rebateSettings: row.tiers.map((tier) => ({
          validBetAmount: tier.minValidBet,
          rebateRate: tier.rate,
        })),
      })),
  };
}

/** The console's list of issued and paid rebates, newest day first. */
export async function rebatesForConsole(
  deps: AppDeps,
  query: {
    pageNo: number;
    pageSize: number;
    status?: string | undefined;
    product?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    username?: string | undefined;
  },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listRebates(
    deps.db,
    {
      status: query.status ?? null,
      product: query.product ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      username: query.username || null,
    },
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  return {
    ...currency,
    list: rows.map((row) => ({
      ...rebateView(row, currency.digits),
      memberId: row.member_id,
      username: row.username,
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
