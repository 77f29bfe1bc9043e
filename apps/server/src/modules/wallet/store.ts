import type { Queryable } from '../../db/database.ts';

export async function insertMemberTransfer(
  tx: Queryable,
  row: {
    orderNo: string;
    from: number;
    to: number;
    direction: 'upline' | 'downline';
    amount: bigint;
    remark: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into member_transfers (order_no, from_member, to_member, direction, amount, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.orderNo, row.from, row.to, row.direction, row.amount, row.remark, row.at],
  );
}
