import {
  AGENT_CENTRE_IS_AGENT_VALUES,
  type agentOfferBody,
  type answerResult,
  type ContractKind,
  type ContractProduct,
  type ContractStatus,
  type ContractView,
  type contractEventView,
  type operatorOfferBody,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { type Localized, sendMessage } from '../inbox/service.ts';
import { settingDocument } from '../system/settings.ts';
import { currencyOf } from '../wallet/settings.ts';
import {
  capExceeds,
  capFromInput,
  capView,
  exceeds,
  parseCap,
  parseTiers,
  storeTiers,
  type Tier,
  tiersFromInput,
  tierView,
} from './contracts-rules.ts';
import type { ContractDb } from './contracts-store.ts';
import * as store from './contracts-store.ts';

/**
 * Agent contracts (design note §A1, §A3, §A5): an upline agent offers a contract to a direct downline agent, the
 * operator to a top-level agent; the downline accepts or rejects; the upline may ask to end it, which the downline
 * confirms or refuses; offers expire. The differential rule holds at every step: an offer never pays more than the
 * offerer's own contract at any tier (the dominance test), and accepting a lower contract cancels, in the same
 * transaction, every contract below that now pays more, down the branch. Every change is an event, so which
 * contract applied when can be read back (`contractInForce`).
 *
 * Every change of one kind in one tree takes that tree's lock first (`store.lockTree`), so an accept racing an
 * offer or another accept decides on what the other committed.
 */

export type AnswerResult = z.infer<typeof answerResult>;
type EventView = z.infer<typeof contractEventView>;

/** Who acts: a member (the agent or its upline), an operator, or the system (expiry, the differential rule). */
type Actor = { memberId: number; operatorId?: never } | { operatorId: number; memberId?: never } | null;

/** The site setting (site_settings 'agent_contracts') of how long an offer waits for its answer. */
export const CONTRACT_SETTINGS_KEY = 'agent_contracts';
const DEFAULT_OFFER_EXPIRY_HOURS = 7 * 24;

export async function offerExpiryHours(db: Queryable): Promise<number> {
  const stored = await settingDocument<{ offerExpiryHours?: number }>(db, CONTRACT_SETTINGS_KEY);
  const hours = Number(stored?.offerExpiryHours);
  return Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_OFFER_EXPIRY_HOURS;
}

const isAgentType = (type: number) => (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);
const topOf = (member: store.ContractMemberDb) => member.agent_path[0] ?? member.id;
const isOpenOffer = (status: string) => status === 'pending' || status === 'edited';
const isInForce = (status: string) => status === 'active' || status === 'termination_requested';
const iso = (date: Date | null) => (date ? date.toISOString() : null);

// ------------------------------------------------------------------------------------------------ messages

const KIND_LABELS: Record<ContractKind, Localized> = {
  dividend: { EN: 'dividend', VI: 'chia cổ tức', CN: '分红' },
  daily_salary: { EN: 'daily salary', VI: 'lương ngày', CN: '日工资' },
  hourly_salary: { EN: 'hourly salary', VI: 'lương giờ', CN: '时工资' },
  realtime_salary: { EN: 'real-time salary', VI: 'lương thời gian thực', CN: '实时工资' },
};
const PRODUCT_ALL: Localized = { EN: 'all products', VI: 'tất cả sản phẩm', CN: '综合' };
const REASONS: Record<string, Localized> = {
  upline_rate_lower: {
    EN: "your upline's contract now pays less than yours",
    VI: 'hợp đồng của tuyến trên nay thấp hơn của bạn',
    CN: '上级的契约费率已低于您的契约',
  },
  upline_contract_ended: {
    EN: "your upline's own contract ended",
    VI: 'hợp đồng của tuyến trên đã chấm dứt',
    CN: '上级自身的契约已终止',
  },
};
const ANSWERS: Record<string, Localized> = {
  accepted: { EN: 'accepted', VI: 'đã chấp nhận', CN: '已接受' },
  rejected: { EN: 'rejected', VI: 'đã từ chối', CN: '已拒绝' },
  terminated: { EN: 'confirmed the termination of', VI: 'đã xác nhận chấm dứt', CN: '已确认终止' },
  termination_refused: { EN: 'refused to end', VI: 'đã từ chối chấm dứt', CN: '拒绝终止' },
};

const contractParams = (row: Pick<ContractDb, 'kind' | 'product'>) => ({
  kind: KIND_LABELS[row.kind as ContractKind],
  product: row.product === 'CONS' ? PRODUCT_ALL : row.product,
});

// ------------------------------------------------------------------------------------------------- views

function contractView(row: ContractDb, digits: number, downlineHigherRate = false): ContractView {
  return {
    id: row.id,
    kind: row.kind as ContractKind,
    product: row.product as ContractProduct,
    status: row.status as ContractStatus,
    agent: { id: row.agent_id, username: row.agent_username },
    upline: row.upline_id === null ? null : { id: row.upline_id, username: row.upline_username ?? '' },
    payer: row.payer,
    period: row.period as ContractView['period'],
    carry: row.carry as ContractView['carry'],
    netLossParts: row.net_loss_parts as ContractView['netLossParts'],
    tiers: parseTiers(row.tiers).map((tier) => tierView(tier, digits)),
    amountLimit: capView(row.amount_limit, digits),
    replacesId: row.replaces_id,
    downlineHigherRate,
    offeredAt: row.offered_at.toISOString(),
    expiresAt: iso(row.expires_at),
    acceptedAt: iso(row.accepted_at),
    endedAt: iso(row.ended_at),
    endReason: row.end_reason,
  };
}

function eventView(row: store.ContractEventDb): EventView {
  return {
    id: row.id,
    contractId: row.contract_id,
    action: row.action,
    by: row.operator_id !== null ? 'operator' : row.member_id !== null ? 'member' : 'system',
    byName: row.operator_username ?? row.member_username ?? '',
    reason: row.reason,
    at: row.at.toISOString(),
  };
}

/**
 * The differential rule between two contracts of a kind and product: the child pays more than the parent at some
 * tier, or its daily salary cap is above the parent's (or it has none where the parent has one).
 */
const overParent = (
  child: Pick<ContractDb, 'tiers' | 'amount_limit'>,
  parent: Pick<ContractDb, 'tiers' | 'amount_limit'>,
) =>
  exceeds(parseTiers(child.tiers), parseTiers(parent.tiers)) ||
  capExceeds(parseCap(child.amount_limit), parseCap(parent.amount_limit));

/**
 * Whether accepting the offer would cancel something the agent gave below: a contract in force or an open offer of
 * the same kind and product that pays more than the offer somewhere, or is capped above it (the original's
 * `downlineHigherRate`).
 */
export async function cancelsBelow(db: Queryable, offer: ContractDb): Promise<boolean> {
  const given = await store.givenBy(db, offer.agent_id, offer.kind, offer.product);
  return given.some((row) => overParent(row, offer));
}

// ------------------------------------------------------------------------------------------------ offering

async function event(
  tx: Queryable,
  contractId: number,
  action: string,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<void> {
  await store.insertEvent(tx, {
    contractId,
    action,
    memberId: actor?.memberId ?? null,
    operatorId: actor?.operatorId ?? null,
    reason,
    at: now,
  });
}

/** For one kind, an agent holds one CONS contract or contracts per product, never both (offers included). */
async function refuseMixedProducts(
  tx: Queryable,
  agentId: number,
  kind: string,
  product: string,
): Promise<void> {
  const others = (await store.liveProducts(tx, agentId, kind)).filter((other) => other !== product);
  if (others.length > 0 && (product === 'CONS' || others.includes('CONS'))) {
    throw new AppError('contract_products_mixed', { product: 'contract_products_mixed' });
  }
}

interface OfferTerms {
  kind: ContractKind;
  product: ContractProduct;
  tiers: Tier[];
  /** Daily salary's cap in minor units (null: none). */
  amountLimit: bigint | null;
  payer: 'platform' | 'upline';
  period: string;
  carry: string;
  netLossParts: string[];
  templateId: number | null;
}

/** Writes an offer to the agent, replacing its open offer of the kind and product; the agent is told. */
async function placeOffer(
  tx: Transaction,
  target: store.ContractMemberDb,
  from: { uplineId: number | null; operatorId: number | null },
  terms: OfferTerms,
  actor: Actor,
  now: Date,
): Promise<ContractDb> {
  await refuseMixedProducts(tx, target.id, terms.kind, terms.product);
  const current = await store.contractInForceNow(tx, target.id, terms.kind, terms.product);
  if (current?.status === 'termination_requested') {
    throw new AppError('contract_termination_pending');
  }
  const open = await store.openOffer(tx, target.id, terms.kind, terms.product);
  if (open) {
    await store.end(tx, open.id, 'replaced', 'new offer', now);
    await event(tx, open.id, 'replaced', actor, 'new offer', now);
  }
  const hours = await offerExpiryHours(tx);
  const id = await store.insertContract(tx, {
    kind: terms.kind,
    product: terms.product,
    agentId: target.id,
    uplineId: from.uplineId,
    operatorId: from.operatorId,
    payer: terms.payer,
    status: current ? 'edited' : 'pending',
    tiers: storeTiers(terms.tiers),
    amountLimit: terms.amountLimit?.toString() ?? null,
    period: terms.period,
    carry: terms.carry,
    netLossParts: terms.netLossParts,
    replacesId: current?.id ?? null,
    templateId: terms.templateId,
    offeredAt: now,
    expiresAt: new Date(now.getTime() + hours * 3_600_000),
  });
  await event(tx, id, current ? 'edited' : 'offered', actor, '', now);
  await sendMessage(tx, target.id, 'AGENT_CONTRACT_OFFERED', contractParams(terms), now);
  return (await store.contractById(tx, id)) as ContractDb;
}

/**
 * An agent's offer to a direct downline agent: the offerer must hold a contract of that kind and product in force,
 * and the offer may pay no more than it at any tier. Dividend period, carry and net loss parts are the offerer's.
 */
export async function offerToDownline(
  deps: AppDeps,
  uplineId: number,
  body: z.output<typeof agentOfferBody>,
  idempotency: IdempotencyKey | null,
  now: Date,
): Promise<ContractView> {
  const { digits } = await currencyOf(deps);
  const tiers = tiersFromInput(body.kind, body.tiers, digits);
  const amountLimit = capFromInput(body.kind, body.amountLimit, digits);
  if (body.payer === 'upline' && (body.kind === 'hourly_salary' || body.kind === 'realtime_salary')) {
    throw new AppError('contract_payer_invalid', { payer: 'contract_payer_invalid' });
  }
  const offer = await write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const upline = (await store.memberById(tx, uplineId)) as store.ContractMemberDb;
    const target = await store.directDownlineByUsername(tx, uplineId, body.downline);
    if (!target || !isAgentType(target.type)) {
      throw new AppError('contract_downline_not_found', { downline: 'contract_downline_not_found' });
    }
    await store.lockTree(tx, topOf(upline), body.kind);
    const own = await store.contractInForceNow(tx, uplineId, body.kind, body.product);
    if (!own) throw new AppError('contract_offerer_has_none');
    if (exceeds(tiers, parseTiers(own.tiers))) {
      throw new AppError('contract_rate_above_upline', { tiers: 'contract_rate_above_upline' });
    }
    if (capExceeds(amountLimit, parseCap(own.amount_limit))) {
      throw new AppError('contract_cap_above_upline', { amountLimit: 'contract_cap_above_upline' });
    }
    const terms: OfferTerms = {
      kind: body.kind,
      product: body.product,
      tiers,
      amountLimit,
      payer: body.payer,
      period: own.period,
      carry: own.carry,
      netLossParts: own.net_loss_parts,
      templateId: null,
    };
    return placeOffer(tx, target, { uplineId, operatorId: null }, terms, { memberId: uplineId }, now);
  });
  return contractView(offer, digits, await cancelsBelow(deps.db, offer));
}

