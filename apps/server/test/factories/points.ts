import type { Queryable } from '../../src/db/database.ts';
import * as ledger from '../../src/modules/wallet/ledger.ts';
import { write } from '../../src/platform/write.ts';
import type { TestApp } from '../harness.ts';

/** Helpers for the points tests: the rules document as the console saves it, points credited, mall items. */

export async function savePointsSettings(
  db: Queryable,
  value: {
    rates: { product: string; rateMicro: bigint }[];
    dailyCap?: bigint | null;
    ratio?: bigint;
    minPoints?: bigint;
    turnoverMultiple?: number;
  },
): Promise<void> {
  const stored = {
    rates: value.rates.map((row) => ({ product: row.product, rateMicro: row.rateMicro.toString() })),
    dailyCap: value.dailyCap?.toString() ?? null,
    ratio: (value.ratio ?? 100n).toString(),
    minPoints: (value.minPoints ?? 1_000n).toString(),
    turnoverMultiple: value.turnoverMultiple ?? 1,
  };
  await db.query(
    `insert into site_settings (key, value) values ('points', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(stored)],
  );
}

let credited = 0;

/** Points for a member as missions and raffles credit them: one posting from house:points. */
export async function creditPoints(t: TestApp, memberId: number, points: bigint): Promise<void> {
  credited += 1;
  const key = `test-points:${memberId}:${credited}:${t.deps.rng.int(0, 1_000_000_000)}`;
  await write(t.db, { isolation: 'read committed' }, (tx) =>
    ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'points' }, amount: points },
          { account: { system: 'house:points' }, amount: -points },
        ],
      },
      t.clock.now(),
    ),
  );
}

/** A member's points balance. */
export async function pointsOf(db: Queryable, memberId: number): Promise<bigint> {
  return (await ledger.balanceAndCredits(db, memberId, 'points')).balance;
}

/** A mall item straight into the table (minor units); answers its id. */
export async function mallItem(
  db: Queryable,
  item: {
    kind?: 'bonus' | 'physical';
    name?: string;
    points: bigint;
    cash?: bigint;
    bonus?: bigint;
    turnoverMultiple?: number;
    stock?: number | null;
    perMemberLimit?: number | null;
    active?: boolean;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into point_mall_items (kind, texts, images, points, cash, bonus, turnover_multiple, stock,
       per_member_limit, active, sort, created_at, updated_at)
     values ($1, $2::jsonb, '{}'::jsonb, $3, $4, $5, $6, $7, $8, $9, 0, now(), now()) returning id`,
    [
      item.kind ?? 'bonus',
      JSON.stringify({ EN: { name: item.name ?? 'Test item', description: '' } }),
      item.points,
      item.cash ?? 0n,
      item.bonus ?? (item.kind === 'physical' ? 0n : 1_000n),
      item.turnoverMultiple ?? 1,
      item.stock ?? null,
      item.perMemberLimit ?? null,
      item.active ?? true,
    ],
  );
  return row?.id as number;
}
