import {
  type OpenProviderRound,
  type openRoundQuery,
  type roundSettlement,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Transaction } from '../../../db/database.ts';
import { asOperator, type Caller } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { closeByOperator } from '../round-owner.ts';
import * as seamless from './seamless.ts';
import * as store from './store.ts';

/**
 * Provider rounds left open: a win or rollback the provider never delivered (it retries until acknowledged, but may
 * give up). The console lists those open past an age and lets finance settle one: every stake back (a rollback of
 * each), or the result the provider reports (a win against the last stake), through the seamless core like the
 * provider's own calls, each audited in its transaction. The settlement's transaction ids are fixed per round, so a
 * repeat books nothing twice; the provider's own late win or rollback of the round is refused afterwards.
 */

type OperatorCall = { caller: Caller; ip: string; now: Date };

function view(row: store.OpenRoundDb, digits: number): OpenProviderRound {
  return {
    id: Number(row.id),
    memberId: row.member_id,
    username: row.username,
    provider: row.provider,
    vassalage: row.vassalage,
    gameCode: row.game_code,
    gameName: row.game_names.EN ?? row.game_code,
    roundRef: row.round_ref,
    bet: toMajor(BigInt(row.bet), digits),
    win: toMajor(BigInt(row.win), digits),
    startedAt: row.started_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function consoleOpenRounds(deps: AppDeps, query: z.output<typeof openRoundQuery>, now: Date) {
  const digits = (await currencyOf(deps)).digits;
  const before = new Date(now.getTime() - query.olderThanMinutes * 60_000);
  const { rows, total } = await store.listOpenRounds(deps.db, before, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: rows.map((row) => view(row, digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function settleOpenRound(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof roundSettlement>,
) {
  const who = asOperator(call.caller);
  const digits = (await currencyOf(deps)).digits;
  const round = await store.findProviderRound(deps.db, BigInt(id));
  if (!round) throw new AppError('not_found');
  const before = view(round, digits);
  if (round.status !== 'open' && round.settled_by === null) throw new AppError('not_found');
  const bets = await store.liveBetsOfRound(deps.db, round.id);
  const resultUuid = `console-result:${round.id}`;
  // Audited, and the round marked, in the transaction of each money movement. The movement has locked the round's
  // row: a settlement of the other kind that committed meanwhile (another operator's) is seen here, and refused.
  const alongside =
    (action: 'refund' | 'result', detail: Record<string, unknown>) => async (tx: Transaction) => {
      const clash =
        action === 'refund'
          ? (await store.findTransaction(tx, round.provider, resultUuid)) !== null
          : (await store.liveBetsOfRound(tx, round.id)).length < bets.length;
      if (clash) throw new AppError('conflict');
      await closeByOperator(tx, round.id, who.operatorId, call.now);
      const after = await store.findProviderRound(tx, round.id);
      await recordAudit(
        tx,
        who,
        call.ip,
        {
          entity: 'game_round',
          action,
          entityId: id,
          before,
          after: { ...(after ? view(after, digits) : {}), status: after?.status, ...detail },
        },
        call.now,
      );
    };
  const results: seamless.SeamlessResult[] = [];
  if (body.outcome === 'refund') {
    // Refunded: nothing staked is left. A round closed otherwise (a result paid) keeps its stakes.
    if (round.status === 'open' ? bets.length === 0 : bets.length > 0) throw new AppError('conflict');
    for (const bet of bets) {
      results.push(
        await seamless.rollback(
          deps,
          round.provider,
          {
            transactionUuid: `console-refund:${round.id}:${bet.transaction_uuid}`,
            memberId: round.member_id,
            referenceUuid: bet.transaction_uuid,
            operatorSettlement: true,
          },
          call.now,
          alongside('refund', { refunded: toMajor(BigInt(bet.amount), digits) }),
        ),
      );
    }
  } else {
    const amount = toMinor(body.win, digits);
    if (amount === null) throw new AppError('amount_invalid', { win: 'invalid_value' });
    const last = bets.at(-1);
    if (!last) throw new AppError('conflict');
    results.push(
      await seamless.win(
        deps,
        round.provider,
        {
          transactionUuid: resultUuid,
          memberId: round.member_id,
          referenceUuid: last.transaction_uuid,
          gameCode: '',
          round: { ref: round.round_ref, closed: true },
          currency: round.currency,
          amount,
          operatorSettlement: true,
        },
        call.now,
        alongside('result', { paid: body.win }),
      ),
    );
  }
  // A different settlement of a round already settled is a conflict; the same one answers the same.
  if (results.some((result) => !result.ok)) throw new AppError('conflict');
  const settled = await store.findProviderRound(deps.db, round.id);
  if (!settled || settled.status === 'open') throw new AppError('conflict');
  return { ...view(settled, digits), status: settled.status };
}
