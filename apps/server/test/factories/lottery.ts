import { randomUUID } from 'node:crypto';
import type { LotteryBetRequest } from '@tessera/contract';
import * as store from '../../src/modules/lottery/store.ts';
import type { ApiResponse, TestApp } from '../harness.ts';

/** A bet through the API, with an idempotency key (a new one unless given). */
export function betCall(
  t: TestApp,
  token: string,
  body: Partial<LotteryBetRequest>,
  key: string = randomUUID(),
): Promise<ApiResponse> {
  return t.call({
    method: 'POST',
    url: '/wps/lottery/bets',
    payload: body,
    token,
    headers: { 'idempotency-key': key },
  });
}

/** A game's draw on sale now, as its betting view names it (written if missing). */
export async function currentDraw(
  t: TestApp,
  gameCode: string,
): Promise<{ numero: string; locksAt: Date; drawsAt: Date }> {
  const detail = await t.get(`/wps/lottery/games/${gameCode}`);
  if (!detail.body.success) throw new Error(`no betting view: ${detail.body.code}`);
  const current = detail.body.value.current;
  return { numero: current.numero, locksAt: new Date(current.locksAt), drawsAt: new Date(current.drawsAt) };
}

export async function drawRow(t: TestApp, gameCode: string, numero: string): Promise<store.DrawDb> {
  const game = await store.gameByCode(t.db, gameCode);
  const draw = game ? await store.drawByNumero(t.db, game.game_id, numero) : null;
  if (!draw) throw new Error(`no draw ${gameCode}/${numero}`);
  return draw;
}

export async function ticketRows(t: TestApp, memberId: number): Promise<store.TicketDb[]> {
  return t.db.query<store.TicketDb>('select * from lottery_tickets where member_id = $1 order by id', [
    memberId,
  ]);
}

/** Sets a game's odds row directly (tests want small caps or prices). */
export async function setOdds(
  t: TestApp,
  shape: string,
  betType: string,
  change: { cap?: bigint; maxPoints?: number },
) {
  await t.db.query(
    `update lottery_odds set cap_per_number = coalesce($3, cap_per_number), max_points = coalesce($4, max_points)
     where shape = $1 and bet_type = $2`,
    [shape, betType, change.cap ?? null, change.maxPoints ?? null],
  );
}
