import { randomUUID } from 'node:crypto';
import { gamesConsoleEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../../test/console-checks.ts';
import {
  mainBalance,
  type ProviderWorld,
  playerInGame,
  SEAMLESS,
  startProviderWorld,
} from '../../../../test/factories/game-providers.ts';
import { TEST_DATABASE } from '../../../../test/harness.ts';

/** Hub88 units per minor unit (PHP, 2 decimals). */
const HUB = 1000n;
const hub = (minor: bigint) => Number(minor * HUB);

let world: ProviderWorld;
let tok: CallerTokens;
const checks = consoleChecks(
  () => world.t,
  () => tok,
);
beforeAll(async () => {
  world = await startProviderWorld();
  tok = await openCallerTokens(world.t);
});
afterAll(async () => {
  await world.close();
});

const call = (path: string, body: Record<string, unknown>) =>
  world.sim.walletCall(SEAMLESS.operatorId, path, body);

/** A round the provider opened with a stake and never closed (its win never came): its bet's body. */
async function leftOpen(player: Awaited<ReturnType<typeof playerInGame>>, stake: bigint) {
  const bet = {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    game_code: 'jdb_lucky_seven',
    currency: 'PHP',
    amount: hub(stake),
  };
  expect((await call('/transaction/bet', bet)).answer).toMatchObject({ status: 'RS_OK' });
  return bet;
}

const lateWin = (player: { user: string; token: string }, bet: { transaction_uuid: string; round: string }) =>
  call('/transaction/win', {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round: bet.round,
    round_closed: true,
    game_code: 'jdb_lucky_seven',
    currency: 'PHP',
    amount: hub(9_00n),
  });

async function openRoundIds(olderThanMinutes: number): Promise<number[]> {
  const res = await world.t.get(
    `${api.openRounds.path}?olderThanMinutes=${olderThanMinutes}&pageSize=100`,
    tok.support,
  );
  expect(res.status).toBe(200);
  return res.body.value.list.map((round: { id: number }) => round.id);
}

async function roundOf(memberId: number) {
  const [round] = await world.t.db.query<{ id: number; status: string }>(
    'select id::int, status from game_rounds where member_id = $1',
    [memberId],
  );
  if (!round) throw new Error('no round');
  return round;
}

const settle = (id: number, body: unknown, token = tok.finance) =>
  world.t.call({
    method: 'POST',
    url: api.settleRound.path.replace(':id', String(id)),
    token,
    payload: body as object,
  });

describe('provider rounds left open, in the console', () => {
  it('lists rounds open past the age asked, and not those still young', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    await leftOpen(player, 5_00n);
    const round = await roundOf(player.member.id);
    expect(await openRoundIds(5)).not.toContain(round.id);
    world.t.clock.advance(6 * 60_000);
    expect(await openRoundIds(5)).toContain(round.id);
    expect(await openRoundIds(10)).not.toContain(round.id);
    const res = await world.t.get(`${api.openRounds.path}?olderThanMinutes=5&pageSize=100`, tok.support);
    expect(res.body.value.list.find((row: { id: number }) => row.id === round.id)).toMatchObject({
      memberId: player.member.id,
      provider: SEAMLESS.code,
      gameCode: 'jdb_lucky_seven',
      bet: 5,
      win: 0,
    });
  });

  it('settles a round with the result the provider reports, audited, once; the provider’s late win is refused', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const bet = await leftOpen(player, 5_00n);
    const round = await roundOf(player.member.id);
    const settled = await settle(round.id, { outcome: 'result', win: '12.50' });
    expect(settled.status).toBe(200);
    expect(settled.body.value).toMatchObject({ id: round.id, status: 'settled', bet: 5, win: 12.5 });
    expect(await mainBalance(world.t, player.member.id)).toBe(57_50n);
    const audit = await checks.lastAudit('game_round');
    expect(audit).toMatchObject({ action: 'result', entity_id: String(round.id) });
    expect(audit?.before).toMatchObject({ id: round.id, win: 0 });
    expect(audit?.after).toMatchObject({ status: 'settled', win: 12.5, paid: 12.5 });
    // The same settlement again answers the same and pays nothing; another result is a conflict.
    expect((await settle(round.id, { outcome: 'result', win: 12.5 })).body.value).toEqual(settled.body.value);
    checks.expectFailure(await settle(round.id, { outcome: 'result', win: 20 }), 409, 'conflict');
    checks.expectFailure(await settle(round.id, { outcome: 'refund' }), 409, 'conflict');
    // The provider's own win, arriving at last, would pay twice: it is refused, definitely.
    expect((await lateWin(player, bet)).answer).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(await mainBalance(world.t, player.member.id)).toBe(57_50n);
    expect(await openRoundIds(1)).not.toContain(round.id);
  });

  it('refunds every stake of a round, audited; the round is void and the provider’s late win refused', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const bet = await leftOpen(player, 5_00n);
    expect(
      (await call('/transaction/bet', { ...bet, request_uuid: randomUUID(), transaction_uuid: randomUUID() }))
        .answer,
    ).toMatchObject({ status: 'RS_OK' });
    expect(await mainBalance(world.t, player.member.id)).toBe(40_00n);
    const round = await roundOf(player.member.id);
    const refunded = await settle(round.id, { outcome: 'refund' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.value).toMatchObject({ id: round.id, status: 'void', bet: 0, win: 0 });
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
    expect(await checks.lastAudit('game_round')).toMatchObject({
      action: 'refund',
      entity_id: String(round.id),
    });
    expect((await settle(round.id, { outcome: 'refund' })).body.value).toEqual(refunded.body.value);
    expect((await lateWin(player, bet)).answer?.status).toMatch(
      /^RS_ERROR_(DUPLICATE_TRANSACTION|TRANSACTION_ROLLED_BACK)$/,
    );
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
  });

  it('refuses a result finer than the currency, a negative or non-decimal one, and an unknown round', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    await leftOpen(player, 1_00n);
    const round = await roundOf(player.member.id);
    checks.expectFailure(await settle(round.id, { outcome: 'result', win: 1.005 }), 400, 'amount_invalid', {
      win: expect.any(String),
    });
    for (const win of [-1, '1e3', true, null]) {
      const res = await settle(round.id, { outcome: 'result', win });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    checks.expectFailure(await settle(2_000_000_000, { outcome: 'refund' }), 404, 'not_found');
    expect(await mainBalance(world.t, player.member.id)).toBe(49_00n);
  });

  it.runIf(TEST_DATABASE === 'postgres')(
    'two operators settling a round at once the two ways: one wins, the money moves once',
    async () => {
      const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
      await leftOpen(player, 5_00n);
      const round = await roundOf(player.member.id);
      const owner = await world.t.operatorToken('owner');
      const answers = await Promise.all([
        settle(round.id, { outcome: 'refund' }),
        settle(round.id, { outcome: 'result', win: 20 }, owner),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      const balance = await mainBalance(world.t, player.member.id);
      expect(answers[0]?.status === 200 ? balance === 50_00n : balance === 65_00n).toBe(true);
    },
  );

  it('refuses the list and the settlement to those who may not, writing nothing', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    await leftOpen(player, 1_00n);
    const round = await roundOf(player.member.id);
    await checks.expectRefusals([{ method: 'GET', url: api.openRounds.path }], []);
    await checks.expectRefusals(
      [
        {
          method: 'POST',
          url: api.settleRound.path.replace(':id', String(round.id)),
          body: { outcome: 'refund' },
        },
      ],
      ['operations', 'support'],
    );
    expect(await mainBalance(world.t, player.member.id)).toBe(49_00n);
  });
});
