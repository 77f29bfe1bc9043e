import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gamePostings,
  housePlayer,
  mainBalance,
  shootCall,
  spinCall,
} from '../../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';

/**
 * Fish shots under concurrency (meaningful on PostgreSQL, where requests really run at once): the page fires several
 * shots at once, and the same member may spin a slot in another tab meanwhile. One key plays once; the shots and
 * spins of one member share the member's seed pair, so each takes its own nonce, and the balance is never overdrawn.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

describe('fish shots under concurrency', () => {
  it('plays one shot for concurrent requests with the same key', async () => {
    const player = await housePlayer(t, { funds: 10_00n, game: 'deep-sea-hunt' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => shootCall(t, player, 100n, 'shark', 'same-shot')),
    );
    const played = answers.filter((answer) => answer.status === 200);
    expect(played.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer.body.code).toBe('house_round_in_progress');
    }
    const first = played[0]?.body.value;
    for (const answer of played) expect(answer.body.value.round).toEqual(first.round);
    expect(await t.db.query('select 1 from house_rounds where member_id = $1', [player.id])).toHaveLength(1);
    expect(await mainBalance(t, player.id)).toBe(10_00n - 100n + BigInt(first.outcome.win));
  });

  it('gives shots and spins of one member fired together their own nonces, and never overdraws', async () => {
    const fish = await housePlayer(t, { funds: 3_00n, game: 'deep-sea-hunt' });
    // The same member in a slot, in another tab: a game session of its own.
    const launched = await t.get(
      `/wps/game/launchGame?nodeId=${(await t.db.query<{ id: number }>("select id from games where code = 'lucky-sevens'"))[0]?.id}`,
      fish.siteToken,
    );
    const opened = await t.send('POST', '/house/api/session', {
      launch: (launched.body.value.game_url as string).split('#')[1],
    });
    const slot = { ...fish, token: opened.body.value.token as string };

    // 3.00 in the wallet, 8 shots of 0.50 and 4 spins of 0.20 at once: some must be refused, none overdraws.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, index) => shootCall(t, fish, 50n, index % 2 ? 'whale' : 'clownfish')),
      ...Array.from({ length: 4 }, () => spinCall(t, slot, 20n)),
    ]);
    const played = answers.filter((answer) => answer.status === 200);
    for (const answer of answers) {
      if (answer.status !== 200) {
        expect(['insufficient_balance', 'house_round_voided', 'house_spin_too_soon']).toContain(
          answer.body.code,
        );
      }
    }
    const rounds = await t.db.query<{ nonce: bigint; state: string; bet: bigint; win: bigint | null }>(
      'select nonce, state, bet, win from house_rounds where member_id = $1 order by nonce',
      [fish.id],
    );
    const nonces = rounds.map((round) => Number(round.nonce));
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(rounds.every((round) => round.state !== 'started')).toBe(true);
    const settled = rounds.filter((round) => round.state === 'settled');
    expect(settled).toHaveLength(played.length);
    const staked = settled.reduce((sum, round) => sum + round.bet, 0n);
    const won = settled.reduce((sum, round) => sum + (round.win ?? 0n), 0n);
    const balance = await mainBalance(t, fish.id);
    expect(balance).toBe(3_00n - staked + won);
    expect(balance >= 0n).toBe(true);
    const postings = await gamePostings(t, fish.id);
    expect(postings.filter((posting) => posting.kind === 'bet')).toHaveLength(
      rounds.filter((round) => round.state === 'settled').length +
        postings.filter((posting) => posting.kind === 'refund').length,
    );
  });
});
