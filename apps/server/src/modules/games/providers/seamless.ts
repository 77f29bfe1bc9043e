import { TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import { noRead, type Queryable, type Read, type Transaction } from '../../../db/database.ts';
import { hashGameSessionToken } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { decodeAnswer, encodeAnswer, write } from '../../../platform/write.ts';
import { memberAccounts, type Posted } from '../../wallet/ledger.ts';
import { heldCurrencyOf } from '../../wallet/settings.ts';
import * as rounds from '../round-owner.ts';
import * as store from './store.ts';

/**
 * The seamless wallet, whatever the provider's contract: balance, bet (debit), win (credit) and rollback, played
 * from the member's main wallet. Each transaction id of a provider is processed once: the first answer is stored
 * with it (provider_transactions), and a duplicate delivery gets that answer and moves nothing. Refusals are not
 * stored (nothing happened), so a provider may retry a refused win once its bet arrived. Adapters (hub88.ts)
 * translate their wire format to these calls and these results to their statuses.
 */

export type SeamlessRefusal =
  | 'unknown_user'
  | 'invalid_token'
  | 'token_expired'
  | 'user_disabled'
  | 'invalid_game'
  | 'wrong_currency'
  | 'not_enough_money'
  | 'duplicate_transaction'
  | 'transaction_does_not_exist'
  | 'transaction_rolled_back'
  /** A stake above what an open bonus's wagering allows (bonus_max_stake): refused before any money moves. */
  | 'stake_above_bonus_limit'
  /** Responsible gaming refused the bet: a time-out or self-exclusion (player_blocked), or a limit or check. */
  | 'player_blocked'
  | 'responsible_gaming_limit';

/** The member's wallet as an answer shows it: the main wallet's balance (a trial account's play money), minor units. */
export interface WalletState {
  memberId: number;
  currency: string;
  balance: bigint;
}

export type SeamlessResult =
  | { ok: true; state: WalletState }
  | {
      ok: false;
      refusal: SeamlessRefusal;
      state: WalletState | null;
      /** A responsible gaming refusal as the member is told it (its own code, when play is possible again). */
      error?: AppError;
    };

class Refused extends Error {
  constructor(readonly refusal: SeamlessRefusal) {
    super(refusal);
  }
}

interface RoundRef {
  /** The provider's round id. */
  ref: string;
  closed: boolean;
}

export interface BetRequest {
  transactionUuid: string;
  memberId: number;
  token: string;
  gameCode: string;
  round: RoundRef;
  currency: string;
  /** Minor units; 0 for a free bet (the provider's own money). */
  amount: bigint;
}

export interface WinRequest {
  transactionUuid: string;
  memberId: number;
  /** The bet the win pays; null only for a free win (a reward of the provider) that no bet preceded. */
  referenceUuid: string | null;
  gameCode: string;
  round: RoundRef;
  currency: string;
  amount: bigint;
  /** The console settling a round the provider left open (see open-rounds.ts). */
  operatorSettlement?: boolean;
  /** A house table's: the part of the round's stake in a low-risk pattern, which counts no turnover. */
  lowRiskStake?: bigint;
}

export interface RollbackRequest {
  transactionUuid: string;
  memberId: number;
  referenceUuid: string;
  /** The console settling a round the provider left open (see open-rounds.ts). */
  operatorSettlement?: boolean;
}

/**
 * A round an operator settled from the console takes no more of the provider's wins or rollbacks (its late win
 * would pay twice): they are refused as duplicates, a definite answer that ends the provider's retries.
 */
function refuseIfSettledByOperator(round: store.RoundDb, request: { operatorSettlement?: boolean }) {
  if (round.settled_by !== null && !request.operatorSettlement) throw new Refused('duplicate_transaction');
}

export const hashSessionToken = hashGameSessionToken;

/**
 * A built-in provider's own record of the money request (the house's round), written in the request's transaction
 * when it is first processed (never for a duplicate), so that it commits or rolls back with the money. Throwing
 * undoes the request: nothing is booked or remembered.
 */
export type Alongside = (
  tx: Transaction,
  effect: { roundId: bigint | null; amount: bigint },
) => Promise<void>;

/**
 * Where a member's game money is: a member plays from the main wallet; a trial account (free play) from its play
 * money, in the play unit, so its rounds never move money, never count towards turnover, and are marked as play
 * money (the round owner posts against the house's games or play account accordingly).
 */
interface Purse {
  wallet: 'main' | 'play';
  playMoney: boolean;
}
const MONEY_PURSE: Purse = { wallet: 'main', playMoney: false };
const PLAY_PURSE: Purse = { wallet: 'play', playMoney: true };

/** Held with the member's row (dropped when it changes): a round reads it before each money call. */
async function purseOf(deps: AppDeps, memberId: number): Promise<Purse | null> {
  const member = await deps.local.members.get(
    memberId,
    'member',
    deps.clock.now(),
    () => store.memberKind(deps.db, memberId),
    'kind',
  );
  if (!member) return null;
  return member.type === TRIAL_ACCOUNT_IS_AGENT ? PLAY_PURSE : MONEY_PURSE;
}

/** Whether the member's games play with play money (a trial account). */
export async function playsWithPlayMoney(deps: AppDeps, memberId: number): Promise<boolean> {
  return (await purseOf(deps, memberId))?.playMoney ?? false;
}

async function purseBalance(db: Queryable, memberId: number, purse: Purse): Promise<bigint> {
  return balanceIn(await memberAccounts(db, memberId), purse);
}

/** A member's accounts, as a posting answers them. */
type MemberAccountRow = NonNullable<Posted['accounts']>[number];

const balanceIn = (accounts: MemberAccountRow[], purse: Purse): bigint =>
  accounts.find((account) => account.kind === purse.wallet)?.balance ?? 0n;

async function stateOf(deps: AppDeps, memberId: number): Promise<WalletState | null> {
  const purse = await purseOf(deps, memberId);
  if (purse === null) return null;
  const [currency, balance] = await Promise.all([
    heldCurrencyOf(deps),
    purseBalance(deps.db, memberId, purse),
  ]);
  return { memberId, currency: currency.currency, balance };
}

const fingerprintOf = (request: object) => sha256Hex(encodeAnswer(request));

/** The live session of the token, for the member; refused when unknown, another member's, or (checkExpiry) ended. */
async function sessionOf(
  db: Queryable,
  provider: string,
  token: string,
  memberId: number,
  checkExpiry: { now: Date } | null,
): Promise<store.SessionDb> {
  const session = token ? await store.findSession(db, provider, hashSessionToken(token)) : null;
  return checkedSession(session, memberId, checkExpiry);
}

/** The session read, refused when missing, another member's, or (checkExpiry) ended. */
function checkedSession(
  session: store.SessionDb | null,
  memberId: number,
  checkExpiry: { now: Date } | null,
): store.SessionDb {
  if (!session || session.member_id !== memberId) throw new Refused('invalid_token');
  if (checkExpiry && session.expires_at.getTime() <= checkExpiry.now.getTime())
    throw new Refused('token_expired');
  return session;
}

/** The member's main balance (user/balance); the token must be the member's live session. */
export async function balance(
  deps: AppDeps,
  provider: string,
  request: { memberId: number; token: string },
  now: Date,
): Promise<SeamlessResult> {
  try {
    await sessionOf(deps.db, provider, request.token, request.memberId, { now });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal, state: null };
    throw error;
  }
  const state = await stateOf(deps, request.memberId);
  return state ? { ok: true, state } : { ok: false, refusal: 'unknown_user', state: null };
}