/** The operator's offer to a top-level agent, from a template or with its own terms; audited. */
export async function offerToTopLevel(
  tx: Transaction,
  operatorId: number,
  body: z.output<typeof operatorOfferBody>,
  digits: number,
  now: Date,
): Promise<{ row: ContractDb; view: ContractView }> {
  const template = body.templateId ? await store.templateById(tx, body.templateId) : null;
  if (body.templateId && !template) throw new AppError('not_found', { templateId: 'not_found' });
  const kind = (template?.kind ?? body.kind) as ContractKind | undefined;
  const product = (template?.product ?? body.product) as ContractProduct | undefined;
  const missing = Object.fromEntries(
    (['kind', 'product', 'tiers'] as const)
      .filter((field) => !template && body[field] === undefined)
      .map((field) => [field, 'required']),
  );
  if (!kind || !product || (!template && !body.tiers)) throw new AppError('validation_failed', missing);
  const tiers = template ? parseTiers(template.tiers) : tiersFromInput(kind, body.tiers ?? [], digits);
  const amountLimit = template
    ? parseCap(template.amount_limit)
    : capFromInput(kind, body.amountLimit, digits);
  const target = await store.memberByUsername(tx, body.username);
  if (!target || !isAgentType(target.type)) throw new AppError('not_found', { username: 'not_found' });
  if (target.upline_id !== null)
    throw new AppError('contract_not_top_level', { username: 'contract_not_top_level' });
  await store.lockTree(tx, topOf(target), kind);
  const terms: OfferTerms = {
    kind,
    product,
    tiers,
    amountLimit,
    payer: 'platform',
    period: template?.period ?? body.period,
    carry: template?.carry ?? body.carry,
    netLossParts: template?.net_loss_parts ?? body.netLossParts,
    templateId: template?.id ?? null,
  };
  const row = await placeOffer(tx, target, { uplineId: null, operatorId }, terms, { operatorId }, now);
  return { row, view: contractView(row, digits, await cancelsBelow(tx, row)) };
}

