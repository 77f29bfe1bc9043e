import type { Queryable } from '../../db/database.ts';
import type { StoredTier } from './contracts-rules.ts';

/** SQL of the agents' contracts (agent_contracts, agent_contract_events, agent_contract_templates). */

export interface ContractDb {
  id: number;
  kind: string;
  product: string;
  agent_id: number;
  agent_username: string;
  upline_id: number | null;
  upline_username: string | null;
  operator_id: number | null;
  payer: 'platform' | 'upline';
  status: string;
  tiers: StoredTier[];
  /** Daily salary's cap in minor units as a decimal string (null: none). */
  amount_limit: string | null;
  period: string;
  carry: string;
  net_loss_parts: string[];
  replaces_id: number | null;
  template_id: number | null;
  offered_at: Date;
  expires_at: Date | null;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string;
}

const CONTRACT_COLUMNS = `c.id::int as id, c.kind, c.product, c.agent_id, a.username as agent_username, c.upline_id,
  u.username as upline_username, c.operator_id, c.payer, c.status, c.tiers, c.amount_limit::text as amount_limit, c.period, c.carry,
  c.net_loss_parts, c.replaces_id::int as replaces_id, c.template_id::int as template_id, c.offered_at, c.expires_at, c.accepted_at,
  c.ended_at, c.end_reason`;
const CONTRACT_FROM = `agent_contracts c join members a on a.id = c.agent_id left join members u on u.id = c.upline_id`;

const OPEN_OFFER = `('pending', 'edited')`;
const IN_FORCE = `('active', 'termination_requested')`;
/** The agent's ($1) contracts of the kind ($2) and product ($3). */
const KIND_OF_AGENT = 'c.agent_id = $1 and c.kind = $2 and c.product = $3';
/** In force or open. */
const LIVE = `('pending', 'edited', 'active', 'termination_requested')`;

/** The contracts, with their agent's and upline's names, that meet `condition` (with its parameters), in `order`. */
const contractsWhere = (db: Queryable, condition: string, params: unknown[], order = '') =>
  db.query<ContractDb>(
    `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM} where ${condition} ${order}`,
    params,
  );

/** The one contract that meets `condition`, or null. */
const contractWhere = async (db: Queryable, condition: string, params: unknown[], order = '') =>
  (await contractsWhere(db, condition, params, order))[0] ?? null;

export interface ContractMemberDb {
  id: number;
  username: string;
  type: number;
  upline_id: number | null;
  agent_path: number[];
}

export async function memberById(db: Queryable, id: number): Promise<ContractMemberDb | null> {
  const [row] = await db.query<ContractMemberDb>(
    'select id, username, type, upline_id, agent_path from members where id = $1',
    [id],
  );
  return row ?? null;
}

export async function memberByUsername(db: Queryable, username: string): Promise<ContractMemberDb | null> {
  const [row] = await db.query<ContractMemberDb>(
    'select id, username, type, upline_id, agent_path from members where lower(username) = lower($1)',
    [username],
  );
  return row ?? null;
}

/**
 * A direct downline of the upline by username, or null: one outside the upline's first level answers the same as
 * one that does not exist. (The direct-downline check on the tree; A1's team check takes it over on merge.)
 */
export async function directDownlineByUsername(
  db: Queryable,
  uplineId: number,
  username: string,
): Promise<ContractMemberDb | null> {
  const [row] = await db.query<ContractMemberDb>(
    `select id, username, type, upline_id, agent_path from members
      where lower(username) = lower($2) and upline_id = $1`,
    [uplineId, username],
  );
  return row ?? null;
}

/**
 * Serialises every contract change of one kind in one tree (the branch's top member): offers, answers, the
 * differential rule's cascade and expiry read and write the contracts above and below the agent, so two of them
 * in one tree wait for each other instead of deciding on what the other is changing.
 */
export async function lockTree(tx: Queryable, topId: number, kind: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1), $2)', [`agent-contracts:${kind}`, topId]);
}

export async function contractById(db: Queryable, id: number): Promise<ContractDb | null> {
  return contractWhere(db, 'c.id = $1', [id]);
}

/** The agent's contract in force (active or with a termination requested) of the kind and product. */
export async function contractInForceNow(
  db: Queryable,
  agentId: number,
  kind: string,
  product: string,
): Promise<ContractDb | null> {
  return contractWhere(db, `${KIND_OF_AGENT} and c.status in ${IN_FORCE}`, [agentId, kind, product]);
}

/** The offer waiting for the agent's answer of the kind and product. */
export async function openOffer(
  db: Queryable,
  agentId: number,
  kind: string,
  product: string,
): Promise<ContractDb | null> {
  return contractWhere(db, `${KIND_OF_AGENT} and c.status in ${OPEN_OFFER}`, [agentId, kind, product]);
}

/** The products of the agent's contracts and offers of the kind that are in force or open. */
export async function liveProducts(db: Queryable, agentId: number, kind: string): Promise<string[]> {
  const rows = await db.query<{ product: string }>(
    `select distinct product from agent_contracts
      where agent_id = $1 and kind = $2 and status in ${LIVE}`,
    [agentId, kind],
  );
  return rows.map((row) => row.product);
}

