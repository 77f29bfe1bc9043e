import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Menu {
  gameGroupCode: string;
  gameMenus: unknown[];
  gameType: string;
  title: string;
  sort: number;
  vendors: { vassalage: string; smallIcon: string; isHot: number }[];
}

/** The answer as it comes: an object of menus keyed by game type, with no envelope. */
async function menus(headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url: '/lgw/games/game_menus?prizeMode=Lott', headers });
  return { status: response.statusCode, body: response.json() as Record<string, Menu> };
}

/** The menus in header order. */
const list = (body: Record<string, Menu>) => Object.values(body).sort((a, b) => a.sort - b.sort);

describe('GET /lgw/games/game_menus', () => {
  it('lists every game type in header order with its vendors, for visitors, without the envelope', async () => {
    const res = await menus();
    expect(res.status).toBe(200);
    // The original runs Object.values over the whole answer and reads gameGroupCode and gameMenus: the lottery
    // groups hold their lottery games (the e-lottery's under ELOTT), the others none.
    expect(Object.values(res.body).map((menu) => menu.gameGroupCode)).toEqual(Object.keys(res.body));
    const gamesOf = (code: string) =>
      (res.body[code]?.gameMenus as { gameId: string }[] | undefined)?.map((game) => game.gameId);
    expect(gamesOf('ELOTT')).toEqual(['E_MB1', 'E_MB2', 'E_MB3', 'E_MB5', 'E_MN1']);
    expect(gamesOf('LOTT')).toEqual(expect.arrayContaining(['XSMB', 'MN_HCM', 'SEA_4D', 'ZY_HN_VIP']));
    expect(gamesOf('LIVE')).toEqual([]);
    expect(list(res.body).map((menu) => menu.gameType)).toEqual([
      'LOTT',
      'ELOTT',
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
    ]);
    const lottery = list(res.body)[0] as Menu;
    expect(lottery).toMatchObject({ gameGroupCode: 'LOTT', sort: 0, title: 'Lottery' });
    expect(lottery.vendors.map((vendor: { vassalage: string }) => vendor.vassalage)).toEqual([
      'LOTT',
      'TCG_LOTTO_VN',
      'TCG_SEA',
    ]);
    expect(lottery.vendors[0]).toEqual({
      vassalage: 'LOTT',
      displayName: 'Tessera Lotto',
      isHot: 1,
      smallIcon: expect.stringMatching(/^\/images\/[0-9a-f-]{36}$/),
      gameType: 'LOTT',
      accountTypeId: 1,
    });
    expect(lottery.vendors[2]?.isHot).toBe(0);
    expect(res.body.SPORTS?.vendors[0]?.vassalage).toBe('FB');
    const icon = await t.app.inject({ url: lottery.vendors[0]?.smallIcon as string });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('titles the menus in the Language header, falling back to English', async () => {
    expect((await menus({ Language: 'VI' })).body.LOTT?.title).toBe('Xổ số');
    expect((await menus({ Language: 'CN' })).body.LIVE?.title).toBe('真人娱乐');
    expect((await menus({ Language: 'JA' })).body.LOTT?.title).toBe('Lottery');
  });

  it('leaves out disabled vendors and disabled game types', async () => {
    await t.db.query("update game_vendors set enabled = false where vassalage = 'TCG_SEA'");
    await t.db.query("update game_types set enabled = false where code = 'ESPORTS'");
    try {
      const res = await menus();
      expect(Object.keys(res.body)).not.toContain('ESPORTS');
      expect(res.body.LOTT?.vendors.map((vendor) => vendor.vassalage)).toEqual(['LOTT', 'TCG_LOTTO_VN']);
    } finally {
      // The other tests of this file see the catalogue as seeded.
      await t.db.query("update game_vendors set enabled = true where vassalage = 'TCG_SEA'");
      await t.db.query("update game_types set enabled = true where code = 'ESPORTS'");
    }
  });

  it('refuses a prizeMode that is too long with validation_failed, in the envelope', async () => {
    const res = await t.get(`/lgw/games/game_menus?prizeMode=${'L'.repeat(21)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('refuses a foreign Merchant header like every platform call, in the envelope', async () => {
    const res = await t.get('/lgw/games/game_menus', undefined, { Merchant: 'NOPE' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unknown_merchant');
  });
});
