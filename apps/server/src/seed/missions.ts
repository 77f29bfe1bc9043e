import { currencyDigits } from '@tessera/contract';
import type { Queryable } from '../db/database.ts';

/**
 * The demo's missions (issue 24 part 4): a daily one on stakes, a weekly one on days signed in, and a month-long
 * slots race with a leaderboard. Amounts in the merchant currency's minor units.
 */
export async function seedDemoMissions(tx: Queryable, now: Date): Promise<void> {
  const [merchant] = await tx.query<{ currency: string }>('select currency from merchant limit 1');
  const unit = 10n ** BigInt(currencyDigits(merchant?.currency ?? 'PHP'));
  const money = (major: number) => (BigInt(major) * unit).toString();
  const missions = [
    {
      kind: 'daily',
      measure: 'bet_amount',
      product: null,
      titles: { EN: 'Daily stakes', VI: 'Cược mỗi ngày', CN: '每日投注' },
      startsAt: null,
      endsAt: null,
      milestones: [
        { target: money(10), cash: money(1), points: 10, turnoverMultiple: 1 },
        { target: money(1_000), cash: money(10), points: 0, turnoverMultiple: 3 },
        { target: money(5_000), cash: money(50), points: 100, turnoverMultiple: 5 },
      ],
      leaderboard: null,
    },
    {
      kind: 'weekly',
      measure: 'login_days',
      product: null,
      titles: { EN: 'Weekly regular', VI: 'Khách quen mỗi tuần', CN: '每周常客' },
      startsAt: null,
      endsAt: null,
      milestones: [
        { target: '3', cash: '0', points: 20, turnoverMultiple: 0 },
        { target: '5', cash: money(5), points: 0, turnoverMultiple: 1 },
      ],
      leaderboard: null,
    },
    {
      kind: 'event',
      measure: 'bet_amount',
      product: 'RNG',
      titles: { EN: 'Slots race', VI: 'Đua quay hũ', CN: '老虎机竞赛' },
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 30 * 86_400_000),
      milestones: [{ target: money(500), cash: money(5), points: 50, turnoverMultiple: 1 }],
      leaderboard: {
        size: 10,
        prizeTurnoverMultiple: 1,
        prizes: [
          { cash: money(500), points: 0 },
          { cash: money(200), points: 0 },
          { cash: money(100), points: 0 },
        ],
      },
    },
  ];
  for (const mission of missions) {
    await tx.query(
      `insert into missions (kind, measure, product, titles, starts_at, ends_at, milestones, leaderboard, created_at,
         updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        mission.kind,
        mission.measure,
        mission.product,
        JSON.stringify(mission.titles),
        mission.startsAt,
        mission.endsAt,
        JSON.stringify(mission.milestones),
        mission.leaderboard && JSON.stringify(mission.leaderboard),
        now,
      ],
    );
  }
}
