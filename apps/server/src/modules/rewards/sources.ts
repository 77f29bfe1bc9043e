import type { Rebate, RewardItem, RewardSource, VipReward } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import {
  claimablePromotions,
  claimPromotion,
  type PromotionReward,
  receivedPromotions,
} from '../promotions/promotions.ts';
import { claimableRebates, claimRebate, receivedRebates } from '../rebates/rebates.ts';
import { receivedReferralRewards } from '../vip/referral.ts';
import { claimableVipRewards, claimReward, receivedVipRewards } from '../vip/rewards.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/**
 * One area's rewards as the rewards centre shows them. The area owns its rewards: listing and claiming go through
 * its own service (its rules, its idempotent claim, its tables); this only puts them in one shape. An area joins
 * the centre (and the badge's count) by adding its source to REWARD_SOURCE_LIST.
 */
export interface RewardSourceDef {
  source: RewardSource;
  /** What the member can claim now (titles of the source's own in the reader's language). */
  claimable(deps: Deps, memberId: number, now: Date, language: string): Promise<RewardItem[]>;
  /** Claims one through the owning area (refusals are the area's own); absent where nothing is claimed by hand. */
  claim?(
    deps: AppDeps,
    memberId: number,
    id: number,
    request: { now: Date; idempotency: IdempotencyKey | null; language: string },
  ): Promise<RewardItem>;
  /** What the member received since the instant, newest first. */
  received(deps: Deps, memberId: number, since: Date, limit: number, language: string): Promise<RewardItem[]>;
}

const blank = { title: null, period: null, product: null, expiresAt: null, claimedAt: null };

function vipItem(reward: VipReward): RewardItem {
  return {
    ...blank,
    source: 'vip',
    id: reward.id,
    type: reward.kind,
    period: reward.period,
    amount: reward.amount,
    turnoverMultiple: reward.turnoverMultiple,
    createdAt: reward.createdAt,
    claimedAt: reward.claimedAt,
  };
}

function rebateItem(rebate: Rebate): RewardItem {
  const received = rebate.status === 'paid' || rebate.status === 'claimed';
  return {
    ...blank,
    source: 'rebate',
    id: rebate.id,
    type: 'rebate',
    period: rebate.day,
    product: rebate.product,
    amount: rebate.amount,
    turnoverMultiple: rebate.turnoverMultiple,
    createdAt: rebate.createdAt,
    expiresAt: received ? null : rebate.expiresAt,
    claimedAt: received ? rebate.paidAt : null,
  };
}

const vip: RewardSourceDef = {
  source: 'vip',
  claimable: async (deps, memberId) => (await claimableVipRewards(deps, memberId)).map(vipItem),
  claim: async (deps, memberId, id, request) => vipItem(await claimReward(deps, memberId, id, request)),
  received: async (deps, memberId, since, limit) =>
    (await receivedVipRewards(deps, memberId, since, limit)).map(vipItem),
};

const rebate: RewardSourceDef = {
  source: 'rebate',
  claimable: async (deps, memberId, now) => (await claimableRebates(deps, memberId, now)).map(rebateItem),
  claim: async (deps, memberId, id, request) => rebateItem(await claimRebate(deps, memberId, id, request)),
  received: async (deps, memberId, since, limit) =>
    (await receivedRebates(deps, memberId, since, limit)).map(rebateItem),
};

/** Referral rewards are paid by the referral job, never claimed: the centre shows them as received. */
const referral: RewardSourceDef = {
  source: 'referral',
  claimable: async () => [],
  received: async (deps, memberId, since, limit) =>
    (await receivedReferralRewards(deps, memberId, since, limit)).map((reward) => ({
      ...blank,
      source: 'referral',
      id: reward.refereeId,
      type: 'referral',
      amount: reward.amount,
      turnoverMultiple: reward.turnoverMultiple,
      createdAt: reward.paidAt,
      claimedAt: reward.paidAt,
    })),
};

function promotionItem(reward: PromotionReward): RewardItem {
  return { ...blank, source: 'promotion', ...reward };
}

/**
 * Promotions: issued bonuses (approved applications), deposit bonuses of settled deposits, today's daily claims and
 * fixed bonuses, claimed through the promotions area's claim (its budget, its one-per-person rules); `id` is the
 * promotion's.
 */
const promotion: RewardSourceDef = {
  source: 'promotion',
  claimable: async (deps, memberId, now, language) =>
    (await claimablePromotions(deps, memberId, now, language)).map(promotionItem),
  claim: async (deps, memberId, id, request) => {
    await claimPromotion(deps as AppDeps, memberId, id, request);
    const [claimed] = await receivedPromotions(deps, memberId, new Date(0), 1, request.language, id);
    if (!claimed) throw new Error('a promotion claim left no record');
    return promotionItem(claimed);
  },
  received: async (deps, memberId, since, limit, language) =>
    (await receivedPromotions(deps, memberId, since, limit, language, null)).map(promotionItem),
};

/** The areas the rewards centre gathers, in the order their rewards are listed on a tie. */
export const REWARD_SOURCE_LIST: readonly RewardSourceDef[] = [vip, rebate, referral, promotion];