// ------------------------------------------------------------------------------------------------- answers

/**
 * Ends a contract or offer and, when the agent held it, everything the agent gave below of that kind and product
 * (whose payer no longer holds one), down the branch; each affected agent is told. Answers how many ended.
 */
async function cancelBranch(
  tx: Queryable,
  row: ContractDb,
  reason: string,
  actor: Actor,
  now: Date,
): Promise<number> {
  await store.end(tx, row.id, 'cancelled', reason, now);
  await event(tx, row.id, 'cancelled', actor, reason, now);
  await sendMessage(
    tx,
    row.agent_id,
    'AGENT_CONTRACT_CANCELLED',
    { ...contractParams(row), reason: REASONS[reason] ?? reason },
    now,
  );
  let count = 1;
  if (isInForce(row.status)) {
    for (const below of await store.givenBy(tx, row.agent_id, row.kind, row.product)) {
      count += await cancelBranch(tx, below, 'upline_contract_ended', null, now);
    }
  }
  return count;
}

type Decision = 'accept' | 'reject' | 'confirm' | 'keep';

/** The decision an answer code makes on a contract in its state (the original's hourly V buttons send A and R). */
function decisionOf(status: string, answer: 'A' | 'R' | 'C', hourlyButtons = false): Decision {
  if (isOpenOffer(status)) {
    if (answer === 'A') return 'accept';
    if (answer === 'R') return 'reject';
  }
  if (status === 'termination_requested') {
    if (answer === 'C') return 'confirm';
    if (hourlyButtons) return answer === 'A' ? 'confirm' : 'keep';
    if (answer === 'A') return 'keep';
  }
  throw new AppError('contract_answer_invalid', { status: 'contract_answer_invalid' });
}

