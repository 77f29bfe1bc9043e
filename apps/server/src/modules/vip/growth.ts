import type { Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import { addDays, isoDate, type LocalDate, localDate, weekdayOf } from '../../platform/zoned-time.ts';
import { setClub } from '../accounts/club.ts';
import { memberDay, validBetsBetween } from '../agents/member-days.ts';
import { drainRollupQueue } from '../agents/rollups.ts';
import { merchant } from '../system/merchant.ts';
import { currencyOf } from '../wallet/settings.ts';
import { creditBonus } from './bonus.ts';
import { engagementSettings } from './settings.ts';
import * as store from './store.ts';

/**
 * VIP growth and levels (design note §B10), run by the VIP job (jobs.ts) after each merchant day:
 * - growth: each day's deposits and valid bets (from the team roll-ups) weighted by the settings, once per member and
 *   day (vip_growth_days' key), in whole points: ⌊(deposits × deposit% + Σ valid bet × product%) / 100⌋ major units;
 * - promotion: a member whose growth reaches a higher level moves up to the highest such level at once, and each
 *   level passed with a level-up bonus pays it, once per member and level in a lifetime (vip_rewards' key);
 * - weekly and monthly rewards after each week (Monday to Sunday) and month: issued to members whose valid bets in
 *   the period reach their level's minimum, claimed by the member;
 * - the monthly review: a member whose growth in the month missed the level's keep requirement drops one level, and
 *   its growth is cut to that level's threshold (so it must grow again to climb back).
 * Each period is one transaction that first claims it in vip_runs, so it runs once whatever the number of runners.
 */

/** Days accrued at most per run: a downtime of up to a week is caught up. */
const CATCH_UP_DAYS = 7;

export async function vipTimeZone(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> {
  return (await merchant(deps.db, deps.config.merchantCode)).time_zone;
}

const monthOf = (date: LocalDate) => isoDate(date).slice(0, 7);
/** The Monday of the week holding the date. */
export const mondayOf = (date: LocalDate) => addDays(date, -((weekdayOf(date) + 5) % 7));
const firstOfMonth = (date: LocalDate): LocalDate => ({ ...date, day: 1 });
const lastOfMonth = (date: LocalDate) => addDays(firstOfMonth(addDays(firstOfMonth(date), 32)), -1);

/**
 * Everything the VIP job does for the merchant days up to `through` (the day that just ended), day by day in order:
 * the day's growth and promotions; after a Sunday, the week's rewards; after a month's last day, the month's rewards
 * and its review (so a month is judged on its own days, before the next month's growth counts).
 */
export async function runVipPeriods(deps: AppDeps, through: LocalDate, now: Date): Promise<void> {
  await drainRollupQueue(deps.db);
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back -= 1) {
    const day = addDays(through, -back);
    await accrueDay(deps, day, now);
    if (weekdayOf(day) === 1) await issuePeriodRewards(deps, 'weekly', addDays(day, -6), day, now);
    if (isoDate(lastOfMonth(day)) === isoDate(day)) {
      await issuePeriodRewards(deps, 'monthly', firstOfMonth(day), day, now);
      await reviewMonth(deps, day, now);
    }
  }
}

/** The day's growth of every member who deposited or played, then the promotions it brings. */
async function accrueDay(deps: AppDeps, day: LocalDate, now: Date): Promise<void> {
  const [settings, currency] = await Promise.all([engagementSettings(deps.db), currencyOf(deps)]);
  const unit = 100n * 10n ** BigInt(currency.digits);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (!(await store.claimRun(tx, 'growth', isoDate(day), now))) return;
    const figures = await memberDay(tx, isoDate(day));
    const rows = [...figures].map(([memberId, figure]) => {
      let weightedBet = 0n;
      for (const [product, bet] of figure.validBets) {
        weightedBet += bet * BigInt(settings.betPercent[product] ?? 100);
      }
      const weighted = figure.deposits * BigInt(settings.depositPercent) + weightedBet;
      const growth = weighted > 0n ? weighted / unit : 0n;
      return { memberId, deposits: figure.deposits, weightedBet: weightedBet / 100n, growth };
    });
    const added = await store.insertGrowthDays(tx, isoDate(day), rows);
    for (const row of added) if (row.growth > 0n) await store.addGrowth(tx, row.member_id, row.growth, now);
    await promote(tx, now);
  });
}

/**
 * Moves every member whose growth reaches a higher level up, with each level-up bonus once: paid at once, or issued
 * to claim in the rewards centre when the settings say so (levelUpClaim).
 */
