import { randomUUID } from 'node:crypto';
import {
  commitment,
  drawer,
  type OfferedRtp,
  publishedConfig,
  rtpVariant,
  slotGame,
  spin,
} from '@tessera/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housePlayer, settledSpin, spinCall } from '../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { outcomeJson } from './engine.ts';

/**
 * Provably fair play: the commitment is shown before the rounds, every round uses the pair and its own nonce, and
 * rotating reveals the server seed, from which the player computes every recorded outcome again with the package's
 * own functions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

const rotate = (token: string, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: '/house/api/fairness/rotate', token, headers: { 'idempotency-key': key } });

describe('fairness', () => {
  it('shows the commitment, client seed and nonce before play, and each round takes the next nonce', async () => {
    const player = await housePlayer(t, { funds: 100_00n, game: 'jade-temple' });
    const before = await t.get('/house/api/fairness', player.token);
    expect(before.status).toBe(200);
    expect(before.body.value).toEqual({
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.stringMatching(/^[0-9a-f]{16}$/),
      nonce: 0,
    });
    expect((await t.get('/house/api/fairness', player.token)).body.value).toEqual(before.body.value);
    // Jade Temple's free spins (a round that waits for the player) are played as the player would: no new nonce.
    for (let i = 0; i < 3; i++) await settledSpin(t, player, 250n);
    const after = await t.get('/house/api/fairness', player.token);
    expect(after.body.value).toEqual({ ...before.body.value, nonce: 3 });
    const rounds = await t.get('/house/api/rounds', player.token);
    expect(rounds.body.value.total).toBe(3);
    expect(rounds.body.value.list.map((round: { nonce: number }) => round.nonce)).toEqual([2, 1, 0]);
    for (const round of rounds.body.value.list) {
      expect(round).toMatchObject({
        game: 'jade-temple',
        gameName: 'Jade Temple',
        commitment: before.body.value.commitment,
        clientSeed: before.body.value.clientSeed,
        serverSeed: null,
        state: 'settled',
        rtp: '96',
      });
    }
    // The seed is stored sealed: nothing in the database shows it before the rotation.
    const [stored] = await t.db.query<{ server_seed: string | null; server_seed_sealed: string }>(
      'select server_seed, server_seed_sealed from house_seeds where member_id = $1',
      [player.id],
    );
    expect(stored?.server_seed).toBeNull();
    expect(stored?.server_seed_sealed).toMatch(/^v1:/);
  });

  it('rotating reveals the server seed, and every recorded outcome computes again from it', async () => {
    const player = await housePlayer(t, { funds: 100_00n });
    const before = (await t.get('/house/api/fairness', player.token)).body.value;
    for (let i = 0; i < 5; i++) await settledSpin(t, player, 100n);
    const rotated = await rotate(player.token, 'rotate-once');
    expect(rotated.status).toBe(200);
    const { previous, current } = rotated.body.value;
    expect(previous).toMatchObject({
      commitment: before.commitment,
      clientSeed: before.clientSeed,
      rounds: 5,
    });
    expect(commitment(previous.serverSeed)).toBe(before.commitment);
    expect(current).toEqual({
      commitment: expect.not.stringMatching(before.commitment),
      clientSeed: before.clientSeed,
      nonce: 0,
    });
    // The same request again (same key) rotates nothing more.
    const repeated = await rotate(player.token, 'rotate-once');
    expect(repeated.body.value).toEqual(rotated.body.value);
    expect((await t.get('/house/api/fairness', player.token)).body.value).toEqual(current);

    const rounds = (await t.get('/house/api/rounds?pageSize=10', player.token)).body.value.list;
    expect(rounds).toHaveLength(5);
    for (const round of rounds) {
      expect(round.serverSeed).toBe(previous.serverSeed);
      const detail = await t.get(`/house/api/rounds/${round.id}`, player.token);
      expect(detail.status).toBe(200);
      const game = slotGame(round.game);
      const variant = rtpVariant(game, round.rtp as OfferedRtp);
      expect(publishedConfig(game, variant).fingerprint).toBe(round.configFingerprint);
      const again = spin(
        game,
        variant,
        BigInt(round.bet),
        drawer(round.serverSeed, round.clientSeed, round.nonce),
      );
      expect(detail.body.value.outcome).toEqual(outcomeJson(again));
      expect(round.win).toBe(again.totalWin.toString());
    }
  });

  it('a new client seed ends the pair too, so that no pair and nonce is ever played twice', async () => {
    const player = await housePlayer(t, { funds: 10_00n });
    const before = (await t.get('/house/api/fairness', player.token)).body.value;
    expect((await spinCall(t, player, 20n)).status).toBe(200);
    const chosen = await t.call({
      method: 'PUT',
      url: '/house/api/fairness/client-seed',
      payload: { clientSeed: 'my lucky seed!' },
      token: player.token,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.value.previous).toMatchObject({ commitment: before.commitment, rounds: 1 });
    expect(commitment(chosen.body.value.previous.serverSeed)).toBe(before.commitment);
    expect(chosen.body.value.current).toMatchObject({ clientSeed: 'my lucky seed!', nonce: 0 });
    expect(chosen.body.value.current.commitment).not.toBe(before.commitment);
    const played = await spinCall(t, player, 20n);
    expect(played.body.value.round).toMatchObject({
      clientSeed: 'my lucky seed!',
      nonce: 0,
      serverSeed: null,
    });

    for (const clientSeed of ['', 'x'.repeat(65), 'thé', 'tab\there']) {
      const refused = await t.call({
        method: 'PUT',
        url: '/house/api/fairness/client-seed',
        payload: { clientSeed },
        token: player.token,
      });
      expect(refused.status, clientSeed).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.fields?.clientSeed).toBeTruthy();
    }
  });

  it("shows a member's own rounds only", async () => {
    const owner = await housePlayer(t, { funds: 10_00n });
    const other = await housePlayer(t, { funds: 10_00n });
    const played = await spinCall(t, owner, 20n);
    const id = played.body.value.round.id as string;
    expect((await t.get(`/house/api/rounds/${id}`, owner.token)).status).toBe(200);
    const refused = await t.get(`/house/api/rounds/${id}`, other.token);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
    expect((await t.get('/house/api/rounds', other.token)).body.value).toMatchObject({ total: 0, list: [] });
    expect((await t.get('/house/api/rounds/99999999', owner.token)).status).toBe(404);
    expect((await t.get('/house/api/rounds/abc', owner.token)).body.code).toBe('validation_failed');
  });
});
