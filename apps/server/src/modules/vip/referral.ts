import { type ReferralOverview, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { addDays, isoDate, localDate } from '../../platform/zoned-time.ts';
import { identityFacts, referralCodeOf, referredMembers, referredSince } from '../accounts/club.ts';
import { depositsBetween } from '../agents/member-days.ts';
import { drainRollupQueue } from '../agents/rollups.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { bankAccounts, ownBankAccount } from '../wallet/bank-accounts.ts';
import { currencyOf } from '../wallet/settings.ts';
import { creditBonus } from './bonus.ts';
import { vipTimeZone } from './growth.ts';
import { engagementSettings } from './settings.ts';
import * as store from './store.ts';

/**
 * Referral (design note §B5): a member's friends are the members who registered with its referral code
 * (members.referred_by). A friend's period is `periodDays` merchant days from its registration day. Once the period
 * has ended, a friend whose deposits within it reach `minDeposit` earns the referrer `rewardPercent` % of those
 * deposits (rounded down to a minor unit), at most `rewardCap` (0 = no cap), once for that friend, at most
 * `maxRewards` friends per referrer (0 = no limit), as a bonus with its wagering requirement. A friend who shares the
 * referrer's registration address, a device signed in from, a mobile number (now or before) or a bank account number
 * is refused as a self-referral. The referral job decides each qualified friend once (referral_rewards' key),
 * whatever the number of runners; one that did not qualify is left undecided (pending).
 */

/** The module flag of referral (spec §2: site-wide flags): off, the page is refused and no reward is paid. */
const REFERRAL_FLAG = 'REFERRAL3';

/** Friends whose period ended up to this long ago are still decided after a downtime. */
const CATCH_UP_DAYS = 7;

/** A user name as others may see it: its first two and last character, the rest hidden. */
function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** The account numbers of every bank account a member keeps. */
export async function bankNumbers(db: Queryable, memberId: number): Promise<Set<string>> {
  const listed = await bankAccounts(db, memberId);
  const full = await Promise.all(listed.map((account) => ownBankAccount(db, memberId, account.id)));
  return new Set(full.map((account) => account.account_number));
}

/** Why two accounts look like one person, or null when nothing links them. */
async function selfReferral(db: Queryable, referrerId: number, friendId: number): Promise<string | null> {
  const [referrer, friend] = await Promise.all([identityFacts(db, referrerId), identityFacts(db, friendId)]);
  if (!referrer || !friend) return 'unknown_member';
  if (referrer.registerIp && referrer.registerIp === friend.registerIp) return 'same_ip';
  if (friend.mobiles.some((mobile) => referrer.mobiles.includes(mobile))) return 'same_mobile';
  if (friend.devices.some((device) => referrer.devices.includes(device))) return 'same_device';
  const [mine, theirs] = await Promise.all([bankNumbers(db, referrerId), bankNumbers(db, friendId)]);
  if ([...theirs].some((number) => mine.has(number))) return 'same_bank_account';
  return null;
}

/** Decides every friend whose deposits qualified and who has no decision yet: answers how many were decided. */
export async function payReferralRewards(deps: AppDeps, now: Date): Promise<number> {
  const settings = (await engagementSettings(deps.db)).referral;
  if (settings.rewardBp <= 0 || !(await moduleEnabled(deps.db, REFERRAL_FLAG))) return 0;
  await drainRollupQueue(deps.db);
  const timeZone = await vipTimeZone(deps);
  const today = localDate(now, timeZone);
  const since = new Date(now.getTime() - (settings.periodDays + CATCH_UP_DAYS) * 86_400_000);
  const candidates = await referredSince(deps.db, since);
  const done = await store.decided(
    deps.db,
    candidates.map((friend) => friend.id),
  );
  let decidedCount = 0;
  for (const friend of candidates) {
    if (done.has(friend.id)) continue;
    const first = localDate(friend.created_at, timeZone);
    const last = addDays(first, settings.periodDays - 1);
    // The reward is a share of the whole period's deposits: decided once the period's last day has ended.
    if (isoDate(last) >= isoDate(today)) continue;
    const deposited = await depositsBetween(deps.db, friend.id, isoDate(first), isoDate(last));
    const minimum = settings.minDeposit > 0n ? settings.minDeposit : 1n;
    if (deposited < minimum) continue;
    const share = (deposited * BigInt(settings.rewardBp)) / 10_000n;
    const amount = settings.rewardCap > 0n && share > settings.rewardCap ? settings.rewardCap : share;
    const refusal = await selfReferral(deps.db, friend.referred_by, friend.id);
    const decided = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      await store.lockReferrer(tx, friend.referred_by);
      const capped =
        settings.maxRewards > 0 && (await store.paidCount(tx, friend.referred_by)) >= settings.maxRewards;
      const reason = refusal ?? (capped ? 'max_rewards' : amount === 0n ? 'nothing_earned' : '');
      const paid = reason === '';
      const inserted = await store.insertReferralDecision(tx, {
        refereeId: friend.id,
        referrerId: friend.referred_by,
        status: paid ? 'paid' : 'refused',
        reason,
        amount: paid ? amount : 0n,
        deposits: deposited,
        at: now,
      });
      if (!inserted || !paid) return inserted;
      const transactionId = await creditBonus(
        tx,
        {
          memberId: friend.referred_by,
          key: `referral:${friend.id}`,
          amount,
          turnoverMultiple: settings.turnoverMultiple,
          source: 'referral',
        },
        now,
      );
      await store.setReferralPosting(tx, friend.id, transactionId);
      return true;
    });
    if (decided) decidedCount += 1;
  }
  return decidedCount;
}

