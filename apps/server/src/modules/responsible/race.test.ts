import { randomUUID } from 'node:crypto';
import {
  responsibleEndpoints as api,
  depositConsoleEndpoints,
  depositPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Concurrency of the one check (meaningful on PostgreSQL, where requests really run at once): deposits made at the
 * same moment are counted one after the other under the member's locked row, so together they never pass a limit.
 */

let t: TestApp;
let channelId: number;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
  const channel = await t.send(
    'POST',
    depositConsoleEndpoints.channels.create.path,
    {
      kind: 'bank',
      name: 'Race bank',
      minAmount: 1,
      maxAmount: 50_000,
      presets: [100],
      instructions: 'Transfer, then submit the reference.',
      bankName: 'Metro Test Bank',
      accountName: 'Tessera Test Ltd',
      accountNumber: '0011-2233-44',
    },
    await t.operatorToken('finance'),
  );
  channelId = channel.body.value.id;
});
afterAll(async () => {
  await t.close();
});

describe('deposit limit under concurrency', () => {
  it('of ten deposits of 60.00 sent at once under a limit of 100.00, exactly one is taken', async () => {
    const member = await walletMember(t);
    const set = await t.send(
      'PUT',
      api.setLimit.path.replace(':kind', 'deposit_day'),
      { value: 100 },
      member.token,
    );
    expect(set.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call({
          method: 'POST',
          url: depositPlayerEndpoints.createDeposit.path,
          token: member.token,
          payload: { channelId, amount: 60, payerReference: 'REF-1' },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual(['ok', ...Array(9).fill('rg_deposit_limit')]);
    const rows = await t.db.query<{ total: bigint }>(
      'select sum(amount)::bigint as total from deposits where member_id = $1',
      [member.id],
    );
    expect(rows[0]?.total).toBe(60_00n);
  });
});
