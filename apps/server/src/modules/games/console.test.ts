import { gamesConsoleEndpoints as api, catalogueEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { newGame } from '../../../test/factories/games.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let tok: CallerTokens;
const checks = consoleChecks(
  () => t,
  () => tok,
);
beforeAll(async () => {
  t = await startTestApp();
  tok = await openCallerTokens(t);
});
afterAll(async () => {
  await t.close();
});

const anImage = async () =>
  (await t.db.query<{ id: string }>('select id from images limit 1'))[0]?.id as string;
const vendorId = async (vassalage: string) =>
  (await t.db.query<{ id: number }>('select id from game_vendors where vassalage = $1', [vassalage]))[0]
    ?.id as number;
const path = (template: string, id: number) => template.replace(':id', String(id));

describe('console: game vendors', () => {
  it('lists every vendor with its game counts, and updates one with an audit entry', async () => {
    const id = await vendorId('HOUSE_ESPORTS');
    await newGame(t, { vendor: 'HOUSE_ESPORTS', classify: 'SPORTS' });
    await newGame(t, { vendor: 'HOUSE_ESPORTS', classify: 'SPORTS', enabled: false });
    const list = await t.get(`${api.vendors.path}?gameType=ESPORTS`, tok.support);
    expect(list.status).toBe(200);
    const before = list.body.value.find((vendor: { id: number }) => vendor.id === id);
    expect(before).toMatchObject({ vassalage: 'HOUSE_ESPORTS', games: 2, enabledGames: 1, enabled: true });
    const imageId = await anImage();
    const body = { displayName: 'Arena Esports', isHot: true, sort: 3, enabled: false, iconImageId: imageId };
    const res = await t.send('PUT', path(api.updateVendor.path, id), body, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ ...body, icon: `/images/${imageId}` });
    await checks.expectAudited(tok.operations, 'game_vendor', {
      action: 'update',
      entityId: id,
      before,
      after: res.body.value,
    });
    // A disabled vendor leaves the lobbies.
    const lanes = await t.get(catalogueEndpoints.vendorLanes.path);
    expect(JSON.stringify(lanes.body.value)).not.toContain('HOUSE_ESPORTS');
    await t.send('PUT', path(api.updateVendor.path, id), { ...body, enabled: true }, tok.operations);
  });

  it('refuses an unknown icon, an unknown vendor and a bad body, writing nothing', async () => {
    const id = await vendorId('HOUSE_FISH');
    const body = { displayName: 'Fishing', isHot: false, sort: 0, enabled: true, iconImageId: null };
    const audits = await checks.auditCount();
    checks.expectFailure(
      await t.send(
        'PUT',
        path(api.updateVendor.path, id),
        { ...body, iconImageId: '8f14e45f-ceea-467f-a0e6-3b4d7e1a5b2c' },
        tok.operations,
      ),
      400,
      'validation_failed',
      { iconImageId: 'Value is not valid' },
    );
    checks.expectFailure(
      await t.send('PUT', path(api.updateVendor.path, 999_999), body, tok.operations),
      404,
      'not_found',
    );
    const bad = await t.send('PUT', path(api.updateVendor.path, id), { ...body, sort: -1 }, tok.operations);
    expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['sort'],
    ]);
    expect(await checks.auditCount()).toBe(audits);
  });
});

describe('console: catalogue sync', () => {
  it('queues a sync of the providers’ catalogues as a job, audited', async () => {
    const res = await t.send('POST', api.syncCatalogue.path, undefined, tok.operations);
    expect(res.status).toBe(200);
    const [job] = await t.db.query<{ kind: string }>('select kind from jobs where id = $1', [
      res.body.value.jobId,
    ]);
    expect(job?.kind).toBe('game-catalogue-sync');
    await checks.expectAudited(tok.operations, 'game_catalogue', {
      action: 'sync',
      entityId: res.body.value.jobId,
      before: null,
      after: { jobId: res.body.value.jobId },
    });
    await checks.expectRefusals([{ method: 'POST', url: api.syncCatalogue.path }], ['support', 'finance']);
  });
});

