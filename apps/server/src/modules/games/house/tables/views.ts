import type { TableBet, TableOutcome, TableRoundProof } from '@tessera/contract';
import type { GameSessionCaller } from '../../../../platform/access.ts';
import { AppError } from '../../../../platform/app-error.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import { gameName } from '../../catalogue.ts';
import * as store from './store.ts';
import { sessionTable } from './tables.ts';

/**
 * Rounds and bets as the pages (and the verification page) read them: every round with what recomputing it needs,
 * the server seed and the salt once it is drawn (procedure tessera-table-1).
 */

async function roundProof(
  deps: AppDeps,
  table: Pick<store.TableDb, 'kind' | 'room'>,
  round: store.TableRoundDb,
): Promise<TableRoundProof> {
  const drawn = round.state === 'drawn' || round.state === 'settled';
  const bets = await store.roundBets(deps.db, round.id);
  return {
    procedure: 'tessera-table-1',
    kind: table.kind,
    table: table.room,
    round: Number(round.round_no),
    state: round.state,
    commitment: round.commitment,
    serverSeed: drawn ? round.server_seed : null,
    clientSeeds: bets.map((bet) => bet.client_seed),
    salt: drawn ? round.salt : null,
    outcome: drawn ? (round.outcome as TableOutcome) : null,
    opensAt: round.opens_at.toISOString(),
    closesAt: round.closes_at.toISOString(),
    drawnAt: round.drawn_at?.toISOString() ?? null,
  };
}

export async function betView(
  deps: AppDeps,
  bet: store.TableBetDb,
  table: Pick<store.TableDb, 'kind' | 'room' | 'names'>,
  round: store.TableRoundDb,
  language: string,
): Promise<TableBet> {
  return {
    id: bet.id.toString(),
    ref: bet.ref,
    gameName: gameName(table.names, language),
    spots: bet.spots,
    stake: bet.stake.toString(),
    payout: bet.payout === null ? null : bet.payout.toString(),
    state: bet.state,
    clientSeed: bet.client_seed,
    createdAt: bet.created_at.toISOString(),
    proof: await roundProof(deps, table, round),
  };
}

/** The member's bets at every table, latest first. */
export async function memberTableBets(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
  language: string,
) {
  const { rows, total } = await store.memberBets(
    deps.db,
    memberId,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  const tables = new Map<number, store.TableDb | null>();
  const list: TableBet[] = [];
  for (const row of rows) {
    if (!tables.has(row.game_id)) tables.set(row.game_id, await store.findTable(deps.db, row.game_id));
    const table = tables.get(row.game_id);
    const round = await store.findRound(deps.db, row.round_id);
    if (!table || !round) continue;
    list.push(await betView(deps, row, table, round, language));
  }
  return { list, total, pageNo: paging.pageNo, pageSize: paging.pageSize };
}

/** A round of the session's table, or of the table named; a round never written is not found. */
export async function tableRound(
  deps: AppDeps,
  player: GameSessionCaller,
  roundNo: string,
  room: string | undefined,
) {
  const table = room ? await store.findTableByRoom(deps.db, room) : await sessionTable(deps, player);
  if (!table) throw new AppError('not_found');
  const round = await store.findRoundByNo(deps.db, table.game_id, BigInt(roundNo));
  if (!round) throw new AppError('not_found');
  return roundProof(deps, table, round);
}