export async function promote(tx: Transaction, now: Date): Promise<void> {
  const levels = await store.levels(tx);
  const { levelUpClaim } = await engagementSettings(tx);
  for (const member of await store.promotable(tx)) {
    for (const level of levels) {
      if (level.rank <= member.rank || level.rank > member.target || level.level_up_bonus <= 0n) continue;
      const reward = await store.insertReward(
        tx,
        {
          member_id: member.member_id,
          kind: 'level_up',
          period: String(level.rank),
          rank: level.rank,
          amount: level.level_up_bonus,
          turnover_multiple: level.turnover_multiple,
          status: levelUpClaim ? 'available' : 'claimed',
        },
        now,
      );
      if (!reward) continue;
      if (levelUpClaim) {
        await publish(tx, { type: 'rewards.changed' }, { member: member.member_id });
        continue;
      }
      const transactionId = await creditBonus(
        tx,
        {
          memberId: member.member_id,
          key: `vip-reward:${reward.id}`,
          amount: reward.amount,
          turnoverMultiple: reward.turnover_multiple,
          source: 'vip_level_up',
        },
        now,
      );
      await store.markClaimed(tx, reward.id, transactionId, now);
    }
    await store.setRank(tx, member.member_id, member.target, null, now);
    const name = levels.find((level) => level.rank === member.target)?.name ?? `VIP${member.target}`;
    await setClub(tx, member.member_id, member.target, name);
  }
}

/** Weekly or monthly rewards of the days from..to, issued to members whose valid bets reach their level's minimum. */
async function issuePeriodRewards(
  deps: AppDeps,
  kind: 'weekly' | 'monthly',
  from: LocalDate,
  to: LocalDate,
  now: Date,
): Promise<void> {
  const period = kind === 'weekly' ? isoDate(from) : monthOf(from);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (!(await store.claimRun(tx, kind, period, now))) return;
    const levels = new Map((await store.levels(tx)).map((level) => [level.rank, level]));
    const bets = await validBetsBetween(tx, isoDate(from), isoDate(to));
    const ranks = await store.ranksOf(tx, [...bets.keys()]);
    for (const [memberId, validBet] of bets) {
      const level = levels.get(ranks.get(memberId) ?? 0);
      if (!level) continue;
      const amount = kind === 'weekly' ? level.weekly_reward : level.monthly_reward;
      const minimum = kind === 'weekly' ? level.weekly_min_valid_bet : level.monthly_min_valid_bet;
      if (amount <= 0n || validBet < minimum) continue;
      const issued = await store.insertReward(
        tx,
        {
          member_id: memberId,
          kind,
          period,
          rank: level.rank,
          amount,
          turnover_multiple: level.turnover_multiple,
          status: 'available',
        },
        now,
      );
      // The member's rewards centre and badge hear of it on commit.
      if (issued) await publish(tx, { type: 'rewards.changed' }, { member: memberId });
    }
  });
}

/** The keep-or-drop review of the month that ends on `monthEnd`. */
async function reviewMonth(deps: AppDeps, monthEnd: LocalDate, now: Date): Promise<void> {
  const month = monthOf(monthEnd);
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (!(await store.claimRun(tx, 'review', month, now))) return;
    const levels = await store.levels(tx);
    const members = await store.rankedWithGrowth(tx, isoDate(firstOfMonth(monthEnd)), isoDate(monthEnd));
    for (const member of members) {
      const level = levels.find((candidate) => candidate.rank === member.rank);
      const keeps = !level || member.period_growth >= level.keep_growth;
      const below = [...levels].reverse().find((candidate) => candidate.rank < member.rank);
      const after = keeps || !below ? member.rank : below.rank;
      const inserted = await store.insertReview(tx, {
        memberId: member.member_id,
        month,
        before: member.rank,
        after,
        growth: member.period_growth,
        at: now,
      });
      if (!inserted || after === member.rank || !below) continue;
      // bigints: Math.min does not take them.
      // biome-ignore lint/complexity/useMathMinMax: growth is a bigint
      const growth = member.growth < below.growth ? member.growth : below.growth;
      await store.setRank(tx, member.member_id, after, growth, now);
      await setClub(tx, member.member_id, after, below.name);
    }
  });
}

/** The merchant day before the instant's (the day a slot after midnight closes). */
export function dayBefore(at: Date, timeZone: string): LocalDate {
  return addDays(localDate(at, timeZone), -1);
}
