import { recordsEndpoints } from '@tessera/contract';
import {
  commitment,
  playRound,
  RED_NUMBERS,
  settle,
  spinWheel,
  tableDrawer,
  tableSalt,
} from '@tessera/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gamePostings,
  housePlayer,
  mainBalance,
  sessionCaller,
} from '../../../../../test/factories/house.ts';
import {
  betCall,
  fastTable,
  houseTransactions,
  tableGameId,
  tablePlayer,
  tableState,
} from '../../../../../test/factories/house-tables.ts';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';
import { type Money, SEAMLESS_MONEY } from '../round-play.ts';
import { placeTableBet } from './bets.ts';
import { settleDue } from './rounds.ts';
import { HOUSE_TABLE_SETTLE_JOB } from './routes.ts';

/**
 * The shared tables through the frame API: the betting window, settlement through the seamless wallet (duplicates
 * and rollbacks included), what a player can recompute from a round's proof, late settlement after an interruption,
 * the console's limits and timing, and who is refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('house tables', () => {
  it('lists the baccarat rooms in GLS2_roomList and launches a room to its own page', async () => {
    const rooms = await t.get('/wps/relay/GLS2_roomList?vassalage=HOUSE_PVP');
    expect(rooms.body.value.list.map((room: { roomId: string }) => room.roomId)).toEqual([
      'jade',
      'gold',
      'dragon',
    ]);
    expect(rooms.body.value.list[0]).toMatchObject({ vassalage: 'HOUSE_PVP', minBet: 1, players: 0 });
    const player = await tablePlayer(t, 'gold', 100_00n);
    expect(new URL(player.url).pathname).toBe('/house/baccarat/gold');
    const roulette = await tablePlayer(t, 'roulette-live');
    expect(new URL(roulette.url).pathname).toBe('/house/roulette/roulette-live');
    const info = await t.get('/house/api/tables/table', player.token, { language: 'VI' });
    expect(info.body.value).toMatchObject({
      kind: 'baccarat',
      table: 'gold',
      name: 'Baccarat Phòng Vàng',
      step: '100',
      limits: { banker: { min: '1000', max: '500000' }, tie: { min: '1000', max: '50000' } },
      pays: { banker: '1.95' },
      balance: '10000',
    });
    // The published RTPs are the package's exact ones (banker 98.94 %, roulette 36/37).
    // Banker's house edge is 1.0579 %, player's 1.2351 %.
    expect(info.body.value.rtp.banker).toBe('98.942094');
    expect(Math.abs(Number(info.body.value.rtp.player) - 98.7649)).toBeLessThan(0.0001);
    expect((await t.get('/house/api/tables/table', roulette.token)).body.value.rtp.straight).toBe(
      '97.297297',
    );
    // Once the player's page polls, the lobby counts them at the table.
    await tableState(t, player);
    const after = await t.get('/wps/relay/GLS2_roomList?vassalage=HOUSE_PVP');
    expect(after.body.value.list[1]).toMatchObject({ roomId: 'gold', players: 1 });
  });

  it('takes bets while the window is open and refuses them once it closed', async () => {
    await fastTable(t, 'jade', 5_000, 3_000);
    const player = await tablePlayer(t, 'jade', 50_00n);
    const state = (await tableState(t, player)).body.value;
    expect(state.round).toMatchObject({ round: 0, state: 'betting', outcome: null, serverSeed: null });
    expect(state.round.commitment).toMatch(/^[0-9a-f]{64}$/);
    // The next round's commitment is shown before it opens.
    expect(state.next).toMatchObject({ round: 1 });
    expect(state.next.commitment).not.toBe(state.round.commitment);

    const placed = await betCall(t, player, { round: 0, spots: [{ spot: 'player', stake: '500' }] });
    expect(placed.status).toBe(200);
    expect(placed.body.value.balance).toBe('4500');
    expect(placed.body.value.bet).toMatchObject({ stake: '500', state: 'placed', payout: null });

    // A bet for another round than the open one, and any bet after the close, are refused and move nothing.
    const wrongRound = await betCall(t, player, { round: 1, spots: [{ spot: 'player', stake: '500' }] });
    expect(wrongRound.status).toBe(409);
    expect(wrongRound.body.code).toBe('house_betting_closed');
    t.clock.advance(5_000);
    const late = await betCall(t, player, { round: 0, spots: [{ spot: 'banker', stake: '500' }] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('house_betting_closed');
    expect(await mainBalance(t, player.id)).toBe(45_00n);
    expect(await houseTransactions(t, player.id)).toEqual([{ kind: 'bet', n: 1 }]);
  });

  it('refuses a bet that reaches a round already drawn, even from a process whose clock is behind', async () => {
    await fastTable(t, 'jade', 5_000, 3_000);
    const player = await tablePlayer(t, 'jade', 50_00n);
    await tableState(t, player);
    t.clock.advance(5_000);
    expect(await settleDue(t.deps, t.clock.now(), await tableGameId(t, 'jade'))).toMatchObject({ drawn: 1 });
    // Another process whose clock is a millisecond behind still sees betting open; the round's row says otherwise.
    const behind = new Date(t.clock.now().getTime() - 1);
    await expect(
      placeTableBet(
        t.deps,
        await sessionCaller(t, player),
        { round: 0, spots: [{ spot: 'player', stake: '500' }] },
        null,
        'EN',
        behind,
      ),
    ).rejects.toMatchObject({ code: 'house_betting_closed' });
    expect(await mainBalance(t, player.id)).toBe(50_00n);
    expect(await houseTransactions(t, player.id)).toEqual([]);
  });

  it('refuses stakes outside the limits or steps and spots not on the layout', async () => {
    await fastTable(t, 'jade');
    const player = await tablePlayer(t, 'jade', 10_000_00n);
    const cases: [{ spot: string; stake: string }[], number, string][] = [
      [[{ spot: 'player', stake: '50' }], 400, 'house_bet_out_of_limits'],
      [[{ spot: 'player', stake: '150' }], 400, 'house_bet_out_of_limits'],
      [[{ spot: 'tie', stake: '5100' }], 400, 'house_bet_out_of_limits'],
      [[{ spot: 'straight:7', stake: '100' }], 400, 'house_bet_invalid_spot'],
      [[{ spot: 'dragon', stake: '100' }], 400, 'house_bet_invalid_spot'],
    ];
    for (const [spots, status, code] of cases) {
      const answer = await betCall(t, player, { round: 0, spots });
      expect(answer.status, JSON.stringify(spots)).toBe(status);
      expect(answer.body.code).toBe(code);
    }
    // A member's stakes on one spot add up within a round: 400 + 200 on player is above 500.
    await fastTable(t, 'jade');
    await t.db.query(
      `update house_tables set limits = jsonb_set(limits, '{player,max}', '"500"') where room = 'jade'`,
    );
    const first = await betCall(t, player, { round: 0, spots: [{ spot: 'player', stake: '400' }] });
    expect(first.status).toBe(200);
    const second = await betCall(t, player, { round: 0, spots: [{ spot: 'player', stake: '200' }] });
    expect(second.body.code).toBe('house_bet_out_of_limits');
    const broke = await tablePlayer(t, 'jade', 3_00n);
    const poor = await betCall(t, broke, { round: 0, spots: [{ spot: 'banker', stake: '400' }] });
    expect(poor.body.code).toBe('insufficient_balance');
    await t.db.query(
      `update house_tables set limits = jsonb_set(limits, '{player,max}', '"50000"') where room = 'jade'`,
    );
  });

  it('settles every bet of a round through the seamless wallet, as its proof recomputes it', async () => {
    await fastTable(t, 'jade');
    const alice = await tablePlayer(t, 'jade', 100_00n);
    const bob = await tablePlayer(t, 'jade', 100_00n);
    await tableState(t, alice);
    const spotsA = [
      { spot: 'banker', stake: '1000' },
      { spot: 'tie', stake: '200' },
    ];
    const spotsB = [{ spot: 'player', stake: '700' }];
    expect((await betCall(t, alice, { round: 0, spots: spotsA, clientSeed: 'alice seed' })).status).toBe(200);
    expect((await betCall(t, bob, { round: 0, spots: spotsB, clientSeed: 'bob-seed' })).status).toBe(200);
    // The players see each other, masked, with the totals per spot.
    const during = (await tableState(t, bob)).body.value;
    expect(during.seats).toHaveLength(2);
    expect(during.seats[1]).toMatchObject({ stake: '700', me: true });
    expect(during.seats[0].name).toMatch(/^\w{2}\*\*\*\w$/);
    expect(during.totals).toEqual({ banker: '1000', tie: '200', player: '700' });
    expect(during.players).toBe(2);

    t.clock.advance(5_000);
    const after = (await tableState(t, alice)).body.value;
    expect(after.round.state).toBe('settled');
    const { serverSeed, salt, outcome } = after.round;
    // The revealed seed matches the commitment shown before, the salt follows from the bets' client seeds in order,
    // and the cards follow from seed, salt and round number.
    expect(commitment(serverSeed)).toBe(after.round.commitment);
    expect(salt).toBe(tableSalt('jade', 0, ['alice seed', 'bob-seed']));
    const dealt = playRound(tableDrawer(serverSeed, salt, 0));
    expect(outcome).toMatchObject({ kind: 'baccarat', winner: dealt.winner, playerTotal: dealt.playerTotal });
    expect(outcome.player).toEqual(dealt.player);

    const payoutOf = (spots: { spot: string; stake: string }[]) =>
      settle(
        spots.map((spot) => ({ type: spot.spot as 'player', stake: BigInt(spot.stake) })),
        dealt,
      ).reduce((sum, bet) => sum + bet.payout, 0n);
    expect(await mainBalance(t, alice.id)).toBe(100_00n - 1200n + payoutOf(spotsA));
    expect(await mainBalance(t, bob.id)).toBe(100_00n - 700n + payoutOf(spotsB));
    expect(after.myPayout).toBe(payoutOf(spotsA).toString());
    // One bet and one win each (a win of 0 too, which closes the bet's round in the betting record).
    for (const player of [alice, bob]) {
      expect(await houseTransactions(t, player.id)).toEqual([
        { kind: 'bet', n: 1 },
        { kind: 'win', n: 1 },
      ]);
    }
    // Settling again moves nothing.
    expect(await settleDue(t.deps, t.clock.now(), await tableGameId(t, 'jade'))).toEqual({
      drawn: 0,
      paid: 0,
      voided: 0,
    });

    const record = await t.get(`${recordsEndpoints.betRecords.path}?gameType=PVP`, alice.siteToken);
    expect(record.body.value.list[0]).toMatchObject({
      vassalage: 'HOUSE_PVP',
      gameName: 'Baccarat Jade Room',
      bet: 12,
      win: Number(payoutOf(spotsA)) / 100,
      status: 'settled',
    });
    const bets = await t.get('/house/api/tables/bets', alice.token);
    expect(bets.body.value.list[0]).toMatchObject({
      state: 'settled',
      payout: payoutOf(spotsA).toString(),
      proof: { procedure: 'tessera-table-1', table: 'jade', round: 0, serverSeed, salt },
    });
    const proof = await t.get('/house/api/tables/rounds/0', bob.token);
    expect(proof.body.value).toMatchObject({ clientSeeds: ['alice seed', 'bob-seed'], state: 'settled' });
    expect((await t.get('/house/api/tables/rounds/999', bob.token)).body.code).toBe('not_found');
    // Any house game session reads a table's round by naming the table (a verification page).
    const slot = await housePlayer(t, { funds: 0n });
    const named = await t.get('/house/api/tables/rounds/0?table=jade', slot.token);
    expect(named.body.value).toEqual(proof.body.value);
    expect((await t.get('/house/api/tables/rounds/0?table=nowhere', slot.token)).body.code).toBe('not_found');
    expect((await t.get('/house/api/tables/rounds/0?table=Bad%20Name', slot.token)).status).toBe(400);
  });

  it('plays the live roulette table: a straight, a colour and a dozen, paid by the pocket', async () => {
    await fastTable(t, 'roulette-live');
    const player = await tablePlayer(t, 'roulette-live', 100_00n);
    const spots = [
      { spot: 'straight:17', stake: '100' },
      { spot: 'red', stake: '1000' },
      { spot: 'dozen:3', stake: '500' },
      { spot: 'split:0-1', stake: '100' },
    ];
    expect((await betCall(t, player, { round: 0, spots, clientSeed: 'wheel' })).status).toBe(200);
    t.clock.advance(5_000);
    const state = (await tableState(t, player)).body.value;
    const pocket = spinWheel(
      tableDrawer(state.round.serverSeed, tableSalt('roulette-live', 0, ['wheel']), 0),
    );
    expect(state.round.outcome).toEqual({
      kind: 'roulette',
      pocket,
      colour: pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black',
    });
    const payout =
      (pocket === 17 ? 3600n : 0n) +
      (RED_NUMBERS.includes(pocket) ? 2000n : 0n) +
      (pocket >= 25 ? 1500n : 0n) +
      (pocket <= 1 ? 1800n : 0n);
    expect(await mainBalance(t, player.id)).toBe(100_00n - 1700n + payout);
  });

  it('answers a bet repeated with its key once, and refuses the key with another bet', async () => {
    await fastTable(t, 'jade');
    const player = await tablePlayer(t, 'jade', 20_00n);
    const body = { round: 0, spots: [{ spot: 'banker', stake: '500' }] };
    const first = await betCall(t, player, body, 'table-key-1');
    const again = await betCall(t, player, body, 'table-key-1');
    expect(again.status).toBe(200);
    expect(again.body.value.bet).toEqual(first.body.value.bet);
    const other = await betCall(
      t,
      player,
      { ...body, spots: [{ spot: 'player', stake: '500' }] },
      'table-key-1',
    );
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await mainBalance(t, player.id)).toBe(15_00n);
    // The wallet itself also books a duplicate delivery of the bet's transaction once.
    const [bet] = await t.db.query<{ bet_transaction: string; ref: string; currency: string }>(
      'select bet_transaction, ref, currency from house_table_bets where member_id = $1',
      [player.id],
    );
    const duplicate = await SEAMLESS_MONEY.bet(
      t.deps,
      'HOUSE',
      {
        transactionUuid: bet?.bet_transaction as string,
        memberId: player.id,
        token: player.token,
        gameCode: 'baccarat-jade',
        round: { ref: bet?.ref as string, closed: false },
        currency: bet?.currency as string,
        amount: 500n,
      },
      t.clock.now(),
    );
    expect(duplicate.ok).toBe(true);
    expect(await mainBalance(t, player.id)).toBe(15_00n);
    expect(await houseTransactions(t, player.id)).toEqual([{ kind: 'bet', n: 1 }]);
  });

  it('voids a round that cannot be drawn fairly and rolls every bet back', async () => {
    await fastTable(t, 'gold');
    const player = await tablePlayer(t, 'gold', 100_00n);
    expect((await betCall(t, player, { round: 0, spots: [{ spot: 'player', stake: '2000' }] })).status).toBe(
      200,
    );
    expect(await mainBalance(t, player.id)).toBe(80_00n);
    // The round's sealed seed no longer opens (as after a change of the secrets key).
    await t.db.query(
      `update house_table_rounds set server_seed_sealed = 'v1:AAAA' where round_no = 0
         and game_id = (select game_id from house_tables where room = 'gold')`,
    );
    t.clock.advance(5_000);
    const gold = await tableGameId(t, 'gold');
    expect(await settleDue(t.deps, t.clock.now(), gold)).toMatchObject({ drawn: 0, voided: 1 });
    const state = (await tableState(t, player)).body.value;
    expect(await mainBalance(t, player.id)).toBe(100_00n);
    expect(await houseTransactions(t, player.id)).toEqual([
      { kind: 'bet', n: 1 },
      { kind: 'rollback', n: 1 },
    ]);
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'refund']);
    const [bet] = (await t.get('/house/api/tables/bets', player.token)).body.value.list;
    expect(bet).toMatchObject({ state: 'voided', proof: { state: 'voided', serverSeed: null } });
    expect(state.round).toMatchObject({ round: 0, state: 'voided', outcome: null, serverSeed: null });
    // Settling again moves nothing.
    expect(await settleDue(t.deps, t.clock.now(), gold)).toEqual({ drawn: 0, paid: 0, voided: 0 });
    expect(await mainBalance(t, player.id)).toBe(100_00n);
  });

  it('settles late after an interruption: a restart mid-round, and a crash between the draw and the payouts', async () => {
    await fastTable(t, 'dragon', 5_000, 3_000);
    const a = await tablePlayer(t, 'dragon', 1_000_00n);
    const b = await tablePlayer(t, 'dragon', 1_000_00n);
    expect((await betCall(t, a, { round: 0, spots: [{ spot: 'banker', stake: '10000' }] })).status).toBe(200);
    expect((await betCall(t, b, { round: 0, spots: [{ spot: 'player', stake: '10000' }] })).status).toBe(200);
    // The server stops here; it comes back ten minutes later. The first payout fails half-way (the process dies
    // between the draw and the wins): the round stays drawn with bets unpaid.
    t.clock.advance(10 * 60_000);
    let calls = 0;
    const crashing: Money = {
      ...SEAMLESS_MONEY,
      win: async (...args) => {
        calls += 1;
        if (calls === 2) throw new Error('the process died');
        return SEAMLESS_MONEY.win(...args);
      },
    };
    const dragon = await tableGameId(t, 'dragon');
    await expect(settleDue(t.deps, t.clock.now(), dragon, crashing)).rejects.toThrow('the process died');
    const [round] = await t.db.query<{ state: string; outcome: { winner: string } }>(
      `select state, outcome from house_table_rounds where round_no = 0
         and game_id = (select game_id from house_tables where room = 'dragon')`,
    );
    expect(round?.state).toBe('drawn');
    // The job's next pass pays the bet left, once; the one paid before is not paid again.
    const job = await settleDue(t.deps, t.clock.now(), dragon);
    expect(job).toMatchObject({ drawn: 0, paid: 1 });
    const winner = round?.outcome.winner;
    const expected = (side: 'banker' | 'player') =>
      1_000_00n -
      10000n +
      (winner === 'tie' ? 10000n : winner === side ? (side === 'banker' ? 19500n : 20000n) : 0n);
    expect(await mainBalance(t, a.id)).toBe(expected('banker'));
    expect(await mainBalance(t, b.id)).toBe(expected('player'));
    for (const player of [a, b]) {
      expect(await houseTransactions(t, player.id)).toEqual([
        { kind: 'bet', n: 1 },
        { kind: 'win', n: 1 },
      ]);
    }
    // Round 0 is settled, and so is round 1, written ahead and drawn late without bets.
    const states = await t.db.query<{ state: string }>(
      'select state from house_table_rounds where game_id = $1 order by round_no',
      [dragon],
    );
    expect(states.map((row) => row.state)).toEqual(['settled', 'settled']);
  });

  it('pays a round every player left before its close through the scheduled settle job', async () => {
    await fastTable(t, 'gold', 5_000, 3_000);
    const player = await tablePlayer(t, 'gold', 100_00n);
    expect((await betCall(t, player, { round: 0, spots: [{ spot: 'banker', stake: '1000' }] })).status).toBe(
      200,
    );
    // The page is closed: nobody polls. The job's next minute slot draws and pays the round.
    await t.jobs.runDue();
    t.clock.advance(60_000);
    await t.jobs.runDue();
    const [job] = await t.db.query<{ status: string }>(
      'select status from jobs where kind = $1 order by id desc limit 1',
      [HOUSE_TABLE_SETTLE_JOB],
    );
    expect(job?.status).toBe('done');
    const [bet] = await t.db.query<{ state: string; payout: bigint }>(
      'select state, payout from house_table_bets where member_id = $1',
      [player.id],
    );
    expect(bet?.state).toBe('settled');
    expect(await mainBalance(t, player.id)).toBe(100_00n - 1000n + BigInt(bet?.payout ?? -1n));
    expect(await houseTransactions(t, player.id)).toEqual([
      { kind: 'bet', n: 1 },
      { kind: 'win', n: 1 },
    ]);
  });

  it('refuses visitors, site tokens and another game’s session on every table endpoint', async () => {
    const player = await tablePlayer(t, 'jade', 10_00n);
    const slot = await housePlayer(t, { funds: 10_00n });
    const calls = [
      ['GET', '/house/api/tables/table'],
      ['GET', '/house/api/tables/state'],
      ['POST', '/house/api/tables/bets'],
      ['GET', '/house/api/tables/bets'],
      ['GET', '/house/api/tables/rounds/0'],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'GET' ? undefined : { round: 0, spots: [{ spot: 'player', stake: '100' }] };
      const visitor = await t.call({ method, url, payload });
      expect(visitor.status, `${method} ${url}`).toBe(401);
      expect(visitor.body.code).toBe('unauthorized');
      const site = await t.call({ method, url, payload, token: player.siteToken });
      expect(site.status, `${method} ${url}`).toBe(401);
    }
    // A slot's session is no table's.
    const other = await t.get('/house/api/tables/state', slot.token);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('game_not_found');
    expect(await t.db.query('select 1 from house_table_bets where member_id = $1', [player.id])).toEqual([]);
  });
});
