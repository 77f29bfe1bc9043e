import {
  type GameType,
  type PromotionCard,
  type PromotionCategory,
  type PromotionDetail,
  type PromotionEntry,
  type PromotionStatus,
  toMajor,
} from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { uuid } from '../../platform/rng.ts';
import { sanitizeRichHtml } from '../../platform/sanitize.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { isoDate, localDate } from '../../platform/zoned-time.ts';
import { identityFacts, registeredAt } from '../accounts/club.ts';
import { grantTickets } from '../raffle/tickets.ts';
import { mayAct } from '../responsible/check.ts';
import { creditBonus } from '../vip/bonus.ts';
import { vipTimeZone } from '../vip/growth.ts';
import { memberLabelIds } from '../vip/labels.ts';
import { memberRanks } from '../vip/levels.ts';
import { bankNumbers } from '../vip/referral.ts';
import { confirmedDeposits } from '../wallet/deposits.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { obligationOpen } from '../wallet/turnover.ts';
import type { CleanProof } from '../wallet/withdrawal-proofs.ts';
import { type MemberFacts, promotionAction, promotionStatus } from './status.ts';
import * as store from './store.ts';

/**
 * Promotions (design note §B2, §B11). Rules chosen here:
 * - A deposit bonus is claimed by the member after the deposit settles (on /promoDetail or the rewards centre):
 *   percent of the deposit, rounded down, up to the cap, for a confirmed deposit of at least the minimum within
 *   the period (and after joining when the promotion asks for a join). "first": the member's first confirmed
 *   deposit ever; "every": each qualifying deposit once, oldest first.
 * - A daily claim is once per merchant day; a fixed bonus once; an application once (rejected is final).
 * - Every claim, join and approval locks the promotion's row: the budget (what was credited or promised by an
 *   approval) never passes the total, and the one-per-person controls see every earlier record.
 * - A credit is one posting of kind bonus from house:bonuses (key promotion:<record id>) and its obligation of
 *   source bonus at the promotion's multiple, scope and max stake (vip/bonus.ts), in the claim's transaction.
 * - A promotion may also grant prize tickets with each claim (raffle/tickets.ts, ref promotion:<record id>, once),
 *   in the same transaction.
 */

/** Ended promotions stay on /promotions this long (a member sees how the last ones ended). */
const ENDED_SHOWN_MS = 7 * 86_400_000;

type Promotion = store.PromotionDb;

const bonusKey = (entryId: bigint) => `promotion:${entryId}`;

/**
 * What a reader of the language sees: its own version, or English's where it has none; a version without content or
 * image shows English's content or image (the console requires only English).
 */
function version(promotion: Promotion, language: string): store.VersionDb {
  const wanted = language === 'ZH' ? 'CN' : language;
  const english = promotion.versions.find((item) => item.language === 'EN') ??
    promotion.versions[0] ?? { language: 'EN', title: '', content: '', imageId: null };
  const own = promotion.versions.find((item) => item.language === wanted);
  if (!own) return english;
  return {
    ...own,
    content: own.content === '' ? english.content : own.content,
    imageId: own.imageId ?? english.imageId,
  };
}

const imageUrl = (imageId: string | null) => (imageId ? `/images/${imageId}` : null);

/** A deposit's bonus under the promotion: percent, rounded down, up to the cap. */
function depositBonus(promotion: Pick<Promotion, 'percent_bp' | 'cap'>, deposit: bigint): bigint {
  const figured = (deposit * BigInt(promotion.percent_bp ?? 0)) / 10_000n;
  const cap = promotion.cap ?? figured;
  return figured < cap ? figured : cap;
}

/** What the member could claim now and from what (a deposit), the period it would be recorded under. */
interface Claimable {
  amount: bigint;
  period: string;
  depositOrderNo: string | null;
  /** An approved application's record, claimed in place. */
  entry: store.EntryDb | null;
}

interface MemberState {
  facts: MemberFacts;
  entry: store.EntryDb | null;
  claimable: Claimable | null;
}

/** The moment of a call and its merchant day (a daily claim's period), read before any transaction opens. */
interface Clock {
  now: Date;
  today: string;
}

async function clockAt(deps: Pick<AppDeps, 'db' | 'config'>, now: Date): Promise<Clock> {
  return { now, today: isoDate(localDate(now, await vipTimeZone(deps))) };
}

