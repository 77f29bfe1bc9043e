import {
  type ConsoleApplication,
  type ConsolePromotion,
  type GameType,
  type PromotionBlacklistRow,
  type PromotionBody,
  type PromotionCategory,
  toMajor,
} from '@tessera/contract';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { memberIdByUsername } from '../accounts/club.ts';
import { minorOf } from '../vip/settings.ts';
import { type Currency, currencyOf, walletSettingsOf } from '../wallet/settings.ts';
import { cleanVersions } from './promotions.ts';
import * as store from './store.ts';

/**
 * The console's side of promotions: authoring (every write audited), the applications queue (approve with an
 * amount within the budget, or reject with a reason) and the blacklist per bonus type. Under the wallet's UK
 * profile a promotion must name one product and require at most 10× its bonus (design note D13).
 */

const UK_MAX_MULTIPLE = 10;

function promotionView(row: store.PromotionDb, currency: Currency): ConsolePromotion {
  const major = (minor: bigint | null) => (minor === null ? null : toMajor(minor, currency.digits));
  return {
    id: row.id,
    category: row.category as PromotionCategory,
    kind: row.kind,
    versions: row.versions.map((item) => ({
      language: item.language as 'EN' | 'VI' | 'CN',
      title: item.title,
      content: item.content,
      imageId: item.imageId,
      imageUrl: item.imageId ? `/images/${item.imageId}` : null,
    })),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    applyUntil: row.apply_until?.toISOString() ?? null,
    audience: row.audience,
    productScope: row.product_scope as GameType | null,
    budget: toMajor(row.budget, currency.digits),
    spent: toMajor(row.spent, currency.digits),
    turnoverMultiple: Number(row.turnover_multiple),
    percent: row.percent_bp === null ? null : row.percent_bp / 100,
    cap: major(row.cap),
    minDeposit: major(row.min_deposit),
    depositWhich: row.deposit_which,
    joinRequired: row.join_required,
    amount: major(row.amount),
    onePer: row.one_per,
    maxStake: major(row.max_stake),
    tickets: row.tickets,
    enabled: row.enabled,
    pending: row.pending,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function toRow(deps: AppDeps, body: PromotionBody, currency: Currency): Promise<store.PromotionRow> {
  const minor = (value: number | null, field: string) =>
    value === null ? null : minorOf(value, currency.digits, field);
  if ((await walletSettingsOf(deps.db)).ukProfile) {
    if (body.productScope === null) throw new AppError('validation_failed', { productScope: 'required' });
    if (body.turnoverMultiple > UK_MAX_MULTIPLE) {
      throw new AppError('validation_failed', { turnoverMultiple: 'too_big' });
    }
  }
  const deposit = body.kind === 'deposit';
  const flat = body.kind === 'daily' || body.kind === 'fixed';
  return {
    category: body.category,
    kind: body.kind,
    versions: cleanVersions(body.versions),
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    applyUntil: body.applyUntil === null ? null : new Date(body.applyUntil),
    audience: body.audience,
    productScope: body.productScope,
    budget: minorOf(body.budget, currency.digits, 'budget'),
    turnoverMultiple: body.turnoverMultiple,
    percentBp: deposit && body.percent !== null ? Math.round(body.percent * 100) : null,
    cap: deposit ? minor(body.cap, 'cap') : null,
    minDeposit: deposit ? minor(body.minDeposit, 'minDeposit') : null,
    depositWhich: deposit ? body.depositWhich : null,
    joinRequired: deposit && body.joinRequired,
    amount: flat ? minor(body.amount, 'amount') : null,
    onePer: body.onePer,
    maxStake: minor(body.maxStake, 'maxStake'),
    tickets: body.tickets,
    enabled: body.enabled,
  };
}

/** Every promotion, newest first (an operator keeps tens of them, not thousands). */
export async function consolePromotions(deps: AppDeps): Promise<ConsolePromotion[]> {
  const currency = await currencyOf(deps);
  return (await store.consolePromotions(deps.db)).map((row) => promotionView(row, currency));
}

export async function createPromotion(deps: AppDeps, call: OperatorCall, body: PromotionBody) {
  const currency = await currencyOf(deps);
  const row = await toRow(deps, body, currency);
  return operatorWrite(deps, call, { entity: 'promotion', action: 'create' }, async (tx) => {
    const id = await store.insertPromotion(tx, row, call.now);
    const created = await store.findPromotion(tx, id);
    if (!created) throw new Error('the new promotion vanished');
    const after = promotionView(created, currency);
    return { entityId: id, before: null, after, result: after };
  });
}

/** Rewrites a promotion; its budget may not fall below what it already spent (validation_failed on budget). */
export async function updatePromotion(deps: AppDeps, call: OperatorCall, id: number, body: PromotionBody) {
  const currency = await currencyOf(deps);
  const row = await toRow(deps, body, currency);
  return operatorWrite(deps, call, { entity: 'promotion', action: 'update' }, async (tx) => {
    const found = await store.lockPromotion(tx, id);
    if (!found) throw new AppError('promotion_not_found');
    if (!(await store.updatePromotion(tx, id, row, call.now))) {
      throw new AppError('validation_failed', { budget: 'too_small' });
    }
    const updated = await store.findPromotion(tx, id);
    if (!updated) throw new Error('the promotion vanished');
    const after = promotionView(updated, currency);
    return { entityId: id, before: promotionView(found, currency), after, result: after };
  });
}

function applicationView(row: store.ApplicationDb, currency: Currency): ConsoleApplication {
  const title = row.versions.find((item) => item.language === 'EN')?.title ?? row.versions[0]?.title ?? '';
  return {
    id: Number(row.id),
    promotionId: row.promotion_id,
    promotionTitle: title,
    memberId: row.member_id,
    username: row.username,
    status: row.status as ConsoleApplication['status'],
    remark: row.remark,
    images: row.images,
    amount: row.amount === null ? null : toMajor(row.amount, currency.digits),
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export async function applicationQueue(
  deps: AppDeps,
  query: { pageNo: number; pageSize: number; status?: string | undefined; promotionId?: number | undefined },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.applications(
    deps.db,
    { status: query.status ?? null, promotionId: query.promotionId ?? null },
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  return {
    ...currency,
    list: rows.map((row) => applicationView(row, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/**
 * Decides a pending application: approve takes the amount from the budget (promotion_budget_spent when it does not
 * cover it) and issues it for the member to claim; reject keeps the reason the member sees.
 */
export async function decideApplication(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  decision: { approve: true; amount: number } | { approve: false; reason: string },
): Promise<ConsoleApplication> {
  const currency = await currencyOf(deps);
  const amount = decision.approve ? minorOf(decision.amount, currency.digits, 'amount') : null;
  const action = decision.approve ? 'approve' : 'reject';
  return operatorWrite(deps, call, { entity: 'promotion_application', action }, async (tx) => {
    const before = await store.application(tx, id);
    if (!before) throw new AppError('not_found');
    // The promotion first, then the record: the order every claim takes its locks in.
    await store.lockPromotion(tx, before.promotion_id);
    const entry = await store.lockEntry(tx, id);
    if (entry?.status !== 'applying') throw new AppError('promotion_application_decided');
    if (amount !== null && !(await store.spend(tx, before.promotion_id, amount))) {
      throw new AppError('promotion_budget_spent');
    }
    await store.decide(
      tx,
      entry.id,
      {
        status: decision.approve ? 'issued' : 'rejected',
        amount,
        reason: decision.approve ? '' : decision.reason,
        operatorId: asOperator(call.caller).operatorId,
      },
      call.now,
    );
    const after = await store.application(tx, id);
    if (!after) throw new Error('the application vanished');
    const view = applicationView(after, currency);
    return { entityId: id, before: applicationView(before, currency), after: view, result: view };
  });
}

export async function applicationImage(deps: AppDeps, id: number, imageId: string) {
  const found = await store.entryImage(deps.db, id, imageId);
  if (!found) throw new AppError('not_found');
  return {
    contentType: found.content_type as 'image/png' | 'image/jpeg',
    data: Buffer.from(found.bytes).toString('base64'),
  };
}

function blacklistView(row: store.BlacklistDb): PromotionBlacklistRow {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.member_id,
    username: row.username,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}

export async function blacklist(
  deps: AppDeps,
  query: { pageNo: number; pageSize: number; kind?: string | undefined },
) {
  const { rows, total } = await store.blacklist(
    deps.db,
    query.kind ?? null,
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  return { list: rows.map(blacklistView), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function addToBlacklist(
  deps: AppDeps,
  call: OperatorCall,
  body: { kind: string; username: string; reason: string },
) {
  const memberId = await memberIdByUsername(deps.db, body.username);
  if (memberId === null) throw new AppError('validation_failed', { username: 'not_found' });
  return operatorWrite(deps, call, { entity: 'promotion_blacklist', action: 'create' }, async (tx) => {
    const added = await store.addToBlacklist(
      tx,
      { kind: body.kind, memberId, reason: body.reason, operatorId: asOperator(call.caller).operatorId },
      call.now,
    );
    if (!added) throw new AppError('conflict');
    const view = blacklistView(added);
    return { entityId: `${body.kind}:${memberId}`, before: null, after: view, result: view };
  });
}

export async function removeFromBlacklist(deps: AppDeps, call: OperatorCall, kind: string, memberId: number) {
  return operatorWrite(deps, call, { entity: 'promotion_blacklist', action: 'delete' }, async (tx) => {
    const removed = await store.removeFromBlacklist(tx, kind, memberId);
    if (!removed) throw new AppError('not_found');
    return { entityId: `${kind}:${memberId}`, before: removed, after: null, result: { ok: true as const } };
  });
}
