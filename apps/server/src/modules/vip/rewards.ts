import {
  type RankProgress,
  toMajor,
  VIP_CONTACT_ABOVE_RANK,
  type VipOverview,
  type VipReward,
} from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { isoDate, localDate } from '../../platform/zoned-time.ts';
import { validBetsBetween } from '../agents/member-days.ts';
import { siteSettings } from '../system/settings.ts';
import { currencyOf } from '../wallet/settings.ts';
import { creditBonus } from './bonus.ts';
import { mondayOf, vipTimeZone } from './growth.ts';
import { levelStanding, levelView } from './levels.ts';
import * as store from './store.ts';

export function rewardView(row: store.RewardDb, digits: number): VipReward {
  return {
    id: Number(row.id),
    kind: row.kind,
    period: row.period,
    rank: row.rank,
    amount: toMajor(row.amount, digits),
    turnoverMultiple: row.turnover_multiple,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    claimedAt: row.claimed_at?.toISOString() ?? null,
  };
}

/** /vip: the levels, the member's level and growth towards the next, this week's and month's bets, the rewards. */
export async function vipOverview(deps: AppDeps, memberId: number, now: Date): Promise<VipOverview> {
  const [member, levels, rewards, currency, timeZone, site] = await Promise.all([
    store.vipMember(deps.db, memberId),
    store.levels(deps.db),
    store.rewardsOf(deps.db, memberId),
    currencyOf(deps),
    vipTimeZone(deps),
    siteSettings(deps.db),
  ]);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  const { current, next, progress } = levelStanding(levels, member);
  const today = localDate(now, timeZone);
  const monday = mondayOf(today);
  const first = { ...today, day: 1 };
  const [week, month] = await Promise.all([
    validBetsBetween(deps.db, isoDate(monday), isoDate(today), [memberId]),
    validBetsBetween(deps.db, isoDate(first), isoDate(today), [memberId]),
  ]);
  const eligible = member.rank > VIP_CONTACT_ABOVE_RANK;
  return {
    ...currency,
    levels: levels.map((level) => levelView(level, currency)),
    rank: current?.rank ?? member.rank,
    rankName: current?.name ?? `VIP${member.rank}`,
    growth: Number(member.growth),
    nextRank: next?.rank ?? null,
    nextGrowth: next ? Number(next.growth) : null,
    progress,
    week: {
      start: isoDate(monday),
      validBet: major(week.get(memberId) ?? 0n),
      minValidBet: major(current?.weekly_min_valid_bet ?? 0n),
      reward: major(current?.weekly_reward ?? 0n),
    },
    month: {
      start: isoDate(first),
      validBet: major(month.get(memberId) ?? 0n),
      minValidBet: major(current?.monthly_min_valid_bet ?? 0n),
      reward: major(current?.monthly_reward ?? 0n),
    },
    rewards: rewards.map((reward) => rewardView(reward, currency.digits)),
    vipContact: eligible && site.vipChatUrl ? site.vipChatUrl : null,
    vipContactEligible: eligible,
  };
}

const BONUS_SOURCES = { level_up: 'vip_level_up', weekly: 'vip_weekly', monthly: 'vip_monthly' } as const;

/**
 * Claims an available reward (weekly, monthly, or a level-up bonus issued to claim): one bonus posting
 * (vip-reward:<id>) with its wagering requirement.
 * Another member's reward answers vip_reward_not_found; a claimed one, vip_reward_claimed.
 */
export async function claimReward(
  deps: AppDeps,
  memberId: number,
  id: number,
  request: { now: Date; idempotency: IdempotencyKey | null },
): Promise<VipReward> {
  const currency = await currencyOf(deps);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const reward = await store.rewardForUpdate(tx, memberId, id);
    if (!reward) throw new AppError('vip_reward_not_found');
    if (reward.status === 'claimed') throw new AppError('vip_reward_claimed');
    const transactionId = await creditBonus(
      tx,
      {
        memberId,
        key: `vip-reward:${reward.id}`,
        amount: reward.amount,
        turnoverMultiple: reward.turnover_multiple,
        source: BONUS_SOURCES[reward.kind],
      },
      request.now,
    );
    await publish(tx, { type: 'rewards.changed' }, { member: memberId });
    return rewardView(await store.markClaimed(tx, reward.id, transactionId, request.now), currency.digits);
  });
}

/** The member's VIP rewards to claim (the rewards centre), oldest first. */
export async function claimableVipRewards(deps: Pick<AppDeps, 'db' | 'config'>, memberId: number) {
  const [rows, currency] = await Promise.all([store.availableRewardsOf(deps.db, memberId), currencyOf(deps)]);
  return rows.map((row) => rewardView(row, currency.digits));
}

/** The member's VIP rewards received since the instant (claimed, or paid at a level-up), newest first. */
export async function receivedVipRewards(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  since: Date,
  limit: number,
) {
  const [rows, currency] = await Promise.all([
    store.rewardsClaimedSince(deps.db, memberId, since, limit),
    currencyOf(deps),
  ]);
  return rows.map((row) => rewardView(row, currency.digits));
}

/**
 * MCSFE_getPlayerRankProgress in the original's shape, from the one VIP model (growth points, not money): the
 * member's level and the next; `totalTurnover` is the growth against the next level's threshold, `monthlyTurnover`
 * this merchant month's growth against what keeps the member's level; `progress` as /vip shows it. A level's
 * `totalTurnover` and `monthlyTurnover` are its growth threshold and its keep requirement.
 */
export async function rankProgress(deps: AppDeps, memberId: number, now: Date): Promise<RankProgress> {
  const [member, levels, timeZone] = await Promise.all([
    store.vipMember(deps.db, memberId),
    store.levels(deps.db),
    vipTimeZone(deps),
  ]);
  const { current, next, progress } = levelStanding(levels, member);
  const month = await store.growthSince(deps.db, memberId, isoDate({ ...localDate(now, timeZone), day: 1 }));
  return {
    playerRank: current?.rank ?? member.rank,
    playerRankName: current?.name ?? `VIP${member.rank}`,
    nextRank: next?.rank ?? null,
    nextRankName: next?.name ?? null,
    monthlyTurnover: { actual: Number(month), expected: Number(current?.keep_growth ?? 0n) },
    totalTurnover: { actual: Number(member.growth), expected: Number(next?.growth ?? 0n) },
    progress,
    levels: levels.map((level) => ({
      rank: level.rank,
      rankName: level.name,
      monthlyTurnover: Number(level.keep_growth),
      totalTurnover: Number(level.growth),
    })),
  };
}
