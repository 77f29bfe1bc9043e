import { houseConsoleEndpoints as api, HOUSE_RTPS } from '@tessera/contract';
import { OFFERED_RTPS } from '@tessera/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../../test/console-checks.ts';
import { houseGameId, housePlayer, spinCall } from '../../../../test/factories/house.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

/** The console sets each house game's RTP and stake limits, within the game's own; rounds follow at once. */

let t: TestApp;
let tok: CallerTokens;
const checks = consoleChecks(
  () => t,
  () => tok,
);
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
  tok = await openCallerTokens(t);
});
afterAll(async () => {
  await t.close();
});

const path = (id: number) => api.updateGame.path.replace(':id', String(id));

describe('console: house games', () => {
  it('offers the package’s RTPs', () => {
    expect([...HOUSE_RTPS]).toEqual([...OFFERED_RTPS]);
  });

  it('lists the three slots and the fish game with their RTP, limits and the game’s own', async () => {
    const list = await t.get(api.games.path, tok.support);
    expect(list.status).toBe(200);
    expect(list.body.value.map((game: { game: string }) => game.game)).toEqual([
      'lucky-sevens',
      'jade-temple',
      'nova-gems',
      'deep-sea-hunt',
    ]);
    expect(list.body.value[3]).toMatchObject({
      kind: 'fish',
      name: 'Deep Sea Hunt',
      vassalage: 'HOUSE_FISH',
      rtp: '96',
      rtpExact: '96.000000',
      minBet: 0.01,
      maxBet: 10,
      limits: { min: 0.01, max: 10, step: 0.01 },
    });
    expect(list.body.value[0]).toMatchObject({
      kind: 'slots',
      name: 'Lucky Sevens',
      vassalage: 'HOUSE_SLOTS',
      rtp: '96',
      minBet: 0.2,
      maxBet: 200,
      limits: { min: 0.2, max: 200, step: 0.2 },
    });
    expect(Math.abs(Number(list.body.value[0].rtpExact) - 96)).toBeLessThan(0.00001);
  });

  it('sets the RTP and limits with an audit entry, and the next round is drawn at them', async () => {
    const id = await houseGameId(t, 'nova-gems');
    const before = (await t.get(api.games.path, tok.operations)).body.value.find(
      (game: { id: number }) => game.id === id,
    );
    const res = await t.send('PUT', path(id), { rtp: '92', minBet: 1, maxBet: '5' }, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id, rtp: '92', minBet: 1, maxBet: 5 });
    expect(res.body.value.configFingerprint).not.toBe(before.configFingerprint);
    await checks.expectAudited(tok.operations, 'house_game', {
      action: 'update',
      entityId: id,
      before,
      after: res.body.value,
    });
    const [catalogue] = await t.db.query<{ min_bet: bigint }>('select min_bet from games where id = $1', [
      id,
    ]);
    expect(catalogue?.min_bet).toBe(100n);

    const player = await housePlayer(t, { funds: 100_00n, game: 'nova-gems' });
    expect((await spinCall(t, player, 90n)).body.code).toBe('house_bet_out_of_limits');
    expect((await spinCall(t, player, 510n)).body.code).toBe('house_bet_out_of_limits');
    const played = await spinCall(t, player, 500n);
    expect(played.status).toBe(200);
    expect(played.body.value.round).toMatchObject({
      rtp: '92',
      configFingerprint: res.body.value.configFingerprint,
    });
    expect(played.body.value.outcome.rtp).toBe('92');
    const slot = await t.get('/house/api/slots/game', player.token);
    expect(slot.body.value).toMatchObject({ rtp: '92', betLimits: { min: '100', max: '500', step: '10' } });
  });

  it('refuses limits outside the game’s, off its steps, or upside down, and an unknown game, writing nothing', async () => {
    const id = await houseGameId(t, 'lucky-sevens');
    const audits = await checks.auditCount();
    const cases: [unknown, Record<string, string>][] = [
      [{ rtp: '96', minBet: 0.1, maxBet: 10 }, { minBet: 'Value is not valid' }],
      [{ rtp: '96', minBet: 1, maxBet: 300 }, { maxBet: 'Value is not valid' }],
      [{ rtp: '96', minBet: 0.3, maxBet: 10 }, { minBet: 'Value is not valid' }],
      [{ rtp: '96', minBet: 10, maxBet: 1 }, { maxBet: 'Value is not valid' }],
      [{ rtp: '96', minBet: 0.201, maxBet: 1 }, { minBet: 'Value is not valid' }],
      // Limits are numbers or decimal strings, nothing coerced.
      [{ rtp: '96', minBet: true, maxBet: 1 }, { minBet: 'Value is not valid' }],
      [{ rtp: '96', minBet: 1, maxBet: '0x10' }, { maxBet: 'Format is not valid' }],
    ];
    for (const [body, fields] of cases) {
      checks.expectFailure(
        await t.send('PUT', path(id), body, tok.operations),
        400,
        'validation_failed',
        fields,
      );
    }
    const badRtp = await t.send('PUT', path(id), { rtp: '95', minBet: 1, maxBet: 2 }, tok.operations);
    expect(badRtp.body.code).toBe('validation_failed');
    checks.expectFailure(
      await t.send('PUT', path(999_999), { rtp: '96', minBet: 1, maxBet: 2 }, tok.operations),
      404,
      'not_found',
    );
    expect(await checks.auditCount()).toBe(audits);
  });

  it('refuses callers who may not read or set the house games', async () => {
    const id = await houseGameId(t);
    await checks.expectRefusals([{ method: 'GET', url: api.games.path }], []);
    await checks.expectRefusals(
      [{ method: 'PUT', url: path(id), body: { rtp: '96', minBet: 1, maxBet: 2 } }],
      ['support', 'finance'],
    );
  });
});
