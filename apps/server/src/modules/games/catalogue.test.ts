import { catalogueEndpoints as api, HOT_GROUPS } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, playedRound } from '../../../test/factories/games.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import * as store from './store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

/** A word no other test's game names contain, to see only this test's games. */
const unique = (label: string) => `${label}${t.deps.rng.int(100_000, 999_999)}`;

describe('GET /wps/relay/GCSGAME_gameList', () => {
  it('lists the games of a category for visitors, in lobby order, named in the asked language, paged', async () => {
    const word = unique('Pearl');
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        await newGame(t, {
          vendor: 'HOUSE_FISH',
          names: { EN: `${word} ${n}`, VI: `Ngọc ${word} ${n}`, CN: `珍珠${word}${n}` },
          classify: 'FISH',
          sort: 10 - n,
        }),
      );
    }
    await newGame(t, { vendor: 'HOUSE_FISH', names: { EN: `${word} off` }, enabled: false });
    const first = await t.get(
      `${api.gameList.path}?${query({ gameType: 'FISH', gameName: word, pageSize: 2 })}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.value.totalPages).toBe(2);
    expect(first.body.value.total).toBe(3);
    expect(first.body.value.games.map((game: { nodeId: number }) => game.nodeId)).toEqual([ids[2], ids[1]]);
    expect(first.body.value.games[0]).toMatchObject({
      gameName: `${word} 3`,
      gameType: 'FISH',
      vassalage: 'HOUSE_FISH',
      vendor: 'HOUSE_FISH',
      accountTypeName: 'HOUSE_FISH',
      isGame: 'GAME',
      gameClassify: 'FISH',
      minBet: 0.1,
      lineNum: 20,
      trial: false,
    });
    const second = await t.get(
      `${api.gameList.path}?${query({ gameType: 'FISH', gameName: word, pageSize: 2, pageNo: 2, language: 'vi' })}`,
    );
    expect(second.body.value.games.map((game: { gameName: string }) => game.gameName)).toEqual([
      `Ngọc ${word} 1`,
    ]);
    // Past the end: no games, the same count.
    const past = await t.get(`${api.gameList.path}?${query({ gameName: word, pageSize: 2, pageNo: 9 })}`);
    expect([past.body.value.games, past.body.value.total, past.body.value.totalPages]).toEqual([[], 3, 2]);
  });

  it('filters by vendor, class, name in any language, stake, lines and platform', async () => {
    const word = unique('Lucky');
    const table = await newGame(t, {
      names: { EN: `${word} Table`, VI: `Bàn ${word}`, CN: '幸运桌' },
      classify: 'TABLE',
      minBet: 500n,
      lineNum: 0,
      platforms: ['flash'],
    });
    const slot = await newGame(t, {
      names: { EN: `${word} Reels` },
      classify: 'SLOT',
      minBet: 10n,
      lineNum: 25,
    });
    const ids = async (params: Record<string, string | number>) =>
      (await t.get(`${api.gameList.path}?${query({ gameName: word, ...params })}`)).body.value.games.map(
        (game: { nodeId: number }) => game.nodeId,
      );
    expect(await ids({ vassalage: 'HOUSE_SLOTS' })).toEqual([table, slot]);
    expect(await ids({ vassalage: 'HOUSE_FISH' })).toEqual([]);
    expect(await ids({ gameClassify: 'TABLE' })).toEqual([table]);
    expect(await ids({ gameClassify: 'ALL' })).toEqual([table, slot]);
    expect(await ids({ minBet: 1 })).toEqual([slot]);
    expect(await ids({ minLineNum: 20 })).toEqual([slot]);
    expect(await ids({ platform: 'flash' })).toEqual([table]);
    expect(await ids({ platform: 'html5-desktop,html5' })).toEqual([slot]);
    expect(
      (await t.get(`${api.gameList.path}?${query({ gameName: `bàn ${word}`.toLowerCase() })}`)).body.value
        .games,
    ).toHaveLength(1);
    // A search is text, not a pattern.
    expect((await t.get(`${api.gameList.path}?${query({ gameName: '%' })}`)).body.value.games).toEqual([]);
  });

  it('sort=new lists the games added to the catalogue last first, whatever the lobby order', async () => {
    const word = unique('Fresh');
    const older = await newGame(t, { names: { EN: `${word} older` }, sort: 99 });
    t.clock.advance(60_000);
    const newer = await newGame(t, { names: { EN: `${word} newer` }, sort: 100 });
    const ids = async (sort?: string) =>
      (
        await t.get(`${api.gameList.path}?${query({ gameName: word, ...(sort ? { sort } : {}) })}`)
      ).body.value.games.map((game: { nodeId: number }) => game.nodeId);
    expect(await ids()).toEqual([older, newer]);
    expect(await ids('lobby')).toEqual([older, newer]);
    expect(await ids('new')).toEqual([newer, older]);
  });

  it('hides the games of a disabled vendor', async () => {
    const word = unique('Hidden');
    await newGame(t, { vendor: 'HOUSE_ESPORTS', names: { EN: word }, classify: 'SPORTS' });
    const count = async () =>
      (await t.get(`${api.gameList.path}?${query({ gameName: word })}`)).body.value.games.length;
    expect(await count()).toBe(1);
    await t.db.query("update game_vendors set enabled = false where vassalage = 'HOUSE_ESPORTS'");
    expect(await count()).toBe(0);
    await t.db.query("update game_vendors set enabled = true where vassalage = 'HOUSE_ESPORTS'");
  });

  it('refuses a bad query with validation_failed and the field', async () => {
    const mistakes: Record<string, string | number>[] = [
      { pageSize: 0 },
      { pageSize: 101 },
      { gameType: 'CASINO' },
      { gameClassify: 'POKER' },
      { sort: 'oldest' },
      // A bet size is a decimal, never a coerced hex or empty value.
      { minBet: '0x10' },
      { minBet: 'true' },
    ];
    for (const params of mistakes) {
      const res = await t.get(`${api.gameList.path}?${query(params)}`);
      expect([res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        Object.keys(params),
      ]);
    }
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('groups hot games by category in the spec order, the hottest first, with hot vendors as popup tiles', async () => {
    const second = await newGame(t, { vendor: 'HOUSE_LIVE', classify: 'LIVE', hotRank: 2 });
    const first = await newGame(t, { vendor: 'HOUSE_LIVE', classify: 'LIVE', hotRank: 1 });
    const cold = await newGame(t, { vendor: 'HOUSE_LIVE', classify: 'LIVE' });
    const res = await t.get(api.hotGames.path);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.value.list)).toEqual([...HOT_GROUPS]);
    const live = res.body.value.list.LIVE as { nodeId: number; isGame: string; vassalage: string }[];
    expect(live[0]).toMatchObject({ isGame: 'VASSALAGE', vassalage: 'HOUSE_LIVE' });
    const games = live.filter((game) => game.isGame === 'GAME').map((game) => game.nodeId);
    expect(games.indexOf(first)).toBeLessThan(games.indexOf(second));
    expect(games).not.toContain(cold);
    // One vendor's hot games: games only.
    const vendor = await t.get(`${api.hotGames.path}?vassalage=HOUSE_LIVE`);
    expect(vendor.body.value.list.LIVE.every((game: { isGame: string }) => game.isGame === 'GAME')).toBe(
      true,
    );
    expect(vendor.body.value.list.RNG).toEqual([]);
  });
});

describe('vendors', () => {
  it('GCSGAME_newGameVendor lists a lane per category that has vendors, with the classes of its games', async () => {
    await newGame(t, { vendor: 'HOUSE_PVP', classify: 'CARD' });
    const res = await t.get(api.vendorLanes.path);
    expect(res.status).toBe(200);
    const pvp = res.body.value.data.lanes.find((lane: { gameType: string }) => lane.gameType === 'PVP');
    expect(pvp).toMatchObject({ title: 'Card & board', gameClassify: ['CARD'] });
    expect(pvp.cards[0]).toMatchObject({
      vassalage: 'HOUSE_PVP',
      displayName: 'Tessera Cards',
      gameType: 'PVP',
    });
    expect(pvp.cards[0].gameCount).toBeGreaterThan(0);
  });

  it('names a vendor in the reader’s language where it has a name there, and by its display name elsewhere', async () => {
    await newGame(t, { vendor: 'HOUSE_PVP', classify: 'CARD' });
    const nameIn = async (language: string) => {
      const res = await t.get(`${api.gameVendors.path}?gameType=PVP`, undefined, { Language: language });
      return res.body.value.list[0].displayName as string;
    };
    expect([await nameIn('EN'), await nameIn('VI'), await nameIn('CN'), await nameIn('TH')]).toEqual([
      'Tessera Cards',
      'Game bài Tessera',
      'Tessera棋牌',
      'Tessera Cards',
    ]);
    const hot = await t.get(`${api.hotGames.path}`, undefined, { Language: 'VI' });
    const tiles = Object.values(hot.body.value.list).flat() as { isGame: string; vendorName: string }[];
    expect(
      tiles.some((tile) => tile.vendorName === 'Nổ hũ Tessera' || tile.vendorName === 'Game bài Tessera'),
    ).toBe(true);
  });

  it('GCSGAME_gameVendor lists the vendors of a category; getVassGameType maps category → vendor → classes', async () => {
    await newGame(t, { vendor: 'HOUSE_SLOTS', classify: 'SCRATCH' });
    const vendors = await t.get(`${api.gameVendors.path}?gameType=RNG`);
    expect(vendors.body.value.list.map((card: { vassalage: string }) => card.vassalage)).toEqual([
      'HOUSE_SLOTS',
    ]);
    for (const path of [api.vendorGameTypes.path, api.vendorGameTypesGls.path]) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.body.value.content.RNG.HOUSE_SLOTS).toContain('SCRATCH');
    }
  });
});

describe('favourites', () => {
  it('adds and removes by nodeId, either idempotent, and lists them newest first', async () => {
    const member = await newMember(t);
    const [a, b] = [await newGame(t), await newGame(t, { vendor: 'HOUSE_FISH', classify: 'FISH' })];
    const add = (nodeId: number) =>
      t.send('POST', api.addFavourite.path, { nodeId, vendor: 'HOUSE_SLOTS', gameType: 'RNG' }, member.token);
    expect((await add(a)).body.value.nodeIds).toEqual([a]);
    t.clock.advance(1000);
    await add(b);
    expect((await add(b)).body.value.nodeIds).toEqual([b, a]);
    expect((await t.get(api.favouriteIds.path, member.token)).body.value).toEqual([b, a]);
    const list = await t.get(`${api.favourites.path}?pageSize=1&pageNo=2`, member.token);
    expect(list.body.value).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(list.body.value.content.map((game: { nodeId: number }) => game.nodeId)).toEqual([a]);
    const fish = await t.get(`${api.favourites.path}?gameType=FISH`, member.token);
    expect(fish.body.value.content.map((game: { nodeId: number }) => game.nodeId)).toEqual([b]);
    // Removed by the query (as the original sends it) or by a body; removing again changes nothing.
    const byQuery = await t.send(
      'DELETE',
      `${api.removeFavourite.path}?nodeId=${b}&vendor=HOUSE_FISH`,
      undefined,
      member.token,
    );
    expect(byQuery.body.value.nodeIds).toEqual([a]);
    const byBody = await t.send('DELETE', api.removeFavourite.path, { nodeId: a }, member.token);
    expect(byBody.body.value.nodeIds).toEqual([]);
    expect((await t.send('DELETE', api.removeFavourite.path, { nodeId: a }, member.token)).status).toBe(200);
  });

  it('refuses an unknown game, a missing nodeId, and visitors', async () => {
    const member = await newMember(t);
    const unknown = await t.send('POST', api.addFavourite.path, { nodeId: 999_999 }, member.token);
    expect([unknown.status, unknown.body.code, unknown.body.fields]).toEqual([
      404,
      'game_not_found',
      { nodeId: 'Value is not valid' },
    ]);
    const missing = await t.send('DELETE', api.removeFavourite.path, {}, member.token);
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
    for (const res of [
      await t.send('POST', api.addFavourite.path, { nodeId: 1 }),
      await t.get(api.favouriteIds.path),
      await t.get(api.favourites.path),
      await t.get(api.recentGames.path),
    ]) {
      expect([res.status, res.body.code]).toEqual([401, 'unauthorized']);
    }
  });
});

describe('GET /wps/relay/GCS_recentGame', () => {
  it("lists the member's played games, the latest first, and not another member's", async () => {
    const [member, other] = [await newMember(t), await newMember(t)];
    const [a, b] = [await newGame(t), await newGame(t)];
    await store.markPlayed(t.db, member.id, a, t.clock.now());
    await store.markPlayed(t.db, member.id, b, new Date(t.clock.now().getTime() + 1000));
    await store.markPlayed(t.db, other.id, a, t.clock.now());
    const res = await t.get(api.recentGames.path, member.token);
    expect(res.body.value).toMatchObject({ totalPages: 1 });
    expect(res.body.value.list.map((game: { nodeId: number }) => game.nodeId)).toEqual([b, a]);
  });
});

describe('boards', () => {
  it('ODSFE2_getWinnerBoard shows the latest net wins (a push is none) with the player masked; the rank list ranks net wins of 7 days', async () => {
    const member = await newMember(t);
    const [row] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      member.id,
    ]);
    const username = row?.username ?? '';
    const game = await newGame(t, { vendor: 'HOUSE_PVP', classify: 'CARD', names: { EN: 'Board Baccarat' } });
    const now = t.clock.now().getTime();
    await playedRound(t, {
      memberId: member.id,
      gameId: game,
      bet: 100n,
      win: 12_345n,
      at: new Date(now + 5000),
    });
    await playedRound(t, {
      memberId: member.id,
      gameId: game,
      bet: 100n,
      win: 99_000n,
      at: new Date(now - 8 * 86_400_000),
    });
    await playedRound(t, { memberId: member.id, gameId: game, bet: 100n, win: 0n, at: new Date(now + 6000) });
    // A push (500 on Player and 500 on Banker, a tie returns both) and a part returned are no wins.
    await playedRound(t, {
      memberId: member.id,
      gameId: game,
      bet: 100_000n,
      win: 100_000n,
      at: new Date(now + 7000),
    });
    await playedRound(t, {
      memberId: member.id,
      gameId: game,
      bet: 1000n,
      win: 975n,
      at: new Date(now + 7500),
    });
    // A bigger payout with a smaller net win than the first round's.
    await playedRound(t, {
      memberId: member.id,
      gameId: game,
      bet: 10_000n,
      win: 15_000n,
      at: new Date(now + 8000),
    });
    const board = await t.get(`${api.winnerBoard.path}?gameCategory=PVP&limitNum=20`);
    expect(board.status).toBe(200);
    expect(board.body.value.list.map((row: { vo: { winAmount: number } }) => row.vo.winAmount)).toEqual([
      50, 122.45, 989,
    ]);
    expect(board.body.value.list[0].vo).toMatchObject({
      customerName: `${username.slice(0, 2)}***${username.slice(-1)}`,
      gameName: 'Board Baccarat',
      gameType: 'PVP',
    });
    t.clock.set(new Date(now + 10_000));
    const rank = await t.get(`${api.rankList.path}?gameCategory=PVP`);
    expect(
      rank.body.value.list.map((row: { rank: number; winAmount: number }) => [row.rank, row.winAmount]),
    ).toEqual([
      [1, 122.45],
      [2, 50],
    ]);
    const bad = await t.get(`${api.winnerBoard.path}?limitNum=500`);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('VIS_getJackpot sums the jackpots the providers reported', async () => {
    await t.db.query(
      "update game_vendors set jackpot = 1234567, jackpot_updated_at = $1 where vassalage = 'HOUSE_SLOTS'",
      [t.clock.now()],
    );
    const res = await t.get(api.jackpot.path);
    expect(res.status).toBe(200);
    expect(res.body.value.list).toEqual([
      expect.objectContaining({ vassalage: 'HOUSE_SLOTS', amount: 12345.67, gameType: 'RNG' }),
    ]);
    expect(res.body.value.total).toBe(12345.67);
  });

  it('GLS2_roomList lists the card and board rooms', async () => {
    const game = await newGame(t, { vendor: 'HOUSE_PVP', classify: 'CARD', gameId: null, roomId: 'BAC-1' });
    const res = await t.get(api.rooms.path);
    expect(res.body.value.list).toContainEqual(
      expect.objectContaining({ roomId: 'BAC-1', nodeId: game, vassalage: 'HOUSE_PVP' }),
    );
  });
});
