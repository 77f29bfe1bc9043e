import type { TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { post } from './ledger.ts';

let funded = 0;

/** Credits a member's main wallet from the merchant's cash, as a confirmed deposit would (minor units). */
export async function fundMember(t: TestApp, memberId: number, minor: bigint): Promise<void> {
  funded += 1;
  const key = `test-funding:${memberId}:${funded}:${t.deps.rng.int(0, 1_000_000_000)}`;
  await write(t.db, { isolation: 'read committed' }, (tx) =>
    post(
      tx,
      {
        key,
        kind: 'deposit',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'main' }, amount: minor },
          { account: { system: 'merchant:cash' }, amount: -minor },
        ],
      },
      t.clock.now(),
    ),
  );
}

/** A member with a session: its token and id (type 0 member unless told). */
export async function newMember(t: TestApp, type = 0): Promise<{ token: string; id: number }> {
  const token = await t.memberToken(type);
  const info = await t.get('/wps/member/info', token);
  return { token, id: info.body.value.id as number };
}
