import { randomUUID } from 'node:crypto';
import { HOUSE_FISH, houseConsoleEndpoints, recordsEndpoints } from '@tessera/contract';
import {
  commitment,
  drawer,
  fishConfig,
  publishedFishConfig,
  shoot,
  verifyCommitment,
} from '@tessera/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrangeNextShot,
  Crash,
  failingMoney,
  gamePostings,
  type HousePlayer,
  houseGameId,
  housePlayer,
  mainBalance,
  sessionCaller,
  shootCall,
} from '../../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';
import type { AppError } from '../../../../platform/app-error.ts';
import { HOUSE_RECOVERY_JOB, recoverRounds, STALE_ROUND_MS } from '../recovery.ts';
import { drawRound, type Money, SEAMLESS_MONEY } from '../round-play.ts';
import * as store from '../store.ts';
import { shootFish } from './shoot.ts';

/**
 * The house's fish game: each shot is a round decided on the server (hit and multiplier from the member's seed pair
 * and the round's nonce, with the fish aimed at), its money only through the seamless wallet, once.
 */

const FISH = 'deep-sea-hunt';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

const fishPlayer = (funds: bigint) => housePlayer(t, { funds, game: FISH });

async function shootWith(player: HousePlayer, bet: bigint, fish: string, money: Money, key = randomUUID()) {
  return shootFish(
    t.deps,
    await sessionCaller(t, player),
    { bet, fish, idempotency: { scope: 'test', key, fingerprint: `${bet}:${fish}`, at: t.clock.now() } },
    'EN',
    t.clock.now(),
    money,
  );
}

async function onlyRound(memberId: number) {
  const rows = await t.db.query<{ id: bigint }>('select id from house_rounds where member_id = $1', [
    memberId,
  ]);
  expect(rows).toHaveLength(1);
  const round = await store.findRound(t.db, BigInt(rows[0]?.id ?? 0n));
  if (!round) throw new Error('no round');
  return round;
}

describe('fish frame', () => {
  it('names in the contract exactly the fish of the package', () => {
    expect([...HOUSE_FISH]).toEqual(fishConfig().fish.map((fish) => fish.id));
  });

  it('launches the fish game at its own page and answers its fish, limits and fingerprint', async () => {
    const player = await fishPlayer(123_45n);
    expect(player.url.split('#')[0]).toBe(`${t.config.siteUrl}/house/fish/${FISH}`);
    const game = await t.get('/house/api/fish/game', player.token);
    expect(game.status).toBe(200);
    const config = fishConfig('96');
    expect(game.body.value).toMatchObject({
      game: FISH,
      name: 'Deep Sea Hunt',
      rtp: '96',
      rtpExact: '96.000000',
      configFingerprint: publishedFishConfig(config).fingerprint,
      betLimits: { min: '1', max: '1000', step: '1' },
      currency: 'PHP',
      digits: 2,
      balance: '12345',
    });
    expect(game.body.value.fish).toHaveLength(7);
    expect(game.body.value.fish[0]).toEqual({
      id: 'clownfish',
      name: 'Clownfish',
      multipliers: [2],
      hitChance: '12/25',
    });
    expect((await t.get('/house/api/fish/game', player.token, { language: 'VI' })).body.value.name).toBe(
      'Săn Cá Biển Sâu',
    );
    // A fish session plays no slot, and a slot session shoots no fish.
    const slotCall = await t.get('/house/api/slots/game', player.token);
    expect(slotCall.status).toBe(404);
    expect(slotCall.body.code).toBe('game_not_found');
    const slotPlayer = await housePlayer(t, { funds: 10_00n });
    const shot = await shootCall(t, slotPlayer, 10n, 'shark');
    expect(shot.body.code).toBe('game_not_found');
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [slotPlayer.id])).toEqual([]);
  });

  it('refuses visitors and the member’s site token on the fish endpoints', async () => {
    const player = await fishPlayer(10_00n);
    for (const [method, url] of [
      ['GET', '/house/api/fish/game'],
      ['POST', '/house/api/fish/shoot'],
    ] as const) {
      const payload = method === 'POST' ? { bet: '10', fish: 'shark' } : undefined;
      const visitor = await t.call({ method, url, payload });
      expect(visitor.status, url).toBe(401);
      expect(visitor.body.code).toBe('unauthorized');
      const site = await t.call({ method, url, payload, token: player.siteToken });
      // A site token is no game session: the frame is told its session is over.
      expect(site.status, url).toBe(401);
      expect(site.body.code).toBe('session_expired');
    }
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toEqual([]);
  });
});

