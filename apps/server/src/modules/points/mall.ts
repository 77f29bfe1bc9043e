import {
  type ConsoleMallItem,
  type ConsoleRedemption,
  type MallItem,
  type MallItemBody,
  type RedeemPointsBody,
  type RedeemRecord,
  toMajor,
} from '@tessera/contract';
import type { Transaction } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { verifyPaymentPassword } from '../accounts/payment-password.ts';
import { imageUrl } from '../games/catalogue.ts';
import { grantTickets } from '../raffle/tickets.ts';
import { minorOf } from '../vip/settings.ts';
import * as ledger from '../wallet/ledger.ts';
import { orderNo } from '../wallet/orders.ts';
import { currencyOf, paymentPasswordPolicy, walletSettingsOf } from '../wallet/settings.ts';
import { openObligation } from '../wallet/turnover.ts';
import * as store from './store.ts';

/**
 * The points mall (issue 24 part 3, spec §3 and §4). Items cost points (times the quantity) and optionally a cash
 * part from the main wallet. A bonus item is completed at once: its credit, net of any cash part, in the same
 * posting as the points, and a turnover obligation of source points at the item's multiple. A physical item waits
 * in processing for the operator, who completes it with a tracking note or rejects it: a rejection returns the
 * points and the cash part, and the stock, in the transaction that decides it. A ticket item is completed at once
 * too: its prize tickets granted through the raffle area (raffle/tickets.ts, ref point-redemption:<order>) in the
 * redemption's transaction. Redemptions of an item take its row lock first, so its stock and every member's limit
 * are read and moved one redemption at a time: of concurrent redemptions of the last unit exactly one succeeds.
 */

const textIn = (item: store.ItemDb, language: string) => item.texts[language] ?? item.texts.EN;
const imageIn = (item: store.ItemDb, language: string) => item.images[language] ?? item.images.EN ?? null;

function memberItemView(item: store.ItemDb, language: string, redeemed: number, digits: number): MallItem {
  const text = textIn(item, language);
  return {
    id: item.id,
    kind: item.kind,
    name: text?.name ?? '',
    description: text?.description ?? '',
    imageUrl: imageUrl(imageIn(item, language)),
    points: Number(item.points),
    cash: toMajor(item.cash, digits),
    bonus: toMajor(item.bonus, digits),
    turnoverMultiple: item.turnover_multiple,
    tickets: item.tickets,
    stock: item.stock,
    perMemberLimit: item.per_member_limit,
    redeemed,
  };
}

/** MCS2_getPointReward: the active items in the reader's language, with what this member has redeemed of each. */
export async function catalogue(deps: AppDeps, memberId: number, language: string) {
  const [currency, items, redeemed] = await Promise.all([
    currencyOf(deps),
    store.items(deps.db, true),
    store.redeemedQuantities(deps.db, memberId),
  ]);
  return {
    ...currency,
    list: items.map((item) => memberItemView(item, language, redeemed.get(item.id) ?? 0, currency.digits)),
  };
}

/**
 * Redeems `quantity` of an item: active, in stock, within the member's limit, the points (and cash part) there,
 * the payment password right; a physical item needs the delivery address and phone.
 */
