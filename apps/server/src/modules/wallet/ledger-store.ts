import { type Queryable, type SqlValue, sqlValue } from '../../db/database.ts';

export type AccountKind = 'main' | 'vendor' | 'points' | 'pending' | 'play' | 'house' | 'merchant';
/** play: a trial account's play money for the house games (migration 0021), never money. */
export type Unit = 'money' | 'points' | 'play';

export interface NewAccount {
  code: string;
  kind: AccountKind;
  unit: Unit;
  memberId: number | null;
  vendor: string | null;
}

interface PostingRow {
  key: string;
  kind: string;
  memberId: number | null;
  reference: string;
  remark: string;
  operatorId: number | null;
  at: Date;
  legs: readonly { account: NewAccount; amount: bigint }[];
  /** Answer the member's accounts after the legs too (read by ledger_post, migration 0069). */
  accounts?: boolean;
}

/** ledger_post's arguments (migration 0069) with the type each is cast to. */
function postingArguments(row: PostingRow): [SqlValue, string][] {
  return [
    [row.key, ''],
    [row.kind, ''],
    [row.memberId, ''],
    [row.reference, ''],
    [row.remark, ''],
    [row.operatorId, ''],
    [row.at, ''],
    [row.legs.map((leg) => leg.account.code), '::text[]'],
    [row.legs.map((leg) => leg.account.kind), '::text[]'],
    [row.legs.map((leg) => leg.account.unit), '::text[]'],
    [row.legs.map((leg) => leg.account.memberId), '::int[]'],
    [row.legs.map((leg) => leg.account.vendor), '::text[]'],
    [row.legs.map((leg) => leg.amount.toString()), '::bigint[]'],
    [row.accounts ?? false, ''],
  ];
}

const POSTED = 'select transaction_id, replayed, accounts from ledger_post';

interface PostedRow {
  transactionId: bigint;
  replayed: boolean;
  accounts?: MemberAccountRow[];
}

/** What ledger_post answered (its one row). */
export function postedOf(rows: Record<string, unknown>[], key: string): PostedRow {
  const [posted] = rows as {
    transaction_id: bigint;
    replayed: boolean;
    accounts: { kind: AccountKind; vendor: string | null; balance: string }[] | null;
  }[];
  if (!posted) throw new Error(`ledger_post answered nothing for ${key}`);
  return {
    transactionId: posted.transaction_id,
    replayed: posted.replayed,
    ...(posted.accounts
      ? { accounts: posted.accounts.map((account) => ({ ...account, balance: BigInt(account.balance) })) }
      : {}),
  };
}

/** Whether an error is ledger_post's refusal: a player's account would have gone below zero. */
export function isPostingRefusal(error: unknown): boolean {
  const failure = error as { code?: string; message?: string } | null;
  return failure?.code === 'P0001' && failure.message === 'insufficient_balance';
}

/**
 * Posts one transaction in one round trip (the database function ledger_post of migration 0010): the legs' accounts
 * are moved in the order given; with `accounts`, the member's accounts after them are answered in that round trip.
 * Answers whether the key was posted before (then nothing moved), or null when a player's account would have gone
 * below zero (the database transaction is then aborted and must roll back).
 */
export async function postTransaction(tx: Queryable, row: PostingRow): Promise<PostedRow | null> {
  const args = postingArguments(row);
  try {
    const rows = await tx.query(
      `${POSTED}(${args.map(([, cast], index) => `$${index + 1}${cast}`).join(', ')})`,
      args.map(([value]) => value),
    );
    return postedOf(rows, row.key);
  } catch (error) {
    if (isPostingRefusal(error)) return null;
    throw error;
  }
}

/**
 * The same posting as one statement with its values written out (`sqlValue`), to send with others in one round
 * trip (a transaction's opening); its rows read by `postedOf`, its refusal known by `isPostingRefusal`.
 */
