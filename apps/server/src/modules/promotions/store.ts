import type { OnePerControl, PromotionAudience, PromotionKind } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the promotions area (promotions, promotion_entries, promotion_entry_images, promotion_blacklist). */

export interface VersionDb {
  language: string;
  title: string;
  content: string;
  imageId: string | null;
}

export interface PromotionDb {
  id: number;
  category: string;
  kind: PromotionKind;
  versions: VersionDb[];
  starts_at: Date;
  ends_at: Date | null;
  apply_until: Date | null;
  audience: PromotionAudience;
  product_scope: string | null;
  budget: bigint;
  spent: bigint;
  turnover_multiple: string;
  percent_bp: number | null;
  cap: bigint | null;
  min_deposit: bigint | null;
  deposit_which: 'first' | 'every' | null;
  join_required: boolean;
  amount: bigint | null;
  one_per: OnePerControl[];
  max_stake: bigint | null;
  tickets: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  pending: number;
}

const COLUMNS = `p.id, p.category, p.kind, p.versions, p.starts_at, p.ends_at, p.apply_until, p.audience, p.product_scope,
  p.budget, p.spent, p.turnover_multiple::text as turnover_multiple, p.percent_bp, p.cap, p.min_deposit,
  p.deposit_which, p.join_required, p.amount, p.one_per, p.max_stake, p.tickets, p.enabled, p.created_at, p.updated_at,
  (select count(*)::int from promotion_entries e where e.promotion_id = p.id and e.status = 'applying') as pending`;

export interface PromotionRow {
  category: string;
  kind: PromotionKind;
  versions: VersionDb[];
  startsAt: Date;
  endsAt: Date | null;
  applyUntil: Date | null;
  audience: PromotionAudience;
  productScope: string | null;
  budget: bigint;
  turnoverMultiple: number;
  percentBp: number | null;
  cap: bigint | null;
  minDeposit: bigint | null;
  depositWhich: 'first' | 'every' | null;
  joinRequired: boolean;
  amount: bigint | null;
  onePer: OnePerControl[];
  maxStake: bigint | null;
  tickets: number;
  enabled: boolean;
}

const rowValues = (row: PromotionRow) => [
  row.category,
  row.kind,
  JSON.stringify(row.versions),
  row.startsAt,
  row.endsAt,
  row.applyUntil,
  JSON.stringify(row.audience),
  row.productScope,
  row.budget,
  row.turnoverMultiple,
  row.percentBp,
  row.cap,
  row.minDeposit,
  row.depositWhich,
  row.joinRequired,
  row.amount,
  row.onePer,
  row.maxStake,
  row.enabled,
];

export async function insertPromotion(tx: Transaction, row: PromotionRow, now: Date): Promise<number> {
  const [created] = await tx.query<{ id: number }>(
    `insert into promotions (category, kind, versions, starts_at, ends_at, apply_until, audience, product_scope,
       budget, turnover_multiple, percent_bp, cap, min_deposit, deposit_which, join_required, amount, one_per,
       max_stake, enabled, created_at, updated_at, tickets)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, $20, $21)
     returning id`,
    [...rowValues(row), now, row.tickets],
  );
  if (!created) throw new Error('the new promotion vanished');
  return created.id;
}

/** Rewrites a promotion; false when its budget would fall below what it already spent. */
export async function updatePromotion(tx: Transaction, id: number, row: PromotionRow, now: Date) {
  const updated = await tx.query(
    `update promotions set category = $2, kind = $3, versions = $4::jsonb, starts_at = $5, ends_at = $6,
       apply_until = $7, audience = $8::jsonb, product_scope = $9, budget = $10, turnover_multiple = $11,
       percent_bp = $12, cap = $13, min_deposit = $14, deposit_which = $15, join_required = $16, amount = $17,
       one_per = $18, max_stake = $19, enabled = $20, updated_at = $21, tickets = $22
     where id = $1 and spent <= $10 returning id`,
    [id, ...rowValues(row), now, row.tickets],
  );
  return updated.length > 0;
}

export async function findPromotion(db: Queryable, id: number): Promise<PromotionDb | null> {
  const [row] = await db.query<PromotionDb>(`select ${COLUMNS} from promotions p where p.id = $1`, [id]);
  return row ?? null;
}

/** The promotion held for update: its claims, joins and approvals run one after the other. */
export async function lockPromotion(tx: Transaction, id: number): Promise<PromotionDb | null> {
  const [row] = await tx.query<PromotionDb>(
    `select ${COLUMNS} from promotions p where p.id = $1 for update`,
    [id],
  );
  return row ?? null;
}

