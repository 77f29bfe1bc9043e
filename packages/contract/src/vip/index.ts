import { z } from 'zod';
import { id, okValue, percentHundredths } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { GAME_TYPES } from '../games/player.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * VIP levels, member labels and referral (issue 23 parts 6 and 7). Growth is whole points: each major unit of a
 * deposit counts `depositPercent` % and each major unit of a valid bet its product's weight in %. Money is in
 * major units on the wire; an amount with more decimals than the currency is refused with amount_invalid.
 */

/** Members above this rank are served by the VIP customer service (spec §4: rank above 4). */
export const VIP_CONTACT_ABOVE_RANK = 4;

const notNegative = amount.pipe(z.number().min(0));
const points = z.coerce.number().int().min(0).max(1e12);
const percent = z.coerce.number().int().min(0).max(1000);

/** A VIP level as the console edits it (rank 0 is where every member starts). */
export const vipLevelBody = z.object({
  name: z.string().trim().min(1).max(40),
  /** Growth points needed to reach the level. */
  growth: points,
  /** Growth the member must earn in a calendar month to keep the level at the monthly review (0 = always kept). */
  keepGrowth: points,
  /** Paid once per member when the level is first reached (0 = none). */
  levelUpBonus: notNegative,
  /** Claimable each week whose valid bets reach weeklyMinValidBet (0 = none). */
  weeklyReward: notNegative,
  weeklyMinValidBet: notNegative,
  monthlyReward: notNegative,
  monthlyMinValidBet: notNegative,
  /** The wagering requirement of the level's bonuses, a multiple of the bonus (0 to 100). */
  turnoverMultiple: z.coerce.number().int().min(0).max(100),
});
export type VipLevelBody = z.infer<typeof vipLevelBody>;

const vipLevelView = vipLevelBody.extend({ rank: z.number().int() });
export type VipLevelView = z.infer<typeof vipLevelView>;

const VIP_REWARD_KINDS = ['level_up', 'weekly', 'monthly'] as const;
const vipReward = z.object({
  id: z.number().int(),
  kind: z.enum(VIP_REWARD_KINDS),
  /** The level's rank (level_up), the week's Monday (YYYY-MM-DD) or the month (YYYY-MM). */
  period: z.string(),
  rank: z.number().int(),
  amount: z.number(),
  turnoverMultiple: z.number().int(),
  status: z.enum(['available', 'claimed']),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type VipReward = z.infer<typeof vipReward>;

const periodProgress = z.object({
  /** The period's first day (YYYY-MM-DD) and the valid bets so far against the level's minimum. */
  start: z.string(),
  validBet: z.number(),
  minValidBet: z.number(),
  reward: z.number(),
});

/** /vip: the levels, this member's level and progress, its rewards, and the VIP contact (rank above 4). */
const vipOverview = z.object({
  ...currencyInfo,
  levels: z.array(vipLevelView),
  rank: z.number().int(),
  rankName: z.string(),
  growth: z.number(),
  nextRank: z.number().int().nullable(),
  nextGrowth: z.number().nullable(),
  /** 0 to 100 towards the next level; 100 at the top. */
  progress: z.number(),
  week: periodProgress,
  month: periodProgress,
  rewards: z.array(vipReward),
  /** The VIP customer-service link for a rank above 4, when the site's settings hold one. */
  vipContact: z.string().nullable(),
  /** Whether the member's rank is above 4 (the site shows the VIP contact, or says none is set). */
  vipContactEligible: z.boolean(),
});
export type VipOverview = z.infer<typeof vipOverview>;

const friend = z.object({
  /** The friend's user name, masked (ab***yz). */
  username: z.string(),
  registeredAt: z.string(),
  /**
   * qualified: the reward was paid; pending: its period runs, or it did not qualify; refused: self-referral, over
   * the cap of rewarded friends, or nothing earned.
   */
  status: z.enum(['qualified', 'pending', 'refused']),
  /** The friend's deposits within its period the reward was figured on (0 until decided). */
  deposits: z.number(),
  reward: z.number(),
});

const referralOverview = z.object({
  ...currencyInfo,
  code: z.string(),
  /** The registration link carrying the code (the site's own origin is added by the site). */
  path: z.string(),
  friends: z.array(friend),
  minDeposit: z.number(),
  rewardPercent: z.number(),
  rewardCap: z.number(),
  periodDays: z.number().int(),
  maxRewards: z.number().int(),
  rewardsPaid: z.number().int(),
  totalReward: z.number(),
});
export type ReferralOverview = z.infer<typeof referralOverview>;

export const vipEndpoints = {
  vip: endpoint({ method: 'GET', path: '/wps/vip', access: 'realMember', response: vipOverview }),
  /** Claims an available weekly or monthly reward: one posting from house:bonuses, once. */
  claimVipReward: endpoint({
    method: 'POST',
    path: '/wps/vip/rewards/:id/claim',
    access: 'realMember',
    params: z.object({ id }),
    idempotent: true,
    response: vipReward,
  }),
  referral: endpoint({
    method: 'GET',
    path: '/wps/referral',
    access: 'realMember',
    response: referralOverview,
  }),
};

/** Growth weights and referral rules (console). */
export const engagementSettingsBody = z.object({
  /** Growth per major unit deposited, in % (100 = one point per unit). */
  depositPercent: percent,
  /** Level-up bonuses wait in the rewards centre to be claimed (true) or are paid at the promotion (false). */
  levelUpClaim: z.boolean().default(false),
  /** Growth per major unit of valid bet, in %, per product type; a product not listed counts 100 %. */
  betPercent: z.object(
    Object.fromEntries(GAME_TYPES.map((type) => [type, percent])) as Record<
      (typeof GAME_TYPES)[number],
      typeof percent
    >,
  ),
  referral: z.object({
    /** A friend qualifies when its deposits within periodDays of registering reach minDeposit. */
    minDeposit: notNegative,
    /** The referrer earns this % (two decimals) of a qualifying friend's deposits within the period … */
    rewardPercent: percentHundredths(100),
    /** … at most this much per friend (0 = no cap). */
    rewardCap: notNegative,
    periodDays: z.coerce.number().int().min(1).max(365),
    /** Rewards paid per referrer at most (0 = no limit). */
    maxRewards: z.coerce.number().int().min(0).max(100_000),
    turnoverMultiple: z.coerce.number().int().min(0).max(100),
  }),
});
export type EngagementSettingsBody = z.infer<typeof engagementSettingsBody>;

export const memberLabelBody = z.object({
  name: z.string().trim().min(1).max(30),
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, 'invalid_format')
    .default(''),
});
const memberLabel = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  members: z.number().int(),
});
export type MemberLabel = z.infer<typeof memberLabel>;

