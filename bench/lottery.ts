/**
 * Lottery figures (issue 14) on a real PostgreSQL server the script starts:
 *  1. bets placed per second over HTTP in the last 10 seconds before a draw's lock, by 1,000 players at once (each
 *     its own session and connection), against a started server process, driven by autocannon in a process of its
 *     own (measure.ts loadFrom); beside it, in the same run, a Fastify hello-world route in its own process under
 *     the same connections (HTTP overhead) and pgbench's simple-update (database baseline);
 *  2. the time to settle 100,000 tickets of one draw (by one settler, then by two at once on another draw), beside
 *     pgbench's simple-update rate.
 * Run: npx tsx bench/lottery.ts   [PLAYERS=1000 TICKETS=100000]
 */

import { randomUUID } from 'node:crypto';
import { drawIfDue, ensureDraws } from '../apps/server/src/modules/lottery/draws.ts';
import { settleDraw } from '../apps/server/src/modules/lottery/settlement.ts';
import * as lottery from '../apps/server/src/modules/lottery/store.ts';
import type { AppDeps } from '../apps/server/src/platform/context.ts';
import { cryptoRng } from '../apps/server/src/platform/rng.ts';
import { startBenchSite } from './database.ts';
import { builtinTps, loadFrom } from './measure.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 1000);
const TICKETS = Number(process.env.TICKETS ?? 100_000);
const WINDOW_SECONDS = 10;
const GAME = 'E_MB1';

const row = (name: string, value: string, note = '') => `  ${name.padEnd(66)}${value.padStart(14)}  ${note}`;