/** The contracts in force and open offers the agent gave of the kind and product. */
export async function givenBy(
  db: Queryable,
  uplineId: number,
  kind: string,
  product: string,
): Promise<ContractDb[]> {
  return contractsWhere(
    db,
    `c.upline_id = $1 and c.kind = $2 and c.product = $3 and c.status in ${LIVE}`,
    [uplineId, kind, product],
    'order by c.id',
  );
}

export interface NewContract {
  kind: string;
  product: string;
  agentId: number;
  uplineId: number | null;
  operatorId: number | null;
  payer: 'platform' | 'upline';
  status: 'pending' | 'edited';
  tiers: StoredTier[];
  amountLimit: string | null;
  period: string;
  carry: string;
  netLossParts: string[];
  replacesId: number | null;
  templateId: number | null;
  offeredAt: Date;
  expiresAt: Date;
}

export async function insertContract(tx: Queryable, row: NewContract): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into agent_contracts (kind, product, agent_id, upline_id, operator_id, payer, status, tiers, period, carry,
       net_loss_parts, replaces_id, template_id, offered_at, expires_at, amount_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id::int as id`,
    [
      row.kind,
      row.product,
      row.agentId,
      row.uplineId,
      row.operatorId,
      row.payer,
      row.status,
      JSON.stringify(row.tiers),
      row.period,
      row.carry,
      JSON.stringify(row.netLossParts),
      row.replacesId,
      row.templateId,
      row.offeredAt,
      row.expiresAt,
      row.amountLimit,
    ],
  );
  return inserted?.id as number;
}

/** Accepts an offer: it becomes active from now. */
export async function activate(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.query(`update agent_contracts set status = 'active', accepted_at = $2 where id = $1`, [id, now]);
}

/** Moves a contract in force between active and termination_requested. */
export async function setInForceStatus(
  tx: Queryable,
  id: number,
  status: 'active' | 'termination_requested',
): Promise<void> {
  await tx.query('update agent_contracts set status = $2 where id = $1', [id, status]);
}

/** Ends a contract or offer (rejected, terminated, cancelled, expired, replaced) from now, with its reason. */
export async function end(
  tx: Queryable,
  id: number,
  status: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.query('update agent_contracts set status = $2, end_reason = $3, ended_at = $4 where id = $1', [
    id,
    status,
    reason,
    now,
  ]);
}

export async function insertEvent(
  tx: Queryable,
  event: {
    contractId: number;
    action: string;
    memberId: number | null;
    operatorId: number | null;
    reason: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into agent_contract_events (contract_id, action, member_id, operator_id, reason, at)
     values ($1, $2, $3, $4, $5, $6)`,
    [event.contractId, event.action, event.memberId, event.operatorId, event.reason, event.at],
  );
}

export interface ContractEventDb {
  id: number;
  contract_id: number;
  action: string;
  member_id: number | null;
  member_username: string | null;
  operator_id: number | null;
  operator_username: string | null;
  reason: string;
  at: Date;
}

export async function eventsOf(db: Queryable, contractIds: readonly number[]): Promise<ContractEventDb[]> {
  if (contractIds.length === 0) return [];
  return db.query<ContractEventDb>(
    `select e.id::int as id, e.contract_id::int as contract_id, e.action, e.member_id, m.username as member_username,
            e.operator_id, o.username as operator_username, e.reason, e.at
       from agent_contract_events e
       left join members m on m.id = e.member_id
       left join operators o on o.id = e.operator_id
      where e.contract_id = any ($1::bigint[])
      order by e.id`,
    [contractIds],
  );
}

/** The agent's current contracts and offers, and those it gave (in force or open). */
export async function currentOf(db: Queryable, agentId: number): Promise<ContractDb[]> {
  return contractsWhere(
    db,
    `(c.agent_id = $1 or c.upline_id = $1) and c.status in ${LIVE}`,
    [agentId],
    'order by c.kind, c.product, c.id',
  );
}

