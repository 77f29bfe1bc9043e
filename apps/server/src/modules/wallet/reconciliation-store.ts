import type { Queryable } from '../../db/database.ts';

export interface Findings {
  counts: { transactions: bigint; entries: bigint; accounts: bigint };
  totals: { unit: string; total: bigint }[];
  unbalanced: { transactionId: bigint; unit: string; sum: bigint }[];
  mismatched: {
    code: string;
    unit: string;
    balance: bigint;
    entriesSum: bigint;
    brokenChainAt: bigint | null;
  }[];
  negative: { code: string; unit: string; balance: bigint }[];
}

const LIMIT = 500;

/** Everything reconciliation checks, read from one snapshot (the caller's repeatable-read transaction). */
export async function findings(tx: Queryable): Promise<Findings> {
  const [counts] = await tx.query<Findings['counts']>(
    `select (select count(*) from ledger_transactions)::bigint as transactions,
       (select count(*) from ledger_entries)::bigint as entries,
       (select count(*) from ledger_accounts)::bigint as accounts`,
  );
  const totals = await tx.query<Findings['totals'][number]>(
    `select a.unit, coalesce(sum(e.amount), 0)::bigint as total from ledger_accounts a
     left join ledger_entries e on e.account_id = a.id group by a.unit order by a.unit`,
  );
  const unbalanced = await tx.query<Findings['unbalanced'][number]>(
    `select t.id as "transactionId", coalesce(a.unit, 'none') as unit, coalesce(sum(e.amount), 0)::bigint as sum
     from ledger_transactions t
     left join ledger_entries e on e.transaction_id = t.id left join ledger_accounts a on a.id = e.account_id
     group by t.id, a.unit having count(e.id) = 0 or sum(e.amount) <> 0
     order by t.id limit ${LIMIT}`,
  );
  const mismatched = await tx.query<Findings['mismatched'][number]>(
    `with chained as (
       select e.account_id, e.id, e.balance_before,
         coalesce(lag(e.balance_after) over (partition by e.account_id order by e.id), 0) as previous_after
       from ledger_entries e
     ), broken as (
       select account_id, min(id) as first_broken from chained where balance_before <> previous_after
       group by account_id
     ), sums as (
       select account_id, sum(amount)::bigint as total from ledger_entries group by account_id
     )
     select a.code, a.unit, a.balance, coalesce(s.total, 0)::bigint as "entriesSum", b.first_broken as "brokenChainAt"
     from ledger_accounts a left join sums s on s.account_id = a.id left join broken b on b.account_id = a.id
     where a.balance <> coalesce(s.total, 0) or b.first_broken is not null
     order by a.code limit ${LIMIT}`,
  );
  const negative = await tx.query<Findings['negative'][number]>(
    `select code, unit, balance from ledger_accounts where member_id is not null and balance < 0
     order by code limit ${LIMIT}`,
  );
  return {
    counts: counts ?? { transactions: 0n, entries: 0n, accounts: 0n },
    totals,
    unbalanced,
    mismatched,
    negative,
  };
}

export interface ReportRow {
  id: number;
  status: 'clean' | 'problems';
  requestedBy: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  transactions: bigint;
  entries: bigint;
  accounts: bigint;
  totals: Record<string, string>;
  unbalanced: { transactionId: string; unit: string; sum: string }[];
  mismatched: {
    code: string;
    unit: string;
    balance: string;
    entriesSum: string;
    brokenChainAt: string | null;
  }[];
  negative: { code: string; unit: string; balance: string }[];
}

export async function insertReport(
  tx: Queryable,
  row: Omit<ReportRow, 'id' | 'requestedBy'> & { requestedBy: number | null },
): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into reconciliation_reports
       (requested_by, status, started_at, finished_at, transactions, entries, accounts, totals, unbalanced,
        mismatched, negative)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      row.requestedBy,
      row.status,
      row.startedAt,
      row.finishedAt,
      row.transactions,
      row.entries,
      row.accounts,
      JSON.stringify(row.totals),
      JSON.stringify(row.unbalanced),
      JSON.stringify(row.mismatched),
      JSON.stringify(row.negative),
    ],
  );
  return inserted?.id as number;
}

export async function listReports(db: Queryable, offset: number, limit: number) {
  const [count] = await db.query<{ total: bigint }>(
    'select count(*)::bigint as total from reconciliation_reports',
  );
  const rows = await db.query<ReportRow>(
    `select r.id, r.status, o.username as "requestedBy", r.started_at as "startedAt", r.finished_at as "finishedAt",
       r.transactions, r.entries, r.accounts, r.totals, r.unbalanced, r.mismatched, r.negative
     from reconciliation_reports r left join operators o on o.id = r.requested_by
     order by r.started_at desc, r.id desc offset $1 limit $2`,
    [offset, limit],
  );
  return { rows, total: Number(count?.total ?? 0n) };
}