/** The member's wallet for user/info: known members only. */
export async function memberState(deps: AppDeps, memberId: number): Promise<WalletState | null> {
  return stateOf(deps, memberId);
}

interface StoredAnswer {
  memberId: number;
  currency: string;
  balance: bigint;
}

/** What a money request did: its round, its amount, and the member's accounts after it when its posting told them. */
interface Applied {
  roundId: bigint | null;
  amount: bigint;
  accounts?: MemberAccountRow[];
}

/**
 * Runs one money request once: claims its transaction id, then `apply` writes its effect and the answer is kept
 * with the id. A transaction id seen before answers as it did (or, with another request, as a duplicate), a
 * transaction rolled back before it arrived is refused, and a refusal leaves nothing behind.
 */
async function once<R extends unknown[] = []>(
  deps: AppDeps,
  provider: string,
  claim: {
    uuid: string;
    kind: 'bet' | 'win' | 'rollback';
    memberId: number;
    referenceUuid: string | null;
    fingerprint: string;
  },
  /**
   * Runs in the transaction, given the member's currency, where its game money is, and what `reads` answered (read
   * in the transaction's opening round trip, after the claim).
   */
  apply: (tx: Transaction, currency: string, purse: Purse, read: R) => Promise<Applied>,
  now: Date,
  alongside?: Alongside,
  reads?: { [K in keyof R]: Read<R[K]> },
): Promise<SeamlessResult> {
  const purse = await purseOf(deps, claim.memberId);
  if (purse === null) return { ok: false, refusal: 'unknown_user', state: null };
  const currency = (await heldCurrencyOf(deps)).currency;
  try {
    // The id is claimed in BEGIN's round trip and the answer kept with COMMIT's.
    const claiming = store.claimStatement(
      {
        provider,
        uuid: claim.uuid,
        kind: claim.kind,
        memberId: claim.memberId,
        amount: 0n,
        referenceUuid: claim.referenceUuid,
        fingerprint: claim.fingerprint,
      },
      now,
    );
    const opening = [claiming, ...(reads ?? []).map((read) => read.sql)];
    const answer = await write(deps.db, { isolation: 'read committed', opening }, async (tx) => {
      const claimed = (tx.opened[0] ?? []).length > 0;
      if (!claimed) {
        const first = await store.findTransaction(tx, provider, claim.uuid);
        if (!first) throw new Error('a claimed transaction id vanished');
        if (first.kind === 'absent') throw new Refused('transaction_rolled_back');
        if (first.fingerprint !== claim.fingerprint || first.answer === null) {
          throw new Refused('duplicate_transaction');
        }
        return decodeAnswer(JSON.stringify(first.answer)) as StoredAnswer;
      }
      const read = (reads ?? []).map((each, i) => each.of(tx.opened[i + 1] ?? [])) as R;
      const done = await apply(tx, currency, purse, read);
      await alongside?.(tx, done);
      const stored: StoredAnswer = {
        memberId: claim.memberId,
        currency,
        // As the posting answered it, or read (a payout of 0 posts nothing).
        balance: done.accounts
          ? balanceIn(done.accounts, purse)
          : await purseBalance(tx, claim.memberId, purse),
      };
      tx.withCommit(
        store.completionStatement(provider, claim.uuid, { ...done, answer: encodeAnswer(stored) }),
      );
      return stored;
    });
    return { ok: true, state: answer };
  } catch (error) {
    const refusal =
      error instanceof Refused
        ? error.refusal
        : error instanceof AppError && error.code === 'insufficient_balance'
          ? 'not_enough_money'
          : error instanceof AppError && error.code === 'bonus_max_stake'
            ? 'stake_above_bonus_limit'
            : error instanceof AppError && error.code.startsWith('rg_')
              ? RG_BLOCKS.has(error.code)
                ? 'player_blocked'
                : 'responsible_gaming_limit'
              : null;
    if (refusal === null) throw error;
    const state = await stateOf(deps, claim.memberId);
    return RG_REFUSALS.has(refusal)
      ? { ok: false, refusal, state, error: error as AppError }
      : { ok: false, refusal, state };
  }
}

