import { houseTableConsoleEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../../../test/console-checks.ts';
import {
  betCall,
  fastTable,
  tableGameId,
  tablePlayer,
  tableState,
} from '../../../../../test/factories/house-tables.ts';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';

/** The console sets each table's round timing and its limits per spot type, audited; the next round follows. */

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

const path = (id: number) => api.updateTable.path.replace(':id', String(id));

describe('console: house tables', () => {
  it('lists the tables with their timing, limits per spot and step', async () => {
    const list = await t.get(api.tables.path, tok.support);
    expect(list.status).toBe(200);
    expect(list.body.value.map((row: { table: string }) => row.table)).toEqual([
      'jade',
      'gold',
      'dragon',
      'roulette-live',
    ]);
    expect(list.body.value[0]).toMatchObject({
      kind: 'baccarat',
      name: 'Baccarat Jade Room',
      bettingSeconds: 15,
      resultSeconds: 8,
      step: 1,
      limits: { player: { min: 1, max: 500 }, tie: { min: 1, max: 50 } },
    });
    expect(Object.keys(list.body.value[3].limits)).toContain('straight');
  });

  it('sets the timing from the round after the one in play and the limits at once, audited', async () => {
    await fastTable(t, 'jade', 5_000, 3_000);
    const player = await tablePlayer(t, 'jade', 10_00n);
    await tableState(t, player);
    const id = await tableGameId(t, 'jade');
    const [before] = (await t.get(api.tables.path, tok.operations)).body.value;
    const limits = { ...before.limits, player: { min: 2, max: 300 } };
    t.clock.advance(2_000);
    const saved = await t.send(
      'PUT',
      path(id),
      { bettingSeconds: 10, resultSeconds: 4, limits },
      tok.operations,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({
      bettingSeconds: 10,
      resultSeconds: 4,
      limits: { player: { min: 2 } },
    });
    await checks.expectAudited(tok.operations, 'house_table', {
      action: 'update',
      entityId: id,
      before: { ...before, updatedAt: before.updatedAt },
      after: saved.body.value,
    });
    // The round in play keeps its close (5 s after it opened); round 1 opens when it ends, with the new window.
    const state = (await tableState(t, player)).body.value;
    expect(state.round).toMatchObject({
      round: 0,
      closesAt: new Date(t.clock.now().getTime() + 3_000).toISOString(),
    });
    t.clock.advance(6_000);
    const next = (await tableState(t, player)).body.value;
    expect(next.round.round).toBe(1);
    expect(Date.parse(next.round.closesAt) - Date.parse(next.round.opensAt)).toBe(10_000);
    expect(Date.parse(next.round.opensAt)).toBe(Date.parse(state.round.endsAt));
    // The new limits hold at once; the lobby's smallest stake follows the smallest limit.
    const low = await betCall(t, player, { round: 1, spots: [{ spot: 'player', stake: '100' }] });
    expect(low.body.code).toBe('house_bet_out_of_limits');
    expect((await betCall(t, player, { round: 1, spots: [{ spot: 'player', stake: '200' }] })).status).toBe(
      200,
    );
  });

  it('refuses limits off the step, above another’s or of spots the table does not have, writing nothing', async () => {
    const id = await tableGameId(t, 'gold');
    const [, gold] = (await t.get(api.tables.path, tok.operations)).body.value;
    const audits = await checks.auditCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...gold.limits, banker: { min: 1.5, max: 300 } }, { 'limits.banker.min': 'Value is not valid' }],
      [{ ...gold.limits, tie: { min: 20, max: 10 } }, { 'limits.tie.max': 'Value is not valid' }],
      [{ ...gold.limits, red: { min: 1, max: 10 } }, { 'limits.red': 'Value is not valid' }],
    ];
    for (const [limits, fields] of cases) {
      checks.expectFailure(
        await t.send('PUT', path(id), { bettingSeconds: 15, resultSeconds: 8, limits }, tok.operations),
        400,
        'validation_failed',
        fields,
      );
    }
    const missing = { ...gold.limits };
    delete missing.bankerPair;
    checks.expectFailure(
      await t.send(
        'PUT',
        path(id),
        { bettingSeconds: 15, resultSeconds: 8, limits: missing },
        tok.operations,
      ),
      400,
      'validation_failed',
      { 'limits.bankerPair.min': 'Value is not valid', 'limits.bankerPair.max': 'Value is not valid' },
    );
    const slow = await t.send(
      'PUT',
      path(id),
      { bettingSeconds: 0, resultSeconds: 8, limits: gold.limits },
      tok.operations,
    );
    expect(slow.body.code).toBe('validation_failed');
    checks.expectFailure(
      await t.send(
        'PUT',
        path(999_999),
        { bettingSeconds: 15, resultSeconds: 8, limits: {} },
        tok.operations,
      ),
      404,
      'not_found',
    );
    expect(await checks.auditCount()).toBe(audits);
  });

  it('refuses callers who may not read or set the tables', async () => {
    const id = await tableGameId(t, 'jade');
    await checks.expectRefusals([{ method: 'GET', url: api.tables.path }], []);
    await checks.expectRefusals(
      [{ method: 'PUT', url: path(id), body: { bettingSeconds: 15, resultSeconds: 8, limits: {} } }],
      ['support', 'finance'],
    );
  });
});
