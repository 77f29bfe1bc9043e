import { currencyDigits } from '@tessera/contract';
import type { Queryable } from '../db/database.ts';

/**
 * The demo's prize wheel and red envelope rain (issue 24 parts 5 and 6): a wheel whose spin costs one prize ticket
 * (up to 10 a day), and a rain every day at 20:00 and 21:00 of the merchant's clock for two minutes, a pool of
 * 1,000 in 100 envelopes of 1 to 30, one grab a round, three for members who deposited 100 that day. Amounts in the
 * merchant's currency. The rain's schedule is seeded switched off, so that no round falls across the browser tests by
 * the wall clock; operators switch it on, or start a round now, in the console.
 */
export async function seedDemoRaffle(tx: Queryable, now: Date): Promise<void> {
  const [merchant] = await tx.query<{ currency: string }>('select currency from merchant limit 1');
  const unit = 10n ** BigInt(currencyDigits(merchant?.currency ?? 'VND'));
  const [raffle] = await tx.query<{ id: number }>(
    `insert into raffles (names, enabled, entry_kind, entry_cost, daily_limit, created_at, updated_at)
     values ($1, true, 'tickets', 1, 10, $2, $2) returning id`,
    [JSON.stringify({ EN: 'Lucky wheel', VI: 'Vòng quay may mắn', CN: '幸运转盘' }), now],
  );
  if (!raffle) throw new Error('demo raffle not written');
  const prizes: [Record<string, string>, string, bigint, number, number, number | null][] = [
    [{ EN: 'Cash 8', VI: 'Tiền 8', CN: '现金 8' }, 'cash', 8n * unit, 3, 30, 100],
    [{ EN: '50 points', VI: '50 điểm', CN: '50 积分' }, 'points', 50n, 0, 30, null],
    [{ EN: '2 tickets', VI: '2 vé', CN: '2 张券' }, 'tickets', 2n, 0, 15, null],
    [{ EN: 'Cash 88', VI: 'Tiền 88', CN: '现金 88' }, 'cash', 88n * unit, 5, 4, 10],
    [{ EN: 'Try again', VI: 'Thử lại', CN: '再接再厉' }, 'none', 0n, 0, 30, null],
    [{ EN: 'Gift box', VI: 'Hộp quà', CN: '礼盒' }, 'physical', 0n, 0, 1, 3],
  ];
  for (const [position, [names, kind, value, multiple, weight, stock]] of prizes.entries()) {
    await tx.query(
      `insert into raffle_prizes (raffle_id, position, names, kind, value, turnover_multiple, weight, stock)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [raffle.id, position, JSON.stringify(names), kind, value, multiple, weight, stock],
    );
  }
  await tx.query(
    `insert into rain_schedules (name, enabled, weekdays, times, duration_seconds, pool, envelopes, min_amount,
       max_amount, turnover_multiple, grab_rules, created_at, updated_at)
     values ('Evening rain', false, '{1,2,3,4,5,6,7}', '{20:00,21:00}', 120, $1, 100, $2, $3, 1, $4, $5, $5)`,
    [
      1_000n * unit,
      unit,
      30n * unit,
      JSON.stringify([
        { minDeposit: '0', grabs: 1 },
        { minDeposit: (100n * unit).toString(), grabs: 3 },
      ]),
      now,
    ],
  );
}