export async function redeem(
  deps: AppDeps,
  memberId: number,
  input: RedeemPointsBody,
  request: { now: Date; idempotency: IdempotencyKey | null; language: string },
): Promise<RedeemRecord & { balance: number }> {
  const earlier = await earlierAnswer<RedeemRecord & { balance: number }>(deps.db, request.idempotency);
  if (earlier) return earlier;
  const [currency, walletSettings, found] = await Promise.all([
    currencyOf(deps),
    walletSettingsOf(deps.db),
    store.itemById(deps.db, input.rewardId),
  ]);
  if (!found?.active) throw new AppError('mall_item_not_found');
  const address = input.address?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (found.kind === 'physical' && (!address || !phone)) {
    throw new AppError('validation_failed', {
      ...(address ? {} : { address: 'required' }),
      ...(phone ? {} : { phone: 'required' }),
    });
  }
  await verifyPaymentPassword(
    deps,
    memberId,
    input.paymentPassword,
    paymentPasswordPolicy(walletSettings),
    request.now,
  );
  const order = orderNo('R', deps.rng, request.now);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const item = await store.itemForUpdate(tx, input.rewardId);
    if (!item?.active) throw new AppError('mall_item_not_found');
    const quantity = input.quantity;
    if (item.stock !== null && item.stock < quantity) throw new AppError('mall_item_out_of_stock');
    if (item.per_member_limit !== null) {
      const held = (await store.redeemedQuantities(tx, memberId, item.id)).get(item.id) ?? 0;
      if (held + quantity > item.per_member_limit) throw new AppError('mall_item_limit_reached');
    }
    const count = BigInt(quantity);
    const points = item.points * count;
    const cash = item.cash * count;
    const bonus = item.kind === 'bonus' ? item.bonus * count : 0n;
    const tickets = item.kind === 'ticket' ? item.tickets * quantity : 0;
    const balance = await ledger.lockedBalance(tx, memberId, 'points');
    if (balance < points) throw new AppError('points_insufficient');
    const key = `point-redemption:${order}`;
    const posted = await ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'points' }, amount: -points },
          { account: { system: 'house:points' }, amount: points },
          ...moneyLegs(memberId, bonus - cash),
        ],
      },
      request.now,
    );
    await store.moveStock(tx, item.id, -quantity);
    const row = await store.insertRedemption(
      tx,
      {
        order_no: order,
        member_id: memberId,
        item_id: item.id,
        kind: item.kind,
        item_name: textIn(item, request.language)?.name ?? '',
        quantity,
        points,
        cash,
        bonus,
        tickets,
        status: item.kind === 'physical' ? 'processing' : 'completed',
        address,
        phone,
        remark: '',
        transaction_id: posted.transactionId,
      },
      request.now,
    );
    if (tickets > 0) await grantTickets(tx, memberId, tickets, { kind: 'mall', ref: key }, request.now);
    if (bonus > 0n) {
      await openObligation(
        tx,
        { memberId, source: 'points', sourceRef: key, amount: bonus, multiple: item.turnover_multiple },
        request.now,
      );
    }
    return { ...redemptionRecord(row, currency.digits), balance: Number(balance - points) };
  });
}

/** The money side of a mall posting: the member's main wallet moves by `net`, house:bonuses the other way. */
function moneyLegs(memberId: number, net: bigint): ledger.Leg[] {
  if (net === 0n) return [];
  return [
    { account: { member: memberId, wallet: 'main' }, amount: net },
    { account: { system: 'house:bonuses' }, amount: -net },
  ];
}

const EXCHANGE_TYPES = { bonus: 'BONUS', physical: 'PHYSICAL', ticket: 'TICKET' } as const;

function redemptionRecord(row: store.RedemptionDb, digits: number): RedeemRecord {
  return {
    transactionNo: row.order_no,
    exchangeType: EXCHANGE_TYPES[row.kind],
    productName: row.item_name,
    quantity: row.quantity,
    requiredPoints: Number(row.points),
    requiredAmount: toMajor(row.cash, digits),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    remark: row.remark,
  };
}

function consoleItemView(item: store.ItemDb, redeemed: number, digits: number): ConsoleMallItem {
  return {
    id: item.id,
    kind: item.kind,
    texts: item.texts,
    images: item.images,
    points: Number(item.points),
    cash: toMajor(item.cash, digits),
    bonus: toMajor(item.bonus, digits),
    turnoverMultiple: item.turnover_multiple,
    tickets: item.tickets,
    stock: item.stock,
    perMemberLimit: item.per_member_limit,
    active: item.active,
    sort: item.sort,
    redeemed,
    updatedAt: item.updated_at.toISOString(),
  };
}

export async function itemsForConsole(deps: AppDeps) {
  const [currency, items, redeemed] = await Promise.all([
    currencyOf(deps),
    store.items(deps.db, false),
    store.redeemedQuantities(deps.db, null),
  ]);
  return {
    ...currency,
    list: items.map((item) => consoleItemView(item, redeemed.get(item.id) ?? 0, currency.digits)),
  };
}

async function itemFields(deps: AppDeps, input: MallItemBody): Promise<store.ItemFields> {
  const { digits } = await currencyOf(deps);
  const imageIds = Object.values(input.images).filter((value): value is string => Boolean(value));
  const existing = await store.existingImages(deps.db, imageIds);
  const missing = Object.entries(input.images).filter(([, value]) => value && !existing.has(value));
  if (missing.length > 0) {
    throw new AppError(
      'validation_failed',
      Object.fromEntries(missing.map(([language]) => [`images.${language}`, 'not_found'])),
    );
  }
  const texts: Record<string, store.ItemText> = {};
  for (const [language, text] of Object.entries(input.texts)) if (text) texts[language] = text;
  const images: Record<string, string> = {};
  for (const [language, image] of Object.entries(input.images)) if (image) images[language] = image;
  return {
    kind: input.kind,
    texts,
    images,
    points: BigInt(input.points),
    cash: minorOf(input.cash, digits, 'cash'),
    bonus: minorOf(input.bonus, digits, 'bonus'),
    turnoverMultiple: input.turnoverMultiple,
    tickets: input.tickets,
    stock: input.stock,
    perMemberLimit: input.perMemberLimit,
    active: input.active,
    sort: input.sort,
  };
}

