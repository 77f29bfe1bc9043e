import { z } from 'zod';
import { id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * The rewards centre (issue 23 part 4, rewardCenter): what the member can claim now, gathered from the areas that
 * own each reward (VIP rewards, manual rebates, promotions once they exist), and what it received recently. A claim
 * goes through the owning area's own claim, so it is as idempotent as that one. Money in major units.
 */

/** The areas a reward comes from; an area with nothing claimable (referral) still shows what it paid. */
const REWARD_SOURCES = ['vip', 'rebate', 'referral', 'promotion'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

const rewardItem = z.object({
  source: z.enum(REWARD_SOURCES),
  /** The reward's id in its source (with `source`, the reward's identity). */
  id: z.number().int(),
  /**
   * What the reward is, for its label: vip's level_up, weekly or monthly; rebate; referral; a promotion's kind.
   */
  type: z.string(),
  /** A promotion's own title in the member's language; null where the site names the reward from `type`. */
  title: z.string().nullable(),
  /** The VIP reward's period (a rank, a week's Monday, a month), the rebate's day; else null. */
  period: z.string().nullable(),
  /** The rebate's product type; else null. */
  product: z.string().nullable(),
  amount: z.number(),
  /** The wagering requirement the credit opens, a multiple of the amount. */
  turnoverMultiple: z.number(),
  createdAt: z.string(),
  /** The last moment it can be claimed (null: no limit). */
  expiresAt: z.string().nullable(),
  /** When it was received (recent list); null while claimable. */
  claimedAt: z.string().nullable(),
});
export type RewardItem = z.infer<typeof rewardItem>;

const rewardCentre = z.object({
  ...currencyInfo,
  /** Soonest expiry first, then oldest. */
  claimable: z.array(rewardItem),
  /** The sum of the claimable amounts. */
  total: z.number(),
  /** Received in the last 30 days, newest first (at most 20). */
  recent: z.array(rewardItem),
});
export type RewardCentre = z.infer<typeof rewardCentre>;

/** The badge's part of the rewards: how many are claimable now, in all and per source. */
const rewardCount = z.object({
  count: z.number().int(),
  sources: z.partialRecord(z.enum(REWARD_SOURCES), z.number().int()),
});
export type RewardCount = z.infer<typeof rewardCount>;

export const rewardEndpoints = {
  centre: endpoint({ method: 'GET', path: '/wps/rewards', access: 'realMember', response: rewardCentre }),
  count: endpoint({ method: 'GET', path: '/wps/rewards/count', access: 'realMember', response: rewardCount }),
  /** Claims one reward through its source's claim: the credit once, whatever the number of clicks. */
  claim: endpoint({
    method: 'POST',
    path: '/wps/rewards/:source/:id/claim',
    access: 'realMember',
    params: z.object({ source: z.enum(REWARD_SOURCES), id }),
    idempotent: true,
    response: rewardItem,
  }),
};