export function postingStatement(row: PostingRow): string {
  return `${POSTED}(${postingArguments(row)
    .map(([value, cast]) => `${sqlValue(value)}${cast}`)
    .join(', ')})`;
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

/** An account's balance and everything ever credited to it (its positive entries); zeros for an unused one. */
export async function balanceAndCredits(
  db: Queryable,
  code: string,
): Promise<{ balance: bigint; credited: bigint }> {
  const [row] = await db.query<{ balance: bigint; credited: bigint }>(
    `select a.balance, coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id and e.amount > 0),
       0)::bigint as credited
     from ledger_accounts a where a.code = $1`,
    [code],
  );
  return row ?? { balance: 0n, credited: 0n };
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

/** An account's balance and how many entries moved it (0 and 0 for an account never used). */
export async function accountState(
  db: Queryable,
  code: string,
): Promise<{ balance: bigint; entries: number }> {
  const [row] = await db.query<{ balance: bigint; entries: string }>(
    `select a.balance, (select count(*) from ledger_entries e where e.account_id = a.id) as entries
     from ledger_accounts a where a.code = $1`,
    [code],
  );
  return { balance: row?.balance ?? 0n, entries: Number(row?.entries ?? 0) };
}

/** An account's balance, its row locked until the transaction ends (0 when the account does not exist yet). */
export async function lockedBalance(tx: Queryable, code: string): Promise<bigint> {
  const [row] = await tx.query<{ balance: bigint }>(
    'select balance from ledger_accounts where code = $1 for update',
    [code],
  );
  return row?.balance ?? 0n;
}

/**
 * The last deposit credited to the member (its reference, amount and time) and what the member staked after it
 * (bets on the main and vendor wallets): the risk rule of a withdrawal soon after a deposit with little play.
 */
export async function lastDepositAndStakes(db: Queryable, memberId: number) {
  const [row] = await db.query<{ reference: string; created_at: Date; amount: bigint; staked: bigint }>(
    `with d as (
       select t.id, t.reference, t.created_at, e.amount
         from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id
         join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind = 'main'
        where t.member_id = $1 and t.kind = 'deposit'
        order by t.created_at desc, t.id desc limit 1)
     select d.reference, d.created_at, d.amount,
            coalesce((select -sum(e.amount) from ledger_transactions t
                        join ledger_entries e on e.transaction_id = t.id
                        join ledger_accounts a on a.id = e.account_id and a.member_id = $1
                         and a.kind in ('main', 'vendor')
                       where t.member_id = $1 and t.kind = 'bet' and t.created_at >= d.created_at
                         and t.id > d.id), 0)::bigint as staked
       from d`,
    [memberId],
  );
  return row ?? null;
}

/**
 * What moved on the member's money wallets (main and vendors) per kind of posting within [from, to] (either end
 * open when null): deposits positive, withdrawals and bets negative, and so on.
 */
export function memberKindTotals(db: Queryable, memberId: number, from: Date | null, to: Date | null) {
  return db.query<{ kind: string; amount: bigint; count: number }>(
    `select t.kind, sum(e.amount)::bigint as amount, count(distinct t.id)::int as count
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind in ('main', 'vendor')
      where t.member_id = $1 and ($2::timestamptz is null or t.created_at >= $2)
        and ($3::timestamptz is null or t.created_at <= $3)
      group by t.kind`,
    [memberId, from, to],
  );
}

/** The main wallet's entries since a moment, newest first: the balance's history a withdrawal review shows. */
export function mainEntriesSince(db: Queryable, memberId: number, since: Date | null, limit: number) {
  return db.query<{ at: Date; kind: string; reference: string; amount: bigint; balance_after: bigint }>(
    `select e.created_at as at, t.kind, t.reference, e.amount, e.balance_after
       from ledger_entries e
       join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind = 'main'
       join ledger_transactions t on t.id = e.transaction_id
      where ($2::timestamptz is null or e.created_at >= $2)
      order by e.id desc limit $3`,
    [memberId, since, limit],
  );
}

/** The member's largest payouts since a moment (the big wins a withdrawal review shows). */
export function largestPayouts(db: Queryable, memberId: number, since: Date | null, limit: number) {
  return db.query<{ at: Date; reference: string; amount: bigint }>(
    `select t.created_at as at, t.reference, sum(e.amount)::bigint as amount
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind in ('main', 'vendor')
      where t.member_id = $1 and t.kind = 'payout' and ($2::timestamptz is null or t.created_at >= $2)
      group by t.id, t.created_at, t.reference
      order by amount desc, t.id desc limit $3`,
    [memberId, since, limit],
  );
}