export async function createItem(deps: AppDeps, call: OperatorCall, input: MallItemBody) {
  const fields = await itemFields(deps, input);
  const { digits } = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'point_mall_item', action: 'create' }, async (tx) => {
    const item = consoleItemView(await store.insertItem(tx, fields, call.now), 0, digits);
    return { entityId: item.id, before: null, after: item, result: item };
  });
}

export async function updateItem(deps: AppDeps, call: OperatorCall, id: number, input: MallItemBody) {
  const fields = await itemFields(deps, input);
  const { digits } = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'point_mall_item', action: 'update' }, async (tx) => {
    const before = await store.itemForUpdate(tx, id);
    if (!before) throw new AppError('mall_item_not_found');
    const redeemed = (await store.redeemedQuantities(tx, null, id)).get(id) ?? 0;
    const updated = await store.updateItem(tx, id, fields, call.now);
    if (!updated) throw new AppError('mall_item_not_found');
    const after = consoleItemView(updated, redeemed, digits);
    return { entityId: id, before: consoleItemView(before, redeemed, digits), after, result: after };
  });
}

function consoleRedemptionView(
  row: store.RedemptionDb & { username: string },
  digits: number,
): ConsoleRedemption {
  return {
    id: Number(row.id),
    transactionNo: row.order_no,
    memberId: row.member_id,
    username: row.username,
    itemId: row.item_id,
    kind: row.kind,
    productName: row.item_name,
    quantity: row.quantity,
    points: Number(row.points),
    cash: toMajor(row.cash, digits),
    bonus: toMajor(row.bonus, digits),
    tickets: row.tickets,
    status: row.status,
    address: row.address,
    phone: row.phone,
    remark: row.remark,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/** The fulfilment queue and every redemption, newest first. */
export async function redemptionsForConsole(
  deps: AppDeps,
  query: { pageNo: number; pageSize: number; status?: string | undefined; username?: string | undefined },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listRedemptions(
    deps.db,
    { status: query.status ?? null, username: query.username || null },
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  return {
    ...currency,
    list: rows.map((row) => consoleRedemptionView(row, currency.digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** The points (and cash part) of a rejected redemption back to the member, and its stock back to the item. */
async function giveBack(tx: Transaction, row: store.RedemptionDb, now: Date): Promise<bigint> {
  const key = `point-redemption:${row.order_no}:rejected`;
  const posted = await ledger.post(
    tx,
    {
      key,
      kind: 'points',
      memberId: row.member_id,
      reference: `point-redemption:${row.order_no}`,
      legs: [
        { account: { member: row.member_id, wallet: 'points' }, amount: row.points },
        { account: { system: 'house:points' }, amount: -row.points },
        ...moneyLegs(row.member_id, row.cash),
      ],
    },
    now,
  );
  await store.moveStock(tx, row.item_id, row.quantity);
  return posted.transactionId;
}

/**
 * The operator's decision on a physical item waiting in processing: completed with the tracking note, or rejected
 * with its reason and everything it took given back, in one audited transaction. A decided one is refused.
 */
export async function decideRedemption(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  decision: 'completed' | 'rejected',
  remark: string,
) {
  const { digits } = await currencyOf(deps);
  const operatorId = asOperator(call.caller).operatorId;
  const action = decision === 'completed' ? 'complete' : 'reject';
  return operatorWrite(deps, call, { entity: 'point_redemption', action }, async (tx) => {
    const row = await store.redemptionForUpdate(tx, id);
    if (!row) throw new AppError('redemption_not_found');
    if (row.status !== 'processing') throw new AppError('redemption_decided');
    const returned = decision === 'rejected' ? await giveBack(tx, row, call.now) : null;
    await store.decideRedemption(
      tx,
      row.id,
      { status: decision, remark, operatorId, returnTransactionId: returned },
      call.now,
    );
    const before = consoleRedemptionView({ ...row, username: '' }, digits);
    const after = consoleRedemptionView(await store.redemptionWithUsername(tx, row.id), digits);
    return {
      entityId: Number(row.id),
      before: { ...before, username: after.username },
      after,
      result: after,
    };
  });
}