const playerVip = z.object({
  ...currencyInfo,
  rank: z.number().int(),
  rankName: z.string(),
  growth: z.number(),
  labels: z.array(memberLabel.omit({ members: true })),
  rewards: z.array(vipReward),
});
export type PlayerVip = z.infer<typeof playerVip>;

const operations = operator('operations');
const support = operator('operations', 'support');

export const vipConsoleEndpoints = {
  levels: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/vip/levels`,
    access: support,
    response: z.object({ ...currencyInfo, list: z.array(vipLevelView) }),
  }),
  /** Creates or replaces one level; growth must rise with the rank. */
  putLevel: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/vip/levels/:rank`,
    access: operations,
    params: z.object({ rank: z.coerce.number().int().min(0).max(99) }),
    body: vipLevelBody,
    response: vipLevelView,
  }),
  /** Removes the top level (never rank 0, nor a level members hold). */
  removeLevel: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/vip/levels/:rank`,
    access: operations,
    params: z.object({ rank: z.coerce.number().int().min(0).max(99) }),
    response: okValue,
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/vip/settings`,
    access: support,
    response: engagementSettingsBody.extend(currencyInfo),
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/vip/settings`,
    access: operations,
    body: engagementSettingsBody,
    response: engagementSettingsBody.extend(currencyInfo),
  }),
  labels: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/member-labels`,
    access: support,
    response: z.array(memberLabel),
  }),
  createLabel: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/member-labels`,
    access: operations,
    body: memberLabelBody,
    response: memberLabel,
  }),
  removeLabel: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/member-labels/:id`,
    access: operations,
    params: z.object({ id }),
    response: okValue,
  }),
  playerVip: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/players/:id/vip`,
    access: support,
    params: z.object({ id }),
    response: playerVip,
  }),
  assignLabel: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/players/:id/labels`,
    access: support,
    params: z.object({ id }),
    body: z.object({ labelId: id }),
    response: playerVip,
  }),
  unassignLabel: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/players/:id/labels/:labelId`,
    access: support,
    params: z.object({ id, labelId: id }),
    response: playerVip,
  }),
};