describe('console: games', () => {
  it('lists games by vendor, search, state and hotness, and updates one with an audit entry', async () => {
    const game = await newGame(t, {
      vendor: 'HOUSE_LIVE',
      classify: 'LIVE',
      names: { EN: 'Console Roulette' },
    });
    const list = await t.get(
      `${api.games.path}?search=console%20roul&vendorId=${await vendorId('HOUSE_LIVE')}`,
      tok.finance,
    );
    expect(list.status).toBe(200);
    expect(list.body.value).toMatchObject({ total: 1, pageNo: 1 });
    const before = list.body.value.list[0];
    expect(before).toMatchObject({
      id: game,
      names: { EN: 'Console Roulette', VI: '', CN: '' },
      hotRank: null,
    });
    const body = {
      names: { EN: 'Royal Roulette', VI: 'Roulette Hoàng Gia', CN: '皇家轮盘' },
      classify: 'TABLE',
      hotRank: 1,
      sort: 5,
      demo: true,
      enabled: true,
      iconImageId: await anImage(),
    };
    t.clock.advance(1000);
    const res = await t.send('PUT', path(api.updateGame.path, game), body, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ ...body, updatedAt: t.clock.now().toISOString() });
    await checks.expectAudited(tok.operations, 'game', {
      action: 'update',
      entityId: game,
      before,
      after: res.body.value,
    });
    const hot = await t.get(`${api.games.path}?hot=true&gameType=LIVE`, tok.operations);
    // The hot filter lists the hot games only (the demo seed makes the house's games hot too).
    const hotRows: { id: number; hotRank: number | null }[] = hot.body.value.list;
    expect(hotRows.map((row) => row.id)).toContain(game);
    expect(hotRows.every((row) => row.hotRank !== null)).toBe(true);
    // The lobby shows the new name, class and free play.
    const lobby = await t.get(`${catalogueEndpoints.gameList.path}?gameName=royal%20roulette`, undefined, {
      language: 'CN',
    });
    expect(lobby.body.value.games[0]).toMatchObject({
      gameName: '皇家轮盘',
      gameClassify: 'TABLE',
      trial: true,
      hotRank: 1,
    });
  });

  it('refuses a game without an English name, an unknown game, and a bad page', async () => {
    const game = await newGame(t);
    const body = {
      names: { EN: '', VI: '', CN: '' },
      classify: 'SLOT',
      hotRank: null,
      sort: 0,
      demo: false,
      enabled: true,
      iconImageId: null,
    };
    const bad = await t.send('PUT', path(api.updateGame.path, game), body, tok.operations);
    expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['names.EN'],
    ]);
    const named = { ...body, names: { EN: 'Named', VI: '', CN: '' } };
    checks.expectFailure(
      await t.send('PUT', path(api.updateGame.path, 999_999), named, tok.operations),
      404,
      'not_found',
    );
    const page = await t.get(`${api.games.path}?pageSize=1000`, tok.operations);
    expect([page.status, page.body.code]).toEqual([400, 'validation_failed']);
  });

  it('refuses callers who may not read or write the catalogue', async () => {
    const game = await newGame(t);
    const vendor = await vendorId('HOUSE_SLOTS');
    await checks.expectRefusals(
      [
        { method: 'GET', url: api.vendors.path },
        { method: 'GET', url: api.games.path },
      ],
      [],
    );
    await checks.expectRefusals(
      [
        {
          method: 'PUT',
          url: path(api.updateVendor.path, vendor),
          body: { displayName: 'X', isHot: false, sort: 0, enabled: true, iconImageId: null },
        },
        {
          method: 'PUT',
          url: path(api.updateGame.path, game),
          body: {
            names: { EN: 'X' },
            classify: 'SLOT',
            hotRank: null,
            sort: 0,
            demo: false,
            enabled: true,
            iconImageId: null,
          },
        },
      ],
      ['support', 'finance'],
    );
  });
});
