import { randomUUID } from 'node:crypto';
import { HOUSE_SPIN_INTERVAL_MS } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrangeNextSpin,
  Crash,
  failingMoney,
  gamePostings,
  type HousePlayer,
  housePlayer,
  mainBalance,
  sessionCaller,
  spinCall,
} from '../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { AppError } from '../../../platform/app-error.ts';
import { INTERRUPTED_ROUND_DAYS, recoverDueRounds, recoverRounds, STALE_ROUND_MS } from './recovery.ts';
import type { Money } from './round-play.ts';
import { spinSlot } from './spin.ts';

/**
 * Game design and interrupted games (issue 27 items 5 and 6; GLI-19, UKGC RTS 14C): a house slot's spin starts no
 * sooner than 2.5 s after the last one started; a round waiting for the player's decision (a slot's free spins)
 * resumes on the next launch, blocks new rounds of its game until resolved, and is completed by the game's default
 * action after the operator's days, once, whatever runs the job; a round broken by a fault is voided with its stake
 * back or paid what it had won, whichever is more; the member recalls the last 10 rounds of a game.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;

/** The same member launching the game again: a new game session for the frame. */
async function relaunch(player: HousePlayer): Promise<HousePlayer> {
  const [game] = await t.db.query<{ id: number }>(
    "select g.id from games g join game_vendors v on v.id = g.vendor_id where v.provider = 'HOUSE' and g.game_id = $1",
    [player.url.split('#')[0]?.split('/').pop()],
  );
  const launched = await t.get(`/wps/game/launchGame?nodeId=${game?.id}`, player.siteToken);
  const url = launched.body.value.game_url as string;
  const opened = await t.send('POST', '/house/api/session', { launch: url.split('#')[1] });
  return { ...player, url, token: opened.body.value.token as string };
}

/** A Jade Temple player whose next spin wins free spins (the round then waits for the player to start them). */
async function awaitingFreeSpins(bet = 100n) {
  const player = await housePlayer(t, { funds: 100_00n, game: 'jade-temple' });
  const outcome = await arrangeNextSpin(t, player, bet, (drawn) => drawn.freeSpins.length > 0, 'jade-temple');
  const spun = await spinCall(t, player, bet);
  expect(spun.status).toBe(200);
  return { player, outcome, spun: spun.body.value, bet };
}

function freeSpinsCall(player: HousePlayer, round: string) {
  return t.call({
    method: 'POST',
    url: '/house/api/slots/free-spins',
    payload: { round },
    token: player.token,
    headers: { 'idempotency-key': randomUUID() },
  });
}

