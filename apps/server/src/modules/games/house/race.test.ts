import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrangeNextSpin,
  gamePostings,
  housePlayer,
  mainBalance,
  sessionCaller,
  spinCall,
} from '../../../../test/factories/house.ts';
import { fundMember } from '../../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { AppError } from '../../../platform/app-error.ts';
import { recoverRounds, STALE_ROUND_MS } from './recovery.ts';
import { type Money, SEAMLESS_MONEY } from './round-play.ts';
import { spinSlot } from './spin.ts';

/**
 * Concurrency (meaningful on PostgreSQL, where requests really run at once): one key plays once, a balance is never
 * overdrawn and nonces are never shared, and the recovery job racing a slow request pays or refunds exactly once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

/** A step of the wallet that waits for the test's signal before it runs. */
function held(step: keyof Money) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const money: Money = { ...SEAMLESS_MONEY };
  const real = SEAMLESS_MONEY[step] as (...args: unknown[]) => Promise<unknown>;
  (money as unknown as Record<string, unknown>)[step] = async (...args: unknown[]) => {
    reached();
    await gate;
    return real(...args);
  };
  return { money, release, arrived };
}

describe('house rounds under concurrency', () => {
  it('plays one round for concurrent requests with the same key', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const answers = await Promise.all(Array.from({ length: 6 }, () => spinCall(t, player, 100n, 'same-key')));
    const played = answers.filter((answer) => answer.status === 200);
    expect(played.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer.body.code).toBe('house_round_in_progress');
    }
    const first = played[0]?.body.value;
    for (const answer of played) expect(answer.body.value.round).toEqual(first.round);
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + BigInt(first.outcome.totalWin));
  });

  it('never overdraws the balance or gives two rounds one nonce', async () => {
    const player = await housePlayer(t, { funds: 5_00n });
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => spinCall(t, player, 100n, randomUUID())),
    );
    // Spins at one instant: the slots' pacing plays one of them, or the balance refuses it.
    for (const answer of answers) {
      if (answer.status !== 200)
        expect(['insufficient_balance', 'house_spin_too_soon']).toContain(answer.body.code);
    }
    const rounds = await t.db.query<{ nonce: bigint; state: string; bet: bigint; win: bigint | null }>(
      'select nonce, state, bet, win from house_rounds where member_id = $1 order by nonce',
      [player.id],
    );
    expect(rounds.map((round) => Number(round.nonce))).toEqual(rounds.map((_, index) => index));
    const settled = rounds.filter((round) => round.state === 'settled');
    expect(settled).toHaveLength(answers.filter((answer) => answer.status === 200).length);
    expect(rounds.every((round) => round.state !== 'started')).toBe(true);
    const net = settled.reduce((sum, round) => sum - round.bet + (round.win ?? 0n), 0n);
    const balance = await mainBalance(t, player.id);
    expect(balance).toBe(5_00n + net);
    expect(balance >= 0n).toBe(true);
    const postings = await gamePostings(t, player.id);
    const count = (kind: string) => postings.filter((posting) => posting.kind === kind).length;
    // Every bet booked is either in a settled round or refunded with its voided round.
    expect(count('bet') - count('refund')).toBe(settled.length);
  });

  it('pays once when the recovery job completes a round whose request is still paying it', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    // A win above the stake: the recovery pays it rather than voiding the round (the better for the player).
    await arrangeNextSpin(t, player, 200n, (outcome) => BigInt(outcome.totalWin) > 200n);
    const { money, release, arrived } = held('win');
    const caller = await sessionCaller(t, player);
    const spin = spinSlot(t.deps, caller, { bet: 200n, idempotency: null }, 'EN', t.clock.now(), money);
    await arrived;
    const late = new Date(t.clock.now().getTime() + STALE_ROUND_MS + 1000);
    const [recovered] = await Promise.all([
      recoverRounds(t.deps, late),
      new Promise((resolve) => setTimeout(resolve, 20)).then(release),
    ]);
    const answer = await spin;
    expect(recovered.completed + recovered.voided).toBeLessThanOrEqual(1);
    expect(answer.round.state).toBe('settled');
    const win = BigInt(answer.outcome.totalWin);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 200n + win);
    const postings = await gamePostings(t, player.id);
    expect(postings.filter((posting) => posting.kind === 'bet')).toHaveLength(1);
    expect(postings.filter((posting) => posting.kind === 'payout')).toHaveLength(win > 0n ? 1 : 0);
    expect(postings.filter((posting) => posting.kind === 'refund')).toHaveLength(0);
  });

  it('refunds nothing twice when the recovery job voids a round whose bet is still on its way', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const { money, release, arrived } = held('bet');
    const caller = await sessionCaller(t, player);
    const spin = spinSlot(t.deps, caller, { bet: 200n, idempotency: null }, 'EN', t.clock.now(), money).catch(
      (error: unknown) => error,
    );
    await arrived;
    const late = new Date(t.clock.now().getTime() + STALE_ROUND_MS + 1000);
    expect(await recoverRounds(t.deps, late)).toEqual({ completed: 0, voided: 1, defaulted: 0 });
    release();
    const answer = await spin;
    expect(answer).toBeInstanceOf(AppError);
    expect((answer as AppError).code).toBe('house_round_voided');
    expect(await mainBalance(t, player.id)).toBe(10_00n);
    expect(await gamePostings(t, player.id)).toEqual([]);
    // The member can play on.
    await fundMember(t, player.id, 1n);
    expect((await spinCall(t, player, 20n)).status).toBe(200);
  });
});
