import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /lgw/games/game_menus', () => {
  it('lists every game type in header order with its vendors, for visitors', async () => {
    const res = await t.get('/lgw/games/game_menus');
    expect(res.status).toBe(200);
    expect(res.body.value.map((menu: { gameType: string }) => menu.gameType)).toEqual([
      'LOTT',
      'ELOTT',
      'LIVE',
      'RNG',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
    ]);
    const lottery = res.body.value[0];
    expect(lottery.title).toBe('Lottery');
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
    expect(lottery.vendors[2].isHot).toBe(0);
    const sports = res.body.value.find((menu: { gameType: string }) => menu.gameType === 'SPORTS');
    expect(sports.vendors[0].vassalage).toBe('FB');
    const icon = await t.app.inject({ url: lottery.vendors[0].smallIcon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('titles the menus in the Language header, falling back to English', async () => {
    const vi = await t.get('/lgw/games/game_menus', undefined, { Language: 'VI' });
    expect(vi.body.value[0].title).toBe('Xổ số');
    const cn = await t.get('/lgw/games/game_menus', undefined, { Language: 'CN' });
    expect(cn.body.value[2].title).toBe('真人娱乐');
    const ja = await t.get('/lgw/games/game_menus', undefined, { Language: 'JA' });
    expect(ja.body.value[0].title).toBe('Lottery');
  });

  it('leaves out disabled vendors and disabled game types', async () => {
    await t.db.query("update game_vendors set enabled = false where vassalage = 'TCG_SEA'");
    await t.db.query("update game_types set enabled = false where code = 'ESPORTS'");
    try {
      const res = await t.get('/lgw/games/game_menus');
      expect(res.body.value.map((menu: { gameType: string }) => menu.gameType)).not.toContain('ESPORTS');
      expect(res.body.value[0].vendors.map((vendor: { vassalage: string }) => vendor.vassalage)).toEqual([
        'LOTT',
        'TCG_LOTTO_VN',
      ]);
    } finally {
      // The other tests of this file see the catalogue as seeded.
      await t.db.query("update game_vendors set enabled = true where vassalage = 'TCG_SEA'");
      await t.db.query("update game_types set enabled = true where code = 'ESPORTS'");
    }
  });

  it('refuses a foreign Merchant header like every platform call', async () => {
    const res = await t.get('/lgw/games/game_menus', undefined, { Merchant: 'NOPE' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unknown_merchant');
  });
});