/** The referrer's rewards paid since the instant, newest first (the rewards centre's history). */
export async function receivedReferralRewards(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  since: Date,
  limit: number,
) {
  const [rows, currency, settings] = await Promise.all([
    store.referralRewardsPaidSince(deps.db, memberId, since, limit),
    currencyOf(deps),
    engagementSettings(deps.db),
  ]);
  return rows.map((row) => ({
    refereeId: row.referee_id,
    amount: toMajor(row.amount, currency.digits),
    turnoverMultiple: settings.referral.turnoverMultiple,
    paidAt: row.decided_at.toISOString(),
  }));
}

/** The member centre's referral page: the code and its path, the rules, and the friends with their state. */
export async function referralOverview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
): Promise<ReferralOverview> {
  if (!(await moduleEnabled(deps.db, REFERRAL_FLAG))) throw new AppError('feature_disabled');
  const [code, friends, rewards, settings, currency] = await Promise.all([
    referralCodeOf(deps.db, memberId),
    referredMembers(deps.db, memberId),
    store.referralRewardsOf(deps.db, memberId),
    engagementSettings(deps.db),
    currencyOf(deps),
  ]);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  const byFriend = new Map(rewards.map((reward) => [reward.referee_id, reward]));
  const paid = rewards.filter((reward) => reward.status === 'paid');
  return {
    ...currency,
    code: code ?? '',
    path: code ? `/?referralCode=${encodeURIComponent(code)}` : '',
    friends: friends.map((friend) => {
      const reward = byFriend.get(friend.id);
      return {
        username: maskName(friend.username),
        registeredAt: friend.created_at.toISOString(),
        status: !reward ? 'pending' : reward.status === 'paid' ? 'qualified' : 'refused',
        deposits: major(reward?.deposits ?? 0n),
        reward: major(reward?.amount ?? 0n),
      };
    }),
    minDeposit: major(settings.referral.minDeposit),
    rewardPercent: settings.referral.rewardBp / 100,
    rewardCap: major(settings.referral.rewardCap),
    periodDays: settings.referral.periodDays,
    maxRewards: settings.referral.maxRewards,
    rewardsPaid: paid.length,
    totalReward: major(paid.reduce((sum, reward) => sum + reward.amount, 0n)),
  };
}