const RG_BLOCKS = new Set<string>(['rg_time_out', 'rg_self_excluded', 'rg_reopen_needed']);
const RG_REFUSALS = new Set<SeamlessRefusal>(['player_blocked', 'responsible_gaming_limit']);

/** The game of a read (`gameIdRead`), or the fallback when the request names none. */
function checkedGame(found: number | null, gameCode: string, fallback: number | null): number {
  const gameId = found ?? (gameCode ? null : fallback);
  if (gameId === null) throw new Refused('invalid_game');
  return gameId;
}

function checkCurrency(wallet: string, requested: string) {
  if (requested !== wallet) throw new Refused('wrong_currency');
}

const ledgerKey = (provider: string, uuid: string) => `game:${provider}:${uuid}`;

/** A bet: the stake leaves the main wallet for the house and goes into the round (turnover counts once it settles). */
export async function bet(
  deps: AppDeps,
  provider: string,
  request: BetRequest,
  now: Date,
  alongside?: Alongside,
): Promise<SeamlessResult> {
  const fingerprint = fingerprintOf({ kind: 'bet', ...request, token: undefined });
  return once(
    deps,
    provider,
    {
      uuid: request.transactionUuid,
      kind: 'bet',
      memberId: request.memberId,
      referenceUuid: null,
      fingerprint,
    },
    async (tx, currency, purse, [found, member, gameFound]) => {
      const session = checkedSession(request.token ? found : null, request.memberId, { now });
      if (member?.status !== 'active') throw new Refused('user_disabled');
      checkCurrency(currency, request.currency);
      checkCurrency(session.currency, request.currency);
      const gameId = checkedGame(gameFound, request.gameCode, session.game_id);
      const { roundId, accounts } = await rounds.stake(
        tx,
        {
          memberId: request.memberId,
          gameId,
          ref: request.round.ref,
          currency: request.currency,
          closed: request.round.closed,
          playMoney: purse.playMoney,
        },
        request.amount,
        { key: ledgerKey(provider, request.transactionUuid) },
        now,
        { answerAccounts: true },
      );
      return { roundId, amount: request.amount, accounts };
    },
    now,
    alongside,
    [
      store.sessionRead(provider, hashSessionToken(request.token)),
      store.memberKindRead(request.memberId),
      store.gameIdRead(provider, request.gameCode),
    ],
  );
}

/**
 * A win: paid from the house into the main wallet, in the round of its bet. A win whose bet we never saw is
 * refused (transaction_does_not_exist) unless it is a free win without a bet; one whose bet was rolled back is
 * refused as rolled back. The session's expiry is not checked: a win may come after the player left.
 */
