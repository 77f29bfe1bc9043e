import { type RedEnvelopeSplit, toMajor } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { Rng } from '../../platform/rng.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import * as ledger from '../wallet/ledger.ts';
import { currencyOf, minorAmount } from '../wallet/settings.ts';
import * as store from './red-envelopes-store.ts';
import { teamUsernames } from './team.ts';

/**
 * Red envelopes: an agent splits an amount from its own main wallet across members of its team, as one balanced
 * ledger posting of kind red_envelope (the agent's main wallet debited, each recipient's credited), in the
 * transaction that records the envelope. The roll-ups count each recipient's share as a red envelope received.
 */

/** The module flag of the agent centre's red envelope page. */
const RED_ENVELOPE_FLAG = 'AGENTRANSMULTDOWN3';

/** Equal shares of total minor units; the remainder goes one unit each to the first ones. */
export function fixedShares(total: bigint, count: number): bigint[] {
  const n = BigInt(count);
  const base = total / n;
  const remainder = total % n;
  return Array.from({ length: count }, (_, index) => base + (BigInt(index) < remainder ? 1n : 0n));
}

/**
 * Random shares of total minor units, each at least one: what is left after one unit each is cut at count - 1
 * uniform points, and each share is one unit plus the gap between two cuts.
 */
export function randomShares(total: bigint, count: number, rng: Rng): bigint[] {
  const spare = total - BigInt(count);
  if (spare < 0n) throw new RangeError('fewer minor units than shares');
  const cuts = Array.from({ length: count - 1 }, () => BigInt(rng.int(0, Number(spare) + 1))).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const bounds = [0n, ...cuts, spare];
  return Array.from(
    { length: count },
    (_, index) => 1n + (bounds[index + 1] as bigint) - (bounds[index] as bigint),
  );
}

export interface SendRedEnvelope {
  amount: number;
  recipients: number[];
  split: RedEnvelopeSplit;
}

/**
 * Sends a red envelope from the agent's main wallet to members of its team. A recipient outside the team answers
 * agent_downline_not_found, as one that does not exist; a main wallet holding less than the amount,
 * insufficient_balance (under the wallet's row lock, so two envelopes at once never overdraw it).
 */
export async function sendRedEnvelope(
  deps: Pick<AppDeps, 'db' | 'config' | 'rng'>,
  agentId: number,
  input: SendRedEnvelope,
  request: { now: Date; language: string; idempotency: IdempotencyKey | null },
) {
  if (!(await moduleEnabled(deps.db, RED_ENVELOPE_FLAG))) throw new AppError('feature_disabled');
  const currency = await currencyOf(deps);
  const count = input.recipients.length;
  const total = minorAmount(input.amount, currency, request.language, { min: BigInt(count) });
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const usernames = await teamUsernames(tx, agentId, input.recipients);
    if (usernames.size !== count) throw new AppError('agent_downline_not_found');
    const amounts =
      input.split === 'fixed' ? fixedShares(total, count) : randomShares(total, count, deps.rng);
    const shares = input.recipients.map((memberId, index) => ({
      memberId,
      amount: amounts[index] as bigint,
    }));
    const envelopeId = await store.insertEnvelope(tx, {
      agentId,
      total,
      split: input.split,
      recipientCount: count,
      at: request.now,
    });
    const posted = await ledger.post(
      tx,
      {
        key: `red-envelope:${envelopeId}`,
        kind: 'red_envelope',
        memberId: agentId,
        reference: `red-envelope:${envelopeId}`,
        legs: [
          { account: { member: agentId, wallet: 'main' }, amount: -total },
          ...shares.map((share) => ({
            account: { member: share.memberId, wallet: 'main' as const },
            amount: share.amount,
          })),
        ],
      },
      request.now,
    );
    await store.recordShares(tx, envelopeId, posted.transactionId, shares);
    return {
      envelopeId,
      shares: shares.map((share) => ({
        memberId: share.memberId,
        username: usernames.get(share.memberId) as string,
        amount: toMajor(share.amount, currency.digits),
      })),
    };
  });
}

/** The agent's envelopes, newest first, with their shares. */
export async function redEnvelopeHistory(
  deps: Pick<AppDeps, 'db' | 'config'>,
  agentId: number,
  paging: { pageNo: number; pageSize: number },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listEnvelopes(
    deps.db,
    agentId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  const shares = await store.sharesOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    list: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      total: major(row.total),
      split: row.split,
      recipientCount: row.recipient_count,
      shares: shares
        .filter((share) => share.envelope_id === row.id)
        .map((share) => ({
          memberId: share.member_id,
          username: share.username,
          amount: major(share.amount),
        })),
    })),
    total,
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    ...currency,
  };
}