async function decide(
  tx: Transaction,
  agent: store.ContractMemberDb,
  row: ContractDb,
  decision: Decision,
  now: Date,
): Promise<AnswerResult> {
  const actor = { memberId: agent.id };
  const tellUpline = async (answer: string) => {
    if (row.upline_id !== null) {
      await sendMessage(
        tx,
        row.upline_id,
        'AGENT_CONTRACT_ANSWERED',
        { ...contractParams(row), agent: agent.username, answer: ANSWERS[answer] as Localized },
        now,
      );
    }
  };
  if (decision === 'reject') {
    await store.end(tx, row.id, 'rejected', '', now);
    await event(tx, row.id, 'rejected', actor, '', now);
    await tellUpline('rejected');
    return { contractId: row.id, status: 'rejected', cancelled: 0 };
  }
  if (decision === 'keep') {
    await store.setInForceStatus(tx, row.id, 'active');
    await event(tx, row.id, 'termination_refused', actor, '', now);
    await tellUpline('termination_refused');
    return { contractId: row.id, status: 'active', cancelled: 0 };
  }
  if (decision === 'confirm') {
    await store.end(tx, row.id, 'terminated', 'termination confirmed', now);
    await event(tx, row.id, 'terminated', actor, '', now);
    await tellUpline('terminated');
    let cancelled = 0;
    for (const below of await store.givenBy(tx, agent.id, row.kind, row.product)) {
      cancelled += await cancelBranch(tx, below, 'upline_contract_ended', null, now);
    }
    return { contractId: row.id, status: 'terminated', cancelled };
  }
  // Accept: the offer must still come from the agent's upline (or the platform, for a top-level agent), and still
  // pay no more than that upline's contract in force.
  if (row.upline_id === null ? agent.upline_id !== null : row.upline_id !== agent.upline_id) {
    throw new AppError('contract_offer_outdated');
  }
  if (row.upline_id !== null) {
    const own = await store.contractInForceNow(tx, row.upline_id, row.kind, row.product);
    if (!own || overParent(row, own)) throw new AppError('contract_offer_outdated');
  }
  await refuseMixedProducts(tx, agent.id, row.kind, row.product);
  const current = await store.contractInForceNow(tx, agent.id, row.kind, row.product);
  if (current) {
    await store.end(tx, current.id, 'replaced', `replaced by ${row.id}`, now);
    await event(tx, current.id, 'replaced', actor, '', now);
  }
  await store.activate(tx, row.id, now);
  await event(tx, row.id, 'accepted', actor, '', now);
  await tellUpline('accepted');
  // The differential rule: what the agent gave below that now pays more than its new contract (or is capped above
  // it) ends, down the branch.
  let cancelled = 0;
  for (const below of await store.givenBy(tx, agent.id, row.kind, row.product)) {
    if (overParent(below, row)) {
      cancelled += await cancelBranch(tx, below, 'upline_rate_lower', null, now);
    }
  }
  return { contractId: row.id, status: 'active', cancelled };
}

