import { currencyDigits, type LedgerKind, toMajor } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { publish } from '../../platform/realtime.ts';
import * as store from './ledger-store.ts';

/**
 * A player's wallet: main, one per game vendor, points, the funds of withdrawals waiting for approval, and a trial
 * account's play money for the house games (unit play: it never moves against money).
 */
export type Wallet = 'main' | 'points' | 'pending' | 'play' | { vendor: string };

/**
 * The house and merchant side of every movement: cash the merchant received or paid out (deposits and
 * withdrawals), what games win and lose, bonuses and operators' adjustments, and the points the site issues.
 */
const SYSTEM_ACCOUNTS = {
  'merchant:cash': { kind: 'merchant', unit: 'money' },
  'house:games': { kind: 'house', unit: 'money' },
  'house:bonuses': { kind: 'house', unit: 'money' },
  'house:adjustments': { kind: 'house', unit: 'money' },
  'house:agents': { kind: 'house', unit: 'money' },
  'house:points': { kind: 'house', unit: 'points' },
  'house:play': { kind: 'house', unit: 'play' },
} as const satisfies Record<string, { kind: store.AccountKind; unit: store.Unit }>;
type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export type AccountRef = { member: number; wallet: Wallet } | { system: SystemAccount };

export interface Leg {
  account: AccountRef;
  /** Minor units (or points): positive raises the account's balance, negative lowers it. */
  amount: bigint;
}

/** What a posting is: a kind a record shows, or play money granted to a trial account (on no money account). */
type PostingKind = LedgerKind | 'play_money';

export interface Posting {
  /** One posting per key, ever: posting the same key again moves nothing. */
  key: string;
  kind: PostingKind;
  /** The member whose records show it. */
  memberId: number | null;
  /** The record that caused it, e.g. `deposit:D2611230001`. */
  reference: string;
  remark?: string;
  operatorId?: number | null;
  legs: readonly Leg[];
}

export interface Posted {
  transactionId: bigint;
  /** True when this key was posted before: nothing moved this time. */
  replayed: boolean;
  /** With `answerAccounts`: the posting member's accounts right after it, as `memberAccounts` reads them. */
  accounts?: store.MemberAccountRow[];
}

/**
 * Each house and merchant account is kept in this many rows (shards), chosen by the member of the posting: the
 * postings of different players never wait for one another on a shared row. Its balance is the sum of its shards.
 */
const SYSTEM_SHARDS = 16;

const shardOf = (memberId: number | null) => (memberId === null ? 0 : memberId % SYSTEM_SHARDS);

export function accountCode(ref: AccountRef, memberId: number | null = null): string {
  if ('system' in ref) return `${ref.system}:${shardOf(memberId)}`;
  const wallet = ref.wallet;
  return typeof wallet === 'string'
    ? `member:${ref.member}:${wallet}`
    : `member:${ref.member}:vendor:${wallet.vendor}`;
}

function newAccount(ref: AccountRef, memberId: number | null): store.NewAccount {
  const code = accountCode(ref, memberId);
  if ('system' in ref) return { code, ...SYSTEM_ACCOUNTS[ref.system], memberId: null, vendor: null };
  const wallet = ref.wallet;
  if (typeof wallet !== 'string') {
    return { code, kind: 'vendor', unit: 'money', memberId: ref.member, vendor: wallet.vendor };
  }
  return {
    code,
    kind: wallet,
    unit: wallet === 'points' ? 'points' : wallet === 'play' ? 'play' : 'money',
    memberId: ref.member,
    vendor: null,
  };
}

