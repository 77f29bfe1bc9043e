import { HOUSE_SPIN_INTERVAL_MS, recordsEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gamePostings,
  housePlayer,
  mainBalance,
  sessionCaller,
  spinCall,
  spinUntilWin,
} from '../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { countRoundTrips } from '../../../../test/round-trips.ts';
import { ContentCache } from '../../../platform/content-cache.ts';
import { MemberCache } from '../../../platform/member-cache.ts';
import { spinSlot } from './spin.ts';

/**
 * The house's slots played through the frame API: the launch opens a game session and our own page; a spin moves
 * money only through the seamless wallet, once, and lands in the betting record.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('house frame', () => {
  it('a spin takes at most 33 round trips to the database (47 before its reads travelled with BEGIN), 27 with the process caches on', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const caller = await sessionCaller(t, player);
    const counted = countRoundTrips(t.deps.db);
    // The caches production runs with (the tests' app holds nothing): the merchant's currency, the member's kind.
    const held = {
      ...t.deps.local,
      content: new ContentCache(t.deps.realtime, 3_600_000),
      members: new MemberCache(t.deps.realtime, 3_600_000),
    };
    const spins = async (local: typeof held) => {
      const trips: number[] = [];
      for (let spin = 0; spin < 3; spin += 1) {
        t.clock.advance(HOUSE_SPIN_INTERVAL_MS);
        const before = counted.roundTrips();
        await spinSlot(
          { ...t.deps, db: counted.db, local },
          caller,
          { bet: 1_00n, idempotency: null },
          'EN',
          t.clock.now(),
        );
        trips.push(counted.roundTrips() - before);
      }
      return trips;
    };
    // The first spin makes the member's pair of seeds (and reads under its lock again).
    const cold = await spins(t.deps.local);
    expect(Math.max(...cold.slice(1)), cold.join(', ')).toBeLessThanOrEqual(33);
    // The first spin with the caches fills them.
    const warm = await spins(held);
    expect(Math.max(...warm.slice(1)), warm.join(', ')).toBeLessThanOrEqual(27);
    expect(await mainBalance(t, player.id)).toBeGreaterThan(0n);
  });

  it('launches a house slot at our own page, the session reaching it through a one-time id in the fragment', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const [path, fragment] = player.url.split('#');
    expect(path).toBe(`${t.config.siteUrl}/house/slots/lucky-sevens`);
    expect(fragment).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(player.url).not.toContain(player.token);
    // The session is a game session of the provider HOUSE, like any provider's.
    const [session] = await t.db.query<{ provider: string; member_id: number }>(
      'select provider, member_id from game_sessions where member_id = $1',
      [player.id],
    );
    expect(session).toEqual({ provider: 'HOUSE', member_id: player.id });
    // The launch id opens the frame once.
    const again = await t.send('POST', '/house/api/session', { launch: fragment });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('house_launch_invalid');
    const bad = await t.send('POST', '/house/api/session', { launch: 'x' });
    expect(bad.body.code).toBe('validation_failed');
  });

  it('refuses a launch id past its time', async () => {
    const member = await housePlayer(t, { funds: 0n });
    const launched = await t.get(
      `/wps/game/launchGame?nodeId=${(await t.db.query<{ id: number }>("select id from games where code = 'nova-gems'"))[0]?.id}`,
      member.siteToken,
    );
    t.clock.advance(6 * 60_000);
    const late = await t.send('POST', '/house/api/session', {
      launch: (launched.body.value.game_url as string).split('#')[1],
    });
    expect(late.body.code).toBe('house_launch_invalid');
  });

  it('answers the slot, its limits, pays and fingerprint, and the balance', async () => {
    const player = await housePlayer(t, { funds: 123_45n });
    const slot = await t.get('/house/api/slots/game', player.token);
    expect(slot.status).toBe(200);
    expect(slot.body.value).toMatchObject({
      game: 'lucky-sevens',
      name: 'Lucky Sevens',
      rtp: '96',
      betLimits: { min: '20', max: '20000', step: '20' },
      betCoins: 20,
      rows: 3,
      reels: 5,
      currency: 'PHP',
      digits: 2,
      balance: '12345',
    });
    expect(slot.body.value.configFingerprint).toMatch(/^[0-9a-f]{64}$/);
    const vietnamese = await t.get('/house/api/slots/game', player.token, { language: 'VI' });
    expect(vietnamese.body.value.name).toBe('Số 7 May Mắn');
  });

  it('refuses visitors, site tokens and ended game sessions on every frame endpoint', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const calls = [
      ['GET', '/house/api/slots/game'],
      ['POST', '/house/api/slots/spin'],
      ['GET', '/house/api/fairness'],
      ['PUT', '/house/api/fairness/client-seed'],
      ['POST', '/house/api/fairness/rotate'],
      ['GET', '/house/api/rounds'],
      ['GET', '/house/api/rounds/1'],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'GET' ? undefined : { bet: '20', clientSeed: 'abc' };
      const visitor = await t.call({ method, url, payload });
      expect(visitor.status, `${method} ${url}`).toBe(401);
      expect(visitor.body.code).toBe('unauthorized');
      // The member's own site token is no game session.
      const site = await t.call({ method, url, payload, token: player.siteToken });
      expect(site.status, `${method} ${url}`).toBe(401);
    }
    t.clock.advance(t.config.gameProviders.sessionHours * 3_600_000 + 1000);
    const ended = await t.get('/house/api/fairness', player.token);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('session_expired');
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toEqual([]);
  });
});

describe('house spin', () => {
  it('debits the stake and credits the win through the seamless wallet exactly once, into the betting record', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const bet = 200n;
    const answers = await spinUntilWin(t, player, bet);
    const won = answers.reduce((sum, answer) => sum + BigInt(answer.body.value.outcome.totalWin), 0n);
    const last = answers.at(-1)?.body.value;
    expect(BigInt(last.balance)).toBe(100_00n - bet * BigInt(answers.length) + won);
    expect(await mainBalance(t, player.id)).toBe(100_00n - bet * BigInt(answers.length) + won);

    // One bet posting per round, one payout per winning round, nothing else.
    const postings = await gamePostings(t, player.id);
    const winning = answers.filter((answer) => BigInt(answer.body.value.outcome.totalWin) > 0n);
    expect(postings.filter((posting) => posting.kind === 'bet')).toHaveLength(answers.length);
    expect(postings.filter((posting) => posting.kind === 'payout')).toHaveLength(winning.length);
    expect(postings).toHaveLength(answers.length + winning.length);
    for (const answer of answers) {
      const ref = answer.body.value.round.ref as string;
      expect(postings.map((posting) => posting.idempotency_key)).toContain(`game:HOUSE:${ref}:bet`);
    }

    // game_rounds and house_rounds agree with the ledger.
    const rounds = await t.db.query<{
      round_ref: string;
      bet: bigint;
      win: bigint;
      status: string;
      state: string;
    }>(
      `select g.round_ref, g.bet, g.win, g.status, h.state from house_rounds h
       join game_rounds g on g.id = h.game_round_id where h.member_id = $1 order by h.id`,
      [player.id],
    );
    expect(rounds).toHaveLength(answers.length);
    for (const [index, round] of rounds.entries()) {
      const answer = answers[index]?.body.value;
      expect(round).toEqual({
        round_ref: answer.round.ref,
        bet,
        win: BigInt(answer.outcome.totalWin),
        status: 'settled',
        state: 'settled',
      });
      expect(answer.round).toMatchObject({ state: 'settled', bet: '200', win: answer.outcome.totalWin });
    }
    const transactions = await t.db.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from provider_transactions where member_id = $1 and provider = 'HOUSE'
       group by kind order by kind`,
      [player.id],
    );
    expect(transactions).toEqual([
      { kind: 'bet', n: answers.length },
      { kind: 'win', n: answers.length },
    ]);

    // The betting record shows the rounds under Tessera Slots.
    const record = await t.get(`${recordsEndpoints.betRecords.path}?gameType=RNG`, player.siteToken);
    expect(record.body.value.total).toBe(answers.length);
    expect(record.body.value.list[0]).toMatchObject({
      roundRef: last.round.ref,
      vassalage: 'HOUSE_SLOTS',
      gameName: 'Lucky Sevens',
      bet: 2,
      win: Number(BigInt(last.outcome.totalWin)) / 100,
      status: 'settled',
    });
    expect(record.body.value.totalBet).toBe((answers.length * 200) / 100);
  });

  it('plays a request repeated with its idempotency key once, and refuses the key with another stake', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const first = await spinCall(t, player, 100n, 'spin-key-1');
    expect(first.status).toBe(200);
    const again = await spinCall(t, player, 100n, 'spin-key-1');
    expect(again.status).toBe(200);
    expect(again.body.value.round).toEqual(first.body.value.round);
    expect(again.body.value.outcome).toEqual(first.body.value.outcome);
    const other = await spinCall(t, player, 200n, 'spin-key-1');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    const rounds = await t.db.query('select id from house_rounds where member_id = $1', [player.id]);
    expect(rounds).toHaveLength(1);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + BigInt(first.body.value.outcome.totalWin));
    expect((await gamePostings(t, player.id)).filter((posting) => posting.kind === 'bet')).toHaveLength(1);
  });

  it('refuses a stake above the balance, moving nothing and starting no round', async () => {
    const player = await housePlayer(t, { funds: 1_00n });
    const refused = await spinCall(t, player, 120n);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('insufficient_balance');
    expect(refused.body.message).toBe('Your balance is not enough for this.');
    expect(await mainBalance(t, player.id)).toBe(1_00n);
    expect(await gamePostings(t, player.id)).toEqual([]);
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toEqual([]);
  });

  it('refuses a stake outside the game’s limits, including limits the console narrowed', async () => {
    const player = await housePlayer(t, { funds: 1000_00n });
    for (const bet of ['10', '20020', '30', '0']) {
      const refused = await spinCall(t, player, bet);
      expect(refused.status, bet).toBe(400);
      expect(refused.body.code, bet).toBe(bet === '0' ? 'validation_failed' : 'house_bet_out_of_limits');
    }
    const vietnamese = await t.call({
      method: 'POST',
      url: '/house/api/slots/spin',
      payload: { bet: '10' },
      token: player.token,
      headers: { language: 'VI' },
    });
    expect(vietnamese.body.message).toBe('Mức cược này nằm ngoài giới hạn của trò chơi.');
    for (const bet of ['1.5', '-20', 'abc']) {
      expect((await spinCall(t, player, bet)).body.code, bet).toBe('validation_failed');
    }
    await t.db.query(
      `update house_game_settings set max_bet = 1000 where game_id = (select id from games where code = 'lucky-sevens')`,
    );
    try {
      expect((await spinCall(t, player, 1020n)).body.code).toBe('house_bet_out_of_limits');
      expect((await spinCall(t, player, 1000n)).status).toBe(200);
    } finally {
      await t.db.query(
        `update house_game_settings set max_bet = 20000 where game_id = (select id from games where code = 'lucky-sevens')`,
      );
    }
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
  });
});
