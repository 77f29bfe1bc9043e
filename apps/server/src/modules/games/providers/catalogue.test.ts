import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES, VENDORS, vendorOf } from '../../../../../../sandbox/game-provider/catalogue.ts';
import { tileSvg } from '../../../../../../sandbox/game-provider/tiles.ts';
import {
  catalogueGame,
  type ProviderWorld,
  SEAMLESS,
  startProviderWorld,
} from '../../../../test/factories/game-providers.ts';
import { TEST_SECRETS_KEY } from '../../../../test/harness.ts';
import { syncCatalogue } from './catalogue.ts';
import { launchGame } from './launch.ts';
import { registerProvider } from './registry.ts';

let world: ProviderWorld;
beforeAll(async () => {
  world = await startProviderWorld();
});
afterAll(async () => {
  await world.close();
});

const launch = (
  game: Awaited<ReturnType<typeof catalogueGame>>,
  member: { id: number; username: string } | null,
  demo: boolean,
) =>
  launchGame(
    world.t.deps,
    { member, game, demo, language: 'VI', platform: 'mobile', lobbyUrl: `${world.siteUrl}/lobby` },
    world.t.clock.now(),
  );

describe('catalogue sync', () => {
  it('brings in the vendors and games of the seamless vendors, with names, tiles and jackpots', async () => {
    const games = await world.t.db.query<{
      code: string;
      names: Record<string, string>;
      icon_image_id: string | null;
      classify: string;
      demo: boolean;
      min_bet: bigint;
      vassalage: string;
    }>(
      `select g.code, g.names, g.icon_image_id, g.classify, g.demo, g.min_bet, v.vassalage from games g
       join game_vendors v on v.id = g.vendor_id where v.provider = $1`,
      [SEAMLESS.code],
    );
    expect(games.length).toBeGreaterThanOrEqual(35);
    expect(games.some((game) => game.vassalage === 'FB')).toBe(false);
    const dragon = games.find((game) => game.code === 'dg_dragon_tiger');
    expect(dragon).toMatchObject({
      names: { EN: 'Dragon Tiger', VI: 'Rồng Hổ', CN: '龙虎' },
      classify: 'LIVE',
      min_bet: 10_00n,
    });
    expect(games.every((game) => game.icon_image_id !== null)).toBe(true);
    const tile = await world.t.app.inject({ url: `/images/${dragon?.icon_image_id}` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    const [slots] = await world.t.db.query<{ jackpot: bigint | null; game_type: string }>(
      "select jackpot, game_type from game_vendors where vassalage = 'JDB' and game_type = 'RNG'",
    );
    expect(slots?.jackpot).toBeGreaterThan(1_250_000_00n);
    const [comingSoon] = await world.t.db.query<{ game_id: string | null; room_id: string | null }>(
      "select game_id, room_id from games where code = 'jdb_star_forge'",
    );
    expect(comingSoon).toEqual({ game_id: null, room_id: null });
  });

  it('keeps what the operator chose on a later sync, and stores no tile twice', async () => {
    await world.t.db.query(
      "update game_vendors set display_name = 'Dream', enabled = false, is_hot = true where vassalage = 'DG'",
    );
    await world.t.db.query("update games set enabled = false, hot_rank = 3 where code = 'dg_roulette'");
    const images = async () =>
      (await world.t.db.query<{ n: number }>('select count(*)::int as n from images'))[0]?.n;
    const before = await images();
    const summary = await syncCatalogue(world.t.deps, SEAMLESS.code, world.t.clock.now());
    expect(summary.images).toBe(0);
    expect(await images()).toBe(before);
    const [vendor] = await world.t.db.query(
      "select display_name, enabled, is_hot from game_vendors where vassalage = 'DG'",
    );
    expect(vendor).toEqual({ display_name: 'Dream', enabled: false, is_hot: true });
    const [game] = await world.t.db.query("select enabled, hot_rank from games where code = 'dg_roulette'");
    expect(game).toEqual({ enabled: false, hot_rank: 3 });
    await world.t.db.query(
      "update game_vendors set display_name = 'Dream Gaming', enabled = true where vassalage = 'DG'",
    );
  });

  it('serves the sports matches of the feed as GCSGAME_getGameMatchV2', async () => {
    const res = await world.t.get('/wps/relay/GCSGAME_getGameMatchV2?limitNum=3');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.value.list).toHaveLength(3);
    expect(res.body.value.list[0]).toMatchObject({
      vassalage: 'SIM_SPORTS',
      league: 'Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      odds: { home: 2.1, draw: 3.4, away: 3.3 },
    });
    const kickOffs = res.body.value.list.map((match: { kickOff: string }) => match.kickOff);
    expect([...kickOffs].sort()).toEqual(kickOffs);
  });
});

describe("the simulator's tiles", () => {
  it('draws each game its own picture: no two games of a vendor alike once their names are taken out', () => {
    for (const vendor of VENDORS) {
      const games = GAMES.filter((game) => vendorOf(game) === vendor);
      const pictures = games.map((game) => tileSvg(game, vendor).replace(/<text[^>]*>[^<]*<\/text>/g, ''));
      expect(new Set(pictures).size, vendor.name).toBe(games.length);
    }
    // Lucky Seven keeps its sevens; the vendor's other slots draw something else.
    const slots = GAMES.filter((game) => game.classify === 'SLOT');
    const sevens = slots.filter((game) => /font-size="38"[^>]*>7</.test(tileSvg(game, vendorOf(game))));
    expect(sevens.map((game) => game.code)).toEqual(['jdb_lucky_seven']);
  });
});

describe('launchGame', () => {
  it('answers a URL of the provider whose page loads, with no session token in it', async () => {
    const member = await world.t.memberToken();
    const [row] = await world.t.db.query<{ id: number }>('select id from members order by id desc limit 1');
    const game = await catalogueGame(world.t, 'jdb_golden_dragon');
    const { url } = await launch(game, { id: row?.id as number, username: 'x' }, false);
    expect(url.startsWith(`${world.sim.url}/play/`)).toBe(true);
    const session = world.sim.sessions().at(-1);
    expect(session?.token).toBeTruthy();
    expect(url).not.toContain(session?.token as string);
    expect(member).toBeTruthy();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Golden Dragon');
    expect(html).toContain(`href="${world.siteUrl}/lobby" target="_top"`);
    const state = (await (await fetch(`${url}/state`)).json()) as { balance: string; currency: string };
    expect(state).toMatchObject({ balance: '0.00', currency: 'PHP' });
    const [stored] = await world.t.db.query<{ token_hash: string }>('select token_hash from game_sessions');
    expect(stored?.token_hash).not.toBe(session?.token);
  });

  it("plays a visitor's demo of a demo game, and refuses one without demo", async () => {
    const { url } = await launch(await catalogueGame(world.t, 'jdb_lucky_seven'), null, true);
    expect(await (await fetch(url)).text()).toContain('DEMO');
    await expect(launch(await catalogueGame(world.t, 'jdb_golden_dragon'), null, true)).rejects.toMatchObject(
      {
        code: 'game_demo_unavailable',
      },
    );
  });

  it('refuses a game without game or room id as coming soon', async () => {
    await expect(launch(await catalogueGame(world.t, 'jdb_star_forge'), null, true)).rejects.toMatchObject({
      code: 'game_coming_soon',
    });
  });

  it('answers game_provider_unavailable when the provider does not answer', async () => {
    await registerProvider(
      world.t.db,
      TEST_SECRETS_KEY,
      world.t.deps.rng,
      { code: 'DOWN', name: 'Down', contract: 'hub88', baseUrl: 'http://127.0.0.1:9', operatorId: 'x' },
      world.t.clock.now(),
    );
    const game = await catalogueGame(world.t, 'jdb_neon_nights');
    await world.t.db.query(
      "update game_vendors set provider = 'DOWN' where vassalage = 'JDB' and game_type = 'RNG'",
    );
    try {
      await expect(launch(game, null, true)).rejects.toMatchObject({ code: 'game_provider_unavailable' });
    } finally {
      await world.t.db.query(`update game_vendors set provider = '${SEAMLESS.code}' where vassalage = 'JDB'`);
    }
  });
});
