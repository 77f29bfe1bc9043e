import { type rankProgress, toMajor } from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import * as store from './store.ts';

type RankProgress = z.infer<typeof rankProgress>;

/** What a member has wagered, in minor units of the merchant's currency: this month and in all. */
export interface Turnover {
  monthly: bigint;
  total: bigint;
}

/**
 * The member's VIP level (members.club_rank, or the highest level at or below it) and the progress of the member's
 * turnover (the wallet measures it) towards the next level's requirements, in major units of a currency of
 * `digits` decimals. At the top level there is nothing left to reach: expected 0 and progress 100.
 */
export async function playerRankProgress(
  db: Queryable,
  memberId: number,
  turnover: Turnover,
  digits: number,
): Promise<RankProgress> {
  const major = (minor: bigint) => toMajor(minor, digits);
  const [member, levels] = await Promise.all([store.findMember(db, memberId), store.listVipLevels(db)]);
  if (!member) throw new AppError('unauthorized');
  const reached = levels.filter((level) => level.rank <= member.club_rank);
  const current = reached[reached.length - 1] ?? levels[0];
  const next = levels.find((level) => level.rank > (current?.rank ?? member.club_rank)) ?? null;
  const share = (actual: bigint, expected: bigint) =>
    expected === 0n ? 100 : Math.min(100, Number((actual * 10_000n) / expected) / 100);
  return {
    playerRank: current?.rank ?? member.club_rank,
    playerRankName: current?.name ?? member.club_label,
    nextRank: next?.rank ?? null,
    nextRankName: next?.name ?? null,
    monthlyTurnover: { actual: major(turnover.monthly), expected: major(next?.monthly_turnover ?? 0n) },
    totalTurnover: { actual: major(turnover.total), expected: major(next?.total_turnover ?? 0n) },
    progress: next
      ? Math.min(share(turnover.monthly, next.monthly_turnover), share(turnover.total, next.total_turnover))
      : 100,
    levels: levels.map((level) => ({
      rank: level.rank,
      rankName: level.name,
      monthlyTurnover: major(level.monthly_turnover),
      totalTurnover: major(level.total_turnover),
    })),
  };
}