/** Finds what the answer is about and decides, under the tree's lock (the row is read again under it). */
async function answerWith(
  deps: AppDeps,
  agentId: number,
  find: (tx: Queryable) => Promise<ContractDb | null>,
  answer: 'A' | 'R' | 'C',
  options: { hourlyButtons?: boolean; idempotency?: IdempotencyKey | null; kinds?: readonly ContractKind[] },
  now: Date,
): Promise<AnswerResult> {
  return write(
    deps.db,
    { isolation: 'read committed', idempotency: options.idempotency ?? null },
    async (tx) => {
      const agent = (await store.memberById(tx, agentId)) as store.ContractMemberDb;
      const first = await find(tx);
      const mine = (row: ContractDb | null) =>
        row &&
        row.agent_id === agentId &&
        (!options.kinds || options.kinds.includes(row.kind as ContractKind));
      if (!first || !mine(first)) throw new AppError('contract_not_found');
      await store.lockTree(tx, topOf(agent), first.kind);
      const row = await store.contractById(tx, first.id);
      if (!row || !mine(row)) throw new AppError('contract_not_found');
      return decide(tx, agent, row, decisionOf(row.status, answer, options.hourlyButtons), now);
    },
  );
}

/** The agent's answer to an offer or termination request made to it (Tessera's own call). */
export function answerContract(
  deps: AppDeps,
  agentId: number,
  contractId: number,
  answer: 'A' | 'R' | 'C',
  idempotency: IdempotencyKey | null,
  now: Date,
): Promise<AnswerResult> {
  return answerWith(deps, agentId, (tx) => store.contractById(tx, contractId), answer, { idempotency }, now);
}

/** The original's dividend answer names the product type: the offer or termination request of that product. */
export function answerDividendOfProduct(
  deps: AppDeps,
  agentId: number,
  product: ContractProduct,
  answer: 'A' | 'R' | 'C',
  now: Date,
): Promise<AnswerResult> {
  const find = async (tx: Queryable) => {
    const offer = await store.openOffer(tx, agentId, 'dividend', product);
    if (offer) return offer;
    const current = await store.contractInForceNow(tx, agentId, 'dividend', product);
    return current?.status === 'termination_requested' ? current : null;
  };
  return answerWith(deps, agentId, find, answer, {}, now);
}