async function eligible(db: Queryable, promotion: Promotion, memberId: number, now: Date): Promise<boolean> {
  if (await store.blacklisted(db, promotion.kind, memberId)) return false;
  const { ranks, labels, newWithinDays } = promotion.audience;
  if (ranks.length > 0) {
    const rank = (await memberRanks(db, [memberId])).get(memberId) ?? 0;
    if (!ranks.includes(rank)) return false;
  }
  if (labels.length > 0) {
    const mine = await memberLabelIds(db, memberId);
    if (!labels.some((label) => mine.includes(label))) return false;
  }
  if (newWithinDays !== null) {
    const registered = await registeredAt(db, memberId);
    if (!registered || registered.getTime() < now.getTime() - newWithinDays * 86_400_000) return false;
  }
  return true;
}

/** This member's state of the promotion: its record that matters now, what it could claim, the facts of §4. */
async function memberState(
  db: Queryable,
  promotion: Promotion,
  memberId: number,
  clock: Clock,
): Promise<MemberState> {
  const { now, today } = clock;
  const entries = await store.entriesOf(db, memberId, promotion.id);
  let claimable: Claimable | null = null;
  const issued = entries.find((entry) => entry.status === 'issued');
  if (issued?.amount) {
    claimable = { amount: issued.amount, period: issued.period, depositOrderNo: null, entry: issued };
  } else if (promotion.kind === 'daily' && promotion.amount) {
    if (!entries.some((entry) => entry.period === today)) {
      claimable = { amount: promotion.amount, period: today, depositOrderNo: null, entry: null };
    }
  } else if (promotion.kind === 'fixed' && promotion.amount) {
    if (entries.length === 0)
      claimable = { amount: promotion.amount, period: '', depositOrderNo: null, entry: null };
  } else if (promotion.kind === 'deposit') {
    claimable = await depositClaimable(db, promotion, memberId, entries, now);
  }
  // The record that matters now: the approved or pending one, else this period's (a daily claim), else the latest.
  const entry =
    issued ??
    (promotion.kind === 'daily'
      ? (entries.find((item) => item.period === today) ?? null)
      : (entries.find((item) => item.status !== 'signed') ?? entries[0] ?? null));
  const lastClaimed = entries.find((item) => item.status === 'claimed');
  const wagering = lastClaimed
    ? await obligationOpen(db, memberId, 'bonus', bonusKey(lastClaimed.id), now)
    : false;
  const facts: MemberFacts = {
    eligible: issued ? true : await eligible(db, promotion, memberId, now),
    entry: entry ? { status: entry.status } : null,
    claimable: claimable?.amount ?? null,
    wagering,
  };
  return { facts, entry, claimable };
}

async function depositClaimable(
  db: Queryable,
  promotion: Promotion,
  memberId: number,
  entries: readonly store.EntryDb[],
  now: Date,
): Promise<Claimable | null> {
  const joined = entries.find((entry) => entry.period === 'join');
  if (promotion.join_required && !joined) return null;
  // After the join when there is one (a deposit confirmed before joining does not count), from the start else.
  const within = (at: Date) =>
    at >= promotion.starts_at &&
    (!joined || at > joined.created_at) &&
    at <= now &&
    (promotion.ends_at === null || at < promotion.ends_at);
  const deposits = await confirmedDeposits(db, memberId);
  const minimum = promotion.min_deposit ?? 0n;
  const figured = (deposit: { orderNo: string; amount: bigint }, period: string): Claimable | null => {
    const amount = depositBonus(promotion, deposit.amount);
    return amount > 0n ? { amount, period, depositOrderNo: deposit.orderNo, entry: null } : null;
  };
  if (promotion.deposit_which === 'first') {
    const first = deposits[0];
    if (!first || !within(first.confirmedAt) || first.amount < minimum) return null;
    if (entries.some((entry) => entry.period === 'first')) return null;
    return figured(first, 'first');
  }
  const taken = new Set(entries.map((entry) => entry.period));
  for (const deposit of deposits) {
    const period = `deposit:${deposit.orderNo}`;
    if (within(deposit.confirmedAt) && deposit.amount >= minimum && !taken.has(period)) {
      return figured(deposit, period);
    }
  }
  return null;
}

