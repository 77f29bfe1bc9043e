import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the points area (points_earnings, points_runs, points_conversions, point_mall_items, point_redemptions). */

/** Claims a merchant day for the earning job: true for the first caller only (the others wait for its commit). */
export async function claimRun(tx: Transaction, day: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'insert into points_runs (day, finished_at) values ($1, $2) on conflict do nothing returning day',
    [day, now],
  );
  return rows.length > 0;
}

export interface NewEarning {
  memberId: number;
  day: string;
  product: string;
  validBet: bigint;
  rateMicro: bigint;
  points: bigint;
  transactionId: bigint;
}

/** Records the day's points of a product unless (member, product, day) has them; true when inserted. */
export async function insertEarning(tx: Transaction, row: NewEarning, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `insert into points_earnings (member_id, day, product, valid_bet, rate_micro, points, created_at, transaction_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (member_id, product, day) do nothing returning id`,
    [row.memberId, row.day, row.product, row.validBet, row.rateMicro, row.points, now, row.transactionId],
  );
  return rows.length > 0;
}

export async function insertConversion(
  tx: Transaction,
  row: {
    orderNo: string;
    memberId: number;
    points: bigint;
    amount: bigint;
    ratio: bigint;
    turnoverMultiple: number;
    transactionId: bigint;
  },
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into points_conversions (order_no, member_id, points, amount, ratio, turnover_multiple, created_at,
       transaction_id) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.orderNo,
      row.memberId,
      row.points,
      row.amount,
      row.ratio,
      row.turnoverMultiple,
      now,
      row.transactionId,
    ],
  );
}

export interface ItemText {
  name: string;
  description: string;
}

export interface ItemDb {
  id: number;
  kind: 'bonus' | 'physical' | 'ticket';
  texts: Record<string, ItemText>;
  images: Record<string, string>;
  points: bigint;
  cash: bigint;
  bonus: bigint;
  turnover_multiple: number;
  tickets: number;
  stock: number | null;
  per_member_limit: number | null;
  active: boolean;
  sort: number;
  created_at: Date;
  updated_at: Date;
}

const ITEM_COLUMNS = `id, kind, texts, images, points, cash, bonus, turnover_multiple, stock, per_member_limit, active,
  sort, created_at, updated_at, tickets`;

export interface ItemFields {
  kind: 'bonus' | 'physical' | 'ticket';
  texts: Record<string, ItemText>;
  images: Record<string, string>;
  points: bigint;
  cash: bigint;
  bonus: bigint;
  turnoverMultiple: number;
  tickets: number;
  stock: number | null;
  perMemberLimit: number | null;
  active: boolean;
  sort: number;
}

const itemParams = (item: ItemFields) => [
  item.kind,
  JSON.stringify(item.texts),
  JSON.stringify(item.images),
  item.points,
  item.cash,
  item.bonus,
  item.turnoverMultiple,
  item.stock,
  item.perMemberLimit,
  item.active,
  item.sort,
  item.tickets,
];

export async function insertItem(tx: Transaction, item: ItemFields, now: Date): Promise<ItemDb> {
  const [row] = await tx.query<ItemDb>(
    `insert into point_mall_items (kind, texts, images, points, cash, bonus, turnover_multiple, stock,
       per_member_limit, active, sort, tickets, created_at, updated_at)
     values ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning ${ITEM_COLUMNS}`,
    [...itemParams(item), now],
  );
  if (!row) throw new Error('the item was not inserted');
  return row;
}

export async function updateItem(tx: Transaction, id: number, item: ItemFields, now: Date) {
  const [row] = await tx.query<ItemDb>(
    `update point_mall_items set kind = $2, texts = $3::jsonb, images = $4::jsonb, points = $5, cash = $6,
       bonus = $7, turnover_multiple = $8, stock = $9, per_member_limit = $10, active = $11, sort = $12,
       tickets = $13, updated_at = $14
     where id = $1 returning ${ITEM_COLUMNS}`,
    [id, ...itemParams(item), now],
  );
  return row ?? null;
}

export async function items(db: Queryable, activeOnly: boolean): Promise<ItemDb[]> {
  return db.query<ItemDb>(
    `select ${ITEM_COLUMNS} from point_mall_items where ($1::boolean = false or active) order by sort, id`,
    [activeOnly],
  );
}