export async function historyOf(
  db: Queryable,
  agentId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ContractDb[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    contractsWhere(
      db,
      'c.agent_id = $1 or c.upline_id = $1',
      [agentId, limit, offset],
      'order by c.id desc limit $2 offset $3',
    ),
    db.query<{ total: number }>(
      'select count(*)::int as total from agent_contracts where agent_id = $1 or upline_id = $1',
      [agentId],
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Every contract and offer the agent held or was offered, newest first (the console). */
export async function allOfAgent(db: Queryable, agentId: number): Promise<ContractDb[]> {
  return contractsWhere(db, 'c.agent_id = $1', [agentId], 'order by c.id desc');
}

/** The contract that applied at a moment: accepted by then and not ended by then. */
export async function inForceAt(
  db: Queryable,
  agentId: number,
  kind: string,
  product: string,
  at: Date,
): Promise<ContractDb | null> {
  return contractWhere(
    db,
    `${KIND_OF_AGENT} and c.accepted_at <= $4 and (c.ended_at is null or c.ended_at > $4)`,
    [agentId, kind, product, at],
    'order by c.accepted_at desc limit 1',
  );
}

export interface ContractInForceDb {
  id: bigint;
  kind: string;
  product: string;
  agent_id: number;
  /** The agent's upline in the tree now (whose direct downline it is). */
  member_upline_id: number | null;
  upline_id: number | null;
  payer: 'platform' | 'upline';
  tiers: unknown;
  amount_limit: string | null;
  period: 'daily' | 'weekly' | 'semimonthly' | 'monthly';
  carry: 'none' | 'month' | 'forever';
  net_loss_parts: string[];
  accepted_at: Date;
  ended_at: Date | null;
}

/**
 * The contracts of a kind in force at some time in [from, to): accepted before its end and not ended before its
 * start. When an agent's contract of a product was replaced inside the period, the one accepted last applies.
 */
export function inForceDuring(
  db: Queryable,
  kind: string,
  from: Date,
  to: Date,
): Promise<ContractInForceDb[]> {
  return db.query<ContractInForceDb>(
    `select distinct on (c.agent_id, c.product)
            c.id, c.kind, c.product, c.agent_id, m.upline_id as member_upline_id, c.upline_id, c.payer, c.tiers,
            c.amount_limit::text as amount_limit, c.period, c.carry, c.net_loss_parts, c.accepted_at, c.ended_at
       from agent_contracts c join members m on m.id = c.agent_id
      where c.kind = $1 and c.accepted_at is not null and c.accepted_at < $3
        and (c.ended_at is null or c.ended_at > $2)
      order by c.agent_id, c.product, c.accepted_at desc, c.id desc`,
    [kind, from, to],
  );
}

/** Offers whose time ran out, oldest first, with the top of their agent's tree (the expiry job). */
export async function expiredOffers(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ id: number; kind: string; top_id: number }[]> {
  return db.query(
    `select c.id::int as id, c.kind, m.agent_path[1] as top_id from agent_contracts c join members m on m.id = c.agent_id
      where c.status in ${OPEN_OFFER} and c.expires_at <= $1 order by c.expires_at limit $2`,
    [now, limit],
  );
}

// ------------------------------------------------------------------------------------------------- templates

export interface TemplateDb {
  id: number;
  name: string;
  kind: string;
  product: string;
  tiers: StoredTier[];
  amount_limit: string | null;
  period: string;
  carry: string;
  net_loss_parts: string[];
  created_at: Date;
  updated_at: Date;
}

const TEMPLATE_COLUMNS = `id::int as id, name, kind, product, tiers, amount_limit::text as amount_limit, period, carry,
  net_loss_parts, created_at, updated_at`;

export async function templates(db: Queryable): Promise<TemplateDb[]> {
  return db.query<TemplateDb>(
    `select ${TEMPLATE_COLUMNS} from agent_contract_templates where removed_at is null order by kind, product, name`,
  );
}

export async function templateById(db: Queryable, id: number): Promise<TemplateDb | null> {
  const [row] = await db.query<TemplateDb>(
    `select ${TEMPLATE_COLUMNS} from agent_contract_templates where id = $1 and removed_at is null`,
    [id],
  );
  return row ?? null;
}

export interface TemplateFields {
  name: string;
  kind: string;
  product: string;
  tiers: StoredTier[];
  amountLimit: string | null;
  period: string;
  carry: string;
  netLossParts: string[];
}

export async function insertTemplate(
  tx: Queryable,
  fields: TemplateFields,
  operatorId: number,
  now: Date,
): Promise<TemplateDb> {
  const [row] = await tx.query<TemplateDb>(
    `insert into agent_contract_templates (name, kind, product, tiers, period, carry, net_loss_parts, created_by,
       created_at, updated_at, amount_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) returning ${TEMPLATE_COLUMNS}`,
    [
      fields.name,
      fields.kind,
      fields.product,
      JSON.stringify(fields.tiers),
      fields.period,
      fields.carry,
      JSON.stringify(fields.netLossParts),
      operatorId,
      now,
      fields.amountLimit,
    ],
  );
  return row as TemplateDb;
}

export async function updateTemplate(
  tx: Queryable,
  id: number,
  fields: TemplateFields,
  now: Date,
): Promise<TemplateDb | null> {
  const [row] = await tx.query<TemplateDb>(
    `update agent_contract_templates set name = $2, kind = $3, product = $4, tiers = $5, period = $6, carry = $7,
       net_loss_parts = $8, updated_at = $9, amount_limit = $10
     where id = $1 and removed_at is null returning ${TEMPLATE_COLUMNS}`,
    [
      id,
      fields.name,
      fields.kind,
      fields.product,
      JSON.stringify(fields.tiers),
      fields.period,
      fields.carry,
      JSON.stringify(fields.netLossParts),
      now,
      fields.amountLimit,
    ],
  );
  return row ?? null;
}

export async function removeTemplate(tx: Queryable, id: number, now: Date): Promise<TemplateDb | null> {
  const [row] = await tx.query<TemplateDb>(
    `update agent_contract_templates set removed_at = $2 where id = $1 and removed_at is null
     returning ${TEMPLATE_COLUMNS}`,
    [id, now],
  );
  return row ?? null;
}