/** The enabled promotions a site shows (those not ended more than `endedSince` ago), by start, newest first. */
export function sitePromotions(db: Queryable, category: string | null, endedSince: Date) {
  return db.query<PromotionDb>(
    `select ${COLUMNS} from promotions p
     where p.enabled and (p.ends_at is null or p.ends_at > $2) and ($1::text is null or p.category = $1)
     order by p.starts_at desc, p.id desc`,
    [category, endedSince],
  );
}

export function consolePromotions(db: Queryable) {
  return db.query<PromotionDb>(`select ${COLUMNS} from promotions p order by p.id desc`);
}

/** Adds to what a promotion spent, within its budget; false when the budget does not cover it. */
export async function spend(tx: Transaction, id: number, amount: bigint): Promise<boolean> {
  const rows = await tx.query(
    'update promotions set spent = spent + $2 where id = $1 and spent + $2 <= budget returning id',
    [id, amount],
  );
  return rows.length > 0;
}

type EntryStatus = 'signed' | 'applying' | 'rejected' | 'issued' | 'claimed';

export interface EntryDb {
  id: bigint;
  promotion_id: number;
  member_id: number;
  period: string;
  status: EntryStatus;
  amount: bigint | null;
  remark: string;
  reason: string;
  deposit_order_no: string | null;
  transaction_id: bigint | null;
  decided_at: Date | null;
  created_at: Date;
  claimed_at: Date | null;
}

const ENTRY_COLUMNS = `e.id, e.promotion_id, e.member_id, e.period, e.status, e.amount, e.remark, e.reason,
  e.deposit_order_no, e.transaction_id, e.decided_at, e.created_at, e.claimed_at`;

/** A member's records of promotions (all of them, or of one), newest first. */
export function entriesOf(db: Queryable, memberId: number, promotionId: number | null) {
  return db.query<EntryDb>(
    `select ${ENTRY_COLUMNS} from promotion_entries e
     where e.member_id = $1 and ($2::int is null or e.promotion_id = $2) order by e.created_at desc, e.id desc`,
    [memberId, promotionId],
  );
}

export interface Identity {
  registerIp: string;
  devices: string[];
  paymentAccounts: string[];
}

export interface NewEntry {
  promotionId: number;
  memberId: number;
  period: string;
  status: EntryStatus;
  amount: bigint | null;
  remark: string;
  depositOrderNo: string | null;
  identity: Identity;
}

/** Inserts a record; null when the member has one for that promotion and period already. */
export async function insertEntry(tx: Transaction, row: NewEntry, now: Date): Promise<EntryDb | null> {
  const [created] = await tx.query<EntryDb>(
    `insert into promotion_entries as e (promotion_id, member_id, period, status, amount, remark, deposit_order_no,
       register_ip, devices, payment_accounts, created_at, claimed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, case when $4 = 'claimed' then $11::timestamptz end)
     on conflict (promotion_id, member_id, period) do nothing
     returning ${ENTRY_COLUMNS}`,
    [
      row.promotionId,
      row.memberId,
      row.period,
      row.status,
      row.amount,
      row.remark,
      row.depositOrderNo,
      row.identity.registerIp,
      row.identity.devices,
      row.identity.paymentAccounts,
      now,
    ],
  );
  return created ?? null;
}

export async function markClaimed(tx: Transaction, id: bigint, identity: Identity, now: Date) {
  const [row] = await tx.query<EntryDb>(
    `update promotion_entries e set status = 'claimed', claimed_at = $2, register_ip = $3, devices = $4,
       payment_accounts = $5
     where id = $1 and status = 'issued' returning ${ENTRY_COLUMNS}`,
    [id, now, identity.registerIp, identity.devices, identity.paymentAccounts],
  );
  return row ?? null;
}

export async function setTransaction(tx: Transaction, id: bigint, transactionId: bigint) {
  await tx.query('update promotion_entries set transaction_id = $2 where id = $1', [id, transactionId]);
}

/**
 * Whether another member's record of the promotion (in the period, when given) that took or asks for a bonus shares
 * one of the identity facts the promotion's controls name.
 */
export async function linkedEntryExists(
  db: Queryable,
  promotionId: number,
  memberId: number,
  period: string | null,
  controls: readonly OnePerControl[],
  identity: Identity,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from promotion_entries
     where promotion_id = $1 and member_id <> $2 and ($3::text is null or period = $3)
       and status in ('applying', 'issued', 'claimed')
       and (($4 and register_ip <> '' and register_ip = $7) or ($5 and devices && $8::text[])
         or ($6 and payment_accounts && $9::text[]))
     limit 1`,
    [
      promotionId,
      memberId,
      period,
      controls.includes('address'),
      controls.includes('device'),
      controls.includes('paymentAccount'),
      identity.registerIp,
      identity.devices,
      identity.paymentAccounts,
    ],
  );
  return rows.length > 0;
}

export async function insertImage(
  tx: Transaction,
  row: { id: string; entryId: bigint; contentType: string; bytes: Uint8Array; sha256: string },
  now: Date,
) {
  await tx.query(
    `insert into promotion_entry_images (id, entry_id, content_type, bytes, size, sha256, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.entryId, row.contentType, row.bytes, row.bytes.length, row.sha256, now],
  );
}

