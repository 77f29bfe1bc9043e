import { randomUUID } from 'node:crypto';
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
} from '../../../../test/factories/house.ts';
import { fundMember } from '../../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { AppError } from '../../../platform/app-error.ts';
import * as seamless from '../providers/seamless.ts';
import { HOUSE_RECOVERY_JOB, recoverRounds, STALE_ROUND_MS } from './recovery.ts';
import { type Money, outcomeOf, SEAMLESS_MONEY } from './round-play.ts';
import { spinSlot } from './spin.ts';
import * as store from './store.ts';

/**
 * Interrupted rounds: an error after the bet resolves the round as a fault (voided with a rollback, or paid its win
 * when that is more than the stake); a round left started (the process died, the database failed even for the
 * rollback) is resolved so by the recovery job when its bet was placed, and voided otherwise. Nothing is ever lost
 * or paid twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

const failing = failingMoney;

async function spinWith(player: HousePlayer, bet: bigint, money: Money, key = randomUUID()) {
  return spinSlot(
    t.deps,
    await sessionCaller(t, player),
    { bet, idempotency: { scope: 'test', key, fingerprint: `bet:${bet}`, at: t.clock.now() } },
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

async function gameRoundStatus(roundRef: string) {
  const rows = await t.db.query<{ bet: bigint; win: bigint; status: string }>(
    'select bet, win, status from game_rounds where round_ref = $1',
    [roundRef],
  );
  return rows[0] ?? null;
}

describe('interrupted house rounds', () => {
  it('voids a round whose win step failed and which won no more than its stake, giving the stake back', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    await arrangeNextSpin(t, player, 200n, (outcome) => BigInt(outcome.totalWin) <= 200n);
    const refused = await spinWith(player, 200n, failing({ win: 'before' }, 1)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('house_round_voided');
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    const round = await onlyRound(player.id);
    expect(round).toMatchObject({ state: 'voided', bet_placed: true, void_reason: 'interrupted', win: null });
    expect(await gameRoundStatus(round.ref)).toEqual({ bet: 0n, win: 0n, status: 'void' });
    expect((await gamePostings(t, player.id)).map((posting) => posting.kind)).toEqual(['bet', 'refund']);
    // Nothing is left for the recovery job.
    t.clock.advance(STALE_ROUND_MS + 1000);
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({ completed: 0, voided: 0, defaulted: 0 });
  });

  it('keeps a round whose win was booked though its answer was lost', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const answer = await spinWith(player, 200n, failing({ win: 'after' }, 1));
    const round = await onlyRound(player.id);
    expect(round.state).toBe('settled');
    expect(answer.round.state).toBe('settled');
    expect(await mainBalance(t, player.id)).toBe(10_00n - 200n + BigInt(answer.outcome.totalWin));
  });

  it('completes a round interrupted after its bet that won more than its stake: its win is paid once', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    await arrangeNextSpin(t, player, 400n, (outcome) => BigInt(outcome.totalWin) > 400n);
    const key = randomUUID();
    // The bet is booked but its answer lost, and the database fails even to pay or roll back: the process gives up.
    const crashed = await spinWith(
      player,
      400n,
      failing({ bet: 'after', win: 'before', rollback: 'before' }),
      key,
    ).catch((error: unknown) => error);
    expect(crashed).toBeInstanceOf(Crash);
    const round = await onlyRound(player.id);
    expect(round).toMatchObject({ state: 'started', bet_placed: true });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 400n);
    // Retrying the request meanwhile plays nothing.
    const retried = await spinWith(player, 400n, SEAMLESS_MONEY, key).catch((error: unknown) => error);
    expect((retried as AppError).code).toBe('house_round_in_progress');

    // Not before a minute has passed.
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({ completed: 0, voided: 0, defaulted: 0 });
    t.clock.advance(STALE_ROUND_MS + 1000);
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({ completed: 1, voided: 0, defaulted: 0 });
    const seed = await store.findSeed(t.db, round.seed_id);
    if (!seed) throw new Error('no seed');
    const outcome = outcomeOf(t.deps, round, seed);
    const win = BigInt(outcome.totalWin);
    const settled = await onlyRound(player.id);
    expect(settled).toMatchObject({ state: 'settled', win, outcome, resolution: 'fault' });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 400n + win);
    expect(await gameRoundStatus(round.ref)).toEqual({ bet: 400n, win, status: 'settled' });
    // Again: nothing moves.
    expect(await recoverRounds(t.deps, t.clock.now())).toEqual({ completed: 0, voided: 0, defaulted: 0 });
    expect(await mainBalance(t, player.id)).toBe(10_00n - 400n + win);
    // The request retried with its key now answers the round's result.
    const answer = await spinWith(player, 400n, SEAMLESS_MONEY, key);
    expect(answer.round).toMatchObject({ state: 'settled', win: win.toString() });
    expect(answer.outcome).toEqual(outcome);
  });

  it('voids a round whose bet never reached the wallet, and refuses that bet if it ever arrives', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    await expect(
      spinWith(player, 200n, failing({ bet: 'before', rollback: 'before' })),
    ).rejects.toBeInstanceOf(Crash);
    const round = await onlyRound(player.id);
    expect(round).toMatchObject({ state: 'started', bet_placed: false });
    // A started round holds the pair: its seed is not revealed until the round is final.
    const rotate = await t.send('POST', '/house/api/fairness/rotate', undefined, player.token);
    expect(rotate.status).toBe(409);
    expect(rotate.body.code).toBe('house_round_in_progress');

    // The scheduled job (every minute) finds it once it is a minute old.
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
    // The bet, should it come now, is refused and moves nothing.
    const late = await seamless.bet(
      t.deps,
      'HOUSE',
      {
        transactionUuid: round.bet_transaction,
        memberId: player.id,
        token: player.token,
        gameCode: round.engine_game,
        round: { ref: round.ref, closed: false },
        currency: round.currency,
        amount: round.bet,
      },
      t.clock.now(),
    );
    expect(late).toMatchObject({ ok: false, refusal: 'transaction_rolled_back' });
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect((await t.send('POST', '/house/api/fairness/rotate', undefined, player.token)).status).toBe(200);
  });

  it('voids a round whose bet the wallet refused, and answers the refusal again for its key', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    // The balance check passes, then the money is gone before the bet (another game took it).
    const spent = failing({});
    spent.bet = async (deps, provider, request, now, alongside) => {
      await fundMember(t, player.id, -10_00n);
      return SEAMLESS_MONEY.bet(deps, provider, request, now, alongside);
    };
    const key = randomUUID();
    const refused = await spinWith(player, 200n, spent, key).catch((error: unknown) => error);
    expect((refused as AppError).code).toBe('insufficient_balance');
    expect(await onlyRound(player.id)).toMatchObject({ state: 'voided', void_reason: 'not_enough_money' });
    const again = await spinWith(player, 200n, SEAMLESS_MONEY, key).catch((error: unknown) => error);
    expect((again as AppError).code).toBe('insufficient_balance');
  });
});