function entryView(entry: store.EntryDb, digits: number): PromotionEntry {
  return {
    id: Number(entry.id),
    status: entry.status,
    amount: entry.amount === null ? null : toMajor(entry.amount, digits),
    remark: entry.remark,
    reason: entry.reason,
    depositOrderNo: entry.deposit_order_no,
    createdAt: entry.created_at.toISOString(),
    claimedAt: entry.claimed_at?.toISOString() ?? null,
  };
}

const majorOrNull = (minor: bigint | null, digits: number) =>
  minor === null ? null : toMajor(minor, digits);

function statusOf(promotion: Promotion, state: MemberState | null, now: Date): PromotionStatus {
  return promotionStatus(
    {
      kind: promotion.kind,
      startsAt: promotion.starts_at,
      endsAt: promotion.ends_at,
      applyUntil: promotion.apply_until,
      enabled: promotion.enabled,
      joinRequired: promotion.join_required,
      budgetLeft: promotion.budget - promotion.spent,
    },
    state?.facts ?? null,
    now,
  );
}

function cardView(
  promotion: Promotion,
  state: MemberState | null,
  currency: Currency,
  language: string,
  now: Date,
): PromotionCard {
  const status = statusOf(promotion, state, now);
  const shown = version(promotion, language);
  const { digits } = currency;
  return {
    id: promotion.id,
    category: promotion.category as PromotionCategory,
    kind: promotion.kind,
    title: shown.title,
    imageUrl: imageUrl(shown.imageId),
    startsAt: promotion.starts_at.toISOString(),
    endsAt: promotion.ends_at?.toISOString() ?? null,
    applyUntil: promotion.apply_until?.toISOString() ?? null,
    status,
    action: promotionAction(promotion.kind, status),
    claimable:
      (status === 'claim' || status === 'issued') && state?.claimable
        ? toMajor(state.claimable.amount, digits)
        : null,
    percent: promotion.percent_bp === null ? null : promotion.percent_bp / 100,
    cap: majorOrNull(promotion.cap, digits),
    minDeposit: majorOrNull(promotion.min_deposit, digits),
    depositWhich: promotion.deposit_which,
    amount: majorOrNull(promotion.amount, digits),
    turnoverMultiple: Number(promotion.turnover_multiple),
    productScope: promotion.product_scope as GameType | null,
    maxStake: majorOrNull(promotion.max_stake, digits),
    tickets: promotion.tickets,
  };
}

function detailView(
  promotion: Promotion,
  state: MemberState | null,
  currency: Currency,
  language: string,
  now: Date,
): PromotionDetail {
  return {
    ...currency,
    ...cardView(promotion, state, currency, language, now),
    content: version(promotion, language).content,
    entry: state?.entry ? entryView(state.entry, currency.digits) : null,
  };
}

/** /promotions: the enabled promotions (ended ones for a week), by category, with this caller's status. */
export async function sitePromotions(
  deps: AppDeps,
  memberId: number | null,
  category: string | undefined,
  language: string,
  now: Date,
) {
  const currency = await currencyOf(deps);
  const rows = await store.sitePromotions(
    deps.db,
    category ?? null,
    new Date(now.getTime() - ENDED_SHOWN_MS),
  );
  const clock = await clockAt(deps, now);
  const list: PromotionCard[] = [];
  for (const promotion of rows) {
    const state = memberId === null ? null : await memberState(deps.db, promotion, memberId, clock);
    list.push(cardView(promotion, state, currency, language, now));
  }
  return { ...currency, list };
}

async function sitePromotion(db: Queryable, id: number): Promise<Promotion> {
  const promotion = await store.findPromotion(db, id);
  if (!promotion?.enabled) throw new AppError('promotion_not_found');
  return promotion;
}

/** /promoDetail: one promotion, with this member's state, record and action. */
export async function promotionDetail(
  deps: AppDeps,
  memberId: number | null,
  id: number,
  language: string,
  now: Date,
): Promise<PromotionDetail> {
  const currency = await currencyOf(deps);
  const promotion = await sitePromotion(deps.db, id);
  const state =
    memberId === null ? null : await memberState(deps.db, promotion, memberId, await clockAt(deps, now));
  return detailView(promotion, state, currency, language, now);
}

/** The refusal of an action the status does not offer. */
function refusal(status: PromotionStatus): AppError {
  if (status === 'application_forbidden') return new AppError('promotion_not_eligible');
  return new AppError('promotion_action_unavailable');
}