async function main() {
  const site = await startBenchSite({ players: PLAYERS, prefix: 'lotto' });
  const { pg, db, deps, sessions, server, helloRun } = site;
  try {
    // 1. Bets in the last seconds before a lock.
    const base = server.baseUrl;
    const game = await lottery.gameByCode(db, GAME);
    if (!game) throw new Error(`no game ${GAME}`);
    // The draw on sale whose lock leaves time to get ready (at least 15 s away).
    let [draw] = await ensureDraws(deps, game, new Date());
    if (!draw || draw.locks_at.getTime() - Date.now() < 15_000) {
      [draw] = await ensureDraws(deps, game, new Date(Date.now() + 20_000));
    }
    if (!draw) throw new Error('no draw on sale');
    const numero = draw.numero;
    const lockAt = draw.locks_at.getTime();

    // The HTTP load comes from autocannon in a process of its own (measure.ts loadFrom), one connection a player.
    const numbers = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    const bodies = Array.from({ length: 1000 }, (_, index) =>
      JSON.stringify({
        gameId: GAME,
        numero,
        betType: index % 2 === 0 ? 'lo2' : 'de_special',
        numbers: [numbers[cryptoRng.int(0, 100)]],
        points: 1,
      }),
    );
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, lockAt - WINDOW_SECONDS * 1000 - Date.now())),
    );
    const bets = await loadFrom({
      url: base,
      paths: ['/wps/lottery/bets'],
      method: 'POST',
      tokens: sessions,
      idempotencyKeys: `bet-${randomUUID()}`,
      bodies,
      connections: PLAYERS,
      // Until the lock (a call answered after it is refused).
      seconds: Math.max(1, Math.floor((lockAt - Date.now()) / 1000)),
    });
    const simpleUpdate = builtinTps(pg.bin, pg.port, 'simple-update', 8, 10);

    // 2. Settling 100,000 tickets.
    const settleOne = await timeSettlement(deps, game, 1);
    const settleTwo = await timeSettlement(deps, game, 2);

    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${PLAYERS} players, each with its own session`,
        '',
        `Bets in the last ${WINDOW_SECONDS} s before the lock of ${GAME} ${numero} (${PLAYERS} players, one connection each):`,
        row(
          `baseline Fastify hello-world route, ${PLAYERS} connections (requests/s)`,
          helloRun.perSecond.toFixed(0),
        ),
        row('baseline pgbench simple-update, 8 clients (tps)', simpleUpdate.toFixed(0)),
        row(
          'bets placed per second',
          ((bets.total - bets.failures) / WINDOW_SECONDS).toFixed(0),
          `p50 ${bets.p50Ms.toFixed(0)} ms, p99 ${bets.p99Ms.toFixed(0)} ms; ratio to pgbench ${((bets.total - bets.failures) / WINDOW_SECONDS / simpleUpdate).toFixed(2)}`,
        ),
        row('bets placed in the window', String(bets.total - bets.failures)),
        row('bets refused or failed', String(bets.failures), bets.statuses),
        '',
        `Settling ${TICKETS.toLocaleString('en')} tickets of one draw (lô and đề, ${PLAYERS} players):`,
        row(
          'one settler (s)',
          settleOne.seconds.toFixed(1),
          `${(TICKETS / settleOne.seconds).toFixed(0)} tickets/s, ${settleOne.winners} winners paid`,
        ),
        row(
          'two settlers at once (s)',
          settleTwo.seconds.toFixed(1),
          `${(TICKETS / settleTwo.seconds).toFixed(0)} tickets/s, ${settleTwo.winners} winners paid`,
        ),
        row('baseline pgbench simple-update (tps)', simpleUpdate.toFixed(0)),
        '',
      ].join('\n'),
    );
  } finally {
    await site.stop();
  }
}

/**
 * Writes TICKETS placed tickets (and their betting-record rounds) on a new draw of the game directly, draws it, and
 * times their settlement by `settlers` concurrent settleDraw calls.
 */
async function timeSettlement(deps: AppDeps, game: lottery.GameDb, settlers: number) {
  const { db } = deps;
  const at = new Date(Date.now() + settlers * 86_400_000);
  const [draw] = await ensureDraws(deps, game, at, 1);
  if (!draw) throw new Error('no draw');
  await db.query(
    `with picked as (
       select g, (select id from members where username = 'lotto' || (1 + g % ${PLAYERS})) as member_id,
         case when g % 2 = 0 then 'lo2' else 'de_special' end as bet_type, lpad((g % 100)::text, 2, '0') as number
       from generate_series(1, $2::int) g),
     rounds as (
       insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
       select member_id, $3, 'B' || $1::text || '-' || g, 'PHP', 2300, 0, 'open', now(), now() from picked
       returning id, round_ref)
     insert into lottery_tickets (ticket_no, draw_id, member_id, bet_type, numbers, lines, points, price_per_point,
       payouts, stake, state, currency, game_round_id, created_at)
     select 'B' || $1::text || '-' || p.g, $1::bigint, p.member_id, p.bet_type, jsonb_build_array(p.number), 1, 1,
       case when p.bet_type = 'lo2' then 2300 else 100 end,
       case when p.bet_type = 'lo2' then '{"hit": "8000"}'::jsonb else '{"hit": "8000"}'::jsonb end,
       case when p.bet_type = 'lo2' then 2300 else 100 end, 'placed', 'PHP', r.id, now()
     from picked p join rounds r on r.round_ref = 'B' || $1::text || '-' || p.g`,
    [String(draw.id), TICKETS, game.game_id],
  );
  await db.query(
    'update lottery_draws set draws_at = now(), locks_at = now(), opens_at = now() where id = $1',
    [draw.id],
  );
  await drawIfDue(deps, draw.id, new Date());
  const start = performance.now();
  await Promise.all(Array.from({ length: settlers }, () => settleDraw(deps, draw.id, new Date())));
  const seconds = (performance.now() - start) / 1000;
  const [left] = await db.query<{ placed: bigint; winners: bigint }>(
    `select count(*) filter (where state = 'placed') as placed, count(*) filter (where state = 'won') as winners
     from lottery_tickets where draw_id = $1`,
    [draw.id],
  );
  if (left?.placed !== 0n) throw new Error(`${left?.placed} tickets left unsettled`);
  return { seconds, winners: Number(left.winners) };
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