/** The original's salary answers name the offer (or contract) id, per kind; hourly's V buttons send A and R. */
export function answerSalaryById(
  deps: AppDeps,
  agentId: number,
  kind: 'daily_salary' | 'hourly_salary' | 'realtime_salary',
  contractId: number,
  answer: 'A' | 'R' | 'C',
  now: Date,
): Promise<AnswerResult> {
  return answerWith(
    deps,
    agentId,
    (tx) => store.contractById(tx, contractId),
    answer,
    { kinds: [kind], hourlyButtons: kind !== 'daily_salary' },
    now,
  );
}

/** The upline asks the downline to end a contract it gave; the downline confirms (C) or refuses (A). */
export async function requestTermination(
  deps: AppDeps,
  uplineId: number,
  contractId: number,
  idempotency: IdempotencyKey | null,
  now: Date,
): Promise<ContractView> {
  const { digits } = await currencyOf(deps);
  const row = await write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const upline = (await store.memberById(tx, uplineId)) as store.ContractMemberDb;
    const first = await store.contractById(tx, contractId);
    if (!first || first.upline_id !== uplineId) throw new AppError('contract_not_found');
    await store.lockTree(tx, topOf(upline), first.kind);
    const found = await store.contractById(tx, contractId);
    if (!found || found.upline_id !== uplineId) throw new AppError('contract_not_found');
    if (found.status === 'termination_requested') throw new AppError('contract_termination_pending');
    if (found.status !== 'active') throw new AppError('contract_answer_invalid');
    if (await store.openOffer(tx, found.agent_id, found.kind, found.product)) {
      throw new AppError('contract_offer_pending');
    }
    await store.setInForceStatus(tx, found.id, 'termination_requested');
    await event(tx, found.id, 'termination_requested', { memberId: uplineId }, '', now);
    await sendMessage(tx, found.agent_id, 'AGENT_CONTRACT_TERMINATION_REQUESTED', contractParams(found), now);
    return (await store.contractById(tx, found.id)) as ContractDb;
  });
  return contractView(row, digits);
}

/**
 * The operator cancels a contract or offer at once (console, audited by the caller's operator write): what the
 * agent gave below of that kind and product ends with it.
 */
export async function cancelByOperator(
  tx: Transaction,
  operatorId: number,
  contractId: number,
  reason: string,
  now: Date,
): Promise<{ before: ContractDb; result: AnswerResult }> {
  const first = await store.contractById(tx, contractId);
  if (!first) throw new AppError('contract_not_found');
  const agent = (await store.memberById(tx, first.agent_id)) as store.ContractMemberDb;
  await store.lockTree(tx, topOf(agent), first.kind);
  const row = (await store.contractById(tx, contractId)) as ContractDb;
  if (!isOpenOffer(row.status) && !isInForce(row.status)) throw new AppError('contract_answer_invalid');
  const cancelled = await cancelBranch(tx, row, reason, { operatorId }, now);
  return { before: row, result: { contractId: row.id, status: 'cancelled', cancelled: cancelled - 1 } };
}

/** Ends the offers whose time ran out (the expiry job); answers how many. */
export async function expireOffers(deps: AppDeps, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await store.expiredOffers(deps.db, now, 100);
    if (due.length === 0) return expired;
    for (const offer of due) {
      expired += await write(deps.db, { isolation: 'read committed' }, async (tx) => {
        await store.lockTree(tx, offer.top_id, offer.kind);
        const row = await store.contractById(tx, offer.id);
        if (!row || !isOpenOffer(row.status) || !row.expires_at || row.expires_at > now) return 0;
        await store.end(tx, row.id, 'expired', '', now);
        await event(tx, row.id, 'expired', null, '', now);
        return 1;
      });
    }
  }
}

// --------------------------------------------------------------------------------------------------- reads