async function identityOf(db: Queryable, memberId: number): Promise<store.Identity> {
  const [facts, accounts] = await Promise.all([identityFacts(db, memberId), bankNumbers(db, memberId)]);
  return {
    registerIp: facts?.registerIp ?? '',
    devices: facts?.devices ?? [],
    paymentAccounts: [...accounts],
  };
}

/** One bonus per person: refuses when an account sharing the controlled facts already took or asked for one. */
async function assertNotLinked(
  tx: Transaction,
  promotion: Promotion,
  memberId: number,
  period: string,
  identity: store.Identity,
) {
  if (promotion.one_per.length === 0) return;
  const samePeriod = promotion.kind === 'daily' ? period : null;
  if (await store.linkedEntryExists(tx, promotion.id, memberId, samePeriod, promotion.one_per, identity)) {
    throw new AppError('promotion_linked_account');
  }
}

/** Locks the promotion and works out the member's status under the lock. */
async function locked(tx: Transaction, id: number, memberId: number, clock: Clock) {
  const promotion = await store.lockPromotion(tx, id);
  if (!promotion?.enabled) throw new AppError('promotion_not_found');
  const state = await memberState(tx, promotion, memberId, clock);
  return { promotion, state, status: statusOf(promotion, state, clock.now) };
}

/**
 * Claims what the member can claim now (a deposit's bonus, today's daily amount, a fixed bonus, an approved
 * application): the budget is spent under the promotion's lock, the record written once per member, promotion and
 * period, and the credit posted with its obligation, all in one transaction. A second claim of the same thing
 * finds nothing to claim (promotion_action_unavailable); an Idempotency-Key retry gets the first answer.
 */
export async function claimPromotion(
  deps: AppDeps,
  memberId: number,
  id: number,
  request: { now: Date; idempotency: IdempotencyKey | null; language: string },
): Promise<PromotionDetail> {
  const { now } = request;
  const currency = await currencyOf(deps);
  const clock = await clockAt(deps, now);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    await mayAct(tx, memberId, 'claim', { now });
    const { promotion, state, status } = await locked(tx, id, memberId, clock);
    const claimable = state.claimable;
    if ((status !== 'claim' && status !== 'issued') || !claimable) {
      if (status === 'close' && claimable && promotion.budget - promotion.spent < claimable.amount) {
        throw new AppError('promotion_budget_spent');
      }
      throw refusal(status);
    }
    const identity = await identityOf(tx, memberId);
    await assertNotLinked(tx, promotion, memberId, claimable.period, identity);
    let entry: store.EntryDb | null;
    if (claimable.entry) {
      // An approved application: its amount was taken from the budget when it was approved.
      entry = await store.markClaimed(tx, claimable.entry.id, identity, now);
    } else {
      if (!(await store.spend(tx, promotion.id, claimable.amount)))
        throw new AppError('promotion_budget_spent');
      entry = await store.insertEntry(
        tx,
        {
          promotionId: promotion.id,
          memberId,
          period: claimable.period,
          status: 'claimed',
          amount: claimable.amount,
          remark: '',
          depositOrderNo: claimable.depositOrderNo,
          identity,
        },
        now,
      );
    }
    if (!entry) throw new AppError('promotion_action_unavailable');
    const transactionId = await creditBonus(
      tx,
      {
        memberId,
        key: bonusKey(entry.id),
        amount: claimable.amount,
        turnoverMultiple: Number(promotion.turnover_multiple),
        source: 'promotion',
        productScope: promotion.product_scope,
        maxStake: promotion.max_stake,
      },
      now,
    );
    await store.setTransaction(tx, entry.id, transactionId);
    if (promotion.tickets > 0) {
      await grantTickets(
        tx,
        memberId,
        promotion.tickets,
        { kind: 'promotion', ref: bonusKey(entry.id) },
        now,
      );
    }
    const fresh = (await store.findPromotion(tx, promotion.id)) ?? promotion;
    return detailView(fresh, await memberState(tx, fresh, memberId, clock), currency, request.language, now);
  });
}