/** The item under its row lock: every redemption of it waits here, so stock and limits are read one at a time. */
export async function itemForUpdate(tx: Transaction, id: number): Promise<ItemDb | null> {
  const [row] = await tx.query<ItemDb>(
    `select ${ITEM_COLUMNS} from point_mall_items where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

export async function itemById(db: Queryable, id: number): Promise<ItemDb | null> {
  const [row] = await db.query<ItemDb>(`select ${ITEM_COLUMNS} from point_mall_items where id = $1`, [id]);
  return row ?? null;
}

/** Moves an item's stock by delta (none for an unlimited item). */
export async function moveStock(tx: Transaction, id: number, delta: number): Promise<void> {
  await tx.query('update point_mall_items set stock = stock + $2 where id = $1 and stock is not null', [
    id,
    delta,
  ]);
}

/** Images that exist, of those given. */
export async function existingImages(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    'select id::text as id from images where id = any($1::uuid[])',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Units a member holds of each item (rejected redemptions not counted); one item with itemId. */
export async function redeemedQuantities(
  db: Queryable,
  memberId: number | null,
  itemId: number | null = null,
): Promise<Map<number, number>> {
  const rows = await db.query<{ item_id: number; quantity: number }>(
    `select item_id, sum(quantity)::int as quantity from point_redemptions
      where status <> 'rejected' and ($1::int is null or member_id = $1) and ($2::int is null or item_id = $2)
      group by item_id`,
    [memberId, itemId],
  );
  return new Map(rows.map((row) => [row.item_id, row.quantity]));
}

export interface RedemptionDb {
  id: bigint;
  order_no: string;
  member_id: number;
  item_id: number;
  kind: 'bonus' | 'physical' | 'ticket';
  item_name: string;
  quantity: number;
  points: bigint;
  cash: bigint;
  bonus: bigint;
  tickets: number;
  status: 'processing' | 'rejected' | 'completed';
  address: string;
  phone: string;
  remark: string;
  created_at: Date;
  decided_at: Date | null;
  transaction_id: bigint;
}

const REDEMPTION_COLUMNS = `r.id, r.order_no, r.member_id, r.item_id, r.kind, r.item_name, r.quantity, r.points, r.cash,
  r.bonus, r.tickets, r.status, r.address, r.phone, r.remark, r.created_at, r.decided_at, r.transaction_id`;

export async function insertRedemption(
  tx: Transaction,
  row: Omit<RedemptionDb, 'id' | 'created_at' | 'decided_at'>,
  now: Date,
): Promise<RedemptionDb> {
  const [inserted] = await tx.query<RedemptionDb>(
    `insert into point_redemptions as r (order_no, member_id, item_id, kind, item_name, quantity, points, cash, bonus,
       status, address, phone, remark, created_at, decided_at, transaction_id, tickets)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
       case when $10 = 'processing' then null else $14::timestamptz end, $15, $16)
     returning ${REDEMPTION_COLUMNS}`,
    [
      row.order_no,
      row.member_id,
      row.item_id,
      row.kind,
      row.item_name,
      row.quantity,
      row.points,
      row.cash,
      row.bonus,
      row.status,
      row.address,
      row.phone,
      row.remark,
      now,
      row.transaction_id,
      row.tickets,
    ],
  );
  if (!inserted) throw new Error('the redemption was not inserted');
  return inserted;
}

export async function redemptionForUpdate(tx: Transaction, id: number): Promise<RedemptionDb | null> {
  const [row] = await tx.query<RedemptionDb>(
    `select ${REDEMPTION_COLUMNS} from point_redemptions r where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

export async function decideRedemption(
  tx: Transaction,
  id: bigint,
  decision: {
    status: 'completed' | 'rejected';
    remark: string;
    operatorId: number;
    returnTransactionId: bigint | null;
  },
  now: Date,
): Promise<RedemptionDb> {
  const [row] = await tx.query<RedemptionDb>(
    `update point_redemptions r set status = $2, remark = $3, decided_by = $4, return_transaction_id = $5,
       decided_at = $6 where id = $1 returning ${REDEMPTION_COLUMNS}`,
    [id, decision.status, decision.remark, decision.operatorId, decision.returnTransactionId, now],
  );
  if (!row) throw new Error(`redemption ${id} vanished`);
  return row;
}

export interface RecordDb {
  order_no: string;
  exchange_type: 'CONVERT' | 'BONUS' | 'PHYSICAL' | 'TICKET';
  product_name: string;
  quantity: number;
  points: bigint;
  amount: bigint;
  status: 'processing' | 'rejected' | 'completed';
  created_at: Date;
  remark: string;
}

/** A member's conversions and redemptions, newest first (the redeem record of spec §3). */
export async function memberRecords(db: Queryable, memberId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.query<RecordDb>(
      `select * from (
         select order_no, 'CONVERT' as exchange_type, '' as product_name, 1 as quantity, points, amount,
           'completed' as status, created_at, '' as remark, id as ord
         from points_conversions where member_id = $1
         union all
         select order_no, upper(kind) as exchange_type, item_name as product_name, quantity, points, cash as amount,
           status, created_at, remark, id as ord
         from point_redemptions where member_id = $1
       ) records order by created_at desc, ord desc, exchange_type limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    db.query<{ total: number }>(
      `select ((select count(*) from points_conversions where member_id = $1)
         + (select count(*) from point_redemptions where member_id = $1))::int as total`,
      [memberId],
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Points of a member's rejected redemptions: they came back, and are not points earned. */
export async function returnedPoints(db: Queryable, memberId: number): Promise<bigint> {
  const [row] = await db.query<{ total: bigint }>(
    `select coalesce(sum(points), 0)::bigint as total from point_redemptions
      where member_id = $1 and status = 'rejected'`,
    [memberId],
  );
  return row?.total ?? 0n;
}

export async function listRedemptions(
  db: Queryable,
  filter: { status: string | null; username: string | null },
  limit: number,
  offset: number,
) {
  const where = `($1::text is null or r.status = $1) and ($2::text is null or lower(m.username) = lower($2))`;
  const params = [filter.status, filter.username];
  const [rows, [count]] = await Promise.all([
    db.query<RedemptionDb & { username: string }>(
      `select ${REDEMPTION_COLUMNS}, m.username from point_redemptions r join members m on m.id = r.member_id
        where ${where} order by r.id desc limit $3 offset $4`,
      [...params, limit, offset],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from point_redemptions r join members m on m.id = r.member_id where ${where}`,
      params,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function redemptionWithUsername(db: Queryable, id: bigint) {
  const [row] = await db.query<RedemptionDb & { username: string }>(
    `select ${REDEMPTION_COLUMNS}, m.username from point_redemptions r join members m on m.id = r.member_id
      where r.id = $1`,
    [id],
  );
  if (!row) throw new Error(`redemption ${id} vanished`);
  return row;
}
