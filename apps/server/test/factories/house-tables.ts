import { randomUUID } from 'node:crypto';
import type { ApiResponse, TestApp } from '../harness.ts';
import type { HousePlayer } from './house.ts';
import { walletMember } from './wallet.ts';

/** The catalogue id (nodeId) of a house table by its room. */
export async function tableGameId(t: TestApp, room: string): Promise<number> {
  const [row] = await t.db.query<{ game_id: number }>('select game_id from house_tables where room = $1', [
    room,
  ]);
  if (!row) throw new Error(`no house table ${room}`);
  return row.game_id;
}

/**
 * Sets a table's timing directly (tests want short rounds), anchored at the test clock's now: round 0 opens now.
 * Its earlier rounds and bets are deleted, which only a test may do.
 */
export async function fastTable(t: TestApp, room: string, bettingMs = 5_000, resultMs = 3_000) {
  await t.db.query(
    `update house_tables set betting_ms = $2, result_ms = $3, anchor_at = $4, anchor_round = 0 where room = $1`,
    [room, bettingMs, resultMs, t.clock.now()],
  );
  // Earlier tests' rounds of the table go (the test clock starts again at each test).
  const rounds =
    'select id from house_table_rounds where game_id = (select game_id from house_tables where room = $1)';
  await t.db.query(`delete from house_table_bets where round_id in (${rounds})`, [room]);
  await t.db.query(`delete from house_table_rounds where id in (${rounds})`, [room]);
  await t.db.query(
    'delete from house_table_presence where game_id = (select game_id from house_tables where room = $1)',
    [room],
  );
}

/**
 * A funded member (minor units) who launched a table (by its room id, as the PVP lobby does) and opened its frame;
 * type 4 makes it a trial account, which bets play money.
 */
export async function tablePlayer(t: TestApp, room: string, funds = 0n, type = 0): Promise<HousePlayer> {
  const member = await walletMember(t, { funds, type });
  const nodeId = await tableGameId(t, room);
  const launched = await t.get(`/wps/game/launchGame?nodeId=${nodeId}&roomId=${room}`, member.token);
  if (!launched.body.success) throw new Error(`launch refused: ${launched.body.code}`);
  const url = launched.body.value.game_url as string;
  const opened = await t.send('POST', '/house/api/session', { launch: url.split('#')[1] });
  if (!opened.body.success) throw new Error(`frame session refused: ${opened.body.code}`);
  return { id: member.id, siteToken: member.token, url, token: opened.body.value.token as string };
}

export function tableState(t: TestApp, player: HousePlayer): Promise<ApiResponse> {
  return t.get('/house/api/tables/state', player.token);
}

export function betCall(
  t: TestApp,
  player: HousePlayer,
  body: { round: number; spots: { spot: string; stake: string }[]; clientSeed?: string },
  key: string = randomUUID(),
): Promise<ApiResponse> {
  return t.call({
    method: 'POST',
    url: '/house/api/tables/bets',
    payload: body,
    token: player.token,
    headers: { 'idempotency-key': key },
  });
}

/** The member's provider transactions at the house, by kind. */
export function houseTransactions(t: TestApp, memberId: number) {
  return t.db.query<{ kind: string; n: number }>(
    `select kind, count(*)::int as n from provider_transactions where member_id = $1 and provider = 'HOUSE'
     group by kind order by kind`,
    [memberId],
  );
}