/** Joins a deposit promotion that asks for it (join → signed): deposits from now on count. */
export async function joinPromotion(
  deps: AppDeps,
  memberId: number,
  id: number,
  request: { now: Date; idempotency: IdempotencyKey | null; language: string },
): Promise<PromotionDetail> {
  const { now } = request;
  const currency = await currencyOf(deps);
  const clock = await clockAt(deps, now);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    await mayAct(tx, memberId, 'claim', { now });
    const { promotion, status } = await locked(tx, id, memberId, clock);
    if (status !== 'join' || promotion.kind !== 'deposit') throw refusal(status);
    await store.insertEntry(
      tx,
      {
        promotionId: promotion.id,
        memberId,
        period: 'join',
        status: 'signed',
        amount: null,
        remark: '',
        depositOrderNo: null,
        identity: await identityOf(tx, memberId),
      },
      now,
    );
    return detailView(
      promotion,
      await memberState(tx, promotion, memberId, clock),
      currency,
      request.language,
      now,
    );
  });
}

/**
 * An activity application (§5): a remark of at most 140 characters and up to 3 png or jpg images (checked and
 * re-encoded by the caller, before the transaction), once per member and promotion; an account linked to one that
 * already applied (the promotion's controls) is refused.
 */
export async function applyToPromotion(
  deps: AppDeps,
  memberId: number,
  id: number,
  form: { remark: string; images: readonly CleanProof[] },
  request: { now: Date; language: string },
): Promise<PromotionDetail> {
  const { now } = request;
  const currency = await currencyOf(deps);
  const clock = await clockAt(deps, now);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    await mayAct(tx, memberId, 'claim', { now });
    const { promotion, status } = await locked(tx, id, memberId, clock);
    if (status !== 'join' || promotion.kind !== 'application') throw refusal(status);
    const identity = await identityOf(tx, memberId);
    await assertNotLinked(tx, promotion, memberId, '', identity);
    const entry = await store.insertEntry(
      tx,
      {
        promotionId: promotion.id,
        memberId,
        period: '',
        status: 'applying',
        amount: null,
        remark: form.remark,
        depositOrderNo: null,
        identity,
      },
      now,
    );
    if (!entry) throw new AppError('promotion_action_unavailable');
    for (const image of form.images) {
      await store.insertImage(
        tx,
        {
          id: uuid(deps.rng),
          entryId: entry.id,
          contentType: image.contentType,
          bytes: image.bytes,
          sha256: sha256Hex(image.bytes),
        },
        now,
      );
    }
    return detailView(
      promotion,
      await memberState(tx, promotion, memberId, clock),
      currency,
      request.language,
      now,
    );
  });
}

/** A promotion's reward as the rewards centre lists it (what to claim now, or what was received). */
export interface PromotionReward {
  id: number;
  /** The promotion's kind (deposit_bonus, application, daily, fixed). */
  type: string;
  title: string;
  product: string | null;
  amount: number;
  turnoverMultiple: number;
  createdAt: string;
  expiresAt: string | null;
  claimedAt: string | null;
}

/**
 * What this member can claim now, for the rewards centre: issued bonuses (approved applications), deposit bonuses
 * of settled deposits, today's daily claims and fixed bonuses. `expiresAt`: when the promotion ends (null: never).
 */
export async function claimablePromotions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  now: Date,
  language = 'EN',
): Promise<PromotionReward[]> {
  const currency = await currencyOf(deps);
  const rows = await store.sitePromotions(deps.db, null, now);
  const clock = await clockAt(deps, now);
  const list: PromotionReward[] = [];
  for (const promotion of rows) {
    const state = await memberState(deps.db, promotion, memberId, clock);
    const card = cardView(promotion, state, currency, language, now);
    if (card.claimable === null) continue;
    list.push({
      id: promotion.id,
      type: promotion.kind,
      title: card.title,
      product: promotion.product_scope,
      amount: card.claimable,
      turnoverMultiple: Number(promotion.turnover_multiple),
      createdAt: (state.entry?.created_at ?? promotion.starts_at).toISOString(),
      expiresAt: card.status === 'issued' ? null : card.endsAt,
      claimedAt: null,
    });
  }
  return list;
}