export async function entryImage(db: Queryable, entryId: number, imageId: string) {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'select content_type, bytes from promotion_entry_images where entry_id = $1 and id = $2',
    [entryId, imageId],
  );
  return row ?? null;
}

export interface ApplicationDb extends EntryDb {
  username: string;
  versions: VersionDb[];
  images: string[];
}

const APPLICATION_SELECT = `select ${ENTRY_COLUMNS}, m.username, p.versions,
    coalesce((select array_agg(i.id::text order by i.created_at, i.id) from promotion_entry_images i
      where i.entry_id = e.id), '{}') as images
  from promotion_entries e join promotions p on p.id = e.promotion_id join members m on m.id = e.member_id`;

export async function applications(
  db: Queryable,
  filter: { status: string | null; promotionId: number | null },
  limit: number,
  offset: number,
) {
  const where = `p.kind = 'application' and e.status <> 'signed' and ($1::text is null or e.status = $1)
    and ($2::int is null or e.promotion_id = $2)`;
  const rows = await db.query<ApplicationDb>(
    `${APPLICATION_SELECT} where ${where} order by e.created_at desc, e.id desc limit $3 offset $4`,
    [filter.status, filter.promotionId, limit, offset],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from promotion_entries e join promotions p on p.id = e.promotion_id where ${where}`,
    [filter.status, filter.promotionId],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function application(db: Queryable, id: number): Promise<ApplicationDb | null> {
  const [row] = await db.query<ApplicationDb>(
    `${APPLICATION_SELECT} where e.id = $1 and p.kind = 'application'`,
    [id],
  );
  return row ?? null;
}

export async function lockEntry(tx: Transaction, id: number): Promise<EntryDb | null> {
  const [row] = await tx.query<EntryDb>(
    `select ${ENTRY_COLUMNS} from promotion_entries e where e.id = $1 for update`,
    [id],
  );
  return row ?? null;
}

export async function decide(
  tx: Transaction,
  id: bigint,
  decision: { status: 'issued' | 'rejected'; amount: bigint | null; reason: string; operatorId: number },
  now: Date,
) {
  await tx.query(
    `update promotion_entries set status = $2, amount = $3, reason = $4, decided_by = $5, decided_at = $6
     where id = $1`,
    [id, decision.status, decision.amount, decision.reason, decision.operatorId, now],
  );
}

export async function blacklisted(db: Queryable, kind: string, memberId: number): Promise<boolean> {
  const rows = await db.query('select 1 from promotion_blacklist where kind = $1 and member_id = $2', [
    kind,
    memberId,
  ]);
  return rows.length > 0;
}

export interface BlacklistDb {
  id: number;
  kind: PromotionKind;
  member_id: number;
  username: string;
  reason: string;
  created_at: Date;
}

export async function blacklist(db: Queryable, kind: string | null, limit: number, offset: number) {
  const rows = await db.query<BlacklistDb>(
    `select b.id, b.kind, b.member_id, m.username, b.reason, b.created_at from promotion_blacklist b
       join members m on m.id = b.member_id
     where $1::text is null or b.kind = $1 order by b.created_at desc, b.member_id limit $2 offset $3`,
    [kind, limit, offset],
  );
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from promotion_blacklist where $1::text is null or kind = $1',
    [kind],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function addToBlacklist(
  tx: Transaction,
  row: { kind: string; memberId: number; reason: string; operatorId: number },
  now: Date,
): Promise<BlacklistDb | null> {
  const [created] = await tx.query<BlacklistDb>(
    `with added as (
       insert into promotion_blacklist (kind, member_id, reason, created_by, created_at) values ($1, $2, $3, $4, $5)
       on conflict (kind, member_id) do nothing returning id, kind, member_id, reason, created_at)
     select a.id, a.kind, a.member_id, m.username, a.reason, a.created_at from added a join members m on m.id = a.member_id`,
    [row.kind, row.memberId, row.reason, row.operatorId, now],
  );
  return created ?? null;
}

export async function removeFromBlacklist(tx: Transaction, kind: string, memberId: number) {
  const rows = await tx.query<BlacklistDb>(
    'delete from promotion_blacklist where kind = $1 and member_id = $2 returning id, kind, member_id, reason, created_at',
    [kind, memberId],
  );
  return rows[0] ?? null;
}