describe('slot pacing', () => {
  it('refuses a spin started less than 2.5 s after the last one started, and plays it from then on', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    expect((await spinCall(t, player, 100n)).status).toBe(200);
    // The slot's page is told when it may spin again.
    t.clock.advance(1000);
    const info = await t.get('/house/api/slots/game', player.token);
    expect(info.body.value.nextSpinInMs).toBe(HOUSE_SPIN_INTERVAL_MS - 1000);
    t.clock.advance(HOUSE_SPIN_INTERVAL_MS - 1000 - 1);
    const early = await t.call({
      method: 'POST',
      url: '/house/api/slots/spin',
      payload: { bet: '100' },
      token: player.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('house_spin_too_soon');
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
    t.clock.advance(1);
    const onTime = await t.call({
      method: 'POST',
      url: '/house/api/slots/spin',
      payload: { bet: '100' },
      token: player.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(onTime.status).toBe(200);
  });

  it('plays one of two spins sent at the same instant, the other refused as too soon', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    t.clock.advance(HOUSE_SPIN_INTERVAL_MS);
    const send = () =>
      t.call({
        method: 'POST',
        url: '/house/api/slots/spin',
        payload: { bet: '100' },
        token: player.token,
        headers: { 'idempotency-key': randomUUID() },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((answer) => answer.status === 409)) {
      expect(answer.body.code).toBe('house_spin_too_soon');
    }
  });
});

describe('a round waiting for the player’s decision', () => {
  it('persists the free spins won, resumes them on the next launch, refuses new rounds until they are played', async () => {
    const { player, outcome, spun, bet } = await awaitingFreeSpins();
    expect(spun.round).toMatchObject({ state: 'started', decision: 'freeSpins', win: null });
    // What the spin shows so far: the paid spin, no free spins yet, nothing paid.
    expect(spun.outcome.base).toEqual(outcome.base);
    expect(spun.outcome.freeSpins).toEqual([]);
    expect(spun.outcome.totalWin).toBe(outcome.base.win);
    expect(await mainBalance(t, player.id)).toBe(100_00n - bet);

    // No new round of the game until it is resolved.
    const refused = await spinCall(t, player, bet);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('house_round_pending');

    // The browser is closed; the next launch of the game resumes the round.
    const back = await relaunch(player);
    const info = await t.get('/house/api/slots/game', back.token);
    expect(info.body.value.pending.round).toMatchObject({ id: spun.round.id, decision: 'freeSpins' });
    expect(info.body.value.pending.outcome.base).toEqual(outcome.base);

    const played = await freeSpinsCall(back, spun.round.id);
    expect(played.status).toBe(200);
    expect(played.body.value.round).toMatchObject({ state: 'settled', decision: null, resolution: null });
    expect(played.body.value.outcome).toEqual(outcome);
    expect(BigInt(played.body.value.balance)).toBe(100_00n - bet + BigInt(outcome.totalWin));
    // Asked again: the same result, nothing paid twice.
    const again = await freeSpinsCall(back, spun.round.id);
    expect(again.body.value.outcome).toEqual(outcome);
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'payout']);
    expect(await mainBalance(t, player.id)).toBe(100_00n - bet + BigInt(outcome.totalWin));

    // Resolved: the game plays again (a spin without free spins, which would wait again), and its page has nothing
    // to resume.
    await arrangeNextSpin(t, back, bet, (drawn) => drawn.freeSpins.length === 0, 'jade-temple');
    expect((await spinCall(t, back, bet)).body.code).toBe('ok');
    expect((await t.get('/house/api/slots/game', back.token)).body.value.pending).toBeNull();
  });

  it('refuses the decision on a round that is not the player’s, or waits for none, or is malformed', async () => {
    const { player, spun } = await awaitingFreeSpins();
    const other = await housePlayer(t, { funds: 10_00n, game: 'jade-temple' });
    const foreign = await freeSpinsCall(other, spun.round.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    const malformed = await freeSpinsCall(player, 'abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
    // A site token is no game session.
    const site = await t.call({
      method: 'POST',
      url: '/house/api/slots/free-spins',
      payload: { round: spun.round.id },
      token: player.siteToken,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(site.status).toBe(401);
    // A round broken by a fault while its stake was in flight waits for no decision.
    const plain = await housePlayer(t, { funds: 10_00n, game: 'jade-temple' });
    await arrangeNextSpin(t, plain, 100n, (drawn) => drawn.freeSpins.length === 0, 'jade-temple');
    t.clock.advance(HOUSE_SPIN_INTERVAL_MS);
    await expect(
      spinSlot(
        t.deps,
        await sessionCaller(t, plain),
        { bet: 100n, idempotency: null },
        'EN',
        t.clock.now(),
        failingMoney({ bet: 'after', rollback: 'before', win: 'before' }),
      ),
    ).rejects.toBeInstanceOf(Crash);
    const [started] = await t.db.query<{ id: string }>(
      'select id::text from house_rounds where member_id = $1',
      [plain.id],
    );
    const none = await freeSpinsCall(plain, started?.id ?? '0');
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('house_no_pending_round');
  });

  it('is completed by the game’s default action after the operator’s days, once with two runners', async () => {
    const { player, outcome, spun, bet } = await awaitingFreeSpins();
    // Waiting for the player is no fault: the minute's recovery leaves it.
    t.clock.advance(STALE_ROUND_MS + 1000);
    expect(await recoverRounds(t.deps, t.clock.now())).toMatchObject({
      completed: 0,
      voided: 0,
      defaulted: 0,
    });
    t.clock.advance(INTERRUPTED_ROUND_DAYS * DAY_MS - STALE_ROUND_MS - 2000);
    expect((await recoverRounds(t.deps, t.clock.now())).defaulted).toBe(0);
    t.clock.advance(2000);
    await Promise.all([recoverRounds(t.deps, t.clock.now()), recoverRounds(t.deps, t.clock.now())]);
    const [round] = await t.db.query<{ state: string; resolution: string; win: bigint }>(
      'select state, resolution, win from house_rounds where id = $1',
      [spun.round.id],
    );
    expect(round).toEqual({ state: 'settled', resolution: 'defaultAction', win: BigInt(outcome.totalWin) });
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'payout']);
    expect(await mainBalance(t, player.id)).toBe(100_00n - bet + BigInt(outcome.totalWin));
    expect(await recoverRounds(t.deps, t.clock.now())).toMatchObject({ defaulted: 0 });
  });
  it('waits the days the operator set (responsible.interruptedRoundDays) when the job runs', async () => {
    await t.db.query(
      `insert into site_settings (key, value, updated_at) values ('responsible', $1, now())
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ realityCheckDefault: 30, interruptedRoundDays: 2 })],
    );
    try {
      const { spun } = await awaitingFreeSpins();
      t.clock.advance(2 * DAY_MS - 1000);
      expect((await recoverDueRounds(t.deps, t.clock.now())).defaulted).toBe(0);
      t.clock.advance(2000);
      expect((await recoverDueRounds(t.deps, t.clock.now())).defaulted).toBe(1);
      const [round] = await t.db.query<{ resolution: string }>(
        'select resolution from house_rounds where id = $1',
        [spun.round.id],
      );
      expect(round?.resolution).toBe('defaultAction');
    } finally {
      await t.db.query("delete from site_settings where key = 'responsible'");
    }
  });
});

describe('a round broken by a server fault', () => {
  async function spinWith(player: HousePlayer, bet: bigint, money: Money) {
    t.clock.advance(HOUSE_SPIN_INTERVAL_MS);
    return spinSlot(
      t.deps,
      await sessionCaller(t, player),
      { bet, idempotency: null },
      'EN',
      t.clock.now(),
      money,
    );
  }

  it('pays what the round had won when that is more than the stake', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const outcome = await arrangeNextSpin(t, player, 100n, (drawn) => BigInt(drawn.totalWin) > 100n);
    // The win step fails once: the fault is resolved at once, paying the win.
    const answer = await spinWith(player, 100n, failingMoney({ win: 'before' }, 1));
    expect(answer.round).toMatchObject({ state: 'settled', resolution: 'fault', win: outcome.totalWin });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + BigInt(outcome.totalWin));
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'payout']);
  });

  it('voids the round with its stake back when it had won no more than the stake', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    await arrangeNextSpin(t, player, 100n, (drawn) => BigInt(drawn.totalWin) <= 100n);
    const refused = await spinWith(player, 100n, failingMoney({ win: 'before' }, 1)).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe('house_round_voided');
    const [round] = await t.db.query('select state, resolution from house_rounds where member_id = $1', [
      player.id,
    ]);
    expect(round).toEqual({ state: 'voided', resolution: 'fault' });
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'refund']);
  });

  it('leaves it to the recovery job when even the fault cannot be resolved: the better of the two, once', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const outcome = await arrangeNextSpin(t, player, 100n, (drawn) => BigInt(drawn.totalWin) > 100n);
    await expect(
      spinWith(player, 100n, failingMoney({ win: 'before', rollback: 'before' })),
    ).rejects.toBeInstanceOf(Crash);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n);
    t.clock.advance(STALE_ROUND_MS + 1000);
    await Promise.all([recoverRounds(t.deps, t.clock.now()), recoverRounds(t.deps, t.clock.now())]);
    const [round] = await t.db.query<{ state: string; resolution: string }>(
      'select state, resolution from house_rounds where member_id = $1',
      [player.id],
    );
    expect(round).toEqual({ state: 'settled', resolution: 'fault' });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + BigInt(outcome.totalWin));
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'payout']);
  });
});

describe('the last rounds of a game', () => {
  it('recalls the last 10 rounds of the session’s game with their outcome and amounts, latest first', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const spun: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await spinCall(t, player, 100n);
      expect(answer.status).toBe(200);
      spun.push(answer.body.value.round.id);
    }
    const last = await t.get('/house/api/rounds/last', player.token);
    expect(last.status).toBe(200);
    expect(last.body.value.game).toBe('lucky-sevens');
    expect(last.body.value.gameName).toBe('Lucky Sevens');
    expect(last.body.value.list.map((round: { id: string }) => round.id)).toEqual(spun.slice(2).reverse());
    const [latest] = last.body.value.list;
    const detail = await t.get(`/house/api/rounds/${latest.id}`, player.token);
    expect(latest).toMatchObject({
      state: 'settled',
      bet: '100',
      win: detail.body.value.win,
      outcome: detail.body.value.outcome,
    });
    // Another house game by its id: none played.
    const fish = await t.get('/house/api/rounds/last?game=deep-sea-hunt', player.token);
    expect(fish.body.value).toMatchObject({ game: 'deep-sea-hunt', list: [] });
  });

  it('refuses an unknown or malformed game, and anyone but a game session', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const unknown = await t.get('/house/api/rounds/last?game=no-such-game', player.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('game_not_found');
    const malformed = await t.get('/house/api/rounds/last?game=Not%20a%20game', player.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
    expect((await t.get('/house/api/rounds/last', player.siteToken)).status).toBe(401);
    const visitor = await t.get('/house/api/rounds/last');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('unauthorized');
  });
});