/** What this member received from promotions since the instant (of one promotion, or all), newest first. */
export async function receivedPromotions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
  since: Date,
  limit: number,
  language: string,
  promotionId: number | null,
): Promise<PromotionReward[]> {
  const currency = await currencyOf(deps);
  const entries = (await store.entriesOf(deps.db, memberId, promotionId))
    .filter((entry) => entry.status === 'claimed' && entry.claimed_at && entry.claimed_at >= since)
    .sort((a, b) => (b.claimed_at?.getTime() ?? 0) - (a.claimed_at?.getTime() ?? 0))
    .slice(0, limit);
  const list: PromotionReward[] = [];
  for (const entry of entries) {
    const promotion = await store.findPromotion(deps.db, entry.promotion_id);
    if (!promotion) continue;
    const view = entryView(entry, currency.digits);
    list.push({
      id: promotion.id,
      type: promotion.kind,
      title: version(promotion, language).title,
      product: promotion.product_scope,
      amount: view.amount ?? 0,
      turnoverMultiple: Number(promotion.turnover_multiple),
      createdAt: view.createdAt,
      expiresAt: null,
      claimedAt: view.claimedAt,
    });
  }
  return list;
}

/** The original's sign-up call: joins a deposit promotion, or applies (remark only) to an application one. */
export async function originalSignUp(
  deps: AppDeps,
  memberId: number,
  body: { promotionId: number; remark: string },
  request: { now: Date; language: string },
) {
  const promotion = await sitePromotion(deps.db, body.promotionId);
  const detail =
    promotion.kind === 'application'
      ? await applyToPromotion(deps, memberId, body.promotionId, { remark: body.remark, images: [] }, request)
      : await joinPromotion(deps, memberId, body.promotionId, { ...request, idempotency: null });
  const record = detail.entry;
  if (!record) throw new Error('a sign-up left no record');
  return originalClaim(record, detail.id, detail.title, detail.turnoverMultiple);
}

function originalClaim(entry: PromotionEntry, promotionId: number, title: string, multiple: number) {
  return {
    recordId: entry.id,
    promotionId,
    promotionTitle: title,
    status: entry.status.toUpperCase(),
    bonusAmount: entry.amount ?? 0,
    turnoverMultiplier: multiple,
    createdTime: entry.createdAt,
    claimedTime: entry.claimedAt,
  };
}

/** MCS2_getPromotionClaimList: the member's records (joins, applications, claims), newest first. */
export async function originalClaimList(deps: AppDeps, memberId: number, language: string) {
  const currency = await currencyOf(deps);
  const entries = await store.entriesOf(deps.db, memberId, null);
  const promotions = new Map<number, Promotion | null>();
  const list = [];
  for (const entry of entries) {
    if (!promotions.has(entry.promotion_id)) {
      promotions.set(entry.promotion_id, await store.findPromotion(deps.db, entry.promotion_id));
    }
    const promotion = promotions.get(entry.promotion_id);
    if (!promotion) continue;
    list.push(
      originalClaim(
        entryView(entry, currency.digits),
        promotion.id,
        version(promotion, language).title,
        Number(promotion.turnover_multiple),
      ),
    );
  }
  return { list };
}

/**
 * The original's promotion rows: MCSFE_getMerchantAvailablePromotions (every one running or coming, as a
 * visitor sees them) and MCSFE_getAvailablePromotions (those this member can still act on).
 */
export async function originalPromotions(
  deps: AppDeps,
  memberId: number | null,
  language: string,
  now: Date,
) {
  const { list } = await sitePromotions(deps, memberId, undefined, language, now);
  const rows = list
    .filter((card) =>
      memberId === null ? card.status !== 'close' : card.action !== null || card.status === 'signed',
    )
    .map((card) => ({
      promotionId: card.id,
      promotionTitle: card.title,
      category: card.category,
      promotionType: card.kind.toUpperCase(),
      imageUrl: card.imageUrl ?? '',
      startTime: card.startsAt,
      endTime: card.endsAt,
      status: card.status.toUpperCase(),
      bonusAmount: card.claimable ?? card.amount ?? card.cap ?? 0,
      turnoverMultiplier: card.turnoverMultiple,
    }));
  return { list: rows };
}

/** PROMOFE_getPromotionAnnouncementCategory: the categories that have promotions to show, with their counts. */
export async function originalCategories(deps: AppDeps, now: Date) {
  const rows = await store.sitePromotions(deps.db, null, now);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  return { list: [...counts].map(([categoryCode, count]) => ({ categoryCode, count })) };
}

/** Sanitised content per language (the console's rich-text editor sends HTML). */
export function cleanVersions(versions: readonly store.VersionDb[]): store.VersionDb[] {
  return versions.map((item) => ({ ...item, content: sanitizeRichHtml(item.content) }));
}