describe('fish shot', () => {
  it('settles each shot through the seamless wallet, the bet then the win, into the betting record', async () => {
    const player = await fishPlayer(50_00n);
    const bet = 50n;
    const answers = [];
    // Clownfish are hit about half the time: shoot until one is.
    for (let i = 0; i < 60; i++) {
      const answer = await shootCall(t, player, bet, 'clownfish');
      expect(answer.status).toBe(200);
      answers.push(answer.body.value);
      if (answer.body.value.outcome.hit) break;
    }
    const last = answers.at(-1);
    expect(last.outcome).toEqual({ fish: 'clownfish', hit: true, multiplier: 2, win: '100' });
    expect(answers.slice(0, -1).every((answer) => answer.outcome.win === '0' && !answer.outcome.hit)).toBe(
      true,
    );
    const expected = 50_00n - bet * BigInt(answers.length) + 100n;
    expect(BigInt(last.balance)).toBe(expected);
    expect(await mainBalance(t, player.id)).toBe(expected);
    expect(last.round).toMatchObject({
      kind: 'fish',
      game: FISH,
      choice: { fish: 'clownfish' },
      bet: '50',
      win: '100',
      state: 'settled',
      nonce: answers.length - 1,
    });

    // Per shot: a seamless bet, then a seamless win (0 on a miss), in that order; one payout for the hit.
    const transactions = await t.db.query<{ transaction_uuid: string; kind: string; amount: bigint }>(
      `select transaction_uuid, kind, amount from provider_transactions where member_id = $1 and provider = 'HOUSE'
       order by id`,
      [player.id],
    );
    expect(transactions).toEqual(
      answers.flatMap((answer) => [
        { transaction_uuid: `${answer.round.ref}:bet`, kind: 'bet', amount: bet },
        { transaction_uuid: `${answer.round.ref}:win`, kind: 'win', amount: BigInt(answer.outcome.win) },
      ]),
    );
    const postings = await gamePostings(t, player.id);
    expect(postings.filter((posting) => posting.kind === 'bet')).toHaveLength(answers.length);
    expect(postings.filter((posting) => posting.kind === 'payout')).toEqual([
      { idempotency_key: `game:HOUSE:${last.round.ref}:win`, kind: 'payout' },
    ]);

    // The betting record shows the shots under the FISH category.
    const record = await t.get(`${recordsEndpoints.betRecords.path}?gameType=FISH`, player.siteToken);
    expect(record.body.value.total).toBe(answers.length);
    expect(record.body.value.list[0]).toMatchObject({
      roundRef: last.round.ref,
      vassalage: 'HOUSE_FISH',
      gameName: 'Deep Sea Hunt',
      bet: 0.5,
      win: 1,
      status: 'settled',
    });
  });

  it('answers a shot repeated with its key again and moves no money twice; the key with another fish is refused', async () => {
    const player = await fishPlayer(10_00n);
    const first = await shootCall(t, player, 100n, 'turtle', 'shot-key-1');
    expect(first.status).toBe(200);
    const again = await shootCall(t, player, 100n, 'turtle', 'shot-key-1');
    expect(again.status).toBe(200);
    expect(again.body.value.round).toEqual(first.body.value.round);
    expect(again.body.value.outcome).toEqual(first.body.value.outcome);
    const other = await shootCall(t, player, 100n, 'shark', 'shot-key-1');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    const win = BigInt(first.body.value.outcome.win);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + win);
    expect(await t.db.query('select id from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
    const postings = await gamePostings(t, player.id);
    expect(postings.filter((posting) => posting.kind === 'bet')).toHaveLength(1);
    expect(postings.filter((posting) => posting.kind === 'payout')).toHaveLength(win > 0n ? 1 : 0);
  });

  it('refuses a stake outside the limits (the console’s too) with house_bet_out_of_limits, and an unknown fish', async () => {
    const player = await fishPlayer(100_00n);
    for (const bet of ['1001', '5000']) {
      const refused = await shootCall(t, player, bet, 'shark');
      expect(refused.status, bet).toBe(400);
      expect(refused.body.code, bet).toBe('house_bet_out_of_limits');
    }
    const chinese = await t.call({
      method: 'POST',
      url: '/house/api/fish/shoot',
      payload: { bet: '1001', fish: 'shark' },
      token: player.token,
      headers: { language: 'CN', 'idempotency-key': randomUUID() },
    });
    expect(chinese.body.message).toBe('该投注额超出游戏限额。');
    for (const [bet, fish] of [
      ['0', 'shark'],
      ['1.5', 'shark'],
      ['10', 'kraken'],
      ['10', ''],
    ]) {
      const refused = await shootCall(t, player, bet as string, fish as string);
      expect(refused.status, `${bet} ${fish}`).toBe(400);
      expect(refused.body.code, `${bet} ${fish}`).toBe('validation_failed');
    }
    // The operator narrows the limits in the console: the next shot follows.
    const id = await houseGameId(t, FISH);
    const operator = await t.operatorToken('operations');
    const set = await t.send(
      'PUT',
      houseConsoleEndpoints.updateGame.path.replace(':id', String(id)),
      { rtp: '94', minBet: 0.1, maxBet: 2 },
      operator,
    );
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({ kind: 'fish', rtp: '94', minBet: 0.1, maxBet: 2 });
    const [audit] = await t.db.query<{ action: string; after: { maxBet: number } }>(
      `select action, after from audit_log where entity = 'house_game' and entity_id = $1 order by id desc limit 1`,
      [String(id)],
    );
    expect(audit).toMatchObject({ action: 'update', after: { maxBet: 2 } });
    // Off the game's own limits: refused.
    const wide = await t.send(
      'PUT',
      houseConsoleEndpoints.updateGame.path.replace(':id', String(id)),
      { rtp: '96', minBet: 0.01, maxBet: 20 },
      operator,
    );
    expect(wide.body.code).toBe('validation_failed');
    try {
      expect((await shootCall(t, player, 5n, 'shark')).body.code).toBe('house_bet_out_of_limits');
      expect((await shootCall(t, player, 201n, 'shark')).body.code).toBe('house_bet_out_of_limits');
      const played = await shootCall(t, player, 200n, 'shark');
      expect(played.status).toBe(200);
      expect(played.body.value.round).toMatchObject({
        rtp: '94',
        configFingerprint: publishedFishConfig(fishConfig('94')).fingerprint,
      });
      const game = await t.get('/house/api/fish/game', player.token);
      expect(game.body.value).toMatchObject({ rtp: '94', betLimits: { min: '10', max: '200', step: '1' } });
    } finally {
      await t.send(
        'PUT',
        houseConsoleEndpoints.updateGame.path.replace(':id', String(id)),
        { rtp: '96', minBet: 0.01, maxBet: 10 },
        operator,
      );
    }
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
  });

  it('decides each shot by the published procedure: the revealed seed recomputes every outcome', async () => {
    const player = await fishPlayer(100_00n);
    const fair = (await t.get('/house/api/fairness', player.token)).body.value;
    const fishes = ['clownfish', 'whale', 'swordfish', 'shark', 'pufferfish', 'lionfish'];
    const shots = [];
    for (const fish of fishes) shots.push((await shootCall(t, player, 25n, fish)).body.value);
    const rotated = await t.send('POST', '/house/api/fairness/rotate', undefined, player.token);
    const serverSeed = rotated.body.value.previous.serverSeed as string;
    expect(verifyCommitment(serverSeed, fair.commitment)).toBe(true);
    expect(commitment(serverSeed)).toBe(fair.commitment);
    const config = fishConfig('96');
    for (const [index, shot] of shots.entries()) {
      expect(shot.round).toMatchObject({
        commitment: fair.commitment,
        clientSeed: fair.clientSeed,
        nonce: index,
      });
      const again = shoot(config, 25n, fishes[index] as string, drawer(serverSeed, fair.clientSeed, index));
      expect({ ...again, win: again.win.toString() }).toEqual(shot.outcome);
    }
    // The round list answers the seed now, and the round its outcome.
    const listed = await t.get('/house/api/rounds?pageNo=1&pageSize=10', player.token);
    expect(listed.body.value.list[0]).toMatchObject({
      kind: 'fish',
      serverSeed,
      choice: { fish: 'lionfish' },
    });
    const detail = await t.get(`/house/api/rounds/${listed.body.value.list[0].id}`, player.token);
    expect(detail.body.value.outcome).toEqual(shots.at(-1).outcome);
  });
});

describe('interrupted fish shots', () => {
  it('voids a shot whose win step failed: the rollback refunds the stake', async () => {
    const player = await fishPlayer(10_00n);
    // A shot that wins more than its stake is paid, not voided, when its win step fails (resolveFault): this one wins
    // less.
    await arrangeNextShot(t, player, 300n, 'shark', (win) => win <= 300n);
    const refused = await shootWith(player, 300n, 'shark', failingMoney({ win: 'before' }, 1)).catch(
      (error: unknown) => error,
    );
    expect((refused as AppError).code).toBe('house_round_voided');
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    const round = await onlyRound(player.id);
    expect(round).toMatchObject({ state: 'voided', bet_placed: true, void_reason: 'interrupted', win: null });
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'refund']);
    const [gameRound] = await t.db.query<{ status: string; bet: bigint }>(
      'select status, bet from game_rounds where round_ref = $1',
      [round.ref],
    );
    expect(gameRound).toEqual({ status: 'void', bet: 0n });
    // A rollback repeated (the provider's retry) moves nothing more.
    const repeated = await SEAMLESS_MONEY.rollback(
      t.deps,
      'HOUSE',
      {
        transactionUuid: round.rollback_transaction,
        memberId: player.id,
        referenceUuid: round.bet_transaction,
      },
      t.clock.now(),
    );
    expect(repeated.ok).toBe(true);
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'refund']);
  });

  it('resolves a shot interrupted after its bet by the outcome its seeds and fish decide, once', async () => {
    const player = await fishPlayer(10_00n);
    const key = randomUUID();
    const crashed = await shootWith(
      player,
      500n,
      'whale',
      failingMoney({ bet: 'after', win: 'before', rollback: 'before' }),
      key,
    ).catch((error: unknown) => error);
    expect(crashed).toBeInstanceOf(Crash);
    const round = await onlyRound(player.id);
    expect(round).toMatchObject({ state: 'started', bet_placed: true, choice: { fish: 'whale' } });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 500n);
    const retried = await shootWith(player, 500n, 'whale', SEAMLESS_MONEY, key).catch(
      (error: unknown) => error,
    );
    expect((retried as AppError).code).toBe('house_round_in_progress');

    const seed = await store.findSeed(t.db, round.seed_id);
    if (!seed) throw new Error('no seed');
    const { outcome, win } = drawRound(t.deps, round, seed);
    expect(outcome).toMatchObject({ fish: 'whale' });
    // A broken round: paid its win when that is more than the stake, else voided with the stake back.
    const paid = win > 500n;
    t.clock.advance(STALE_ROUND_MS + 1000);
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({
      completed: paid ? 1 : 0,
      voided: paid ? 0 : 1,
      defaulted: 0,
    });
    expect(await onlyRound(player.id)).toMatchObject(
      paid
        ? { state: 'settled', win, outcome, resolution: 'fault' }
        : { state: 'voided', resolution: 'fault' },
    );
    const balance = paid ? 10_00n - 500n + win : 10_00n;
    expect(await mainBalance(t, player.id)).toBe(balance);
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({ completed: 0, voided: 0, defaulted: 0 });
    expect(await mainBalance(t, player.id)).toBe(balance);
    const answer = await shootWith(player, 500n, 'whale', SEAMLESS_MONEY, key).catch(
      (error: unknown) => error,
    );
    if (paid) {
      expect((answer as { round: unknown }).round).toMatchObject({ state: 'settled', win: win.toString() });
      expect((answer as { outcome: unknown }).outcome).toEqual(outcome);
    } else {
      expect((answer as AppError).code).toBe('house_round_voided');
    }
  });

  it('voids by the scheduled job a shot whose bet never reached the wallet', async () => {
    const player = await fishPlayer(10_00n);
    await expect(
      shootWith(player, 200n, 'turtle', failingMoney({ bet: 'before', rollback: 'before' })),
    ).rejects.toBeInstanceOf(Crash);
    expect(await onlyRound(player.id)).toMatchObject({ state: 'started', bet_placed: false });
    await t.jobs.runDue();
    t.clock.advance(STALE_ROUND_MS + 60_000);
    await t.jobs.runDue();
    const [job] = await t.db.query<{ status: string }>(
      'select status from jobs where kind = $1 order by id desc limit 1',
      [HOUSE_RECOVERY_JOB],
    );
    expect(job?.status).toBe('done');
    expect(await onlyRound(player.id)).toMatchObject({ state: 'voided', void_reason: 'interrupted' });
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect(await gamePostings(t, player.id)).toEqual([]);
  });
});
