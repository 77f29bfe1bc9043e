import type { Queryable } from '../../db/database.ts';

/** Deposit postings summed per member (the missions' deposit measure), SQL only. */
export function depositTotals(
  db: Queryable,
  window: { from: Date; to: Date },
  memberIds: readonly number[] | null,
) {
  return db.query<{ member_id: number; amount: bigint; last_at: Date }>(
    `select a.member_id, sum(e.amount)::bigint as amount, max(t.created_at) as last_at
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
      where t.kind = 'deposit' and t.created_at >= $1 and t.created_at < $2
        and ($3::int[] is null or a.member_id = any($3::int[]))
      group by a.member_id
     having sum(e.amount) > 0`,
    [window.from, window.to, memberIds],
  );
}
