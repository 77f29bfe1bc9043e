import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { AppError } from '../../platform/app-error.ts';
import { write } from '../../platform/write.ts';
import { type Leg, memberAccounts, post, sumBalance } from './ledger.ts';

const now = new Date('2026-11-23T10:00:00Z');

describe('the ledger', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let member: number;
  let counter = 0;
  const credit = (to: number, amount: bigint): Leg[] => [
    { account: { member: to, wallet: 'main' }, amount },
    { account: { system: 'merchant:cash' }, amount: -amount },
  ];
  const postOnce = (key: string, legs: Leg[]) =>
    write(db, { isolation: 'read committed' }, (tx) =>
      post(tx, { key, kind: 'deposit', memberId: member, reference: key, legs }, now),
    );

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
    await db.query(
      "insert into merchant (code, name, brand, currency, currency_symbol) values ('T', 'T', 'T', 'PHP', 'P')",
    );
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    counter += 1;
    const [row] = await db.query<{ id: number }>('insert into members (username) values ($1) returning id', [
      `ledger${counter}`,
    ]);
    member = row?.id as number;
  });

  it('posts a balanced transaction, keeping each balance before and after', async () => {
    await postOnce(`first-${member}`, credit(member, 10_000n));
    await postOnce(`second-${member}`, credit(member, 2_550n));
    expect(await sumBalance(db, member)).toBe(12_550n);
    const entries = await db.query<{ code: string; amount: bigint; before: bigint; after: bigint }>(
      `select a.code, e.amount, e.balance_before as before, e.balance_after as after from ledger_entries e
       join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
       where t.idempotency_key = $1 order by a.code`,
      [`second-${member}`],
    );
    expect(entries).toEqual([
      { code: `member:${member}:main`, amount: 2_550n, before: 10_000n, after: 12_550n },
      {
        code: `merchant:cash:${member % 16}`,
        amount: -2_550n,
        before: expect.any(BigInt),
        after: expect.any(BigInt),
      },
    ]);
  });

  it('posts a key once: a second posting with it moves nothing and names the first', async () => {
    const first = await postOnce('once', credit(member, 100n));
    const again = await postOnce('once', credit(member, 100n));
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(first.replayed).toBe(false);
    const [count] = await db.query<{ n: bigint }>(
      "select count(*)::bigint as n from ledger_transactions where idempotency_key = 'once'",
    );
    expect(count?.n).toBe(1n);
  });

  it("answers, when asked, the member's accounts right after the posting, as they are read (a replay too)", async () => {
    await postOnce(`before-${member}`, credit(member, 5_000n));
    const transfer = (key: string) =>
      write(db, { isolation: 'read committed' }, (tx) =>
        post(
          tx,
          {
            key,
            kind: 'wallet_transfer',
            memberId: member,
            reference: 'main>FB',
            legs: [
              { account: { member, wallet: 'main' }, amount: -1_200n },
              { account: { member, wallet: { vendor: 'FB' } }, amount: 1_200n },
            ],
          },
          now,
          { answerAccounts: true },
        ),
      );
    const posted = await transfer(`transfer-${member}`);
    expect(posted.accounts).toEqual([
      { kind: 'main', vendor: null, balance: 3_800n },
      { kind: 'vendor', vendor: 'FB', balance: 1_200n },
    ]);
    expect(posted.accounts).toEqual(await memberAccounts(db, member));
    const again = await transfer(`transfer-${member}`);
    expect(again).toMatchObject({ replayed: true, accounts: posted.accounts });
    // Not asked: nothing more is read or answered.
    expect((await postOnce(`after-${member}`, credit(member, 1n))).accounts).toBeUndefined();
  });

  it('refuses a posting that would take a player below zero, and writes none of it', async () => {
    await postOnce(`fund-${member}`, credit(member, 700n));
    const before = await sumBalance(db, member);
    const spend: Leg[] = [
      { account: { member, wallet: 'main' }, amount: -(before + 1n) },
      { account: { member, wallet: 'pending' }, amount: before + 1n },
    ];
    const refused = await postOnce('too-much', spend).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('insufficient_balance');
    expect(await sumBalance(db, member)).toBe(before);
    expect(await db.query("select 1 from ledger_transactions where idempotency_key = 'too-much'")).toEqual(
      [],
    );
    expect((await memberAccounts(db, member)).find((account) => account.kind === 'pending')).toBeUndefined();
  });

  it('the database itself refuses a negative player balance, an unbalanced transaction and a changed entry', async () => {
    await postOnce(`fund-${member}`, credit(member, 300n));
    const [account] = await db.query<{ id: bigint }>('select id from ledger_accounts where member_id = $1', [
      member,
    ]);
    await expect(
      db.query('update ledger_accounts set balance = -1 where id = $1', [account?.id]),
    ).rejects.toThrow(/player_balance_not_negative/);
    await expect(
      db.transaction('read committed', async (tx) => {
        const [t] = await tx.query<{ id: bigint }>(
          `insert into ledger_transactions (idempotency_key, kind, created_at) values ('lopsided', 'adjustment', $1)
           returning id`,
          [now],
        );
        await tx.query(
          `insert into ledger_entries (transaction_id, account_id, amount, balance_before, balance_after, created_at)
           values ($1, $2, 5, 0, 5, $3)`,
          [t?.id, account?.id, now],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(db.query('update ledger_entries set amount = amount + 1')).rejects.toThrow(/never changed/);
    await expect(db.query('delete from ledger_entries')).rejects.toThrow(/never changed/);
  });

  it('refuses a posting whose legs do not sum to zero before touching the database', async () => {
    await expect(
      postOnce('uneven', [
        { account: { member, wallet: 'main' }, amount: 5n },
        { account: { system: 'merchant:cash' }, amount: -4n },
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(
      postOnce('mixed-units', [
        { account: { member, wallet: 'points' }, amount: 5n },
        { account: { system: 'merchant:cash' }, amount: -5n },
      ]),
    ).rejects.toThrow(/does not balance/);
  });
});
