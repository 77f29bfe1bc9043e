import { type betRecordQuery, type GameType, toMajor } from '@tessera/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/context.ts';
import { currencyOf } from '../wallet/settings.ts';
import { gameName, vendorName } from './catalogue.ts';
import * as store from './store.ts';

/** The member's betting record: each round's stake, win and profit, with the totals of the whole filter. */
export async function betRecords(
  deps: AppDeps,
  memberId: number,
  query: z.output<typeof betRecordQuery>,
  language: string,
) {
  const filter: store.RoundFilter = {
    memberId,
    gameType: query.gameType ?? null,
    vendor: query.vassalage || null,
    from: query.startTime ? new Date(query.startTime) : null,
    until: query.endTime ? new Date(query.endTime) : null,
  };
  const [currency, rows, totals] = await Promise.all([
    currencyOf(deps),
    store.listRounds(deps.db, filter, query.pageSize, (query.pageNo - 1) * query.pageSize),
    store.roundTotals(deps.db, filter),
  ]);
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    list: rows.map((row) => ({
      id: row.id,
      roundRef: row.round_ref,
      nodeId: row.game_id,
      gameName: gameName(row.names, language),
      gameType: row.game_type as GameType,
      vassalage: row.vassalage,
      vendorName: vendorName(row.vendor_names, row.vendor_name, language),
      bet: major(BigInt(row.bet)),
      win: major(BigInt(row.win)),
      profit: major(BigInt(row.win) - BigInt(row.bet)),
      status: row.status,
      startedAt: row.started_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    })),
    total: totals.count,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...currency,
    totalBet: major(totals.bet),
    totalWin: major(totals.win),
    totalProfit: major(totals.win - totals.bet),
  };
}
