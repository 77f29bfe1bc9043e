import type { Queryable } from '../../db/database.ts';

export type AccountKind = 'main' | 'vendor' | 'points' | 'pending' | 'house' | 'merchant';
export type Unit = 'money' | 'points';

export interface NewAccount {
  code: string;
  kind: AccountKind;
  unit: Unit;
  memberId: number | null;
  vendor: string | null;
}

export interface Moved {
  id: bigint;
  before: bigint;
  after: bigint;
}

/** Claims the key for a new transaction; null when a transaction with this key was already posted. */
export async function insertTransaction(
  tx: Queryable,
  row: {
    key: string;
    kind: string;
    memberId: number | null;
    reference: string;
    remark: string;
    operatorId: number | null;
    at: Date;
  },
): Promise<bigint | null> {
  const [inserted] = await tx.query<{ id: bigint }>(
    `insert into ledger_transactions (idempotency_key, kind, member_id, reference, remark, operator_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (idempotency_key) do nothing returning id`,
    [row.key, row.kind, row.memberId, row.reference, row.remark, row.operatorId, row.at],
  );
  return inserted?.id ?? null;
}

export async function transactionIdByKey(db: Queryable, key: string): Promise<bigint | null> {
  const [found] = await db.query<{ id: bigint }>(
    'select id from ledger_transactions where idempotency_key = $1',
    [key],
  );
  return found?.id ?? null;
}

/**
 * Moves one account by amount under its row lock: no row when the account does not exist yet, or when a player's
 * account would go below zero (the update's condition; the table's check is the database's own guarantee).
 */
export async function moveAccount(
  tx: Queryable,
  code: string,
  amount: bigint,
  at: Date,
): Promise<Moved | null> {
  const [moved] = await tx.query<Moved>(
    `update ledger_accounts set balance = balance + $2, updated_at = $3
     where code = $1 and (member_id is null or balance + $2 >= 0)
     returning id, balance - $2 as before, balance as after`,
    [code, amount, at],
  );
  return moved ?? null;
}

export async function createAccount(tx: Queryable, account: NewAccount, at: Date): Promise<void> {
  await tx.query(
    `insert into ledger_accounts (code, kind, unit, member_id, vendor, balance, updated_at)
     values ($1, $2, $3, $4, $5, 0, $6) on conflict (code) do nothing`,
    [account.code, account.kind, account.unit, account.memberId, account.vendor, at],
  );
}

export async function insertEntries(
  tx: Queryable,
  transactionId: bigint,
  entries: readonly { accountId: bigint; amount: bigint; before: bigint; after: bigint }[],
  at: Date,
): Promise<void> {
  const params: unknown[] = [transactionId, at];
  const rows = entries.map((entry) => {
    params.push(entry.accountId, entry.amount, entry.before, entry.after);
    const n = params.length;
    return `($1, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $2)`;
  });
  await tx.query(
    `insert into ledger_entries (transaction_id, account_id, amount, balance_before, balance_after, created_at)
     values ${rows.join(', ')}`,
    params,
  );
}

export interface MemberAccountRow {
  kind: AccountKind;
  vendor: string | null;
  balance: bigint;
}

export async function memberAccounts(db: Queryable, memberId: number): Promise<MemberAccountRow[]> {
  return db.query<MemberAccountRow>(
    'select kind, vendor, balance from ledger_accounts where member_id = $1 order by kind, vendor',
    [memberId],
  );
}

/** What a member can spend: the main wallet and every vendor wallet, with the merchant's currency. */
export async function sumBalance(
  db: Queryable,
  memberId: number,
): Promise<{ total: bigint; currency: string }> {
  const [row] = await db.query<{ total: bigint; currency: string }>(
    `select coalesce(sum(balance), 0)::bigint as total, (select currency from merchant limit 1) as currency
     from ledger_accounts where member_id = $1 and kind in ('main', 'vendor')`,
    [memberId],
  );
  return { total: row?.total ?? 0n, currency: row?.currency ?? '' };
}

export interface EntryRow {
  id: bigint;
  transactionId: bigint;
  kind: string;
  reference: string;
  remark: string;
  accountCode: string;
  accountKind: AccountKind;
  vendor: string | null;
  amount: bigint;
  before: bigint;
  after: bigint;
  at: Date;
}

/** A member's entries, newest first, optionally of some transaction kinds and a time range. */
export async function memberEntries(
  db: Queryable,
  memberId: number,
  filter: {
    kinds: readonly string[] | null;
    from: Date | null;
    to: Date | null;
    accountKinds: readonly AccountKind[];
  },
  page: { offset: number; limit: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = `a.member_id = $1 and a.kind = any($2::text[])
    and ($3::text[] is null or t.kind = any($3::text[]))
    and ($4::timestamptz is null or e.created_at >= $4) and ($5::timestamptz is null or e.created_at < $5)`;
  const params = [memberId, filter.accountKinds, filter.kinds, filter.from, filter.to];
  const [count] = await db.query<{ total: bigint }>(
    `select count(*)::bigint as total from ledger_entries e
     join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where ${where}`,
    params,
  );
  const rows = await db.query<EntryRow>(
    `select e.id, e.transaction_id as "transactionId", t.kind, t.reference, t.remark, a.code as "accountCode",
       a.kind as "accountKind", a.vendor, e.amount, e.balance_before as before, e.balance_after as after,
       e.created_at as at
     from ledger_entries e
     join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where ${where}
     order by e.created_at desc, e.id desc offset $6 limit $7`,
    [...params, page.offset, page.limit],
  );
  return { rows, total: Number(count?.total ?? 0n) };
}

/** Sums of a member's money entries per transaction kind in a time range (profit and loss). */
export async function memberTotalsByKind(
  db: Queryable,
  memberId: number,
  from: Date,
  to: Date,
): Promise<{ kind: string; total: bigint }[]> {
  return db.query(
    `select t.kind, sum(e.amount)::bigint as total from ledger_entries e
     join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where a.member_id = $1 and a.kind in ('main', 'vendor') and e.created_at >= $2 and e.created_at < $3
     group by t.kind`,
    [memberId, from, to],
  );
}

/** Money a member received from and sent to other members in a time range (positive sums). */
export async function memberTransferTotals(
  db: Queryable,
  memberId: number,
  from: Date,
  to: Date,
): Promise<{ in: bigint; out: bigint }> {
  const [row] = await db.query<{ in: bigint; out: bigint }>(
    `select coalesce(sum(e.amount) filter (where e.amount > 0), 0)::bigint as in,
       coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::bigint as out
     from ledger_entries e
     join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where a.member_id = $1 and a.kind = 'main' and t.kind = 'member_transfer'
       and e.created_at >= $2 and e.created_at < $3`,
    [memberId, from, to],
  );
  return { in: row?.in ?? 0n, out: row?.out ?? 0n };
}

/** Whether any money or points ever moved. */
export async function anyEntries(db: Queryable): Promise<boolean> {
  const rows = await db.query('select 1 from ledger_entries limit 1');
  return rows.length > 0;
}

/** Whether any player holds money in a vendor's wallet. */
export async function vendorMoneyHeld(db: Queryable): Promise<boolean> {
  const rows = await db.query("select 1 from ledger_accounts where kind = 'vendor' and balance <> 0 limit 1");
  return rows.length > 0;
}
