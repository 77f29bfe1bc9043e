import type { Queryable } from '../../db/database.ts';

export interface BankAccountDb {
  id: number;
  member_id: number;
  bank_name: string;
  account_number: string;
  payee_name: string;
  created_at: Date;
}

const COLUMNS = 'id, member_id, bank_name, account_number, payee_name, created_at';

/** The member's bank accounts still in use, oldest first. */
export function activeAccounts(db: Queryable, memberId: number): Promise<BankAccountDb[]> {
  return db.query<BankAccountDb>(
    `select ${COLUMNS} from member_bank_accounts where member_id = $1 and removed_at is null order by id`,
    [memberId],
  );
}

export async function activeAccount(
  db: Queryable,
  memberId: number,
  id: number,
): Promise<BankAccountDb | null> {
  const [row] = await db.query<BankAccountDb>(
    `select ${COLUMNS} from member_bank_accounts where member_id = $1 and id = $2 and removed_at is null`,
    [memberId, id],
  );
  return row ?? null;
}

/**
 * Adds an account while the member has fewer than `max` (counted under the member's row lock, so two adds at once
 * cannot pass the limit together): null when at the limit, 'exists' when the number is already in the list.
 */
export async function insertAccount(
  tx: Queryable,
  row: { memberId: number; bankName: string; accountNumber: string; payeeName: string; at: Date },
  max: number,
): Promise<BankAccountDb | 'exists' | null> {
  await tx.query('select 1 from members where id = $1 for no key update', [row.memberId]);
  const [count] = await tx.query<{ n: number }>(
    'select count(*)::int as n from member_bank_accounts where member_id = $1 and removed_at is null',
    [row.memberId],
  );
  if ((count?.n ?? 0) >= max) return null;
  const [inserted] = await tx.query<BankAccountDb>(
    `insert into member_bank_accounts (member_id, bank_name, account_number, payee_name, created_at)
     values ($1, $2, $3, $4, $5)
     on conflict (member_id, account_number) where removed_at is null do nothing
     returning ${COLUMNS}`,
    [row.memberId, row.bankName, row.accountNumber, row.payeeName, row.at],
  );
  return inserted ?? 'exists';
}

/** Marks the account removed (withdrawals that used it keep their copy of its details); false when none. */
export async function removeAccount(tx: Queryable, memberId: number, id: number, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `update member_bank_accounts set removed_at = $3 where member_id = $1 and id = $2 and removed_at is null
     returning id`,
    [memberId, id, at],
  );
  return rows.length > 0;
}

/** The user names of other members with the account number among their accounts in use (at most `limit`). */
export async function othersWithNumber(
  db: Queryable,
  memberId: number,
  accountNumber: string,
  limit: number,
) {
  const rows = await db.query<{ username: string }>(
    `select distinct m.username from member_bank_accounts b join members m on m.id = b.member_id
      where b.account_number = $2 and b.member_id <> $1 and b.removed_at is null order by m.username limit $3`,
    [memberId, accountNumber, limit],
  );
  return rows.map((row) => row.username);
}

/** Other members sharing an account number with this member's accounts in use, per number. */
export function sharedNumbers(db: Queryable, memberId: number, limit: number) {
  return db.query<{ member_id: number; username: string; account_number: string }>(
    `select distinct o.member_id, m.username, o.account_number
       from member_bank_accounts mine
       join member_bank_accounts o on o.account_number = mine.account_number and o.member_id <> mine.member_id
        and o.removed_at is null
       join members m on m.id = o.member_id
      where mine.member_id = $1 and mine.removed_at is null
      order by o.account_number, m.username limit $2`,
    [memberId, limit],
  );
}
