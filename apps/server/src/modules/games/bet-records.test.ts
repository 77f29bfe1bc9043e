import { recordsEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, playedRound } from '../../../test/factories/games.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /wps/game/bets', () => {
  it("lists the member's rounds, the latest first, filtered by category, vendor and date, with totals", async () => {
    const [member, other] = [await newMember(t), await newMember(t)];
    const slot = await newGame(t, { names: { EN: 'Record Reels', VI: 'Cuộn Kỷ Lục' } });
    const fish = await newGame(t, { vendor: 'HOUSE_FISH', classify: 'FISH' });
    const day = 86_400_000;
    const start = t.clock.now().getTime();
    await playedRound(t, {
      memberId: member.id,
      gameId: slot,
      bet: 1_000n,
      win: 2_550n,
      at: new Date(start - 2 * day),
    });
    await playedRound(t, {
      memberId: member.id,
      gameId: fish,
      bet: 500n,
      win: 0n,
      at: new Date(start - day),
    });
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 200n, win: 100n, at: new Date(start) });
    await playedRound(t, { memberId: other.id, gameId: slot, bet: 9_999n, win: 0n });

    const all = await t.get(`${api.betRecords.path}?pageSize=2`, member.token);
    expect(all.status).toBe(200);
    expect(all.body.value).toMatchObject({ total: 3, pageNo: 1, pageSize: 2, totalBet: 17, totalWin: 26.5 });
    expect(all.body.value.totalProfit).toBe(9.5);
    expect(all.body.value.list.map((row: { bet: number; profit: number }) => [row.bet, row.profit])).toEqual([
      [2, -1],
      [5, -5],
    ]);
    expect(all.body.value.list[0]).toMatchObject({
      gameName: 'Record Reels',
      gameType: 'RNG',
      status: 'settled',
    });

    const vi = await t.get(`${api.betRecords.path}?gameType=RNG`, member.token, { language: 'VI' });
    expect(vi.body.value.list.map((row: { gameName: string }) => row.gameName)).toEqual([
      'Cuộn Kỷ Lục',
      'Cuộn Kỷ Lục',
    ]);
    const fishOnly = await t.get(`${api.betRecords.path}?vassalage=HOUSE_FISH`, member.token);
    expect(fishOnly.body.value.list.map((row: { nodeId: number }) => row.nodeId)).toEqual([fish]);
    const window = new URLSearchParams({
      startTime: new Date(start - 2 * day - 1).toISOString(),
      endTime: new Date(start - day).toISOString(),
    });
    const dated = await t.get(`${api.betRecords.path}?${window}`, member.token);
    expect(dated.body.value).toMatchObject({ total: 1, totalBet: 10, totalWin: 25.5 });
  });

  it('refuses a bad date with validation_failed, visitors, and trial accounts', async () => {
    const member = await newMember(t);
    const bad = await t.get(`${api.betRecords.path}?startTime=yesterday`, member.token);
    expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['startTime'],
    ]);
    const visitor = await t.get(api.betRecords.path);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
    const trial = await newMember(t, 4);
    const refused = await t.get(api.betRecords.path, trial.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
  });
});
