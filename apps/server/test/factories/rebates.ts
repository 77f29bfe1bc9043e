import type { Queryable } from '../../src/db/database.ts';

/** Helpers for the rebate tests: the rates document as the console saves it, the rebate module flags. */

export async function saveRebateSettings(
  db: Queryable,
  value: {
    rates: { product: string; rank: number; tiers: { minValidBet: bigint; rateBp: number }[] }[];
    minPayout: bigint;
    turnoverMultiple: number;
  },
): Promise<void> {
  const stored = {
    ...value,
    minPayout: value.minPayout.toString(),
    rates: value.rates.map((row) => ({
      ...row,
      tiers: row.tiers.map((tier) => ({ ...tier, minValidBet: tier.minValidBet.toString() })),
    })),
  };
  await db.query(
    `insert into site_settings (key, value) values ('rebates', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(stored)],
  );
}

/** Switches manual rebate (MANUALREBATE3) or player rebate (PLAYERREBATE3). */
export async function setRebateFlag(
  db: Queryable,
  modId: 'MANUALREBATE3' | 'PLAYERREBATE3',
  enabled: boolean,
): Promise<void> {
  await db.query('update module_flags set enabled = $2 where mod_id = $1', [modId, enabled]);
}