/** The posting as the store writes it: its legs' accounts made, checked to balance, in the order they are locked. */
function postingRow(posting: Posting, now: Date, options: { answerAccounts?: boolean }) {
  const legs = posting.legs.map((leg) => ({ ...leg, account: newAccount(leg.account, posting.memberId) }));
  assertBalanced(legs);
  const ordered = [...legs].sort((a, b) => (a.account.code < b.account.code ? -1 : 1));
  return {
    key: posting.key,
    kind: posting.kind,
    memberId: posting.memberId,
    reference: posting.reference,
    remark: posting.remark ?? '',
    operatorId: posting.operatorId ?? null,
    at: now,
    legs: ordered,
    accounts: options.answerAccounts ?? false,
  };
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction (the same one that writes its
 * cause). Accounts are moved in a fixed order under their row locks, so concurrent postings never deadlock on
 * each other; a player's account that would go below zero refuses the whole posting with insufficient_balance.
 * Each member whose spendable balance changed is told over /ws when the transaction commits (by ledger_post itself,
 * in the same round trip: see migration 0055).
 */
export async function post(
  tx: Transaction,
  posting: Posting,
  now: Date,
  options: { answerAccounts?: boolean } = {},
): Promise<Posted> {
  const posted = await store.postTransaction(tx, postingRow(posting, now, options));
  if (!posted) throw new AppError('insufficient_balance');
  return posted;
}

/**
 * The same posting sent in the opening round trip of its cause's transaction (write's `opening`, with the key's
 * claim and the cause's reads), so that the transaction needs no round trip of its own for it: `sql` to send,
 * `posted` to read its result from the statement's rows in `tx.opened`. Its refusal (insufficient_balance) rejects
 * the write: pass what the write threw through `refusal`.
 */
export function openingPosting(posting: Posting, now: Date, options: { answerAccounts?: boolean } = {}) {
  return {
    sql: store.postingStatement(postingRow(posting, now, options)),
    posted: (rows: Record<string, unknown>[]): Posted => store.postedOf(rows, posting.key),
    /** The error a write with this posting threw, as the member is told it (insufficient_balance) or as it was. */
    refusal: (error: unknown): unknown =>
      store.isPostingRefusal(error) ? new AppError('insufficient_balance') : error,
  };
}

function assertBalanced(legs: readonly { account: store.NewAccount; amount: bigint }[]) {
  if (legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  const sums = new Map<store.Unit, bigint>();
  const codes = new Set<string>();
  for (const leg of legs) {
    if (leg.amount === 0n) throw new Error('a ledger leg cannot move zero');
    if (codes.has(leg.account.code))
      throw new Error(`account ${leg.account.code} appears twice in one posting`);
    codes.add(leg.account.code);
    sums.set(leg.account.unit, (sums.get(leg.account.unit) ?? 0n) + leg.amount);
  }
  for (const [unit, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger transaction does not balance in ${unit}: ${sum}`);
  }
}

/**
 * Tells the member's open pages (over /ws, when the transaction commits) their spendable balance, so that they
 * refetch what the wallet shows: every posting does it (ledger_post); a deposit that ends without one (rejected,
 * failed) does it here.
 */
export async function publishBalance(tx: Queryable, memberId: number) {
  const { total, currency } = await store.sumBalance(tx, memberId);
  await publish(
    tx,
    { type: 'wallet.changed', sumBalance: toMajor(total, currencyDigits(currency)) },
    { member: memberId },
  );
}

/**
 * The balance of a member's wallet under its row lock, held until the caller's transaction ends: what a payment
 * from it may take without the posting being refused (0 for a wallet never used).
 */
export function lockedBalance(tx: Transaction, memberId: number, wallet: Wallet): Promise<bigint> {
  return store.lockedBalance(tx, accountCode({ member: memberId, wallet }));
}

/** A member's spendable balance (main and vendor wallets), in minor units. */
export async function sumBalance(db: Queryable, memberId: number): Promise<bigint> {
  return (await store.sumBalance(db, memberId)).total;
}

/** Every account a member has, with its balance; wallets never used are absent (their balance is zero). */
export function memberAccounts(db: Queryable, memberId: number) {
  return store.memberAccounts(db, memberId);
}

/** A member's wallet's balance and everything ever credited to it (e.g. every point received), units of its own. */
export function balanceAndCredits(db: Queryable, memberId: number, wallet: Wallet) {
  return store.balanceAndCredits(db, accountCode({ member: memberId, wallet }));
}
