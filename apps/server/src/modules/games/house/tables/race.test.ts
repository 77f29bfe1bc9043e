import { tableSalt } from '@tessera/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalance } from '../../../../../test/factories/house.ts';
import {
  betCall,
  fastTable,
  houseTransactions,
  tableGameId,
  tablePlayer,
  tableState,
} from '../../../../../test/factories/house-tables.ts';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';
import { payoutOf } from './draw.ts';
import { settleRound } from './rounds.ts';

/**
 * Concurrency (meaningful on PostgreSQL, where the calls really run at once, as in several server processes):
 * settlers racing on one round draw it once and pay each bet once; bets racing the draw are either in the round
 * (and paid) or refused, never taken and forgotten.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

async function roundRow(gameId: number, roundNo: number) {
  const [row] = await t.db.query<{ id: bigint; state: string; outcome: unknown; drawn_at: Date }>(
    'select id, state, outcome, drawn_at from house_table_rounds where game_id = $1 and round_no = $2',
    [gameId, roundNo],
  );
  if (!row) throw new Error('no such round');
  return row;
}

describe('house table rounds under concurrency', () => {
  it('draws a round once and pays each bet once when settlers race', async () => {
    await fastTable(t, 'jade', 5_000, 3_000);
    const gameId = await tableGameId(t, 'jade');
    const players = await Promise.all(Array.from({ length: 6 }, () => tablePlayer(t, 'jade', 100_00n)));
    const spots = [
      [{ spot: 'banker', stake: '1000' }],
      [{ spot: 'player', stake: '800' }],
      [{ spot: 'tie', stake: '300' }],
      [
        { spot: 'playerPair', stake: '200' },
        { spot: 'player', stake: '500' },
      ],
      [{ spot: 'bankerPair', stake: '100' }],
      [{ spot: 'banker', stake: '2000' }],
    ];
    for (const [index, player] of players.entries()) {
      const placed = await betCall(t, player, { round: 0, spots: spots[index] ?? [] });
      expect(placed.status).toBe(200);
    }
    t.clock.advance(5_000);
    const round = await roundRow(gameId, 0);
    // Eight settlers at once: the settle job of several processes and the players' polls.
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => settleRound(t.deps, BigInt(round.id), t.clock.now())),
      ...players.slice(0, 3).map((player) => tableState(t, player).then(() => null)),
    ]);
    const summaries = results.filter((result) => result !== null);
    const drawn = summaries.reduce((sum, summary) => sum + (summary?.drawn ?? 0), 0);
    const paid = summaries.reduce((sum, summary) => sum + (summary?.paid ?? 0), 0);
    expect(drawn).toBeLessThanOrEqual(1);
    expect(paid).toBeLessThanOrEqual(players.length);
    const settled = await roundRow(gameId, 0);
    expect(settled.state).toBe('settled');
    const outcome = settled.outcome as Parameters<typeof payoutOf>[1];
    for (const [index, player] of players.entries()) {
      expect(await houseTransactions(t, player.id)).toEqual([
        { kind: 'bet', n: 1 },
        { kind: 'win', n: 1 },
      ]);
      const stakes = spots[index] ?? [];
      const staked = stakes.reduce((sum, spot) => sum + BigInt(spot.stake), 0n);
      expect(await mainBalance(t, player.id)).toBe(100_00n - staked + payoutOf(stakes, outcome));
    }
    const bets = await t.db.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from house_table_bets where round_id = $1 group by state`,
      [round.id],
    );
    expect(bets).toEqual([{ state: 'settled', n: players.length }]);
  });

  it('either takes a bet racing the close into the round, or refuses it and keeps the stake', async () => {
    await fastTable(t, 'gold', 5_000, 3_000);
    const gameId = await tableGameId(t, 'gold');
    const players = await Promise.all(Array.from({ length: 6 }, () => tablePlayer(t, 'gold', 100_00n)));
    await tableState(t, players[0] as (typeof players)[0]);
    const round = await roundRow(gameId, 0);
    t.clock.advance(4_999);
    const bets = players.map((player) =>
      betCall(t, player, { round: 0, spots: [{ spot: 'player', stake: '1000' }] }),
    );
    // The close comes while the bets are on their way: the draw takes the round's lock.
    const closing = (async () => {
      t.clock.advance(1);
      return settleRound(t.deps, BigInt(round.id), t.clock.now());
    })();
    const answers = await Promise.all(bets);
    await closing;
    await settleRound(t.deps, BigInt(round.id), t.clock.now());
    for (const [index, answer] of answers.entries()) {
      const player = players[index] as (typeof players)[0];
      if (answer.status === 200) {
        expect(await houseTransactions(t, player.id)).toEqual([
          { kind: 'bet', n: 1 },
          { kind: 'win', n: 1 },
        ]);
      } else {
        expect(answer.body.code).toBe('house_betting_closed');
        expect(await mainBalance(t, player.id)).toBe(100_00n);
        expect(await houseTransactions(t, player.id)).toEqual([]);
      }
    }
    const settled = await roundRow(gameId, 0);
    expect(settled.state).toBe('settled');
    // Every bet taken was in the draw: the salt stored at the draw is the one its bets' client seeds give.
    const proof = (await t.get('/house/api/tables/rounds/0', (players[0] as (typeof players)[0]).token)).body
      .value;
    expect(proof.clientSeeds).toHaveLength(answers.filter((answer) => answer.status === 200).length);
    expect(proof.salt).toBe(tableSalt('gold', 0, proof.clientSeeds));
    const [open] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from house_table_bets where round_id = $1 and state = 'placed'",
      [round.id],
    );
    expect(open?.n).toBe(0);
  });
});
