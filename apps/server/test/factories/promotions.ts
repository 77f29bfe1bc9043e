import { promotionConsoleEndpoints as bo, type PromotionBody } from '@tessera/contract';
import { settle } from '../../src/modules/wallet/deposit-settlement.ts';
import * as depositStore from '../../src/modules/wallet/deposit-store.ts';
import { currencyOf } from '../../src/modules/wallet/settings.ts';
import { write } from '../../src/platform/write.ts';
import type { TestApp } from '../harness.ts';

/** A promotion body: a fixed bonus of 50.00 from 2026-05-01 to 2026-07-01 with a budget of 1,000.00 and 5× wagering, unless told. */
export function promotionBody(over: Partial<PromotionBody> = {}): Record<string, unknown> {
  return {
    category: 'EVENT',
    kind: 'fixed',
    versions: [
      {
        language: 'EN',
        title: 'Welcome bonus',
        content: '<p>Claim <b>50.00</b></p><script>alert(1)</script>',
      },
      { language: 'VI', title: 'Thưởng chào mừng', content: '<p>Nhận 50.00</p>' },
    ],
    startsAt: '2026-05-01T00:00:00Z',
    endsAt: '2026-07-01T00:00:00Z',
    budget: 1_000,
    turnoverMultiple: 5,
    amount: 50,
    ...over,
  };
}

/** Creates a promotion through the console (an operations operator's token); answers its id. */
export async function newPromotion(t: TestApp, operations: string, over: Partial<PromotionBody> = {}) {
  const created = await t.send('POST', bo.create.path, promotionBody(over), operations);
  if (created.status !== 200) throw new Error(`promotion not created: ${JSON.stringify(created.body)}`);
  return created.body.value.id as number;
}

let deposits = 0;

/** A deposit of the member confirmed now, through the wallet's settlement (its posting and obligation); minor units. */
export async function confirmedDeposit(t: TestApp, memberId: number, amount: bigint): Promise<string> {
  deposits += 1;
  const orderNo = `PT${deposits}${t.deps.rng.int(100_000, 999_999)}`;
  const currency = await currencyOf(t.deps);
  const now = t.clock.now();
  await write(t.db, { isolation: 'read committed' }, async (tx) => {
    const [channel] = await tx.query<{ id: number }>(
      "select id from payment_channels where kind = 'bank' order by id limit 1",
    );
    if (!channel) throw new Error('no bank channel seeded');
    const id = await depositStore.insertDeposit(tx, {
      orderNo,
      memberId,
      channelId: channel.id,
      kind: 'bank',
      amount,
      payerReference: '',
      returnPath: '',
      at: now,
    });
    const deposit = await depositStore.lockDeposit(tx, id);
    if (!deposit) throw new Error('the deposit vanished');
    await settle(tx, deposit, { status: 'confirmed' }, { operatorId: null, currency, now });
  });
  return orderNo;
}