export async function win(
  deps: AppDeps,
  provider: string,
  request: WinRequest,
  now: Date,
  alongside?: Alongside,
): Promise<SeamlessResult> {
  const fingerprint = fingerprintOf({ kind: 'win', ...request });
  return once(
    deps,
    provider,
    {
      uuid: request.transactionUuid,
      kind: 'win',
      memberId: request.memberId,
      referenceUuid: request.referenceUuid,
      fingerprint,
    },
    async (tx, currency, purse, [paid, paidRound, gameFound]) => {
      checkCurrency(currency, request.currency);
      let moved: rounds.Moved;
      const round = {
        memberId: request.memberId,
        ref: request.round.ref,
        currency: request.currency,
        closed: request.round.closed,
        playMoney: purse.playMoney,
      };
      if (request.referenceUuid !== null) {
        if (!paid || paid.kind === 'rollback') throw new Refused('transaction_does_not_exist');
        if (paid.kind === 'absent' || paid.rolled_back_by !== null)
          throw new Refused('transaction_rolled_back');
        if (paid.member_id !== request.memberId) throw new Refused('transaction_does_not_exist');
        const betRound = paid.round_id === null ? null : paidRound;
        if (!betRound) throw new Error('a bet without its round');
        refuseIfSettledByOperator(betRound, request);
        const gameId = request.gameCode ? checkedGame(gameFound, request.gameCode, null) : betRound.game_id;
        moved = await rounds.payout(
          tx,
          { ...round, gameId, ref: request.round.ref || betRound.round_ref },
          request.amount,
          { key: ledgerKey(provider, request.transactionUuid) },
          now,
          { lowRiskStake: request.lowRiskStake, answerAccounts: true },
        );
      } else {
        const gameId = checkedGame(gameFound, request.gameCode, null);
        moved = await rounds.payout(
          tx,
          { ...round, gameId, ref: request.round.ref || request.transactionUuid },
          request.amount,
          { key: ledgerKey(provider, request.transactionUuid) },
          now,
          { lowRiskStake: request.lowRiskStake, answerAccounts: true },
        );
      }
      return { roundId: moved.roundId, amount: request.amount, accounts: moved.accounts };
    },
    now,
    alongside,
    // The bet it pays (and that bet's round) and its game, read beside the claim.
    [
      // A free win references no bet: no lookups with an empty id.
      request.referenceUuid
        ? store.transactionRead(provider, request.referenceUuid)
        : noRead<store.TransactionDb>(),
      request.referenceUuid
        ? store.roundOfTransactionRead(provider, request.referenceUuid)
        : noRead<store.RoundDb>(),
      store.gameIdRead(provider, request.gameCode),
    ],
  );
}

/**
 * A rollback reverses a bet (the stake comes back, and leaves the turnover) or a win (it is taken back). Rolling
 * back a transaction we never saw answers OK and remembers it, so that the transaction is refused if it arrives
 * later; rolling back one already reversed moves nothing.
 */
export async function rollback(
  deps: AppDeps,
  provider: string,
  request: RollbackRequest,
  now: Date,
  alongside?: Alongside,
): Promise<SeamlessResult> {
  const fingerprint = fingerprintOf({ kind: 'rollback', ...request });
  return once(
    deps,
    provider,
    {
      uuid: request.transactionUuid,
      kind: 'rollback',
      memberId: request.memberId,
      referenceUuid: request.referenceUuid,
      fingerprint,
    },
    async (tx, _currency, purse) => {
      const absent = await store.claimTransaction(
        tx,
        {
          provider,
          uuid: request.referenceUuid,
          kind: 'absent',
          memberId: request.memberId,
          amount: 0n,
          referenceUuid: null,
          fingerprint: '',
        },
        now,
      );
      if (absent) {
        await store.markRolledBack(tx, provider, request.referenceUuid, request.transactionUuid);
        return { roundId: null, amount: 0n };
      }
      const target = await store.findTransaction(tx, provider, request.referenceUuid, true);
      if (!target) throw new Error('the transaction to roll back vanished');
      if (target.member_id !== request.memberId) throw new Refused('transaction_does_not_exist');
      const round = target.round_id === null ? null : await store.findRound(tx, target.round_id);
      if (round) refuseIfSettledByOperator(round, request);
      if (target.rolled_back_by !== null || (target.kind !== 'bet' && target.kind !== 'win')) {
        return { roundId: target.round_id, amount: 0n };
      }
      await store.markRolledBack(tx, provider, request.referenceUuid, request.transactionUuid);
      await rounds.refund(
        tx,
        { roundId: target.round_id, memberId: request.memberId, playMoney: purse.playMoney },
        { kind: target.kind === 'bet' ? 'stake' : 'payout', amount: target.amount },
        { key: ledgerKey(provider, request.transactionUuid) },
        now,
      );
      return { roundId: target.round_id, amount: target.amount };
    },
    now,
    alongside,
  );
}