/** The agent's contracts, the offers to it (with whether accepting cancels one below), and what it gave. */
export async function myContracts(deps: AppDeps, agentId: number) {
  const [{ digits }, rows] = await Promise.all([currencyOf(deps), store.currentOf(deps.db, agentId)]);
  const views = await Promise.all(
    rows.map(async (row) =>
      contractView(
        row,
        digits,
        row.agent_id === agentId && isOpenOffer(row.status) && (await cancelsBelow(deps.db, row)),
      ),
    ),
  );
  return {
    held: views.filter((view) => view.agent.id === agentId && isInForce(view.status)),
    offers: views.filter((view) => view.agent.id === agentId && isOpenOffer(view.status)),
    given: views.filter((view) => view.upline?.id === agentId),
  };
}

export async function contractHistory(deps: AppDeps, agentId: number, pageNo: number, pageSize: number) {
  const [{ digits }, found] = await Promise.all([
    currencyOf(deps),
    store.historyOf(deps.db, agentId, pageSize, (pageNo - 1) * pageSize),
  ]);
  return { list: found.rows.map((row) => contractView(row, digits)), total: found.total, pageNo, pageSize };
}

async function withHistory(db: Queryable, rows: ContractDb[], digits: number) {
  const events = await store.eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    contract: contractView(row, digits),
    events: events.filter((item) => item.contract_id === row.id).map(eventView),
  }));
}

/** One contract the agent holds, was offered or gave, with its events; any other answers not found. */
export async function contractDetail(deps: AppDeps, agentId: number, contractId: number) {
  const row = await store.contractById(deps.db, contractId);
  if (!row || (row.agent_id !== agentId && row.upline_id !== agentId))
    throw new AppError('contract_not_found');
  const [found] = await withHistory(deps.db, [row], (await currencyOf(deps)).digits);
  return found as NonNullable<typeof found>;
}

/** Every contract and offer of an agent with its events (the console). */
export async function agentContractsForConsole(deps: AppDeps, agentId: number) {
  const rows = await store.allOfAgent(deps.db, agentId);
  return withHistory(deps.db, rows, (await currencyOf(deps)).digits);
}

/** A contract as settlement reads it: its terms parsed (tiers in minor units and millionths). */
export interface ContractInForce {
  id: number;
  kind: ContractKind;
  product: string;
  agentId: number;
  uplineId: number | null;
  payer: 'platform' | 'upline';
  tiers: Tier[];
  amountLimit: bigint | null;
  period: string;
  carry: string;
  netLossParts: string[];
  acceptedAt: Date;
  endedAt: Date | null;
}

/**
 * The contract that applied to the agent for the kind and product at a moment: accepted by then and not ended by
 * then (replaced, terminated, cancelled later), or null. Settlement and reports read which contract applied when.
 */
export async function contractInForce(
  db: Queryable,
  agentId: number,
  kind: ContractKind,
  product: string,
  at: Date,
): Promise<ContractInForce | null> {
  const row = await store.inForceAt(db, agentId, kind, product, at);
  if (!row?.accepted_at) return null;
  return {
    id: row.id,
    kind,
    product: row.product,
    agentId: row.agent_id,
    uplineId: row.upline_id,
    payer: row.payer,
    tiers: parseTiers(row.tiers),
    amountLimit: parseCap(row.amount_limit),
    period: row.period,
    carry: row.carry,
    netLossParts: row.net_loss_parts,
    acceptedAt: row.accepted_at,
    endedAt: row.ended_at,
  };
}

export type ContractInForceDuring = store.ContractInForceDb;

/**
 * The contracts of a kind in force at some time in [from, to) (settlement's list for a period), with each agent's
 * upline in the tree now; when an agent's contract of a product was replaced inside the period, the one accepted
 * last. contractInForce answers the same question for one agent at one moment.
 */
export function contractsInForceDuring(
  db: Queryable,
  kind: ContractKind,
  from: Date,
  to: Date,
): Promise<ContractInForceDuring[]> {
  return store.inForceDuring(db, kind, from, to);
}

/** The console's view of contractInForce. */
export async function contractInForceView(
  deps: AppDeps,
  agentId: number,
  kind: ContractKind,
  product: string,
  at: Date,
): Promise<ContractView | null> {
  const row = await store.inForceAt(deps.db, agentId, kind, product, at);
  return row ? contractView(row, (await currencyOf(deps)).digits) : null;
}
